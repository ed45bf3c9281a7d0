import CSQLite
import Foundation
import Testing
@testable import Ledger

/// A ledger whose only damage is in an index, made on a real file the way a disk would: four
/// bytes flipped in the key of the one index entry of `sqlite_autoindex_grants_1` (the index
/// that keeps one grant per transaction), found by its root page. `quick_check` reads every
/// page's structure and passes it; `integrity_check` compares each index with its table and
/// finds `row 1 missing from index sqlite_autoindex_grants_1`. Opened, such a file hides the
/// grant from every query that looks it up by its transaction (a refund left the gems granted).
/// Every open refuses it before anything is written, and leaves the file, and its write-ahead
/// log, as it found them.
@Suite("A ledger damaged in an index only")
struct IndexDamageTests {
    /// A purchase and its grant, closed, so the file alone holds every page.
    static func writeLedger(at path: String) throws {
        try withLedger(at: path) { ledger in
            try ledger.insert(sampleTransaction(id: "txn-000001", state: .purchased))
            _ = try ledger.recordGrant(GrantRecord(transactionId: "txn-000001", kind: .currency, key: "gems", amount: 100,
                                                   grantedAt: date(1_700_000_001)))
        }
    }

    /// Flips four bytes of the transaction id kept in the grants' primary-key index, in the
    /// file at `path`; the index of one grant is one leaf page, its root page.
    static func damageIndex(of path: String) throws {
        let page = try Int(RawSQLite.answer(path, "SELECT rootpage FROM sqlite_master WHERE name = 'sqlite_autoindex_grants_1'"))
        let pageSize = try Int(RawSQLite.answer(path, "PRAGMA page_size"))
        let start = (try #require(page) - 1) * (try #require(pageSize))
        var bytes = try Data(contentsOf: URL(fileURLWithPath: path))
        try #require(bytes[start] == 0x0A, "the index's root page is not a leaf page of an index")
        let key = try #require(bytes.range(of: Data("txn-000001".utf8), in: start..<(start + pageSize!)))
        for offset in (key.lowerBound + 6)..<(key.lowerBound + 10) { bytes[offset] ^= 0x01 }
        try bytes.write(to: URL(fileURLWithPath: path))
        // What the damage is: one that only the full check sees.
        #expect(try RawSQLite.answer(path, "PRAGMA quick_check") == "ok")
        #expect(try RawSQLite.answer(path, "PRAGMA integrity_check") == "row 1 missing from index sqlite_autoindex_grants_1")
    }

    /// The files beside the ledger (its log, its shared-memory index, its fingerprint) and the
    /// bytes of each.
    static func files(beside path: String) throws -> [String: Data] {
        let folder = (path as NSString).deletingLastPathComponent
        let name = (path as NSString).lastPathComponent
        var found: [String: Data] = [:]
        for entry in try FileManager.default.contentsOfDirectory(atPath: folder) where entry.hasPrefix(name) {
            found[entry] = try Data(contentsOf: URL(fileURLWithPath: folder + "/" + entry))
        }
        return found
    }

    private func expectRefused(_ path: String, by open: () throws -> Void, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let error = try #require(throws: LedgerError.self, sourceLocation: sourceLocation) { try open() }
        guard case .corrupt(path, let problem) = error else {
            Issue.record("not refused as damaged: \(error)", sourceLocation: sourceLocation)
            return
        }
        #expect(problem == "row 1 missing from index sqlite_autoindex_grants_1", sourceLocation: sourceLocation)
        #expect(error.description.contains("storefront history --check"), "\(error)", sourceLocation: sourceLocation)
    }

    @Test func everyOpenRefusesItAndLeavesItsFilesAsTheyWere() throws {
        try withTemporaryLedgerPath { path in
            try Self.writeLedger(at: path)
            try Self.damageIndex(of: path)
            let before = try Self.files(beside: path)
            #expect(before.keys.sorted() == [(path as NSString).lastPathComponent])
            try expectRefused(path) { _ = try LedgerDatabase(path: path) }
            try expectRefused(path) { _ = try LedgerDatabase(readingOnly: path) }
            let check = LedgerDatabase.CheckAhead.begin(at: path)
            #expect(check.wait() == .damaged(problem: "row 1 missing from index sqlite_autoindex_grants_1"))
            try expectRefused(path) { _ = try LedgerDatabase(path: path, checkedAhead: check) }
            #expect(try Self.files(beside: path) == before, "a refusal changed or left a file beside the ledger")
        }
    }

    /// The fingerprint a clean close kept proves an unchanged file only: damage after it sends
    /// the open to the check, which is the full one.
    @Test func aFingerprintTakenBeforeTheDamageDoesNotLetItIn() throws {
        try withTemporaryLedgerPath { path in
            defer { unlink(LedgerFingerprint.recordPath(for: path)) }
            try Self.writeLedger(at: path)
            #expect(try withLedger(at: path) { $0.checkForNextOpen() } == .recorded)
            try Self.damageIndex(of: path)
            try expectRefused(path) { _ = try LedgerDatabase(path: path) }
            try expectRefused(path) { _ = try LedgerDatabase(readingOnly: path) }
        }
    }

    /// A fingerprint says the file passed the full check at the close: an index that lost its
    /// rows while the app ran (its definition changed under it by another connection) is found
    /// there, and no fingerprint is kept.
    @Test func aCloseThatFindsAnIndexOutOfStepKeepsNoFingerprint() throws {
        try withTemporaryLedgerPath { path in
            defer { unlink(LedgerFingerprint.recordPath(for: path)) }
            try Self.writeLedger(at: path)
            let ledger = try LedgerDatabase(path: path)
            try RawSQLite.editSchema(path, "UPDATE sqlite_master SET sql = replace(sql, '(kind, key)', '(key, kind)') "
                + "WHERE name = 'grants_by_kind'")
            guard case .notRecorded(let why) = ledger.checkForNextOpen() else {
                Issue.record("a fingerprint was kept of an index out of step with its table")
                return
            }
            #expect(why.contains("missing from index grants_by_kind"), "\(why)")
            #expect(LedgerFingerprint.recorded(for: path) == nil)
        }
    }

    /// The record an older build kept said only that `quick_check` passed: not enough now.
    @Test func aRecordOfTheQuickCheckIsNoFingerprint() throws {
        try withTemporaryLedgerPath { path in
            defer { unlink(LedgerFingerprint.recordPath(for: path)) }
            try Self.writeLedger(at: path)
            #expect(try withLedger(at: path) { $0.checkForNextOpen() } == .recorded)
            let record = LedgerFingerprint.recordPath(for: path)
            let text = try String(contentsOfFile: record, encoding: .utf8)
            #expect(text.hasPrefix("storefront ledger, checked whole (PRAGMA integrity_check) at its last close\n"))
            let older = text.replacingOccurrences(of: "(PRAGMA integrity_check)", with: "(PRAGMA quick_check)")
            try older.write(toFile: record, atomically: true, encoding: .utf8)
            #expect(LedgerFingerprint.recorded(for: path) == nil)
        }
    }

    /// Killed while it wrote, an app leaves frames in the log. A damaged file beside them is
    /// refused by both opens with the frames still in the log: the writer's close would
    /// otherwise fold them into the file.
    @Test func aRefusalLeavesTheFramesOfAKilledAppInTheLog() throws {
        try withTemporaryLedgerPath { path in
            try Self.writeLedger(at: path)
            try Self.damageIndex(of: path)
            let killed = path + ".killed"
            defer { for file in LedgerFiles.all(killed) { unlink(file) } }
            // A copy taken while a connection holds frames in its log is what a kill leaves.
            try RawSQLite.whileWritten(path, "INSERT INTO settings (key, value) VALUES ('late', 'write')") {
                for suffix in ["", "-wal", "-shm"] {
                    try FileManager.default.copyItem(atPath: path + suffix, toPath: killed + suffix)
                }
            }
            let log = try Data(contentsOf: URL(fileURLWithPath: killed + "-wal"))
            try #require(!log.isEmpty, "the copy holds no frames")
            let file = try Data(contentsOf: URL(fileURLWithPath: killed))
            try expectRefused(killed) { _ = try LedgerDatabase(path: killed) }
            try expectRefused(killed) { _ = try LedgerDatabase(readingOnly: killed) }
            #expect(try Data(contentsOf: URL(fileURLWithPath: killed)) == file, "the log was folded into the damaged file")
            #expect(try Data(contentsOf: URL(fileURLWithPath: killed + "-wal")) == log, "the log changed")
        }
    }
}

/// SQLite called directly, as another program would, never through the ledger: reads open the
/// file immutable, so they leave no log or shared-memory file beside it.
enum RawSQLite {
    /// The first column of each row, one a line.
    static func answer(_ path: String, _ sql: String) throws -> String {
        var handle: OpaquePointer?
        let uri = "file:" + path + "?immutable=1"
        guard sqlite3_open_v2(uri, &handle, SQLITE_OPEN_READONLY | SQLITE_OPEN_URI, nil) == SQLITE_OK else { throw Abort() }
        defer { sqlite3_close_v2(handle) }
        var statement: OpaquePointer?
        guard sqlite3_prepare_v2(handle, sql, -1, &statement, nil) == SQLITE_OK else { throw Abort() }
        defer { sqlite3_finalize(statement) }
        var lines: [String] = []
        while sqlite3_step(statement) == SQLITE_ROW {
            lines.append(sqlite3_column_text(statement, 0).map { String(cString: $0) } ?? "")
        }
        return lines.joined(separator: "\n")
    }

