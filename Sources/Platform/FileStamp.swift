#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A file as `stat` sees it, in what changes when it is written or replaced: its modification
/// time, size and inode. Equal stamps: the file has not changed as far as anyone can tell.
public struct FileStamp: Equatable, Sendable {
    public var seconds: Int
    public var nanoseconds: Int
    public var size: Int64
    public var inode: UInt64

    /// The stamp of the file at `path` (following a symbolic link); nil when there is none.
    public init?(path: String) {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        // The one difference: Glibc names the modification time `st_mtim`, Darwin `st_mtimespec`.
        #if canImport(Glibc)
        seconds = Int(info.st_mtim.tv_sec)
        nanoseconds = Int(info.st_mtim.tv_nsec)
        #elseif canImport(Darwin)
        seconds = Int(info.st_mtimespec.tv_sec)
        nanoseconds = Int(info.st_mtimespec.tv_nsec)
        #endif
        size = Int64(info.st_size)
        inode = UInt64(info.st_ino)
    }
}
