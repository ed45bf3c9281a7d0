import Catalog
import Foundation

// onPurchasesUpdated reaching the app: verified, granted, acknowledged or consumed; and the app's
// calls QA makes without a sheet (acknowledge, consume, a disconnection).
extension PlayPath {
    // MARK: onPurchasesUpdated → verify, grant, acknowledge or consume

    /// `onPurchasesUpdated(OK, [purchase])` for a PURCHASED purchase: the app verifies the
    /// signature with its licence key, grants, finishes and, unless QA turned it off,
    /// acknowledges (or consumes a consumable), in one commit. A purchase that fails
    /// verification is neither granted nor acknowledged: Google Play refunds it at its deadline.
    func deliver(_ transaction: String, in context: PathContext) throws -> PathStep {
        let records = context.records(PlayPurchaseRecords.self)
        guard let purchase = try records.purchase(of: transaction), purchase.state == .purchased else {
            return PathStep(notice: StoreNotice(.info, "Google Play holds no purchase for \(transaction)."))
        }
        try context.log(.playPurchasesUpdated, "onPurchasesUpdated(OK, [\(purchase.orderId) PURCHASED])",
                        transaction: transaction)
        if let problem = try verificationProblem(of: purchase, with: records) {
            try context.log(.playVerifyFailed, "the purchase's signature does not verify (\(problem)): "
                            + "not granted, not acknowledged", transaction: transaction)
            return PathStep(notice: StoreNotice(.error, "Google Play's purchase failed verification: \(problem). "
                                                + "Nothing was granted."))
        }
        try context.log(.playVerified, "signature verified with the licence key (\(RSAKey.algorithm))", transaction: transaction)
        let paidAt = Date(timeIntervalSince1970: Double(purchase.purchaseTime) / 1000)
        let paid = try context.purchases.settle(transaction, as: .paid(at: paidAt))
        // Granted in the payment's commit, and only then acknowledged, as the app does after granting.
        return PathStep(settlements: [paid], deliveredWithItsDecision: true) { [self] in
            try acknowledgeGranted(purchase, with: records, in: context)
        }
    }

    /// What the app does once it has granted a purchase: its store's notification of it, then
    /// the acknowledgement (or consumption) that keeps Google Play from refunding it.
    private func acknowledgeGranted(_ purchase: PlayPurchase, with records: PlayPurchaseRecords,
                                    in context: PathContext) throws {
        var purchase = purchase
        let subscribes = context.catalog.product(id: purchase.productId)?.type == .autoRenewable
        // A plan change's purchase names the one it replaced, whose token is no longer valid.
        let linked = purchase.linkedPurchaseToken.map {
            ", linkedPurchaseToken \($0.prefix(12))… (\(purchase.replacementMode ?? "replaced"); that token is no longer valid)"
        } ?? ""
        // A purchase a promo code redeemed carries its promotion (`signupPromotion`, `purchaseType` 1).
        let promotion = try context.account.transaction(purchase.transactionId).flatMap(PlayPromoCodes.promotion(of:))
            .map { ", promotion \($0)" } ?? ""
        try context.log(subscribes ? .subscriptionPurchased : .oneTimeProductPurchased,
                        "\(purchase.productId) \(purchase.orderId)\(linked)\(promotion)", transaction: purchase.transactionId)
        guard try records.appAcknowledges() else {
            try context.log(.playAcknowledged, "the app leaves \(purchase.orderId) unacknowledged (QA): Google Play "
                            + "refunds it at its deadline", transaction: purchase.transactionId)
            return
        }
        try settleOwnership(of: &purchase, in: context)
    }

    /// Why the purchase's signature cannot be trusted, or nil.
    func verificationProblem(of purchase: PlayPurchase, with records: PlayPurchaseRecords) throws -> String? {
        guard let signature = Data(base64Encoded: purchase.signature) else { return "the signature is not Base64" }
        let key: RSAKey
        do {
            key = try records.licenseKey()
        } catch let error as SigningError {
            return error.description
        }
        return key.verify(signature, of: Data(purchase.originalJson.utf8)) ? nil : "\(RSAKey.algorithm) does not match the JSON"
    }

