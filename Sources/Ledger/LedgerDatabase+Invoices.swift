import Foundation

// The Pay Station redirect inbox: the invoices the app opened, so a redirect URL is accepted
// only for an invoice it knows, and only once (a replayed URL must change nothing).
extension LedgerDatabase {
    /// Records an invoice the app opened. An invoice id can be recorded once; again throws.
    public func recordInvoice(_ invoice: InvoiceRecord) throws {
        let statement = try database.prepare("""
            INSERT INTO invoices (invoice_id, transaction_id, user_id, created_at, consumed_at, payment_status, status_at)
            VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)
            """)
        try statement.bind(invoice.invoiceId, at: 1)
        try statement.bind(invoice.transactionId, at: 2)
        try statement.bind(invoice.userId, at: 3)
        try statement.bind(invoice.createdAt, at: 4)
        try statement.bind(invoice.consumedAt, at: 5)
        try statement.bind(invoice.paymentStatus, at: 6)
        try statement.bind(invoice.statusAt, at: 7)
        try statement.step()
    }

    public func invoice(id: String) throws -> InvoiceRecord? {
        let statement = try database.prepare("""
            SELECT invoice_id, transaction_id, user_id, created_at, consumed_at, payment_status, status_at
            FROM invoices WHERE invoice_id = ?1
            """)
        try statement.bind(id, at: 1)
        guard try statement.step() else { return nil }
        return invoice(at: statement)
    }

    /// Every invoice the ledger holds, oldest first: for checks across the whole file (the crash
    /// matrix asks that each paid invoice has its transaction).
    public func invoices() throws -> [InvoiceRecord] {
        let statement = try database.prepare("""
            SELECT invoice_id, transaction_id, user_id, created_at, consumed_at, payment_status, status_at
            FROM invoices ORDER BY created_at, invoice_id
            """)
        var found: [InvoiceRecord] = []
        while try statement.step() {
            found.append(invoice(at: statement))
        }
        return found
    }

    /// The invoice on the statement's current row, selected in the column order above.
    private func invoice(at statement: SQLiteStatement) -> InvoiceRecord {
        InvoiceRecord(
            invoiceId: statement.string(column: 0),
            transactionId: statement.string(column: 1),
            userId: statement.string(column: 2),
            createdAt: statement.date(column: 3),
            consumedAt: statement.optionalDate(column: 4),
            paymentStatus: statement.optionalString(column: 5),
            statusAt: statement.optionalDate(column: 6)
        )
    }

    /// Records Pay Station's final status for an invoice, once, with when it said so: a second,
    /// different status is refused (false), since Pay Station never changes its mind about an
    /// invoice; the same status again keeps the first time. The one exception is `delivering`
    /// (paid, still processing), which its final status replaces; the time stays when it was paid.
    @discardableResult
    public func recordPaymentStatus(_ status: String, forInvoice id: String, at time: Date?) throws -> Bool {
        let statement = try database.prepare("""
            UPDATE invoices SET payment_status = ?2, status_at = COALESCE(status_at, ?3)
            WHERE invoice_id = ?1 AND (payment_status IS NULL OR payment_status = ?2 OR payment_status = 'delivering')
            """)
        try statement.bind(id, at: 1)
        try statement.bind(status, at: 2)
        try statement.bind(time, at: 3)
        try statement.step()
        return database.changes == 1
    }

    /// The invoice opened for a transaction: a redirect after closing before paying names no
    /// invoice, only the transaction (`foreignInvoice`).
    public func invoice(forTransaction id: String) throws -> InvoiceRecord? {
        let statement = try database.prepare("SELECT invoice_id FROM invoices WHERE transaction_id = ?1")
        try statement.bind(id, at: 1)
        guard try statement.step() else { return nil }
        return try invoice(id: statement.string(column: 0))
    }

    /// Marks the invoice consumed. True only for the first call on a known, unconsumed invoice;
    /// false for an unknown or already consumed one. One UPDATE decides it, so two processes
    /// handing in the same redirect at once cannot both win.
    public func consumeInvoice(id: String, at time: Date) throws -> Bool {
        let statement = try database.prepare(
            "UPDATE invoices SET consumed_at = ?2 WHERE invoice_id = ?1 AND consumed_at IS NULL")
        try statement.bind(id, at: 1)
        try statement.bind(time, at: 2)
        try statement.step()
        return database.changes == 1
    }
}
