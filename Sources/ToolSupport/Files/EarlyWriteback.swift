import Foundation

/// Asks the system to start writing a file's new bytes to disk now, without
/// waiting (Linux `sync_file_range` with `SYNC_FILE_RANGE_WRITE`, looked up at run
/// time since Glibc's module does not offer it). A large output written in chunks
/// then reaches the disk while the rest is still being produced, and the `fsync`
/// that ends every write has little left to wait for. Nothing changes about what
/// is durable when: that is still the `fsync`'s job. Elsewhere it does nothing.
enum EarlyWriteback {
    private typealias SyncFileRange = @convention(c) (Int32, Int64, Int64, UInt32) -> Int32

    private static let syncFileRange: SyncFileRange? = {
        #if os(Linux)
        guard let process = dlopen(nil, RTLD_NOW), let symbol = dlsym(process, "sync_file_range") else { return nil }
        return unsafeBitCast(symbol, to: SyncFileRange.self)
        #else
        return nil
        #endif
    }()

    /// Starts writing `count` bytes at `offset` of `descriptor` to disk; errors are ignored (it is only a hint).
    static func start(_ descriptor: Int32, offset: Int, count: Int) {
        let write: UInt32 = 2 // SYNC_FILE_RANGE_WRITE
        _ = syncFileRange?(descriptor, Int64(offset), Int64(count), write)
    }
}
