import Catalog
import Foundation
import Ledger

// Xsolla's webhook mode: the team's backend is part of the purchase. Pay Station asks it
// `user_validation` before the player can pay, and a refusal ends the page with nothing
// charged; once paid, the game grants only when the backend takes the `payment` webhook. An
// answer other than 200, 201 or 204 leaves the order `troubled` (the redirect says so) and the
// purchase pending while Xsolla retries; a refusal, or the last retry, fails it.
extension PayStationPath {
    /// Paid in webhook mode: committed as paid and held, the page processing, the `payment`
    /// webhook written in the same commit.
    func holdForBackend(_ session: inout PayStationSession, in context: PathContext) throws -> PathStep {
        session.awaitBackend()
        if session.savesCard {
            try context.settings.set(Self.savedCardSetting(forUser: context.userId), to: session.cardNumber)
        }
        try context.invoices.recordPaymentStatus(RedirectURL.Status.delivering.rawValue, forInvoice: session.invoiceId)
        try context.log(.payStationDelivering, "status delivering: paid; webhook mode waits for the game's server "
                        + "to take the payment webhook", transaction: session.transactionId)
        try context.purchases.leavePending(session.transactionId, because: .backendHold)
        guard let transaction = try context.account.transaction(session.transactionId) else { return .nothing }
        try context.purchases.outbox.post(try message(XsollaWebhook.payment, of: transaction, in: context), from: .xsolla,
                                transaction: transaction.id)
        show(session, in: context)
        try context.purchases.reached(.paid)
        return .nothing
    }

    /// Whether `transaction` waits for the game's server to take its payment.
    func heldForBackend(_ transaction: TransactionRecord, in context: PathContext) throws -> Bool {
        transaction.state == .deferred && transaction.error == PendingReason.backendHold.recorded
    }

    /// The game's answer to `user_validation`: the page takes input, or shows why it cannot.
    func userValidationAnswered(_ answer: BackendAnswer, in context: PathContext) throws -> PathStep? {
        guard var session = session(ofTransaction: answer.transactionId), session.checksUser else { return nil }
        guard answer.outcome != .taken else {
            session.userChecked()
            show(session, in: context)
            return nil
        }
        let reason = Self.refusal(answer)
        session.refuseUser(because: reason)
        show(session, in: context)
        try context.log(.payStationUserRefused, "\(reason); nothing was charged", transaction: session.transactionId)
        // Nothing was paid: the purchase ends now, and the page stays until the player closes it.
        try context.invoices.recordPaymentStatus(RedirectURL.Status.canceled.rawValue, forInvoice: session.invoiceId)
        _ = try context.invoices.consume(id: session.invoiceId)
        let settlement = try context.purchases.settle(session.transactionId, as: .failed(
            .other("user_validation: \(reason)"), event: "failed: \(reason)",
            notice: StoreNotice(.error, "Pay Station refused the payment: \(reason). Nothing was charged.")))
        return PathStep(settlements: [settlement], deliveredWithItsDecision: true)
    }

