import Catalog
import Foundation
import Ledger

// Pay Station's answer and the redirect back into the app: how a purchase ends.
extension Store {
    // MARK: Pay Station's answer

    public enum PayStationResult: Sendable, Equatable {
        /// Pay Station will send the player back with this URL, after the policy's delay.
        case redirect(url: String, delaySeconds: Int)
        /// No redirect by policy; the transaction was settled directly.
        case settled(StoreNotice)
    }

    /// Pay Station reached a final phase. Paid or declined, Pay Station redirects when the policy
    /// says so, and the redirect must come back through `handle(url:)`; without a redirect, and
    /// when the player closed Pay Station, the transaction is settled now.
    public func payStationClosed(_ session: PayStationSession) throws -> PayStationResult {
        let time = now()
        let policy = catalog.settings.payStation.redirect
        let status: RedirectURL.Status
        switch session.phase {
        case .done:
            status = .done
            // Committed with its event: from here a crash cannot lose the payment (see
            // `deliverUnfinished`), and only a redirect saying `done` is believed.
            try ledger.inTransaction {
                try ledger.recordPaymentStatus(status.rawValue, forInvoice: session.invoiceId)
                try log(.payStationPaid, "status done, invoice \(session.invoiceId)", session.transactionId, time)
            }
        case .declined(let reason):
            status = .troubled
            try ledger.inTransaction {
                try ledger.recordPaymentStatus(status.rawValue, forInvoice: session.invoiceId)
                try log(.payStationDeclined, "status troubled: \(reason)", session.transactionId, time)
            }
        case .cancelled, .cardForm, .threeDSecure:
            // The player closed Pay Station: the SDK's closed callback settles it, no redirect.
            return .settled(try settle(transactionId: session.transactionId, invoiceId: session.invoiceId,
                                       status: .canceled))
        }
        let redirect = RedirectURL(base: redirectBase, userId: userId, foreignInvoice: session.transactionId,
                                   invoiceId: session.invoiceId, status: status)
        if RedirectURL.isSent(for: status, by: policy.condition) {
            try log(.redirectSent, redirect.text, session.transactionId, time)
            return .redirect(url: redirect.text, delaySeconds: policy.delaySeconds)
        }
        // No redirect: the SDK learns the outcome by asking for the invoice's status.
        return .settled(try settle(transactionId: session.transactionId, invoiceId: session.invoiceId, status: status))
    }

    // MARK: The URL handler

    /// The app's URL handler: accepts only its own scheme and path, and an invoice it opened for
    /// this user, once. Anything else is rejected with a logged reason and changes nothing.
    public func handle(url text: String) throws -> StoreNotice {
        let time = now()
        let redirect: RedirectURL
        switch RedirectURL.parse(text, expectedBase: redirectBase) {
        case .failure(let rejection):
            return try reject(text, rejection.reason, time)
        case .success(let parsed):
            redirect = parsed
        }
        guard redirect.userId == userId else {
            return try reject(text, "user_id \(redirect.userId) is not the current user (\(userId))", time)
        }
        guard let invoice = try ledger.invoice(id: redirect.invoiceId) else {
            return try reject(text, "invoice \(redirect.invoiceId) was never opened by this app", time)
        }
        guard invoice.userId == userId, invoice.transactionId == redirect.foreignInvoice else {
            return try reject(text, "invoice \(redirect.invoiceId) does not belong to \(redirect.foreignInvoice)", time)
        }
        guard let paid = invoice.paymentStatus else {
            return try reject(text, "Pay Station has no outcome for invoice \(redirect.invoiceId) yet (nothing was paid)", time)
        }
        guard paid == redirect.status.rawValue else {
            return try reject(text, "status \(redirect.status.rawValue) contradicts Pay Station's \(paid) for invoice \(redirect.invoiceId)", time)
        }
        // Using up the invoice and recording what it says commit together: a crash between the
        // two would leave a paid transaction that no redirect can settle any more.
        let settlement: Settlement? = try ledger.inTransaction {
            guard try ledger.consumeInvoice(id: invoice.invoiceId, at: time) else { return nil }
            try log(.redirectReceived, "status \(redirect.status.rawValue), invoice \(invoice.invoiceId)",
                    invoice.transactionId, time)
            return try recordSettlement(of: invoice.transactionId, status: redirect.status, at: time)
        }
        guard let settlement else {
            return try reject(text, "invoice \(redirect.invoiceId) was already handled", time)
        }
        return try conclude(settlement)
    }

    func reject(_ url: String, _ reason: String, _ time: Date) throws -> StoreNotice {
        try log(.redirectRejected, "\(reason): \(url)", nil, time)
        return StoreNotice(.error, "Redirect rejected: \(reason).")
    }

    /// What Pay Station's final status did to a transaction.
    enum Settlement {
        /// Purchased and committed; validation, grant and finish come next.
        case purchased(transactionId: String)
        /// Nothing more to do; this is what to tell the player.
        case concluded(StoreNotice)
    }

    /// Moves the transaction to its final state and completes it: purchased, validated, granted,
    /// finished; or failed and finished.
    func settle(transactionId: String, invoiceId: String, status: RedirectURL.Status) throws -> StoreNotice {
        let time = now()
        let settlement = try ledger.inTransaction {
            // Settled without a redirect: the invoice is used up, so a late redirect for it is refused.
            try ledger.recordPaymentStatus(status.rawValue, forInvoice: invoiceId)
            _ = try ledger.consumeInvoice(id: invoiceId, at: time)
            return try recordSettlement(of: transactionId, status: status, at: time)
        }
        return try conclude(settlement)
    }

    /// The state change a final status makes, written in the caller's ledger transaction.
    func recordSettlement(of transactionId: String, status: RedirectURL.Status, at time: Date) throws -> Settlement {
        guard let transaction = try ledger.transaction(id: transactionId) else {
            return .concluded(StoreNotice(.error, "Transaction \(transactionId) is not in the ledger."))
        }
        guard transaction.state == .purchasing else {
            return .concluded(StoreNotice(.info, "\(transactionId) is already \(transaction.state.rawValue)."))
        }
        switch status {
        case .done:
            try ledger.updateState(ofTransaction: transactionId, to: .purchased, error: nil, at: time)
            try log(.purchased, "purchased", transactionId, time)
            return .purchased(transactionId: transactionId)
        case .troubled:
            try fail(transactionId, error: "payment declined", time)
            return .concluded(StoreNotice(.error, "Payment declined by the bank. Nothing was charged or granted."))
        case .canceled:
            try fail(transactionId, error: "paymentCancelled", time, as: .paymentCancelled,
                     saying: "paymentCancelled: the player closed Pay Station")
            return .concluded(StoreNotice(.info, "Purchase cancelled."))
        }
    }

    func conclude(_ settlement: Settlement) throws -> StoreNotice {
        switch settlement {
        case .concluded(let notice):
            return notice
        case .purchased(let transactionId):
            checkpoint(.purchased)
            return try complete(transactionId)
        }
    }

    func fail(_ transactionId: String, error: String, _ time: Date, as kind: StoreEventKind = .failed,
                      saying message: String? = nil) throws {
        try ledger.inTransaction {
            try ledger.updateState(ofTransaction: transactionId, to: .failed, error: error, at: time)
            try log(kind, message ?? "failed: \(error)", transactionId, time)
            try ledger.markFinished(transaction: transactionId, at: time)
            try log(.finished, "finished", transactionId, time)
        }
    }
}
