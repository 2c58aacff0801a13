import Foundation

/// What a path names on disk, read with `lstat`/`fstat` and never by opening it:
/// the tools read and replace only regular files, so everything else (a folder, a
/// FIFO that would block, a device such as `/dev/zero` that never ends) is named
/// and refused before a byte is read or written.
public enum FileKind: Equatable, Sendable {
    case regular
    case folder
    case fifo
    case characterDevice
    case blockDevice
    case socket
    case symbolicLink
    case other

    init(mode: mode_t) {
        switch mode & S_IFMT {
        case S_IFREG: self = .regular
        case S_IFDIR: self = .folder
        case S_IFIFO: self = .fifo
        case S_IFCHR: self = .characterDevice
        case S_IFBLK: self = .blockDevice
        case S_IFSOCK: self = .socket
        case S_IFLNK: self = .symbolicLink
        default: self = .other
        }
    }

    /// "a folder", "a FIFO (named pipe)", … for messages.
    public var described: String {
        switch self {
        case .regular: return "a regular file"
        case .folder: return "a folder"
        case .fifo: return "a FIFO (named pipe)"
        case .characterDevice: return "a character device"
        case .blockDevice: return "a block device"
        case .socket: return "a socket"
        case .symbolicLink: return "a symbolic link"
        case .other: return "not a regular file"
        }
    }

    /// The kind of what `path` names itself (a link is not followed), or nil when nothing is there.
    public static func of(linkAt path: String) -> FileKind? {
        var info = stat()
        guard lstat(path, &info) == 0 else { return nil }
        return FileKind(mode: info.st_mode)
    }
}

/// The operating system's words for an `errno` value ("No such file or directory").
func systemMessage(_ code: Int32) -> String {
    String(cString: strerror(code))
}
