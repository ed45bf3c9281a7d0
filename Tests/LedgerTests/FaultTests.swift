import CSQLite
import Foundation
import Testing
@testable import Ledger

/// A damaged ledger and a full disk are named as such, with the file and what to do, rather
/// than as "SQLite error 11" or "13".
@Suite("Faults named")
struct FaultTests {
    @Test func aDamagedLedgerIsNamedCorrupt() throws {
        try withTemporaryLedgerPath { path throws in
            try withLedger(at: path) { ledger in
                for number in 1...50 { try ledger.insert(sampleTransaction(id: "t-\(number)")) }
            }
            // Page 1 (the header and the schema) stays; every later page is scribbled over.
            let handle = try FileHandle(forUpdating: URL(fileURLWithPath: path))
            let pageSize = 4096
            let size = try handle.seekToEnd()
            try handle.seek(toOffset: UInt64(pageSize))
            try handle.write(contentsOf: Data(repeating: 0xA5, count: Int(size) - pageSize))
            try handle.close()

            let error = try #require(throws: LedgerError.self) {
                let ledger = try LedgerDatabase(path: path)
                _ = try ledger.transactions(newestFirst: 100)
            }
            guard case .corrupt(path, let problem) = error else {
                Issue.record("not named corrupt: \(error)")
                return
            }
            #expect(error.description == "\(path) is damaged (\(problem)), so nothing was written to it; move it aside, "
                + "keeping it for a bug report, or run storefront reset to start again, or pass --state-dir. storefront "
                + "history --check lists every problem.")
        }
    }

    @Test func aFullLedgerIsNamedAndKeepsNothingOfTheFailedWrite() throws {
        try withTemporaryLedgerPath { path throws in
            let ledger = try LedgerDatabase(path: path)
            try ledger.limitGrowth(toSparePages: 0)
            var written = 0
            let error = try #require(throws: LedgerError.self) {
                for number in 1...10_000 {
                    try ledger.insert(sampleTransaction(id: "t-\(number)"))
                    written = number
                }
            }
            #expect(error == .diskFull(path: path))
            #expect(error.description.contains("the disk is full"))
            #expect(try ledger.transaction(id: "t-\(written + 1)") == nil, "the failed insert left nothing")

            // Space freed: the same write goes through, and everything before it is still there.
            try ledger.limitGrowth(toSparePages: nil)
            try ledger.insert(sampleTransaction(id: "t-\(written + 1)"))
            #expect(try ledger.transactions(newestFirst: 100_000).count == written + 1)
        }
    }
}
