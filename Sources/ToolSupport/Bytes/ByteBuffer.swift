/// A growable run of bytes written through a pointer: where the trace writer and
/// `JSONWriter` put their output before it goes to a file, a pipe or a `String`.
///
/// It exists for speed (a trace is written at hundreds of megabytes a second):
/// appending checks the room once per piece, not once per byte, and never checks
/// uniqueness as an array would. It is not copyable, so its memory has one owner
/// and is freed exactly once.
public struct ByteBuffer: ~Copyable {
    private var base: UnsafeMutablePointer<UInt8>
    /// How many bytes have been written.
    public private(set) var count = 0
    private var capacity: Int

    public init(capacity: Int) {
        self.capacity = max(64, capacity)
        base = UnsafeMutablePointer<UInt8>.allocate(capacity: self.capacity)
    }

    deinit { base.deallocate() }

    /// Makes room for `extra` more bytes, growing the storage if need be.
    @inline(__always)
    package mutating func reserve(_ extra: Int) {
        if extra > capacity &- count { grow(toHold: extra) }
    }

    private mutating func grow(toHold extra: Int) {
        let (needed, overflow) = count.addingReportingOverflow(extra)
        // Nothing reachable asks for this much; growing stops at the largest size rather than trapping.
        let target = overflow ? Int.max : needed
        let doubled = capacity.multipliedReportingOverflow(by: 2)
        let newCapacity = doubled.overflow ? target : max(doubled.partialValue, target)
        let newBase = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity)
        newBase.update(from: base, count: count)
        base.deallocate()
        base = newBase
        capacity = newCapacity
    }

    /// Appends one byte; the caller has reserved room for it.
    @inline(__always)
    package mutating func appendReserved(_ byte: UInt8) {
        base[count] = byte
        count &+= 1
    }

    @inline(__always)
    public mutating func append(_ byte: UInt8) {
        reserve(1)
        appendReserved(byte)
    }

    /// Appends text known when the program is built (keys, punctuation).
    @inline(__always)
    public mutating func append(_ literal: StaticString) {
        let length = literal.utf8CodeUnitCount
        reserve(length)
        (base + count).update(from: literal.utf8Start, count: length)
        count &+= length
    }

    public mutating func append(_ bytes: UnsafeRawBufferPointer) {
        guard let start = bytes.baseAddress, !bytes.isEmpty else { return }
        reserve(bytes.count)
        (base + count).update(from: start.assumingMemoryBound(to: UInt8.self), count: bytes.count)
        count &+= bytes.count
    }

    /// Writes a byte at `index`, in room already reserved past the end (numbers are
    /// written right to left, then taken in with `advance(by:)`).
    @inline(__always)
    mutating func set(_ byte: UInt8, at index: Int) {
        base[index] = byte
    }

    /// `body` with where the next byte goes, in room already reserved (then
    /// `advance(by:)` over what it wrote).
    @inline(__always)
    mutating func withEnd(_ body: (UnsafeMutableRawPointer) -> Void) {
        body(UnsafeMutableRawPointer(base + count))
    }

    /// Moves the end forward over bytes set with `set(_:at:)`.
    @inline(__always)
    mutating func advance(by written: Int) {
        count &+= written
    }

    /// Forgets what is written, keeping the storage.
    public mutating func removeAll() { count = 0 }

    /// Forgets what was written after the first `kept` bytes (a piece given up).
    public mutating func truncate(to kept: Int) {
        count = max(0, min(count, kept))
    }

    /// The bytes written so far, for the duration of `body`.
    public func withBytes<R, E: Error>(_ body: (UnsafeRawBufferPointer) throws(E) -> R) throws(E) -> R {
        try body(UnsafeRawBufferPointer(start: base, count: count))
    }

    /// The bytes written so far as an array.
    public var array: [UInt8] { Array(UnsafeBufferPointer(start: base, count: count)) }

    /// The bytes written so far as text (always valid UTF-8: only whole scalars are appended).
    public var string: String { String(decoding: UnsafeBufferPointer(start: base, count: count), as: UTF8.self) }
}
