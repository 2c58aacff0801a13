#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The machine a run measured on, as the report names it: figures from another
/// machine are not comparable.
struct MachineDescription {
    /// The processor's model name from /proc/cpuinfo, nil elsewhere.
    var processor: String?
    var cores: Int
    var memoryBytes: UInt64
    /// "Linux 6.1.0".
    var system: String

    static func current() -> MachineDescription {
        let model = FileText.read("/proc/cpuinfo")?
            .split(separator: "\n")
            .first { $0.hasPrefix("model name") }?
            .split(separator: ":", maxSplits: 1).last.map { String($0).trimmed }
        var names = utsname()
        uname(&names)
        func text<T>(_ field: T) -> String {
            withUnsafeBytes(of: field) { bytes in String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self) }
        }
        let pages = max(0, sysconf(Int32(_SC_PHYS_PAGES))), pageSize = max(0, sysconf(Int32(_SC_PAGESIZE)))
        return MachineDescription(processor: model, cores: max(1, sysconf(Int32(_SC_NPROCESSORS_ONLN))),
                                  memoryBytes: UInt64(pages) * UInt64(pageSize),
                                  system: text(names.sysname) + " " + text(names.release))
    }

    /// "AMD EPYC, 2 cores, 23.5 GB memory, Linux 6.1.0".
    var sentence: String {
        [processor, "\(cores) core\(cores == 1 ? "" : "s")", Format.memory(Int(clamping: memoryBytes)) + " memory", system]
            .compactMap { $0 }.joined(separator: ", ")
    }
}
