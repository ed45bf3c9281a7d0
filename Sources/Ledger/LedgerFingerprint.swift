import Foundation

/// What a ledger's file held when it was last checked whole: its size and a digest of every
/// byte, kept beside it (`ledger.sqlite-checked`) by the app's last clean close.
///
/// `PRAGMA quick_check` reads every page, in time linear in the file (0.4 s for 100,000
/// purchases), and an open runs it to refuse a damaged file before writing to it. A file whose
/// bytes are the ones a check passed at the close cannot have been damaged since, so the open
/// reads the file once for its digest instead (a few milliseconds a megabyte less than the
/// check) and checks only when anything differs: another size, another byte, a write-ahead log
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

    /// Reads the whole file at `path`; nil when it cannot be read.
    init?(fileAt path: String) {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var digest = ContentDigest()
        let chunk = 1 << 20
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: chunk, alignment: 16)
        defer { buffer.deallocate() }
        var size: UInt64 = 0
        while true {
            // A whole chunk each time (unless the file ends), so every block but the last is full.
            var filled = 0
            while filled < chunk {
                let count = read(descriptor, buffer.baseAddress! + filled, chunk - filled)
                if count < 0, errno == EINTR { continue }
                guard count >= 0 else { return nil }
                if count == 0 { break }
                filled += count
            }
            digest.add(UnsafeRawBufferPointer(rebasing: buffer[0..<filled]))
            size += UInt64(filled)
            if filled < chunk { break }
        }
        self.size = size
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

    private static let heading = "storefront ledger, checked whole (PRAGMA quick_check) at its last close"

    /// Keeps this fingerprint for the ledger at `ledgerPath`, whole or not at all: written under
    /// another name, then renamed over the last one. Not synced: a record lost to a crash only
    /// means the next open checks.
    func record(for ledgerPath: String) throws {
        let path = Self.recordPath(for: ledgerPath)
        let writing = path + ".new"
        unlink(writing)
        guard FileManager.default.createFile(atPath: writing, contents: Data(recordText.utf8),
                                             attributes: [.posixPermissions: 0o600]) else {
            throw LedgerError.cannotOpen(path: writing, message: String(cString: strerror(errno)))
        }
        guard rename(writing, path) == 0 else {
            let reason = String(cString: strerror(errno))
            unlink(writing)
            throw LedgerError.cannotOpen(path: path, message: reason)
        }
    }

    /// Removes the fingerprint kept for the ledger at `ledgerPath`, if any.
    static func forget(for ledgerPath: String) {
        unlink(recordPath(for: ledgerPath))
    }

    /// True when the file at `ledgerPath` holds exactly the bytes its kept fingerprint was taken
    /// of, with no frames in a write-ahead log beside it, before and after it is read.
    static func fileIsAsChecked(_ ledgerPath: String) -> Bool {
        guard let kept = recorded(for: ledgerPath), logIsEmpty(ledgerPath),
              fileSize(ledgerPath) == kept.size,
              LedgerFingerprint(fileAt: ledgerPath) == kept else { return false }
        // A writer that came in while the file was read wrote its frames to the log.
        return logIsEmpty(ledgerPath)
    }

    /// No write-ahead log, or an empty one: the file alone is the database.
    static func logIsEmpty(_ ledgerPath: String) -> Bool {
        fileSize(ledgerPath + "-wal").map { $0 == 0 } ?? true
    }

    private static func fileSize(_ path: String) -> UInt64? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        return UInt64(info.st_size)
    }
}
