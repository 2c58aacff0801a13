import Foundation

/// Writes a file a user names, safely: the one way every ReuseLab command writes.
///
/// - `-`, `/dev/stdout`, or a path that is the very file standard output goes to,
///   means standard output; it is written to, never read or replaced.
/// - A symbolic link is followed, and its target is what gets replaced (the link stays).
/// - Only a regular file is ever replaced; a folder, FIFO, device or socket is
///   refused, even with `--force`.
/// - An existing file is replaced only when it is ours to replace (`isOurs`, for
///   example "its header reads as a ReuseLab trace") and it is writable; otherwise
///   `force` is needed. The new file keeps the old one's permissions.
/// - The bytes go to a temporary file beside the target, which is renamed over it
///   in one step, so an interrupted write never leaves half a file; the temporary
///   file is removed on failure and on SIGINT/SIGTERM/SIGHUP.
public enum OutputFile {
    /// Where a write goes once the path is understood.
    public enum Destination: Equatable, Sendable {
        case standardOutput
        /// A regular file (existing or not), links resolved.
        case file(String)
    }

    /// Whether an existing file at `target` may be replaced, and if not, why.
    public struct Permission: Sendable {
        public var force: Bool
        /// Decides whether an existing regular file is ours to replace without `--force`;
        /// returns nil when it is, or the reason it is not ("is not a ReuseLab trace").
        public var isOurs: @Sendable (String) -> String?
        /// The option to name in messages ("--force").
        public var forceOption: String

        public init(force: Bool, forceOption: String = "--force", isOurs: @escaping @Sendable (String) -> String?) {
            self.force = force
            self.forceOption = forceOption
            self.isOurs = isOurs
        }

        /// Files the program owns (its own progress files): always replaceable, if regular.
        public static let ours = Permission(force: true, isOurs: { _ in nil })
    }

    /// True when `path` names standard output: `-`, `/dev/stdout`, `/dev/fd/1`,
    /// `/proc/self/fd/1`, or any path to the same file standard output is open on.
    public static func isStandardOutput(_ path: String) -> Bool {
        if ["-", "/dev/stdout", "/dev/fd/1", "/proc/self/fd/1"].contains(path) { return true }
        var out = stat(), named = stat()
        guard fstat(STDOUT_FILENO, &out) == 0, stat(path, &named) == 0 else { return false }
        return out.st_dev == named.st_dev && out.st_ino == named.st_ino
    }

    /// True when both paths name one existing file (links followed).
    public static func sameFile(_ a: String, _ b: String) -> Bool {
        var first = stat(), second = stat()
        guard stat(a, &first) == 0, stat(b, &second) == 0 else { return false }
        return first.st_dev == second.st_dev && first.st_ino == second.st_ino
    }

    /// Where `path` leads: standard output, or the file a chain of links ends at.
    public static func destination(_ path: String) throws(ReuseLabError) -> Destination {
        guard !path.isEmpty else { throw ReuseLabError(.usage, "the output file name is empty; give a path, or - for standard output") }
        if isStandardOutput(path) { return .standardOutput }
        return .file(try followLinks(path))
    }

