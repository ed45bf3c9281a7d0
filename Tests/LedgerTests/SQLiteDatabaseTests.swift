import Foundation
import Testing
@testable import Ledger

@Suite("The SQLite wrapper")
struct SQLiteDatabaseTests {
    @Test func typedBindsReadBackAsWritten() throws {
        try withTemporaryLedgerPath { path throws in
            let database = try SQLiteDatabase(path: path)
            try database.execute("CREATE TABLE t (i INTEGER, big INTEGER, d REAL, s TEXT, os TEXT, od REAL)")
            let insert = try database.prepare("INSERT INTO t VALUES (?1, ?2, ?3, ?4, ?5, ?6)")
            let text = "nul\u{0}inside, 🇩🇪 9,99\u{00A0}€"
            try insert.bind(-42, at: 1)
            try insert.bind(Int64.max, at: 2)
            try insert.bind(0.1 + 0.2, at: 3)
            try insert.bind(text, at: 4)
            try insert.bind(nil as String?, at: 5)
            try insert.bind(nil as Double?, at: 6)
            #expect(try insert.step() == false)
            insert.reset()
            try insert.bind(7, at: 1)
            try insert.bind(Int64.min, at: 2)
            try insert.bind(-0.5, at: 3)
            try insert.bind("", at: 4)
            try insert.bind("present" as String?, at: 5)
            try insert.bind(2.5 as Double?, at: 6)
            try insert.step()

            let select = try database.prepare("SELECT i, big, d, s, os, od FROM t ORDER BY rowid")
            #expect(try select.step())
            #expect(select.int(column: 0) == -42)
            #expect(select.int64(column: 1) == Int64.max)
            #expect(select.double(column: 2) == 0.1 + 0.2)
            #expect(select.string(column: 3) == text)
            #expect(select.optionalString(column: 4) == nil)
            #expect(select.optionalDouble(column: 5) == nil)
            #expect(try select.step())
            #expect(select.int(column: 0) == 7)
            #expect(select.int64(column: 1) == Int64.min)
            #expect(select.double(column: 2) == -0.5)
            #expect(select.string(column: 3) == "")
            #expect(select.optionalString(column: 4) == "present")
            #expect(select.optionalDouble(column: 5) == 2.5)
            #expect(try select.step() == false)
        }
    }

    @Test func errorsCarrySQLitesMessage() throws {
        try withTemporaryLedgerPath { path throws in
            let database = try SQLiteDatabase(path: path)
            let error = try #require(throws: LedgerError.self) { _ = try database.prepare("SELEKT 1") }
            guard case let .sqlite(code, message) = error else {
                Issue.record("expected a sqlite error, got \(error)")
                return
            }
            #expect(code == 1)  // SQLITE_ERROR
            #expect(message.contains("syntax error"))
            #expect(throws: LedgerError.self) { try database.execute("INSERT INTO nowhere VALUES (1)") }
        }
    }
}
