import CSQLite
import Foundation
import Testing
@testable import Ledger

/// Damaged ledgers on real files, each corrupted the way a disk or an editor would: a page of a
/// table's tree scribbled over, the free-page count in the header wrong, an index that no longer
/// matches its table, and a file emptied to 0 bytes. Each is noticed before anything is written
/// (`PRAGMA integrity_check` at open, which also compares each index with its table), named
/// with the file and the way out, and the file is left byte for byte as it was.
@Suite("Corrupt ledgers")
struct CorruptionTests {
    static let pageSize = 4096

    /// A ledger with enough events and transactions to fill several pages, closed (so the
    /// write-ahead log is folded into the file, and the file alone holds every page).
    private func writeLedger(at path: String) throws {
        try withLedger(at: path) { ledger in
            for number in 1...40 { try ledger.insert(sampleTransaction(id: "t-\(number)")) }
            for number in 1...400 {
                _ = try ledger.appendEvent(kind: "test.event", message: String(repeating: "e", count: 60) + "\(number)",
                                           transactionId: nil, at: date(1_700_000_000 + Double(number)))
            }
        }
        #expect(!FileManager.default.fileExists(atPath: path + "-wal"), "the log was folded in at close")
    }

    /// The root page of a table or index, read with SQLite directly.
    private func rootPage(of name: String, in path: String) throws -> Int {
        var handle: OpaquePointer?
        guard sqlite3_open_v2(path, &handle, SQLITE_OPEN_READONLY, nil) == SQLITE_OK else { throw Abort() }
        defer { sqlite3_close_v2(handle) }
        var statement: OpaquePointer?
        sqlite3_prepare_v2(handle, "SELECT rootpage FROM sqlite_master WHERE name = ?1", -1, &statement, nil)
        defer { sqlite3_finalize(statement) }
        sqlite3_bind_text(statement, 1, name, -1, unsafeBitCast(-1, to: sqlite3_destructor_type.self))
        guard sqlite3_step(statement) == SQLITE_ROW else { throw Abort() }
        return Int(sqlite3_column_int64(statement, 0))
    }

    private func overwrite(_ path: String, at offset: Int, with bytes: [UInt8]) throws {
        let handle = try FileHandle(forUpdating: URL(fileURLWithPath: path))
        try handle.seek(toOffset: UInt64(offset))
        try handle.write(contentsOf: Data(bytes))
        try handle.close()
    }

    private func contents(_ path: String) throws -> Data {
        try Data(contentsOf: URL(fileURLWithPath: path))
    }

    /// Opening as the app does (a writer) and as `history` does (a reader) both refuse, and the
    /// file is left exactly as it was.
    private func expectRefused(_ path: String, sourceLocation: SourceLocation = #_sourceLocation,
                               _ matches: (LedgerError) -> Bool) throws {
        let before = try contents(path)
        for open in [{ _ = try LedgerDatabase(path: path) }, { _ = try LedgerDatabase(readingOnly: path) }] {
            let error = try #require(throws: LedgerError.self, sourceLocation: sourceLocation) { try open() }
            #expect(matches(error), "\(error)", sourceLocation: sourceLocation)
            #expect(error.description.hasPrefix(path), sourceLocation: sourceLocation)
            #expect(error.description.contains("storefront reset"), sourceLocation: sourceLocation)
        }
        #expect(try contents(path) == before, "the damaged file was written to", sourceLocation: sourceLocation)
        let logged = (try? FileManager.default.attributesOfItem(atPath: path + "-wal")[.size] as? Int) ?? 0
        #expect(logged == 0, "something was logged to be written", sourceLocation: sourceLocation)
    }

    @Test func aScribbledTreePageIsRefusedAtOpen() throws {
        try withTemporaryLedgerPath { path in
            try writeLedger(at: path)
            // The events table is not read at open: only a check notices its page is no B-tree page.
            let root = try rootPage(of: "events", in: path)
            try overwrite(path, at: (root - 1) * Self.pageSize, with: [0x00, 0xFF, 0xFF])
            try expectRefused(path) { error in
                if case .corrupt(path, _) = error { return true }
                return false
            }
        }
    }

    @Test func aWrongFreePageCountIsRefusedAtOpen() throws {
        try withTemporaryLedgerPath { path in
            try writeLedger(at: path)
            // Bytes 36-39 of the header: how many pages are on the free list (none are).
            try overwrite(path, at: 36, with: [0, 0, 0, 5])
            try expectRefused(path) { error in
                if case .corrupt(path, let problem) = error { return problem.contains("freelist") }
                return false
            }
        }
    }

    /// An index whose entries no longer match its table (its definition changed under it, as
    /// `PRAGMA writable_schema` allows): every open refuses it, and the full check lists it.
    @Test func anIndexMissingItsRowsIsFoundByTheFullCheck() throws {
        try withTemporaryLedgerPath { path in
            try writeLedger(at: path)
            var handle: OpaquePointer?
            try #require(sqlite3_open_v2(path, &handle, SQLITE_OPEN_READWRITE, nil) == SQLITE_OK)
            let edit = "PRAGMA writable_schema = ON; UPDATE sqlite_master SET sql = replace(sql, 'created_at', 'product_id') "
                + "WHERE name = 'transactions_by_created'; PRAGMA writable_schema = OFF;"
            #expect(sqlite3_exec(handle, edit, nil, nil, nil) == SQLITE_OK)
            sqlite3_close_v2(handle)

            let problems = try LedgerDatabase(checking: path).integrityProblems()
            #expect(problems.contains { $0.contains("missing from index transactions_by_created") }, "\(problems)")
            try expectRefused(path) { error in
                if case .corrupt(path, let problem) = error { return problem.contains("missing from index transactions_by_created") }
                return false
            }
        }
    }

