import Foundation
import Testing
import Ledger

@Suite("The event log")
struct EventTests {
    @Test func eventsComeBackNewestFirstUpToTheLimit() throws {
        try withTemporaryLedgerPath { path throws in
            var appended: [EventRecord] = []
            try withLedger(at: path) { ledger throws in
                for index in 0..<5 {
                    appended.append(try ledger.appendEvent(
                        kind: index.isMultiple(of: 2) ? "PURCHASE" : "VERIFIED_WITH_APPLE",
                        message: "event \(index)",
                        transactionId: index == 3 ? nil : "t-\(index)",
                        at: date(1_000 + Double(index) * 0.25)))
                }
            }
            // Ids are assigned by the file and increase.
            #expect(appended.map(\.id) == appended.map(\.id).sorted())
            #expect(Set(appended.map(\.id)).count == 5)
            try withLedger(at: path) { ledger throws in
                #expect(try ledger.events(newestFirst: 3) == Array(appended.reversed().prefix(3)))
                #expect(try ledger.events(newestFirst: 100) == appended.reversed())
                #expect(try ledger.events(newestFirst: 0).isEmpty)
                #expect(try ledger.events(newestFirst: 5)[1].transactionId == nil)
            }
        }
    }

    @Test func newestMeansLastAppendedEvenWhenTheClockWentBack() throws {
        try withTemporaryLedgerPath { path throws in
            let ledger = try LedgerDatabase(path: path)
            try ledger.appendEvent(kind: "A", message: "first", transactionId: nil, at: date(500))
            try ledger.appendEvent(kind: "B", message: "second", transactionId: nil, at: date(100))
            #expect(try ledger.events(newestFirst: 2).map(\.message) == ["second", "first"])
        }
    }
}
