import Foundation
import Platform

/// What a ledger's file held when it was last checked whole: its size and a digest of every
/// byte, kept beside it (its name and `-checked`: `storefront.sqlite-checked`) by the app's last
/// clean close.
///
/// `PRAGMA integrity_check` reads every page and compares every index with its table, in time
/// linear in the file (0.4-0.9 s for 100,000 purchases), and an open runs it to refuse a
/// damaged file before writing to it. A file whose bytes are the ones a check passed at the
/// close cannot have been damaged since, so the open reads the file once for its digest instead
/// (17.5 ms of CPU for 36 MB) and checks only when anything differs: another size, another byte, a write-ahead log
/// with frames in it (whose pages the digest does not cover), no record at all. A file's
/// modification time could not say as much: it moves once a clock tick, and a file changed in
/// the tick of the close would look unchanged.
///
/// The digest is not cryptographic. It tells a changed or damaged file from the one checked,
/// which is what the open needs; a file changed on purpose is a well-formed database that
/// the check would pass anyway.
struct LedgerFingerprint: Equatable {
    var size: UInt64
    var digest: ContentDigest.Value

    /// Where the fingerprint of the ledger at `ledgerPath` is kept.
    static func recordPath(for ledgerPath: String) -> String {
        ledgerPath + "-checked"
    }

    /// Reads the whole of `database`'s main file, through SQLite's own handle on it.
    init(of database: SQLiteDatabase) throws {
        var digest = ContentDigest()
        // Whole blocks until the file ends, as `add` wants them.
        size = try database.readMainFile(inChunksOf: 1 << 20) { digest.add($0) }
        self.digest = digest.finish()
    }

    init(size: UInt64, digest: ContentDigest.Value) {
        self.size = size
        self.digest = digest
    }

    /// The fingerprint kept for the ledger at `ledgerPath`, or nil when there is none or it is
    /// not one this build wrote (anything else there means only that the open checks).
    static func recorded(for ledgerPath: String) -> LedgerFingerprint? {
        guard let data = FileManager.default.contents(atPath: recordPath(for: ledgerPath)),
              let text = String(data: data, encoding: .utf8) else { return nil }
        return LedgerFingerprint(recordText: text)
    }

    /// The record's text: a heading line, then the size and the digest.
    var recordText: String {
        "\(Self.heading)\nbytes \(size)\ndigest \(digest.hex)\n"
    }

    init?(recordText text: String) {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        guard lines.count == 4, lines[0] == Self.heading, lines[3].isEmpty,
              lines[1].hasPrefix("bytes "), let size = UInt64(lines[1].dropFirst(6)),
              lines[2].hasPrefix("digest "), let digest = ContentDigest.Value(hex: lines[2].dropFirst(7)) else { return nil }
        self.init(size: size, digest: digest)
    }

    /// Names the check the record stands for: a record kept after another check (an older
    /// build's `quick_check`, which does not compare indexes with their tables) is none.
    private static let heading = "storefront ledger, checked whole (PRAGMA integrity_check) at its last close"

    /// Keeps this fingerprint for the ledger at `ledgerPath`, whole or not at all: written under
    /// another name, then renamed over the last one. Not synced: a record lost to a crash only
    /// means the next open checks.
    func record(for ledgerPath: String) throws {
        let path = Self.recordPath(for: ledgerPath)
        let writing = path + ".new"
        try? FileNames.remove(writing)
        guard FileManager.default.createFile(atPath: writing, contents: Data(recordText.utf8),
                                             attributes: [.posixPermissions: 0o600]) else {
            throw LedgerError.cannotOpen(path: writing, message: SystemError.last.reason)
        }
        do throws(SystemError) {
            try FileNames.rename(writing, to: path)
        } catch {
            try? FileNames.remove(writing)
            throw LedgerError.cannotOpen(path: path, message: error.reason)
        }
    }

    /// Removes the fingerprint kept for the ledger at `ledgerPath`, if any.
    static func forget(for ledgerPath: String) {
        try? FileNames.remove(recordPath(for: ledgerPath))
    }

    /// True when `database`'s file holds exactly the bytes its kept fingerprint was taken of,
    /// with nothing in its write-ahead log. Read inside a read transaction begun on a log with
    /// nothing in it: while it lasts no other connection can fold its writes into the file (this
    /// one reads the file alone, so a checkpoint may copy no page over it), nor delete the log
    /// (this connection's lock on the file says it is still open), so the bytes read are the
    /// database this connection sees, and a writer meanwhile leaves its frames in the log.
    static func fileIsAsChecked(by database: SQLiteDatabase) -> Bool {
        // Another size tells without reading the file.
        guard let kept = recorded(for: database.path), fileSize(database.path) == kept.size else { return false }
        do {
            try database.execute("BEGIN")
            defer { try? database.execute("COMMIT") }
            // The first read is where the read transaction takes its snapshot.
            _ = try database.singleInt("SELECT count(*) FROM sqlite_master")
            guard logIsEmpty(database) else { return false }
            return try LedgerFingerprint(of: database) == kept
        } catch {
            return false
        }
    }

    /// No write-ahead log, or an empty one: the file alone is the database.
    static func logIsEmpty(_ database: SQLiteDatabase) -> Bool {
        fileSize(database.logPath).map { $0 == 0 } ?? true
    }

    private static func fileSize(_ path: String) -> UInt64? {
        (try? PathStatus(path: path)).map { UInt64($0.size) }
    }
}
