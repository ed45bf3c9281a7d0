import Catalog
import Foundation
import Ledger

// What Xsolla posts to the team's backend of a purchase made on Pay Station, as its webhook
// documentation orders it: `payment` when the money is taken, then `order_paid` (or, for a
// subscription, `create_subscription`) once the backend took the payment; `refund`, then
// `order_canceled` once it took the refund; the subscription's own webhooks as they happen.
// Each is signed with the project's secret key (`Authorization: Signature …`).
extension PayStationPath {
    func backendNotification(for kind: EventKind, ofTransaction transactionId: String,
                             in context: PathContext) throws -> [OutboxMessage] {
        guard let transaction = try context.account.transaction(transactionId) else { return [] }
        let outbox = context.purchases.outbox
        switch kind {
        case .xsollaOrderPaid, .xsollaCreateSubscription:
            // Sent once the backend took the payment: now, when it already has (webhook mode),
            // else from `backendAnswered`.
            if try outbox.delivered(XsollaWebhook.payment, of: transactionId, from: .xsolla) {
                return [try message(kind.rawValue, of: transaction, in: context)]
            }
            return try paymentPosted(of: transactionId, in: context)
                ? [] : [try message(XsollaWebhook.payment, of: transaction, in: context)]
        case .xsollaUpdateSubscription:
            // A renewal is a new charge: its payment goes first.
            let charge = try paymentPosted(of: transactionId, in: context)
                ? [] : [try message(XsollaWebhook.payment, of: transaction, in: context)]
            return charge + [try message(kind.rawValue, of: transaction, in: context)]
        case .xsollaNonRenewalSubscription, .xsollaCancelSubscription, .xsollaRefund:
            return [try message(kind.rawValue, of: transaction, in: context)]
        default:
            return []
        }
    }

    func backendAnswered(_ answer: BackendAnswer, in context: PathContext) throws -> PathStep? {
        guard let transaction = try context.account.transaction(answer.transactionId) else { return nil }
        switch (answer.type, answer.outcome) {
        case (XsollaWebhook.userValidation, _):
            return try userValidationAnswered(answer, in: context)
        case (XsollaWebhook.payment, _) where try heldForBackend(transaction, in: context):
            return try heldPaymentAnswered(answer, transaction, in: context)
        case (XsollaWebhook.payment, .taken):
            // A purchase delivered already: what follows its payment goes now.
            guard transaction.state == .purchased || transaction.state == .restored else { return nil }
            let subscribes = isSubscription(transaction, in: context)
            // A renewal's payment has its update_subscription already; only a first purchase is followed.
            guard !subscribes || (transaction.originalTransactionId ?? transaction.id) == transaction.id else { return nil }
            let follows = subscribes ? EventKind.xsollaCreateSubscription : .xsollaOrderPaid
            guard try !context.purchases.outbox.posted(follows.rawValue, of: transaction.id, from: .xsolla) else { return nil }
            try context.purchases.outbox.post(try message(follows.rawValue, of: transaction, in: context), from: .xsolla,
                                    transaction: transaction.id)
            return nil
        case (EventKind.xsollaRefund.rawValue, .taken) where !isSubscription(transaction, in: context):
            try context.purchases.outbox.post(try message(XsollaWebhook.orderCanceled, of: transaction, in: context), from: .xsolla,
                                    transaction: transaction.id)
            return nil
        default:
            return nil
        }
    }

    /// Whether a `payment` of `transactionId` is in the outbox already.
    private func paymentPosted(of transactionId: String, in context: PathContext) throws -> Bool {
        try context.purchases.outbox.posted(XsollaWebhook.payment, of: transactionId, from: .xsolla)
    }

    func isSubscription(_ transaction: TransactionRecord, in context: PathContext) -> Bool {
        context.catalog.product(id: transaction.productId)?.type == .autoRenewable
    }

