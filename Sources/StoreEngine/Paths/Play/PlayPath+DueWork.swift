import Catalog
import Foundation

// What falls due on the clock: a reconnection attempt, a slow card settling, the deadline for
// acknowledging a purchase.
extension PlayPath {
    // MARK: Due work

    func perform(_ work: PlayDueWork, in context: PathContext) throws -> PathStep {
        switch work {
        case .reconnect(let attempt):
            return try reconnect(attempt: attempt, in: context)
        case .pendingSettles(let transaction, let approves):
            return try settlePending(transaction, approves: approves, in: context)
        case .acknowledgementDeadline(let transaction):
            return try refundUnacknowledged(transaction, in: context)
        }
    }

    func reconnect(attempt: Int, in context: PathContext) throws -> PathStep {
        if failingAttempts > 0 {
            failingAttempts -= 1
            let wait = Self.backoff(beforeAttempt: attempt + 1)
            try context.log(.playConnection, "startConnection (attempt \(attempt)) → onBillingSetupFinished"
                            + "(SERVICE_UNAVAILABLE): trying again in \(Int(wait)) s")
            try context.agenda.schedule(PlayDueWork.reconnect(attempt: attempt + 1), at: context.now.addingTimeInterval(wait))
            connection = .reconnecting(attempt: attempt + 1)
            return .nothing
        }
        try context.log(.playConnection, "startConnection (attempt \(attempt)) → onBillingSetupFinished(OK): connected")
        connection = .connected
        session?.reconnecting = false
        return PathStep(notice: StoreNotice(.info, "Google Play Billing reconnected."
                                            + (session == nil ? "" : " Press Buy to try again.")))
    }

    /// A slow test card settles: approved, the pending purchase becomes PURCHASED and reaches
    /// the app on `onPurchasesUpdated`; declined, it fails and nothing was charged.
    func settlePending(_ transaction: String, approves: Bool, in context: PathContext) throws -> PathStep {
        let records = context.records(PlayPurchaseRecords.self)
        guard var purchase = try records.purchase(of: transaction), purchase.state == .pending else { return .nothing }
        guard approves else {
            purchase.state = .declined
            try records.save(purchase)
            let subscribes = context.catalog.product(id: purchase.productId)?.type == .autoRenewable
            try context.log(subscribes ? .subscriptionPendingPurchaseCanceled : .oneTimeProductCanceled,
                            "\(purchase.productId), purchaseToken \(purchase.purchaseToken.prefix(12))…: the slow test card "
                            + "declined; nothing was charged", transaction: transaction)
            let notice = StoreNotice(.error, "Google Play: the slow test card declined \(purchase.orderId). Nothing was charged.")
            return PathStep(settlements: [try context.purchases.settle(transaction, as: .failed(
                .other("declined by the slow test card"),
                event: "onPurchasesUpdated(OK, [\(purchase.orderId)]): the pending purchase was declined", notice: notice))])
        }
        purchase.state = .purchased
        purchase.purchaseTime = Int64((context.now.timeIntervalSince1970 * 1000).rounded())
        try sign(&purchase, with: records)
        try records.save(purchase)
        try context.log(.playCharged, "the slow test card approved \(purchase.orderId): PENDING → PURCHASED",
                        transaction: transaction)
        try scheduleDeadline(of: transaction, in: context)
        return try deliver(transaction, in: context)
    }

    /// The deadline passed unacknowledged: Google Play refunds the purchase and revokes it.
    func refundUnacknowledged(_ transaction: String, in context: PathContext) throws -> PathStep {
        let records = context.records(PlayPurchaseRecords.self)
        guard var purchase = try records.purchase(of: transaction), purchase.state == .purchased,
              !purchase.acknowledged, !purchase.refunded else { return .nothing }
        // Voided meanwhile (QA's refund, a chargeback): there is nothing left to refund.
        guard try context.account.transaction(transaction)?.revokedAt == nil else { return .nothing }
        purchase.refunded = true
        try records.save(purchase)
        let window = Self.acknowledgementWindow(sandbox: context.catalog.settings.useSandbox)
        let within = window < 3_600 ? "\(Int(window / 60)) minutes" : "\(Int(window / 86_400)) days"
        let subscribes = context.catalog.product(id: purchase.productId)?.type == .autoRenewable
        try context.log(subscribes ? .subscriptionRevoked : .voidedPurchaseNotification,
                        "\(purchase.orderId) not acknowledged within \(within): Google Play "
                        + "refunded and revoked it", transaction: transaction)
        guard let record = try context.account.transaction(transaction) else { return .nothing }
        if record.state == .purchasing || record.state == .deferred {
            // Never granted (its signature failed, or the app came back after the deadline): it
            // ends here, refunded.
            let notice = StoreNotice(.info, "Google Play refunded \(purchase.orderId): never acknowledged.")
            return PathStep(settlements: [try context.purchases.settle(transaction, as: .failed(
                .other("refunded: not acknowledged"), event: "refunded by Google Play: not acknowledged", notice: notice))])
        }
        let refunded = try context.purchases.refund(transaction, because: .other)
        let line = refunded?.text ?? "Refunded \(purchase.productId)."
        return PathStep(notice: StoreNotice(.error, "Google Play: not acknowledged within \(within). \(line)"))
    }
}
