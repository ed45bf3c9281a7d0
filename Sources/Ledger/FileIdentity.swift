import Foundation
import Platform

/// Which file a path names at a moment: its device and inode. A check made of one file answers
/// for that file only, not for another moved into its place since (`Ledger.CheckAhead`, the
/// open's vetting connection and its writer).
struct FileIdentity: Equatable, Sendable {
    var device: UInt64
    var inode: UInt64

    /// The identity of the regular, non-empty file at `path`, or nil for anything else (no file,
    /// an empty one, a FIFO or a device).
    init?(of path: String) {
        guard let status = try? PathStatus(path: path), status.kind == .file, status.size > 0 else { return nil }
        device = status.device
        inode = status.inode
    }
}
