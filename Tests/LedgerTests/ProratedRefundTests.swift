import Foundation
import Testing
@testable import Ledger

/// An upgrade's prorated refund is a fact of the ledger, on the transaction it gives money back
/// for, not only the words of an event.
@Suite("Prorated refunds")
struct ProratedRefundTests {
    @Test func aProratedRefundIsKeptOnItsTransactionAndReadBackPerPlayer() throws {
        try withTemporaryLedgerPath { path in
            let time = date(1_700_000_500)
            try withLedger(at: path) { ledger throws in
                try ledger.insert(sampleTransaction(id: "t-1", state: .purchased))
                var theirs = sampleTransaction(id: "t-2", state: .purchased)
                theirs.userId = "ben"
                try ledger.insert(theirs)
                try ledger.recordProratedRefund(ProratedRefund(transactionId: "t-1", amount: "1.79", currency: "USD",
                                                               reason: "upgrade", time: time))
                try ledger.recordProratedRefund(ProratedRefund(transactionId: "t-2", amount: "0.5", currency: "EUR",
                                                               reason: "crossgrade", time: time))
            }
            try withLedger(at: path) { ledger throws in
                let mine = ProratedRefund(transactionId: "t-1", amount: "1.79", currency: "USD", reason: "upgrade", time: time)
                #expect(try ledger.proratedRefunds(user: "user-42") == [mine])
                #expect(try ledger.proratedRefunds().count == 2)
                // The transaction keeps its state; its history says what was given back.
                #expect(try ledger.transaction(id: "t-1")?.state == .purchased)
                #expect(try ledger.history(ofTransaction: "t-1").last?.note == "prorated refund 1.79 USD for upgrade")
            }
        }
    }

    @Test func aProratedRefundOfAnUnknownTransactionIsAnErrorAndWritesNothing() throws {
        try withTemporaryLedgerPath { path in
            try withLedger(at: path) { ledger throws in
                #expect(throws: LedgerError.unknownTransaction(id: "nope")) {
                    try ledger.recordProratedRefund(ProratedRefund(transactionId: "nope", amount: "1", currency: "USD",
                                                                   reason: "upgrade", time: date(1_700_000_000)))
                }
                #expect(try ledger.proratedRefunds().isEmpty)
            }
        }
    }

    @Test func otherNotesAreNotRefunds() {
        #expect(ProratedRefund(transactionId: "t", time: date(0), note: "refunded: other") == nil)
        #expect(ProratedRefund(transactionId: "t", time: date(0), note: "prorated refund lots USD for upgrade") == nil)
    }
}