    /// The app's step after granting: consume a consumable, acknowledge anything else. Google
    /// Play hands the purchase out acknowledged from then on (its JSON signed again).
    func settleOwnership(of purchase: inout PlayPurchase, in context: PathContext) throws {
        let call = purchase.consumable ? "consumeAsync(\(purchase.purchaseToken.prefix(12))…) → OK: it can be bought again"
            : "acknowledgePurchase(\(purchase.purchaseToken.prefix(12))…) → OK"
        try settle(&purchase, consuming: purchase.consumable, saying: call, in: context)
    }

    /// Google Play holds the purchase acknowledged (and consumed), signs its JSON again and
    /// calls off the refund at the acknowledgement deadline, whoever asked.
    private func settle(_ purchase: inout PlayPurchase, consuming: Bool, saying line: String, in context: PathContext) throws {
        purchase.acknowledged = true
        if consuming { purchase.consumed = true }
        try context.log(consuming ? .playConsumed : .playAcknowledged, line, transaction: purchase.transactionId)
        try resign(&purchase, in: context)
        try context.agenda.cancelScheduled(PlayDueWork.acknowledgementDeadline(transactionId: purchase.transactionId))
    }

    /// `purchases.products.acknowledge` or `:consume` (and `purchases.subscriptions.acknowledge`)
    /// from the team's backend: counted exactly as the app's own call, for any player's purchase
    /// Google holds as PURCHASED, granted or not. Again on one already settled changes nothing;
    /// a pending, declined or refunded purchase is refused, as Google's server refuses it.
    func backendCall(on transaction: String, consuming: Bool, in context: PathContext) throws -> PathStep {
        guard var purchase = try context.records(PlayPurchaseRecords.self).purchase(of: transaction) else {
            return PathStep(notice: .refusal("Google Play holds no purchase \(transaction).", tone: .error))
        }
        let resource = purchase.autoRenewing == nil ? "products" : "subscriptions"
        let method = "purchases.\(resource).\(consuming ? "consume" : "acknowledge")"
        let token = purchase.purchaseToken.prefix(12)
        guard purchase.state == .purchased, !purchase.refunded else {
            let why = purchase.refunded ? "it was refunded" : "it is \(purchase.state.rawValue)"
            try context.log(consuming ? .playConsumed : .playAcknowledged,
                            "\(method)(\(token)…) from the backend → invalidPurchaseState: \(why)", transaction: transaction)
            return PathStep(notice: .refusal("The backend's \(method) is refused: \(purchase.orderId) \(why).", tone: .error))
        }
        if consuming ? purchase.consumed : purchase.acknowledged {
            try context.log(consuming ? .playConsumed : .playAcknowledged,
                            "\(method)(\(token)…) from the backend again: nothing changes", transaction: transaction)
            return PathStep(notice: StoreNotice(.info, "\(purchase.orderId) is already \(consuming ? "consumed" : "acknowledged")."))
        }
        try settle(&purchase, consuming: consuming, saying: "\(method)(\(token)…) from the backend → OK", in: context)
        return PathStep(notice: StoreNotice(.success, "The backend \(consuming ? "consumed" : "acknowledged") \(purchase.orderId)."))
    }

    // MARK: QA's calls without a sheet

    /// `acknowledgePurchase` for the transaction named, or the newest purchase not acknowledged.
    func acknowledge(_ transaction: String?, in context: PathContext) throws -> PathStep {
        try ownershipCall(transaction, in: context, call: "acknowledgePurchase", consuming: false)
    }

    /// `consumeAsync`: idempotent; consuming what was consumed already changes nothing.
    func consume(_ transaction: String?, in context: PathContext) throws -> PathStep {
        try ownershipCall(transaction, in: context, call: "consumeAsync", consuming: true)
    }

