import Foundation
import Ledger

/// Pay Station's invoices in the ledger: one per page opened, with Pay Station's final status
/// and whether its redirect was handled.
struct PayStationInvoices: PathRecords {
    private let ledger: LedgerDatabase
    private let now: Date

    init(ledger: LedgerDatabase, now: Date) {
        self.ledger = ledger
        self.now = now
    }

    func record(_ invoice: InvoiceRecord) throws {
        try ledger.recordInvoice(invoice)
    }

    func invoice(id: String) throws -> InvoiceRecord? {
        try ledger.invoice(id: id)
    }

    func invoice(forTransaction id: String) throws -> InvoiceRecord? {
        try ledger.invoice(forTransaction: id)
    }

    /// Pay Station's final status for an invoice, with the time it said so.
    func recordPaymentStatus(_ status: String, forInvoice id: String) throws {
        try ledger.recordPaymentStatus(status, forInvoice: id, at: now)
    }

    /// True only for the first call on a known, unused invoice.
    func consume(id: String) throws -> Bool {
        try ledger.consumeInvoice(id: id, at: now)
    }
}

extension PathContext {
    /// Pay Station's invoices, in this context's ledger and time.
    var invoices: PayStationInvoices { records() }
}
