import Foundation
import Testing
import Ledger

@Suite("Due work")
struct DueWorkTests {
    @Test func dueWorkSurvivesReopeningEarliestFirstAndTiesInOrder() throws {
        try withTemporaryLedgerPath { path throws in
            let ids: [Int64] = try withLedger(at: path) { ledger throws in
                [
                    try ledger.scheduleDueWork(DueWorkRecord(userId: "qa", path: "xee", kind: "notification",
                                                             payload: #"{"transactionId":"txn-000002"}"#, dueAt: date(20))),
                    try ledger.scheduleDueWork(DueWorkRecord(userId: "qa", path: "paystation", kind: "delivered",
                                                             payload: #"{"invoiceId":"100000001"}"#, dueAt: date(10))),
                    try ledger.scheduleDueWork(DueWorkRecord(userId: "qa", path: "xee", kind: "poll",
                                                             payload: "{}", dueAt: date(20))),
                    try ledger.scheduleDueWork(DueWorkRecord(userId: "ana", path: "xee", kind: "poll",
                                                             payload: "{}", dueAt: date(1))),
                ]
            }
            try withLedger(at: path) { ledger throws in
                let work = try ledger.dueWork(user: "qa")
                #expect(work.map(\.id) == [ids[1], ids[0], ids[2]])
                #expect(work.map(\.kind) == ["delivered", "notification", "poll"])
                #expect(work[1].payload == #"{"transactionId":"txn-000002"}"#)
                #expect(work[0].dueAt == date(10))
                try ledger.removeDueWork(id: ids[0])
            }
            try withLedger(at: path) { ledger throws in
                #expect(try ledger.dueWork(user: "qa").map(\.id) == [ids[1], ids[2]])
                #expect(try ledger.dueWork(user: "ana").count == 1)
            }
        }
    }

    @Test func dueWorkScheduledInARolledBackCommitIsGone() throws {
        struct Abandoned: Error {}
        try withTemporaryLedgerPath { path throws in
            try withLedger(at: path) { ledger throws in
                _ = try? ledger.inTransaction {
                    try ledger.scheduleDueWork(DueWorkRecord(userId: "qa", path: "xee", kind: "notification",
                                                             payload: "{}", dueAt: date(5)))
                    throw Abandoned()
                }
                #expect(try ledger.dueWork(user: "qa").isEmpty)
            }
        }
    }
}
