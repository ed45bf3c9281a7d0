#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What `access` says of a path for this process's real user: whether anything is there
/// (through a symbolic link), and whether it may be written. Root may write anywhere but on a
/// read-only mount, which `access` knows too.
public enum PathAccess {
    /// Whether `path` names something (a link, only when what it points at is there).
    public static func exists(_ path: String) -> Bool {
        access(path, F_OK) == 0
    }

    /// Whether this process may write to `path` (in a folder: make, rename and remove entries).
    public static func isWritable(_ path: String) -> Bool {
        access(path, W_OK) == 0
    }
}
