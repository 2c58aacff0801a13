import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A child process started with `posix_spawn` in a process group of its own, with
/// two pipes mapped to its file descriptors 3 (it reads) and 4 (it writes), as
/// Chromium's `--remote-debugging-pipe` wants; Foundation's `Process` cannot map
/// descriptors past 2. Standard input is /dev/null; standard output and error go
/// to `logPath`.
///
/// `terminate` kills the whole group (the browser and its helpers) and reaps it;
/// every started process is also recorded in `ProcessReaper`, which kills what is
/// left when the test process exits.
final class SpawnedProcess {
    let pid: pid_t
    /// Our end of the pipe the child reads as fd 3 (-1 once closed).
    private(set) var toChild: Int32
    /// Our end of the pipe the child writes as fd 4 (-1 once closed).
    private(set) var fromChild: Int32
    let logPath: String
    private var reaped = false

    init(executable: String, arguments: [String], logPath: String) throws {
        self.logPath = logPath
        // Both pipes close on exec; dup2 in the child gives fds 3 and 4 without that flag.
        let down = try Self.pipePair()
        let up: (read: Int32, write: Int32)
        do {
            up = try Self.pipePair()
        } catch {
            close(down.read)
            close(down.write)
            throw error
        }
        var actions = posix_spawn_file_actions_t()
        var attributes = posix_spawnattr_t()
        posix_spawn_file_actions_init(&actions)
        posix_spawnattr_init(&attributes)
        defer {
            posix_spawn_file_actions_destroy(&actions)
            posix_spawnattr_destroy(&attributes)
        }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, logPath, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        posix_spawn_file_actions_adddup2(&actions, 1, 2)
        posix_spawn_file_actions_adddup2(&actions, down.read, 3)
        posix_spawn_file_actions_adddup2(&actions, up.write, 4)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETPGROUP))
        posix_spawnattr_setpgroup(&attributes, 0)

        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        var child: pid_t = 0
        let status = posix_spawn(&child, executable, &actions, &attributes, argv, environ)
        close(down.read)
        close(up.write)
        guard status == 0 else {
            close(down.write)
            close(up.read)
            throw BrowserError("could not start \(executable): \(String(cString: strerror(status)))")
        }
        pid = child
        toChild = down.write
        fromChild = up.read
        ProcessReaper.shared.started(child)
        // Writes never block past a deadline, and a dead reader gives EPIPE, not SIGPIPE.
        _ = fcntl(toChild, F_SETFL, fcntl(toChild, F_GETFL) | O_NONBLOCK)
        ProcessReaper.ignoreBrokenPipes()
    }

    deinit {
        terminate(graceSeconds: 0)
    }

    /// True while the child has not exited.
    var isRunning: Bool {
        guard !reaped else { return false }
        var status: Int32 = 0
        let result = waitpid(pid, &status, WNOHANG)
        if result == pid || result < 0 {
            reaped = true
            return false
        }
        return true
    }

    /// Waits up to `graceSeconds` for the child to exit by itself, then kills its
    /// process group and reaps it; closes our pipe ends. Safe to call twice.
    func terminate(graceSeconds: TimeInterval) {
        if !reaped && graceSeconds > 0 {
            // A thread blocks in waitpid and says when the child has ended; past the
            // grace period the child is killed, and that thread reaps it.
            let exited = DispatchSemaphore(value: 0)
            let child = pid
            Thread.detachNewThread {
                var status: Int32 = 0
                _ = waitpid(child, &status, 0)
                exited.signal()
            }
            if exited.wait(timeout: .now() + graceSeconds) == .timedOut {
                kill(-child, SIGKILL)
                kill(child, SIGKILL)
                exited.wait()
            }
            reaped = true
        }
        // The group too: helpers (zygote, renderers) must not outlive the browser.
        kill(-pid, SIGKILL)
        if !reaped {
            kill(pid, SIGKILL)
            var status: Int32 = 0
            _ = waitpid(pid, &status, 0)
            reaped = true
        }
        ProcessReaper.shared.ended(pid)
        if toChild >= 0 { close(toChild) }
        if fromChild >= 0 { close(fromChild) }
        toChild = -1
        fromChild = -1
    }

    /// The last `count` characters of the child's output.
    func logTail(_ count: Int = 3000) -> String {
        guard let data = FileManager.default.contents(atPath: logPath) else { return "" }
        return String(String(decoding: data, as: UTF8.self).suffix(count))
    }

    /// A pipe whose both ends close on exec (copies made with F_DUPFD_CLOEXEC: Glibc's
    /// `pipe2` is not visible to Swift) and sit above fd 4, so dup2 onto 3 and 4
    /// never meets one of them.
    private static func pipePair() throws -> (read: Int32, write: Int32) {
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else {
            throw BrowserError("pipe failed: \(String(cString: strerror(errno)))")
        }
        let read = fcntl(ends[0], F_DUPFD_CLOEXEC, 10), write = fcntl(ends[1], F_DUPFD_CLOEXEC, 10)
        close(ends[0])
        close(ends[1])
        guard read >= 0, write >= 0 else {
            throw BrowserError("fcntl(F_DUPFD_CLOEXEC) failed: \(String(cString: strerror(errno)))")
        }
        return (read, write)
    }
}
