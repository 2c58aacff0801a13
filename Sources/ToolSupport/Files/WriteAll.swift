import Foundation

/// Writes every byte of `bytes` to `descriptor`, continuing short writes and
/// retrying interrupted ones; returns 0, or the `errno` of the write that failed.
public func writeAll(_ descriptor: Int32, _ bytes: UnsafeRawBufferPointer) -> Int32 {
    guard let start = bytes.baseAddress else { return 0 }
    var offset = 0
    while offset < bytes.count {
        let written = write(descriptor, start + offset, bytes.count - offset)
        if written < 0 {
            if errno == EINTR { continue }
            return errno
        }
        offset += written
    }
    return 0
}
