/// FNV-1a, 64 bits: the same on every machine and in every run (Swift's own
/// `Hasher` is seeded per process), for keys compared as numbers across
/// processes (the differ's and calibration's) and for fingerprints written into
/// files (the code a trace carries).
public struct StableHash {
    public var value: UInt64 = 0xcbf2_9ce4_8422_2325

    public init() {}

    @inlinable
    public mutating func add(_ byte: UInt8) {
        value ^= UInt64(byte)
        value = value &* 0x0000_0100_0000_01b3
    }

    @inlinable
    public mutating func add<Bytes: Sequence>(_ bytes: Bytes) where Bytes.Element == UInt8 {
        for byte in bytes { add(byte) }
    }

    /// The hash of a text's UTF-8.
    public static func of(_ text: String) -> UInt64 {
        var hash = StableHash()
        hash.add(text.utf8)
        return hash.value
    }

    @inlinable
    public static func of(bytes: ArraySlice<UInt8>) -> UInt64 {
        var hash = StableHash()
        hash.add(bytes)
        return hash.value
    }
}