    /// The game's answer to a held purchase's `payment`: granted once taken; `troubled` while
    /// Xsolla retries; failed on a refusal or after the last retry.
    func heldPaymentAnswered(_ answer: BackendAnswer, _ transaction: TransactionRecord,
                             in context: PathContext) throws -> PathStep? {
        let open = session(ofTransaction: transaction.id)
        let invoice = transaction.invoiceId ?? transaction.id
        switch answer.outcome {
        case .taken:
            try context.log(.payStationPaid, "status done, invoice \(invoice): the game's server took the payment "
                            + "(attempt \(answer.attempt))", transaction: transaction.id)
            if var session = open, session.phase == .delivering {
                // The page was still processing: it ends as any paid page does.
                session.finishDelivering()
                show(session, in: context)
                return try settleShownPayment(session, in: context)
            }
            if let open { forget(open.invoiceId, in: context) }
            return try settleWithoutRedirect(transaction.id, invoice: invoice, status: .done, in: context)
        case .retrying(let next):
            guard var session = open, session.phase == .delivering else { return nil }
            let reason = "the game's server did not take the payment (\(answer.words))"
            // The page says when as a player reads it (`in 5 min`); the log keeps the instant.
            session.becomeTroubled(because: reason, retryingAt: next)
            show(session, in: context)
            try context.invoices.recordPaymentStatus(RedirectURL.Status.troubled.rawValue, forInvoice: invoice)
            try context.log(.payStationTroubled, "status troubled: \(reason); Xsolla retries at \(EventDate.string(from: next))",
                            transaction: transaction.id)
            try sendTroubledRedirect(for: session, in: context)
            return nil
        case .refused, .gaveUp:
            let reason = Self.refusal(answer)
            if var session = open {
                session.becomeTroubled(because: reason)
                show(session, in: context)
            }
            try context.log(.payStationTroubled, "status troubled: \(reason); the purchase fails", transaction: transaction.id)
            // Xsolla took the money; the order fails, and only its support returns it.
            let settlement = try context.purchases.settle(transaction.id, as: .failed(
                .other("payment webhook: \(reason)"), event: "failed: \(reason)",
                notice: StoreNotice(.error, "The order failed: \(reason). Nothing was granted.")))
            return PathStep(settlements: [settlement], deliveredWithItsDecision: true)
        }
    }

    /// A paid page in webhook mode ends as any paid page: the redirect by the policy, else at once.
    private func settleShownPayment(_ session: PayStationSession, in context: PathContext) throws -> PathStep {
        let policy = context.catalog.settings.payStation.redirect
        try context.invoices.recordPaymentStatus(RedirectURL.Status.done.rawValue, forInvoice: session.invoiceId)
        guard RedirectURL.isSent(for: .done, by: policy.condition) else {
            try logClosing(session, in: context)
            let step = try settleWithoutRedirect(session.transactionId, invoice: session.invoiceId, status: .done, in: context)
            forget(session.invoiceId, in: context)
            return step
        }
        try context.log(.redirectSent, redirectURL(for: session, status: .done, in: context).text,
                        transaction: session.transactionId)
        try context.agenda.schedule(PayStationDueWork.redirect(invoiceId: session.invoiceId),
                                    at: context.now.addingTimeInterval(Double(policy.delaySeconds)))
        return .nothing
    }

    /// The `troubled` redirect, when the policy sends one; the handler leaves a held purchase pending.
    private func sendTroubledRedirect(for session: PayStationSession, in context: PathContext) throws {
        let policy = context.catalog.settings.payStation.redirect
        guard RedirectURL.isSent(for: .troubled, by: policy.condition) else { return }
        try context.log(.redirectSent, redirectURL(for: session, status: .troubled, in: context).text,
                        transaction: session.transactionId)
        try context.agenda.schedule(PayStationDueWork.redirect(invoiceId: session.invoiceId),
                                    at: context.now.addingTimeInterval(Double(policy.delaySeconds)))
    }

    /// Why the game's server stopped a purchase, in Pay Station's words with the backend's own.
    static func refusal(_ answer: BackendAnswer) -> String {
        switch answer.outcome {
        case .refused(let status, let code, let message):
            let said = [code, message].compactMap { $0 }.joined(separator: ": ")
            let what = code == "INVALID_USER" ? "the game does not know this player" : "the game's server refused it"
            return "\(what) (HTTP \(status)\(said.isEmpty ? "" : ", \(said)"))"
        case .gaveUp, .retrying:
            return "the game's server did not answer (\(answer.words))"
        case .taken:
            return "the game's server took it"
        }
    }
}

extension OutboxSettings {
    /// Webhook mode as a reloaded catalog has it, unless QA's `W` chose otherwise (the outbox no
    /// longer has the old catalog's).
    mutating func takeWebhookMode(of newCatalog: ProductCatalog, replacing old: ProductCatalog) {
        guard xsollaWebhookMode == old.settings.payStation.webhookMode else { return }
        xsollaWebhookMode = newCatalog.settings.payStation.webhookMode
    }
}
