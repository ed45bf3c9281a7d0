import Foundation

/// Which file a path names at a moment: its device and inode. A check made of one file answers
/// for that file only, not for another moved into its place since (`Ledger.CheckAhead`, the
/// open's vetting connection and its writer).
struct FileIdentity: Equatable, Sendable {
    var device: UInt64
    var inode: UInt64

    /// The identity of the regular, non-empty file at `path`, or nil for anything else (no file,
    /// an empty one, a FIFO or a device).
    init?(of path: String) {
        var info = stat()
        guard stat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG, info.st_size > 0 else { return nil }
        device = UInt64(truncatingIfNeeded: info.st_dev)
        inode = UInt64(truncatingIfNeeded: info.st_ino)
    }
}