    /// The check's own open skips the check that refuses the file, so the full check
    /// lists every problem, and still writes nothing.
    @Test func aFileEveryOpenRefusesIsStillCheckedWhole() throws {
        try withTemporaryLedgerPath { path in
            try writeLedger(at: path)
            try overwrite(path, at: 36, with: [0, 0, 0, 5])
            let before = try contents(path)
            #expect(throws: LedgerError.self) { try LedgerDatabase(readingOnly: path) }
            let problems = try LedgerDatabase(checking: path).integrityProblems()
            #expect(problems.contains { $0.contains("freelist") }, "\(problems)")
            #expect(try contents(path) == before, "the check wrote to the file")
        }
    }

    @Test func aWholeLedgerHasNoProblems() throws {
        try withTemporaryLedgerPath { path in
            try writeLedger(at: path)
            #expect(try LedgerDatabase(readingOnly: path).integrityProblems() == [])
            #expect(try LedgerDatabase(path: path).integrityProblems() == [])
        }
    }

    /// A 0-byte file where the ledger should be is nobody's ledger: it is not made into a new
    /// one (a new player, a new signing key) behind the user's back.
    @Test func anEmptyFileIsRefusedAndLeftEmpty() throws {
        try withTemporaryLedgerPath { path in
            #expect(FileManager.default.createFile(atPath: path, contents: Data()))
            try expectRefused(path) { $0 == .empty(path: path) }
            #expect(try contents(path).isEmpty)
        }
    }

    /// Only a file that was there before: a ledger the open makes itself starts empty too.
    @Test func aNewLedgerIsStillMade() throws {
        try withTemporaryLedgerPath { path in
            _ = try LedgerDatabase(path: path)
            #expect(try LedgerDatabase(path: path).schemaVersion() == LedgerDatabase.supportedSchemaVersion)
        }
    }

    // MARK: The check begun ahead (the app begins it before it loads the catalog)

    @Test func aScribbledPageFoundByTheCheckAheadIsRefusedUntouched() throws {
        try withTemporaryLedgerPath { path in
            try writeLedger(at: path)
            let root = try rootPage(of: "events", in: path)
            try overwrite(path, at: (root - 1) * Self.pageSize, with: [0x00, 0xFF, 0xFF])
            let before = try contents(path)
            let check = LedgerDatabase.CheckAhead.begin(at: path)
            guard case .damaged(let problem) = check.wait() else {
                Issue.record("the check ahead found nothing wrong: \(check.wait())")
                return
            }
            let error = try #require(throws: LedgerError.self) { try LedgerDatabase(path: path, checkedAhead: check) }
            #expect(error == .corrupt(path: path, problem: problem), "the open says what the check found")
            #expect(try contents(path) == before, "the damaged file was written to")
        }
    }

    @Test func aWholeLedgerCheckedAheadOpensOnTheCheckAnswer() throws {
        try withTemporaryLedgerPath { path in
            try writeLedger(at: path)
            let check = LedgerDatabase.CheckAhead.begin(at: path)
            #expect(check.wait() == .whole)
            #expect(check.answer(forFileAt: path) == .whole)
            let ledger = try LedgerDatabase(path: path, checkedAhead: check)
            #expect(try ledger.events(newestFirst: 1).first?.message.hasSuffix("400") == true)
        }
    }

    /// A ledger moved into place after the check began is not the file it checked: the open
    /// checks that one itself, and refuses it when damaged.
    @Test func aFileMovedInAfterTheCheckIsCheckedByTheOpen() throws {
        try withTemporaryLedgerPath { path in
            try writeLedger(at: path)
            let check = LedgerDatabase.CheckAhead.begin(at: path)
            #expect(check.wait() == .whole)
            let damaged = path + ".damaged"
            defer { try? FileManager.default.removeItem(atPath: damaged) }
            try FileManager.default.copyItem(atPath: path, toPath: damaged)
            let root = try rootPage(of: "events", in: damaged)
            try overwrite(damaged, at: (root - 1) * Self.pageSize, with: [0x00, 0xFF, 0xFF])
            #expect(rename(damaged, path) == 0)
            #expect(check.answer(forFileAt: path) == .unchecked)
            let error = try #require(throws: LedgerError.self) { try LedgerDatabase(path: path, checkedAhead: check) }
            guard case .corrupt(path, _) = error else {
                Issue.record("\(error)")
                return
            }
        }
    }

    @Test func aCheckAheadOfNoFileLeavesTheOpenToMakeTheLedger() throws {
        try withTemporaryLedgerPath { path throws in
            let check = LedgerDatabase.CheckAhead.begin(at: path)
            #expect(check.wait() == .unchecked)
            let ledger = try LedgerDatabase(path: path, checkedAhead: check)
            #expect(try ledger.schemaVersion() == LedgerDatabase.supportedSchemaVersion)
        }
    }

    @Test func aCheckAheadOfAnEmptyFileLeavesTheRefusalToTheOpen() throws {
        try withTemporaryLedgerPath { path throws in
            #expect(FileManager.default.createFile(atPath: path, contents: Data()))
            let check = LedgerDatabase.CheckAhead.begin(at: path)
            #expect(check.wait() == .unchecked)
            let error = try #require(throws: LedgerError.self) { try LedgerDatabase(path: path, checkedAhead: check) }
            #expect(error == .empty(path: path))
        }
    }
}
