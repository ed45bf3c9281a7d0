#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What `stat` says of a path (through a symbolic link): what kind of thing is there, and its
/// mode bits; and `chmod`, to change them.
public struct PathStatus: Equatable, Sendable {
    public enum Kind: Equatable, Sendable {
        case directory, file, fifo, socket, device, other
    }

    public var kind: Kind
    /// The permission bits with set-user-ID, set-group-ID and sticky (`st_mode & 0o7777`).
    public var mode: Int

    /// The sticky bit: a folder where only an entry's owner may remove or rename it (/tmp).
    public static let sticky = Int(S_ISVTX)

    /// The status of `path`. ENOENT: nothing is there.
    public init(path: String) throws(SystemError) {
        var info = stat()
        guard stat(path, &info) == 0 else { throw .last }
        mode = Int(info.st_mode) & 0o7777
        switch info.st_mode & S_IFMT {
        case S_IFDIR: kind = .directory
        case S_IFREG: kind = .file
        case S_IFIFO: kind = .fifo
        case S_IFSOCK: kind = .socket
        case S_IFCHR, S_IFBLK: kind = .device
        default: kind = .other
        }
    }

    /// Makes `mode` the permission bits of `path`.
    public static func changeMode(of path: String, to mode: Int) throws(SystemError) {
        guard chmod(path, mode_t(mode)) == 0 else { throw .last }
    }
}
