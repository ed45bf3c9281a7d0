#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What `stat` says of a path (through a symbolic link, unless asked not to): what kind of
/// thing is there, its mode bits, its size, and which file it is (device and inode); and
/// `chmod`, to change the mode.
public struct PathStatus: Equatable, Sendable {
    public enum Kind: Equatable, Sendable {
        case directory, file, fifo, socket, device, other
    }

    public var kind: Kind
    /// The permission bits with set-user-ID, set-group-ID and sticky (`st_mode & 0o7777`).
    public var mode: Int
    /// The size in bytes.
    public var size: Int64
    /// The device the file is on and its inode there: together, which file it is.
    public var device: UInt64
    public var inode: UInt64

    /// The sticky bit: a folder where only an entry's owner may remove or rename it (/tmp).
    public static let sticky = Int(S_ISVTX)

    /// The status of `path`. ENOENT: nothing is there. `followingLinks` false (`lstat`): of a
    /// symbolic link itself, so a link that dangles or loops is something there too.
    public init(path: String, followingLinks: Bool = true) throws(SystemError) {
        var info = stat()
        if followingLinks {
            guard stat(path, &info) == 0 else { throw .last }
        } else {
            guard lstat(path, &info) == 0 else { throw .last }
        }
        self.init(info)
    }

    /// The status of the file open as `descriptor` (`fstat`).
    public init(descriptor: Int32) throws(SystemError) {
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { throw .last }
        self.init(info)
    }

    private init(_ info: stat) {
        mode = Int(info.st_mode) & 0o7777
        switch info.st_mode & S_IFMT {
        case S_IFDIR: kind = .directory
        case S_IFREG: kind = .file
        case S_IFIFO: kind = .fifo
        case S_IFSOCK: kind = .socket
        case S_IFCHR, S_IFBLK: kind = .device
        default: kind = .other
        }
        size = Int64(info.st_size)
        device = UInt64(truncatingIfNeeded: info.st_dev)
        inode = UInt64(truncatingIfNeeded: info.st_ino)
    }

    /// Makes `mode` the permission bits of `path`.
    public static func changeMode(of path: String, to mode: Int) throws(SystemError) {
        guard chmod(path, mode_t(mode)) == 0 else { throw .last }
    }
}