    func ownershipCall(_ transaction: String?, in context: PathContext, call: String,
                               consuming: Bool) throws -> PathStep {
        let records = context.records(PlayPurchaseRecords.self)
        let mine = try records.all().filter { $0.obfuscatedAccountId == Self.accountId(context.userId) && $0.state == .purchased }
        let chosen: PlayPurchase?
        if let transaction {
            chosen = mine.first { $0.transactionId == transaction }
        } else if consuming {
            chosen = mine.last { $0.consumable && !$0.consumed && !$0.refunded } ?? mine.last { $0.consumable }
        } else {
            chosen = mine.last { !$0.acknowledged && !$0.refunded } ?? mine.last
        }
        guard var purchase = chosen else {
            return PathStep(notice: StoreNotice(.info, "Google Play holds no purchase to \(consuming ? "consume" : "acknowledge")."))
        }
        let id = purchase.transactionId
        let granted = try context.account.transaction(id)?.finishedAt != nil
        if purchase.refunded {
            try context.log(consuming ? .playConsumed : .playAcknowledged,
                            "\(call)(\(purchase.orderId)) → ITEM_NOT_OWNED: Google Play refunded it", transaction: id)
            return PathStep(notice: StoreNotice(.info, "\(purchase.orderId) was refunded; \(call) changes nothing."))
        }
        if consuming ? purchase.consumed : purchase.acknowledged {
            try context.log(consuming ? .playConsumed : .playAcknowledged,
                            "\(call)(\(purchase.orderId)) again: already \(consuming ? "consumed" : "acknowledged"), "
                            + "nothing changes", transaction: id)
            return PathStep(notice: StoreNotice(.info, "\(purchase.orderId) is already \(consuming ? "consumed" : "acknowledged")."))
        }
        guard granted else {
            return PathStep(notice: StoreNotice(.info, "\(purchase.orderId) is not granted yet; nothing to \(consuming ? "consume" : "acknowledge")."))
        }
        if consuming, !purchase.consumable {
            return PathStep(notice: StoreNotice(.info, "\(purchase.productId) is not a consumable; acknowledge it instead."))
        }
        try settleOwnership(of: &purchase, in: context)
        return PathStep(notice: StoreNotice(.success, "\(call): \(purchase.orderId) \(consuming ? "consumed" : "acknowledged")."))
    }

    func setAppAcknowledges(_ on: Bool, in context: PathContext) throws -> PathStep {
        try setAppAcknowledgesQuietly(on, in: context)
        return PathStep(notice: StoreNotice(.info, on ? "The app acknowledges and consumes Google Play purchases after granting."
                                            : "The app leaves Google Play purchases unacknowledged: Google Play refunds them."))
    }

    func setAppAcknowledgesQuietly(_ on: Bool, in context: PathContext) throws {
        try context.records(PlayPurchaseRecords.self).setAppAcknowledges(on)
        try context.log(.playAcknowledged, on ? "the app acknowledges and consumes after granting"
                        : "QA: the app no longer acknowledges or consumes after granting")
        context.onceCommitted { [self] in session?.appAcknowledges = on }
    }

    /// `onBillingServiceDisconnected`: the app calls `startConnection` again after a backoff.
    func disconnect(failingAttempts failing: Int, in context: PathContext, during transaction: String? = nil) throws -> PathStep {
        try context.log(.playConnection, "onBillingServiceDisconnected (SERVICE_DISCONNECTED): the app calls "
                        + "startConnection again in \(Int(Self.backoff(beforeAttempt: 1))) s", transaction: transaction)
        try context.agenda.cancelScheduled(PlayDueWork.self) { if case .reconnect = $0 { true } else { false } }
        try context.agenda.schedule(PlayDueWork.reconnect(attempt: 1), at: context.now.addingTimeInterval(Self.backoff(beforeAttempt: 1)))
        context.onceCommitted { [self] in
            failingAttempts = failing
            connection = .reconnecting(attempt: 1)
            session?.reconnecting = true
        }
        return PathStep(notice: StoreNotice(.error, "Google Play Billing disconnected; the app is reconnecting."))
    }
}