    /// The webhook `type` of `transaction`, signed.
    func message(_ type: String, of transaction: TransactionRecord, in context: PathContext) throws -> OutboxMessage {
        let body = try webhookBody(type, of: transaction, in: context).json()
        // Xsolla's webhooks carry no id of their own: the type and the transaction name one,
        // and a retry is the same body again.
        var generator = SystemRandomNumberGenerator()
        let uuid = "xsolla-\(type)-\(transaction.id)-\(UInt32.random(in: .min ... .max, using: &generator))"
        return OutboxMessage(uuid: uuid, type: type, body: body, headers: [
            .init(name: "Content-Type", value: "application/json"), try context.purchases.outbox.xsollaAuthorization(of: body),
        ])
    }

    /// What Xsolla writes in a webhook of `type`.
    func webhookBody(_ type: String, of transaction: TransactionRecord,
                     in context: PathContext) throws -> XsollaWebhookBody {
        let catalog = context.catalog
        let country = transaction.locale.flatMap { Locale(identifier: $0).region?.identifier }
        let amount = Decimal(string: transaction.amountCharged ?? transaction.price) ?? 0
        let money = XsollaWebhookBody.Money(currency: transaction.currency, amount: amount)
        let invoice = Int(transaction.invoiceId ?? "") ?? 0
        var body = XsollaWebhookBody(notificationType: type,
                                     settings: catalog.settings.projectId.map { .init(projectId: $0) },
                                     user: .init(id: transaction.userId, country: country))
        let subscription = subscriptionFields(of: transaction, in: context)
        switch type {
        case XsollaWebhook.userValidation:
            break
        case XsollaWebhook.payment, EventKind.xsollaRefund.rawValue:
            body.purchase = .init(checkout: money, subscription: subscription)
            body.transaction = .init(id: invoice, externalId: transaction.id,
                                     paymentDate: XsollaWebhookBody.date(transaction.purchasedAt ?? transaction.createdAt),
                                     dryRun: catalog.settings.useSandbox ? 1 : nil)
            body.paymentDetails = .init(payment: money)
            if type == EventKind.xsollaRefund.rawValue {
                body.refundDetails = .init(code: 1, reason: transaction.revocationReason ?? "Refunded", author: "storefront")
            }
        case EventKind.xsollaOrderPaid.rawValue, XsollaWebhook.orderCanceled:
            body.user = .init(externalId: transaction.userId)
            body.items = [.init(sku: transaction.productId, type: "virtual_good", quantity: transaction.quantity,
                                amount: transaction.amountCharged ?? transaction.price)]
            body.order = .init(id: invoice, mode: catalog.settings.useSandbox ? "sandbox" : "default",
                               currency: transaction.currency, amount: transaction.amountCharged ?? transaction.price,
                               status: type == XsollaWebhook.orderCanceled ? "canceled" : "paid",
                               invoiceId: transaction.invoiceId ?? "")
            body.customParameters = [:]
        default:
            // The subscription's own webhooks.
            body.subscription = subscription
        }
        return body
    }

    /// The subscription `transaction` belongs to, in Xsolla's words; nil for anything else.
    private func subscriptionFields(of transaction: TransactionRecord,
                                    in context: PathContext) -> XsollaWebhookBody.Subscription? {
        guard isSubscription(transaction, in: context) else { return nil }
        let record = context.account.subscription(of: transaction)
        let original = transaction.originalTransactionId ?? transaction.id
        let ended = record?.endedAt != nil
        return XsollaWebhookBody.Subscription(
            planId: transaction.productId, subscriptionId: Int(original.filter(\.isNumber).suffix(9)) ?? 0,
            productId: transaction.productId, dateCreate: XsollaWebhookBody.date(transaction.createdAt),
            dateNextCharge: ended || record?.autoRenew == false ? nil : record.map { XsollaWebhookBody.date($0.expiresAt) },
            dateEnd: ended ? record?.endedAt.map(XsollaWebhookBody.date) : nil,
            currency: transaction.currency, amount: Decimal(string: transaction.price) ?? 0)
    }
}
