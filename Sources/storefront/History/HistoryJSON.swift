import Foundation
import StoreEngine

/// `storefront history --json`: the transactions (newest first) with what each charged, in
/// figures and in the storefront's words, its store and its verification; the refunds; each
/// player's balances, entitlements and subscriptions; every currency's balance; and the
/// notifications the stores' servers posted, with their attempts.
enum HistoryJSON {
    static func document(_ history: LedgerHistory) -> [String: Any] {
        let statuses = HistoryFacts.subscriptionStatuses(history)
        return [
            "ledger": history.ledgerPath,
            "now": HistoryFacts.date(history.now),
            "transactions": history.transactions.map { row(for: $0, in: history, status: statuses[$0.id]) },
            "refunds": history.refunds.map(row(for:)),
            "players": history.players.map { player in
                var row = row(for: player, renewalInfo: history.signedRenewalInfo)
                if let signed = history.signedAppTransaction[player.userId] { row["signedAppTransaction"] = signed }
                return row
            },
            "balances": history.balances,
            "notifications": history.notifications.map(row(for:)),
        ]
    }

    private static func row(for notification: OutboxNotification) -> [String: Any] {
        var row: [String: Any] = [
            "store": notification.store, "notificationUUID": notification.uuid, "type": notification.type,
            "url": notification.url, "createdAt": HistoryFacts.date(notification.createdAt),
            "attempts": notification.attempts.map { attempt -> [String: Any] in
                var row: [String: Any] = ["attempt": attempt.number, "at": HistoryFacts.date(attempt.time),
                                          "result": attempt.result, "milliseconds": attempt.milliseconds]
                if let status = attempt.httpStatus { row["httpStatus"] = status }
                return row
            },
        ]
        if let subtype = notification.subtype { row["subtype"] = subtype }
        if let transactionId = notification.transactionId { row["transactionId"] = transactionId }
        if let next = notification.nextAttemptAt { row["nextAttemptAt"] = HistoryFacts.date(next) }
        if let delivered = notification.deliveredAt { row["deliveredAt"] = HistoryFacts.date(delivered) }
        return row
    }

    private static func row(for transaction: TransactionSummary, in history: LedgerHistory,
                            status: SubscriptionStatus?) -> [String: Any] {
        var row: [String: Any] = [
            "id": transaction.id, "productId": transaction.productId, "userId": transaction.userId,
            "storefront": transaction.storefront, "path": transaction.path?.rawValue ?? "unknown",
            "state": transaction.state.rawValue, "price": transaction.price, "currency": transaction.currency,
            "amountCharged": "\(transaction.amountCharged)", "charge": transaction.chargeText,
            "displayState": transaction.displayState, "finished": transaction.isFinished,
            "createdAt": HistoryFacts.date(transaction.createdAt),
        ]
        if let store = HistoryFacts.store(of: transaction) { row["store"] = store }
        if let locale = transaction.locale { row["locale"] = locale }
        if let failure = transaction.failure { row["error"] = failure.description }
        if let invoice = transaction.invoiceId { row["invoiceId"] = invoice }
        if let order = transaction.orderId { row["orderId"] = order }
        if let variation = transaction.variationId { row["variationId"] = variation }
        if let offer = transaction.offerType { row["offerType"] = offer }
        if let offer = transaction.offerId { row["offerId"] = offer }
        if let jws = transaction.signedTransaction { row["signedTransaction"] = jws }
        // Google Play's purchase as the app gets it: `getOriginalJson()`, its signature and the
        // object's own state, in place of a JWS.
        if let purchase = history.signedPurchases[transaction.id] {
            row["originalJson"] = purchase.originalJson
            row["signature"] = purchase.signature
            row["signatureAlgorithm"] = purchase.algorithm
            row["purchaseState"] = purchase.purchaseState
            row["isAcknowledged"] = purchase.isAcknowledged
            row["purchaseToken"] = purchase.token
        }
        if let pending = transaction.pending { row["pending"] = pending.rawValue }
        if let original = transaction.originalTransactionId { row["originalTransactionId"] = original }
        // Family Sharing: a member's share (the App Store's `inAppOwnershipType`), or a purchase no longer shared.
        if let sharing = transaction.familySharing { row["familySharing"] = sharing.rawValue }
        if let refunded = transaction.revokedAt {
            row["revokedAt"] = HistoryFacts.date(refunded)
            row["revocationReason"] = transaction.revocationReason ?? RefundReason.other.rawValue
        }
        if let verification = history.verification[transaction.id] {
            row["verification"] = HistoryFacts.words(verification)
            row["verified"] = verification == .verified
        }
        if let status { row["subscriptionStatus"] = status.rawValue }
        return row
    }

    private static func row(for refund: LedgerHistory.Refund) -> [String: Any] {
        ["transactionId": refund.transactionId, "amount": "\(refund.amount)", "currency": refund.currency,
         "amountText": refund.amountText, "reason": refund.reason, "prorated": refund.isProrated,
         "time": HistoryFacts.date(refund.time)]
    }

    private static func row(for player: LedgerHistory.Player, renewalInfo: [String: String]) -> [String: Any] {
        [
            "userId": player.userId,
            "balances": player.balances,
            "entitlements": player.entitlements.map { entitlement -> [String: Any] in
                var row: [String: Any] = [
                    "id": entitlement.id, "kind": entitlement.kind.rawValue, "active": entitlement.isActive,
                    "willRenew": entitlement.willRenew, "state": HistoryFacts.state(of: entitlement),
                    "stores": entitlement.stores.map(\.displayName),
                ]
                if let product = entitlement.productId { row["productId"] = product }
                if let expires = entitlement.expiresAt { row["expiresAt"] = HistoryFacts.date(expires) }
                if let source = entitlement.source { row["source"] = source }
                if entitlement.isFamilyShared { row["familyShared"] = true }
                if let status = entitlement.subscription?.status { row["status"] = status.rawValue }
                return row
            },
            "subscriptions": player.subscriptions.map { subscription -> [String: Any] in
                var row: [String: Any] = [
                    "originalTransactionId": subscription.originalTransactionId,
                    "latestTransactionId": subscription.latestTransactionId, "productId": subscription.productId,
                    "level": subscription.level, "status": subscription.status.rawValue,
                    "expiresAt": HistoryFacts.date(subscription.expiresAt), "autoRenew": subscription.autoRenew,
                    "willRenew": subscription.willRenew, "renewals": subscription.renewals,
                    "periodType": subscription.periodType, "billingIssue": subscription.billingIssue,
                ]
                if let path = subscription.path { row["store"] = path.marketplace.displayName }
                if let detected = subscription.billingIssueDetectedAt { row["billingIssueDetectedAt"] = HistoryFacts.date(detected) }
                if let stopped = subscription.unsubscribedAt { row["unsubscribedAt"] = HistoryFacts.date(stopped) }
                if let next = subscription.pendingProductId { row["pendingProductId"] = next }
                if let ended = subscription.endedAt { row["endedAt"] = HistoryFacts.date(ended) }
                if let reason = subscription.endReason { row["endReason"] = reason }
                if let renewalInfo = renewalInfo[subscription.originalTransactionId] {
                    row["signedRenewalInfo"] = renewalInfo
                }
                return row
            },
        ]
    }
}