    /// The path a chain of symbolic links ends at (the target may not exist yet).
    static func followLinks(_ path: String) throws(ReuseLabError) -> String {
        var current = path
        for _ in 0..<40 {
            guard FileKind.of(linkAt: current) == .symbolicLink else { return current }
            var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
            let count = readlink(current, &buffer, buffer.count - 1)
            guard count >= 0 else {
                throw ReuseLabError(.cannotWrite, file: path, "cannot follow the link: \(systemMessage(errno))")
            }
            let target = String(decoding: buffer[0..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
            if target.hasPrefix("/") {
                current = target
            } else {
                current = (current as NSString).deletingLastPathComponent
                current = current.isEmpty ? target : current + "/" + target
            }
        }
        throw ReuseLabError(.cannotWrite, file: path, "too many levels of symbolic links")
    }

    /// Checks that `path` may be written under `permission`, without writing:
    /// the refusals `write` would give, up front (before a long recording).
    @discardableResult
    public static func check(_ path: String, permission: Permission) throws(ReuseLabError) -> Destination {
        let destination = try destination(path)
        guard case .file(let target) = destination else { return destination }
        var info = stat()
        guard lstat(target, &info) == 0 else {
            // Nothing there yet: the folder must exist.
            let folder = (target as NSString).deletingLastPathComponent
            if !folder.isEmpty && FileKind.of(linkAt: folder) == nil {
                throw ReuseLabError(.cannotWrite, file: path, "cannot write the file: the folder \(VisibleText.escape(folder)) does not exist")
            }
            return destination
        }
        let kind = FileKind(mode: info.st_mode)
        guard kind == .regular else {
            throw ReuseLabError(.cannotWrite, file: path, "cannot write the file: it is \(kind.described); only regular files are written or replaced, even with \(permission.forceOption)")
        }
        if permission.force { return destination }
        if let reason = permission.isOurs(target) {
            throw ReuseLabError(.usage, file: path, "exists and \(reason); refusing to overwrite it (use \(permission.forceOption) to replace it anyway)")
        }
        // Read-only by its permission bits (root may write anyway) or by access for this user.
        if info.st_mode & 0o222 == 0 || access(target, W_OK) != 0 {
            throw ReuseLabError(.usage, file: path, "is read-only; refusing to replace it (use \(permission.forceOption) to replace it anyway)")
        }
        return destination
    }

    /// Writes `bytes` to `path` under `permission` (see the type's rules);
    /// standard output goes through `standardOutput`.
    public static func write(_ bytes: some Collection<UInt8>, to path: String, permission: Permission,
                             standardOutput: (String) -> Void) throws(ReuseLabError) {
        let whole = Array(bytes)
        try stream(to: path, permission: permission, standardOutput: standardOutput) { (sink: Sink) throws(ReuseLabError) in
            var failure: ReuseLabError?
            whole.withUnsafeBytes { raw in
                do throws(ReuseLabError) { try sink(raw) } catch { failure = error }
            }
            if let failure { throw failure }
        }
    }

    /// Where `produce` hands its bytes, chunk after chunk.
    public typealias Sink = (UnsafeRawBufferPointer) throws(ReuseLabError) -> Void

    /// The atomic replacement itself: a temporary file beside `target`, the old
    /// file's permissions (and owner, where allowed), the bytes `produce` gives its
    /// sink, then one rename. If `produce` throws, the temporary file is removed
    /// and `target` is untouched.
    static func replace(_ target: String, shownAs name: String,
                        _ produce: (_ sink: Sink) throws(ReuseLabError) -> Void) throws(ReuseLabError) {
        func failure(_ what: String, _ code: Int32) -> ReuseLabError {
            ReuseLabError(.cannotWrite, file: name, "cannot write the file: \(what): \(systemMessage(code))")
        }
        let folder = (target as NSString).deletingLastPathComponent
        let base = (target as NSString).lastPathComponent
        // The writer's process id is in the name, so a later write can tell a file
        // left by a killed writer (its process gone) from one still being written.
        var template = Array(((folder.isEmpty ? "" : folder + "/") + leftoverPrefix(base) + "\(getpid())-XXXXXX").utf8CString)
        // The temporary file is created and registered for removal with the signals
        // held back, so a Ctrl-C cannot fall between the two and leave it behind.
        let (descriptor, token, temporary) = Interruption.holdingSignals { () -> (Int32, Int?, String) in
            let descriptor = template.withUnsafeMutableBufferPointer { buffer -> Int32 in
                guard let start = buffer.baseAddress else { return -1 }
                return mkstemp(start)
            }
            guard descriptor >= 0 else { return (descriptor, nil, "") }
            // The name mkstemp filled in, up to its terminating zero.
            let temporary = String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            return (descriptor, Interruption.removeOnSignal(temporary), temporary)
        }
        guard descriptor >= 0 else { throw failure("cannot create a temporary file in its folder", errno) }
        var renamed = false
        defer {
            if !renamed { unlink(temporary) }
            Interruption.finished(token)
        }
        do {
            defer { close(descriptor) }
            var old = stat()
            if stat(target, &old) == 0 {
                _ = fchown(descriptor, old.st_uid, old.st_gid)
                fchmod(descriptor, old.st_mode & 0o7777)
            } else {
                fchmod(descriptor, 0o666 & ~currentUmask)
            }
            try produce { (chunk: UnsafeRawBufferPointer) throws(ReuseLabError) in
                let failed = writeAll(descriptor, chunk)
                if failed != 0 { throw failure("writing failed", failed) }
            }
            // On the disk before the rename makes it the file's contents.
            if fsync(descriptor) != 0 && errno != EINVAL { throw failure("writing failed", errno) }
        }
        guard rename(temporary, target) == 0 else { throw failure("cannot replace it", errno) }
        renamed = true
        removeLeftovers(in: folder.isEmpty ? "." : folder, of: base)
    }

    /// How the temporary files of a write to `base` begin: `.base.reuselab-`.
    /// A long `base` is cut (at a character's edge) so that the whole name, with
    /// the writer's process id and mkstemp's six letters, stays within a file
    /// name's 255 bytes: an output named with 239 to 255 bytes could not be written.
    static func leftoverPrefix(_ base: String) -> String {
        // 255 - "." - ".reuselab-" - a process id of up to 10 digits - "-XXXXXX".
        let room = 255 - 1 - 10 - 10 - 7
        var kept = Substring(base)
        while kept.utf8.count > room { kept = kept.dropLast() }
        return "." + kept + ".reuselab-"
    }

    /// Removes the temporary files earlier writes to `base` left when they were
    /// killed (SIGKILL leaves no chance to clean up): those whose writer's process
    /// is gone. A file whose writer still runs, or that does not carry a process
    /// id (written by an older version), is left alone.
    static func removeLeftovers(in folder: String, of base: String) {
        let prefix = leftoverPrefix(base)
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return }
        for name in names where name.hasPrefix(prefix) {
            let rest = name.dropFirst(prefix.count)
            guard let dash = rest.firstIndex(of: "-"), let pid = Int32(rest[..<dash]), pid > 0, pid != getpid(),
                  rest[rest.index(after: dash)...].count == 6 else { continue }
            if kill(pid, 0) == -1 && errno == ESRCH {
                unlink(folder + "/" + name)
            }
        }
    }

    /// The process's umask, read once (reading it means setting it, so it is put back at once).
    static let currentUmask: mode_t = {
        let mask = umask(0o022)
        umask(mask)
        return mask
    }()
}
