#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A folder's entries made durable: a file just made, linked or renamed has its new name on
/// disk only once its folder is synced (`fsync` of the folder opened for reading), so a power
/// cut after this cannot take the name back.
public enum FolderSync {
    /// Syncs the folder at `path` ("" is the current one); false when it could not be opened
    /// or synced (a file system that does not sync folders), which only loses the guarantee.
    @discardableResult
    public static func flushEntries(of path: String) -> Bool {
        let folder = open(path.isEmpty ? "." : path, O_RDONLY | O_CLOEXEC)
        guard folder >= 0 else { return false }
        let synced = fsync(folder) == 0
        _ = close(folder)
        return synced
    }
}
