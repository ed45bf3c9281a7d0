import Foundation
import Testing
import Ledger

@Suite("The redirect inbox")
struct InvoiceTests {
    @Test func anInvoiceIsConsumedExactlyOnce() throws {
        try withTemporaryLedgerPath { path throws in
            let invoice = InvoiceRecord(invoiceId: "inv-1", transactionId: "t-1", userId: "user-42", createdAt: date(10.5))
            try withLedger(at: path) { ledger throws in
                try ledger.recordInvoice(invoice)
                #expect(try ledger.invoice(id: "inv-1") == invoice)
                #expect(try ledger.consumeInvoice(id: "inv-1", at: date(20.75)) == true)
                #expect(try ledger.consumeInvoice(id: "inv-1", at: date(30)) == false)
                #expect(try ledger.consumeInvoice(id: "inv-unknown", at: date(30)) == false)
            }
            try withLedger(at: path) { ledger throws in
                // A replayed redirect on the next launch is refused too.
                #expect(try ledger.consumeInvoice(id: "inv-1", at: date(40)) == false)
                var consumed = invoice
                consumed.consumedAt = date(20.75)
                #expect(try ledger.invoice(id: "inv-1") == consumed)
                #expect(try ledger.invoice(id: "inv-unknown") == nil)
            }
        }
    }

    @Test func anInvoiceIdIsRecordedOnce() throws {
        try withTemporaryLedgerPath { path throws in
            let ledger = try LedgerDatabase(path: path)
            let invoice = InvoiceRecord(invoiceId: "inv-1", transactionId: "t-1", userId: "user-42", createdAt: date(1))
            try ledger.recordInvoice(invoice)
            var other = invoice
            other.userId = "someone-else"
            #expect(throws: LedgerError.self) { try ledger.recordInvoice(other) }
            #expect(try ledger.invoice(id: "inv-1")?.userId == "user-42")
        }
    }
}