    static func execute(_ path: String, _ sql: String) throws {
        var handle: OpaquePointer?
        guard sqlite3_open_v2(path, &handle, SQLITE_OPEN_READWRITE, nil) == SQLITE_OK else { throw Abort() }
        defer { sqlite3_close_v2(handle) }
        guard sqlite3_exec(handle, sql, nil, nil, nil) == SQLITE_OK else { throw Abort() }
    }

    /// Changes the schema's text in place (`PRAGMA writable_schema`) and moves its cookie on, so
    /// that a connection already open reads the new schema, as it would after any change of it.
    static func editSchema(_ path: String, _ sql: String) throws {
        var handle: OpaquePointer?
        guard sqlite3_open_v2(path, &handle, SQLITE_OPEN_READWRITE, nil) == SQLITE_OK else { throw Abort() }
        defer { sqlite3_close_v2(handle) }
        var statement: OpaquePointer?
        guard sqlite3_prepare_v2(handle, "PRAGMA schema_version", -1, &statement, nil) == SQLITE_OK,
              sqlite3_step(statement) == SQLITE_ROW else { throw Abort() }
        let cookie = sqlite3_column_int64(statement, 0)
        sqlite3_finalize(statement)
        let edit = "BEGIN; PRAGMA writable_schema = ON; \(sql); PRAGMA schema_version = \(cookie + 1); "
            + "PRAGMA writable_schema = OFF; COMMIT;"
        guard sqlite3_exec(handle, edit, nil, nil, nil) == SQLITE_OK else { throw Abort() }
    }

    /// Runs `body` while a connection holds `sql`'s write in its log, unfolded.
    static func whileWritten(_ path: String, _ sql: String, _ body: () throws -> Void) throws {
        var handle: OpaquePointer?
        guard sqlite3_open_v2(path, &handle, SQLITE_OPEN_READWRITE, nil) == SQLITE_OK else { throw Abort() }
        defer { sqlite3_close_v2(handle) }
        guard sqlite3_exec(handle, "PRAGMA journal_mode = WAL; " + sql, nil, nil, nil) == SQLITE_OK else { throw Abort() }
        try body()
    }
}
