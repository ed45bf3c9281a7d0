import Foundation
import Testing
import Ledger

@Suite("Transactions and their history")
struct TransactionTests {
    @Test func everyFieldSurvivesClosingAndReopeningTheFile() throws {
        try withTemporaryLedgerPath { path throws in
            let full = TransactionRecord(
                id: "t-full", productId: "com.example.gems.500", userId: "user-42", storefront: "DEU",
                integrationPath: "paystation", state: .failed, quantity: 3, price: "1234.5600", currency: "EUR",
                invoiceId: "inv-7", variationId: "variant-b", error: "card declined (4111 1111 1111 1178) — «nein»",
                createdAt: date(1_700_000_000.123), updatedAt: date(1_700_000_060.456),
                finishedAt: date(1_700_000_120.789), locale: "de_DE")
            let bare = TransactionRecord(
                id: "t-bare", productId: "premium.monthly", userId: "ユーザー", storefront: "USA",
                integrationPath: "storekit", state: .deferred, quantity: 1, price: "0", currency: "USD",
                createdAt: date(1_600_000_000), updatedAt: date(1_600_000_001))
            try withLedger(at: path) { ledger throws in
                try ledger.insert(full)
                try ledger.insert(bare)
            }
            try withLedger(at: path) { ledger throws in
                #expect(try ledger.transaction(id: "t-full") == full)
                #expect(try ledger.transaction(id: "t-bare") == bare)
                #expect(try ledger.transaction(id: "t-bare")?.invoiceId == nil)
                #expect(try ledger.transaction(id: "t-full")?.locale == "de_DE")
                #expect(try ledger.transaction(id: "t-bare")?.locale == nil, "a row from before locales were kept")
                #expect(try ledger.transaction(id: "t-full")?.isFinished == true)
                #expect(try ledger.transaction(id: "t-bare")?.isFinished == false)
                #expect(try ledger.transaction(id: "t-missing") == nil)
                #expect(try ledger.transactionCount() == 2)
            }
        }
    }

    @Test func anyDateReadsBackEqual() throws {
        // Dates taken from the clock, not built from round numbers: a 1970-based encoding
        // loses the last bit of about half of these.
        let dates = (0..<64).map { Date().addingTimeInterval(Double($0) * 1234.567_891) }
        try withTemporaryLedgerPath { path throws in
            try withLedger(at: path) { ledger throws in
                for (index, time) in dates.enumerated() {
                    try ledger.insert(sampleTransaction(id: "t-\(index)", createdAt: time))
                }
            }
            try withLedger(at: path) { ledger throws in
                for (index, time) in dates.enumerated() {
                    #expect(try ledger.transaction(id: "t-\(index)")?.createdAt == time)
                }
            }
        }
    }

