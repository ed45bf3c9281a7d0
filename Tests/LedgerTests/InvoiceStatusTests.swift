import Foundation
import Ledger
import Testing

// Pay Station's status for an invoice: recorded once, never changed, except `delivering` (paid,
// still processing), which its final status replaces while the time stays when it was paid.
// Each test reopens the ledger to read what was committed.

@Suite("Invoice status")
struct InvoiceStatusTests {
    static let invoice = InvoiceRecord(invoiceId: "100000001", transactionId: "txn-000001", userId: "player-1",
                                       createdAt: date(1_000.25))

    /// Records the invoice, runs `body` on the ledger, and returns the invoice as a new
    /// connection reads it afterwards.
    static func afterRecording(_ body: (LedgerDatabase) throws -> Void) throws -> InvoiceRecord? {
        try withTemporaryLedgerPath { path throws in
            try withLedger(at: path) { ledger throws in
                try ledger.recordInvoice(invoice)
                try body(ledger)
            }
            return try withLedger(at: path) { try $0.invoice(id: invoice.invoiceId) }
        }
    }

    @Test func deliveringThenDoneIsAllowedAndKeepsThePaidTime() throws {
        let stored = try Self.afterRecording { ledger throws in
            #expect(try ledger.recordPaymentStatus("delivering", forInvoice: "100000001", at: date(2_000.5)))
            #expect(try ledger.invoice(id: "100000001")?.paymentStatus == "delivering")
            #expect(try ledger.recordPaymentStatus("done", forInvoice: "100000001", at: date(2_003.5)))
        }
        #expect(stored?.paymentStatus == "done")
        #expect(stored?.statusAt == date(2_000.5))
        #expect(stored?.consumedAt == nil)
    }

    @Test func doneThenTroubledIsRefused() throws {
        let stored = try Self.afterRecording { ledger throws in
            #expect(try ledger.recordPaymentStatus("done", forInvoice: "100000001", at: date(2_000.5)))
            #expect(try ledger.recordPaymentStatus("troubled", forInvoice: "100000001", at: date(2_010)) == false)
        }
        #expect(stored?.paymentStatus == "done")
        #expect(stored?.statusAt == date(2_000.5))
    }

    @Test func deliveringThenTroubledIsAllowedAsTheFinalStatus() throws {
        let stored = try Self.afterRecording { ledger throws in
            #expect(try ledger.recordPaymentStatus("delivering", forInvoice: "100000001", at: date(2_000.5)))
            #expect(try ledger.recordPaymentStatus("troubled", forInvoice: "100000001", at: date(2_010)))
        }
        #expect(stored?.paymentStatus == "troubled")
        #expect(stored?.statusAt == date(2_000.5))
    }

    @Test func theFinalStatusAfterDeliveringIsKept() throws {
        // The exception is for `delivering` only: once done, neither another status nor
        // delivering again replaces it.
        let stored = try Self.afterRecording { ledger throws in
            #expect(try ledger.recordPaymentStatus("delivering", forInvoice: "100000001", at: date(2_000.5)))
            #expect(try ledger.recordPaymentStatus("done", forInvoice: "100000001", at: date(2_003)))
            #expect(try ledger.recordPaymentStatus("troubled", forInvoice: "100000001", at: date(2_004)) == false)
            #expect(try ledger.recordPaymentStatus("delivering", forInvoice: "100000001", at: date(2_005)) == false)
        }
        #expect(stored?.paymentStatus == "done")
        #expect(stored?.statusAt == date(2_000.5))
    }

    @Test func theSameStatusAgainKeepsTheFirstTime() throws {
        let stored = try Self.afterRecording { ledger throws in
            #expect(try ledger.recordPaymentStatus("delivering", forInvoice: "100000001", at: date(2_000.5)))
            #expect(try ledger.recordPaymentStatus("delivering", forInvoice: "100000001", at: date(2_001)))
        }
        #expect(stored?.paymentStatus == "delivering")
        #expect(stored?.statusAt == date(2_000.5))
    }

    @Test func noStatusIsRecordedForAnUnknownInvoice() throws {
        let stored = try Self.afterRecording { ledger throws in
            #expect(try ledger.recordPaymentStatus("done", forInvoice: "999", at: date(2_000)) == false)
            #expect(try ledger.invoice(id: "999") == nil)
        }
        #expect(stored == Self.invoice)
    }

    @Test func theInvoiceIsFoundByItsTransaction() throws {
        try withTemporaryLedgerPath { path throws in
            let other = InvoiceRecord(invoiceId: "100000002", transactionId: "txn-000002", userId: "player-2",
                                      createdAt: date(1_500.75))
            try withLedger(at: path) { ledger throws in
                try ledger.recordInvoice(Self.invoice)
                try ledger.recordInvoice(other)
                #expect(try ledger.invoice(forTransaction: "txn-000001") == Self.invoice)
            }
            try withLedger(at: path) { ledger throws in
                #expect(try ledger.invoice(forTransaction: "txn-000002") == other)
                #expect(try ledger.invoice(forTransaction: "txn-000003") == nil)
                #expect(try ledger.invoice(forTransaction: "") == nil)
                // An invoice id is not a transaction id.
                #expect(try ledger.invoice(forTransaction: "100000001") == nil)
                // What is recorded later is read back with it.
                #expect(try ledger.recordPaymentStatus("canceled", forInvoice: "100000001", at: date(1_600)))
                #expect(try ledger.consumeInvoice(id: "100000001", at: date(1_601)))
                let found = try #require(try ledger.invoice(forTransaction: "txn-000001"))
                #expect(found.paymentStatus == "canceled")
                #expect(found.statusAt == date(1_600))
                #expect(found.consumedAt == date(1_601))
            }
        }
    }
}
