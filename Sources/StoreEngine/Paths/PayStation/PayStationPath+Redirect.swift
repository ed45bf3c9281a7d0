import Catalog
import Foundation
import Ledger

// The app's URL handler for Pay Station's redirects, and how a purchase settles.
extension PayStationPath {
    func open(_ url: String, in context: PathContext) throws -> PathStep? {
        try handle(url, in: context)
    }

    /// Accepts only the app's own scheme and path, and an invoice it opened for this user, once,
    /// with the status Pay Station reported for it. Anything else is rejected with a logged
    /// reason and changes nothing.
    func handle(_ text: String, in context: PathContext) throws -> PathStep {
        let redirect: RedirectURL
        switch RedirectURL.parse(text, expectedBase: redirectBase(context)) {
        case .failure(let rejection):
            return try reject(text, rejection.reason, context)
        case .success(let parsed):
            redirect = parsed
        }
        guard redirect.userId == context.userId else {
            return try reject(text, "user_id \(QuotedText.part(redirect.userId)) is not the current user (\(context.userId))", context)
        }
        // Closing before paying names no invoice: the transaction (`foreignInvoice`) finds it.
        let found = redirect.invoiceId.isEmpty && redirect.status == .canceled
            ? try context.invoices.invoice(forTransaction: redirect.foreignInvoice)
            : try context.invoices.invoice(id: redirect.invoiceId)
        guard let invoice = found else {
            if redirect.invoiceId.isEmpty {
                return try reject(text, "no invoice_id, and status \(redirect.status.rawValue) needs one", context)
            }
            return try reject(text, "invoice \(QuotedText.part(redirect.invoiceId)) was never opened by this app", context)
        }
        guard invoice.userId == context.userId, invoice.transactionId == redirect.foreignInvoice else {
            return try reject(text, "invoice \(invoice.invoiceId) does not belong to \(QuotedText.part(redirect.foreignInvoice))", context)
        }
        // Pay Station redirects once a payment is done, never while it is still processing.
        guard redirect.status != .delivering else {
            return try reject(text, "status delivering is never sent back: Pay Station redirects once the payment is done",
                              context)
        }
        guard let paid = invoice.paymentStatus else {
            return try reject(text, "Pay Station has no outcome for invoice \(invoice.invoiceId) yet (nothing was paid)", context)
        }
        guard paid == redirect.status.rawValue else {
            return try reject(text, "status \(redirect.status.rawValue) contradicts Pay Station's \(paid) for invoice \(invoice.invoiceId)", context)
        }
        // Using up the invoice, recording what it says and delivering it commit together: a
        // crash between the first two would leave a paid transaction that no redirect can
        // settle any more; the delivery is the app's, in the same go.
        guard try context.invoices.consume(id: invoice.invoiceId) else {
            return try reject(text, "invoice \(invoice.invoiceId) was already handled", context)
        }
        // The page closes as the player comes back: in the same commit.
        if let open = session(of: invoice.invoiceId) { try logClosing(open, in: context) }
        try context.log(.redirectReceived, "status \(redirect.status.rawValue), invoice \(invoice.invoiceId)",
                        transaction: invoice.transactionId)
        // A redirect from outside may come before the countdown ends: the countdown goes with it.
        try context.agenda.cancelScheduled(PayStationDueWork.redirect(invoiceId: invoice.invoiceId))
        // Webhook mode: a troubled payment waits for the game's server, whatever the redirect says.
        if redirect.status == .troubled, let held = try context.account.transaction(invoice.transactionId),
           try heldForBackend(held, in: context) {
            forget(invoice.invoiceId, in: context)
            return PathStep(notice: StoreNotice(.info, "Back in the game: the payment waits for the game's server; "
                                                + "the item arrives once Xsolla's retry is taken."))
        }
        let settlement = try context.purchases.settle(invoice.transactionId,
                                                      as: Self.outcome(of: redirect.status, at: invoice.statusAt))
        forget(invoice.invoiceId, in: context)
        return PathStep(settlements: [settlement], deliveredWithItsDecision: true)
    }

    /// The event keeps the reason and one shortened copy of the URL (`QuotedText`).
    private func reject(_ url: String, _ reason: String, _ context: PathContext) throws -> PathStep {
        try context.log(.redirectRejected, "\(reason): \(QuotedText.url(url))")
        return PathStep(notice: StoreNotice(.error, "Redirect rejected: \(reason)."))
    }

    /// Settles a purchase that no redirect will settle: the invoice is used up with the status,
    /// so a late redirect for it is refused.
    func settleWithoutRedirect(_ transactionId: String, invoice: String, status: RedirectURL.Status,
                               in context: PathContext) throws -> PathStep {
        try context.invoices.recordPaymentStatus(status.rawValue, forInvoice: invoice)
        _ = try context.invoices.consume(id: invoice)
        let paidAt = try context.invoices.invoice(id: invoice)?.statusAt
        let settlement = try context.purchases.settle(transactionId, as: Self.outcome(of: status, at: paidAt))
        return PathStep(settlements: [settlement], deliveredWithItsDecision: true)
    }

    /// - Parameter time: when Pay Station reported the status.
    static func outcome(of status: RedirectURL.Status, at time: Date?) -> PaymentOutcome {
        switch status {
        case .done, .delivering: return .paid(at: time)
        case .troubled: return .declined(reason: "payment declined")
        case .canceled, .invoice: return .cancelled
        }
    }
}