    @Test func stateUpdatesAreKeptWithTheirHistoryInOrder() throws {
        try withTemporaryLedgerPath { path throws in
            try withLedger(at: path) { ledger throws in
                try ledger.insert(sampleTransaction(id: "t-1", createdAt: date(100)))
                try ledger.updateState(ofTransaction: "t-1", to: .deferred, error: nil, at: date(200.5))
                try ledger.updateState(ofTransaction: "t-1", to: .failed, error: "declined", at: date(300.25))
                try ledger.updateState(ofTransaction: "t-1", to: .purchased, error: nil, at: date(400.125))
            }
            try withLedger(at: path) { ledger throws in
                let record = try #require(try ledger.transaction(id: "t-1"))
                #expect(record.state == .purchased)
                #expect(record.error == nil)
                #expect(record.updatedAt == date(400.125))
                #expect(record.createdAt == date(100))
                #expect(try ledger.history(ofTransaction: "t-1") == [
                    TransactionStateChange(state: .purchasing, time: date(100)),
                    TransactionStateChange(state: .deferred, time: date(200.5)),
                    TransactionStateChange(state: .failed, time: date(300.25), note: "declined"),
                    TransactionStateChange(state: .purchased, time: date(400.125)),
                ])
                #expect(try ledger.history(ofTransaction: "t-missing").isEmpty)
            }
        }
    }

    @Test func aFailedStateKeepsItsError() throws {
        try withTemporaryLedgerPath { path throws in
            let ledger = try LedgerDatabase(path: path)
            try ledger.insert(sampleTransaction(id: "t-1"))
            try ledger.updateState(ofTransaction: "t-1", to: .failed, error: "troubled", at: date(500))
            #expect(try ledger.transaction(id: "t-1")?.error == "troubled")
            #expect(try ledger.transaction(id: "t-1")?.state == .failed)
        }
    }

    @Test func updatingOrFinishingAnUnknownTransactionThrowsAndWritesNothing() throws {
        try withTemporaryLedgerPath { path throws in
            let ledger = try LedgerDatabase(path: path)
            #expect(throws: LedgerError.unknownTransaction(id: "t-ghost")) {
                try ledger.updateState(ofTransaction: "t-ghost", to: .purchased, error: nil, at: date(1))
            }
            #expect(throws: LedgerError.unknownTransaction(id: "t-ghost")) {
                try ledger.markFinished(transaction: "t-ghost", at: date(1))
            }
            #expect(try ledger.history(ofTransaction: "t-ghost").isEmpty)
            #expect(try ledger.transactionCount() == 0)
        }
    }

    @Test func insertingTheSameIdTwiceThrowsAndKeepsTheFirst() throws {
        try withTemporaryLedgerPath { path throws in
            let ledger = try LedgerDatabase(path: path)
            let first = sampleTransaction(id: "t-1", state: .purchasing)
            try ledger.insert(first)
            #expect(throws: LedgerError.duplicateTransaction(id: "t-1")) {
                try ledger.insert(sampleTransaction(id: "t-1", state: .purchased))
            }
            #expect(try ledger.transaction(id: "t-1") == first)
            #expect(try ledger.history(ofTransaction: "t-1").count == 1)
        }
    }

    @Test func unfinishedTransactionsAreRedeliveredOldestFirstAfterReopening() throws {
        try withTemporaryLedgerPath { path throws in
            try withLedger(at: path) { ledger throws in
                try ledger.insert(sampleTransaction(id: "t-late", createdAt: date(300)))
                try ledger.insert(sampleTransaction(id: "t-early", createdAt: date(100)))
                try ledger.insert(sampleTransaction(id: "t-done", createdAt: date(50)))
                try ledger.insert(sampleTransaction(id: "t-tie", createdAt: date(300)))
                try ledger.markFinished(transaction: "t-done", at: date(400))
            }
            try withLedger(at: path) { ledger throws in
                #expect(try ledger.unfinishedTransactions().map(\.id) == ["t-early", "t-late", "t-tie"])
                try ledger.markFinished(transaction: "t-early", at: date(500))
            }
            try withLedger(at: path) { ledger throws in
                #expect(try ledger.unfinishedTransactions().map(\.id) == ["t-late", "t-tie"])
            }
        }
    }

    @Test func finishingTwiceKeepsTheFirstTime() throws {
        try withTemporaryLedgerPath { path throws in
            try withLedger(at: path) { ledger throws in
                try ledger.insert(sampleTransaction(id: "t-1", createdAt: date(100)))
                try ledger.markFinished(transaction: "t-1", at: date(200.5))
                try ledger.markFinished(transaction: "t-1", at: date(900))
            }
            try withLedger(at: path) { ledger throws in
                try ledger.markFinished(transaction: "t-1", at: date(1000))
                let record = try #require(try ledger.transaction(id: "t-1"))
                #expect(record.finishedAt == date(200.5))
                #expect(record.updatedAt == date(200.5))
                #expect(record.isFinished)
                #expect(try ledger.unfinishedTransactions().isEmpty)
            }
        }
    }

    @Test func newestFirstHonoursTheLimitAndBreaksTiesByInsertionOrder() throws {
        try withTemporaryLedgerPath { path throws in
            let ledger = try LedgerDatabase(path: path)
            try ledger.insert(sampleTransaction(id: "a", createdAt: date(10)))
            try ledger.insert(sampleTransaction(id: "b", createdAt: date(30)))
            try ledger.insert(sampleTransaction(id: "c", createdAt: date(20)))
            try ledger.insert(sampleTransaction(id: "d", createdAt: date(30)))
            #expect(try ledger.transactions(newestFirst: 10).map(\.id) == ["d", "b", "c", "a"])
            #expect(try ledger.transactions(newestFirst: 2).map(\.id) == ["d", "b"])
            #expect(try ledger.transactions(newestFirst: 0).isEmpty)
            #expect(try ledger.transactionCount() == 4)
        }
    }
}
