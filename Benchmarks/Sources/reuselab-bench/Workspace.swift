#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The temporary folder that holds the benchmark's scenarios and traces (two of about
/// 200 MB at full size), which the benchmark removes when it ends, interrupted or not.
struct Workspace {
    let folder: String

    init() throws(BenchError) {
        let temporary = getenv("TMPDIR").map { String(cString: $0) } ?? "/tmp"
        var template = Array((temporary + "/reuselab-bench-XXXXXX").utf8CString)
        guard let made = template.withUnsafeMutableBufferPointer({ $0.baseAddress.flatMap { mkdtemp($0) } }) else {
            throw BenchError(.failed, "cannot make a temporary folder in \(temporary): \(String(cString: strerror(errno)))")
        }
        folder = String(cString: made)
    }

    func path(_ name: String) -> String { folder + "/" + name }

    /// The folder and the files in it (the benchmark makes no folders inside).
    func remove() {
        for name in FileText.names(in: folder) { FileText.remove(folder + "/" + name) }
        rmdir(folder)
    }
}
