import Foundation
import Testing
import Synchronization

/// A fresh temporary folder for one test's files. `remove()` deletes it; with
/// `removeWhenReleased` it is also deleted when the object goes away.
open class TemporaryFolder {
    public let url: URL
    let removeWhenReleased: Bool

    public init(prefix: String = "reuselab-tests", removeWhenReleased: Bool = false) throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("\(prefix)-" + UUID().uuidString, isDirectory: true)
        self.removeWhenReleased = removeWhenReleased
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit {
        if removeWhenReleased { remove() }
    }

    public func path(_ name: String) -> String { url.appendingPathComponent(name).path }

    @discardableResult
    public func write(_ name: String, _ text: String) throws -> String {
        try write(name, bytes: Array(text.utf8))
    }

    @discardableResult
    public func write(_ name: String, bytes: [UInt8]) throws -> String {
        let path = self.path(name)
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        return path
    }

    public func read(_ name: String) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: URL(fileURLWithPath: path(name))))
    }

    /// A sparse file of `size` bytes (ftruncate): nothing is written to disk.
    @discardableResult
    public func sparse(_ name: String, size: UInt64) throws -> String {
        let path = self.path(name)
        #expect(FileManager.default.createFile(atPath: path, contents: nil))
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
        try handle.truncate(atOffset: size)
        try handle.close()
        return path
    }

    public func remove() {
        try? FileManager.default.removeItem(at: url)
    }
}

/// Folders a helper without a suite instance of its own makes for one test,
/// removed when the test process ends (Swift Testing has no teardown blocks).
public enum ScratchFolders {
    private static let made = Mutex<[URL]>([])

    /// A fresh folder named `prefix-UUID`, removed at exit.
    public static func make(prefix: String) throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("\(prefix)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        let first = made.withLock { urls in
            urls.append(url)
            return urls.count == 1
        }
        if first { atexit { ScratchFolders.removeAll() } }
        return url
    }

    private static func removeAll() {
        for url in made.withLock({ $0 }) { try? FileManager.default.removeItem(at: url) }
    }
}
