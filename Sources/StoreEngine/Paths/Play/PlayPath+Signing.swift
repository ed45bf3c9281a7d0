import Foundation
import Ledger

// Google Play signs what it hands the app itself: each purchase's JSON (`getOriginalJson()`)
// with the app's licence key, SHA1withRSA, the form every Android app's `Security.verifyPurchase`
// checks. A Play transaction carries no App Store JWS: its signed form is the purchase this
// path keeps, first made when Google Play charges the test instrument, and for each renewal
// when it renews (the same `purchaseToken`, the order id of the recurrence).
extension PlayPath: OwnKeySigning {
    var ownKey: (any OwnKeySigning)? { self }

    /// A renewal's purchase, as Google Play hands it: the subscription's token and first
    /// purchase time, the recurrence's order id, acknowledged with the subscription.
    func signOwnPurchase(_ transaction: TransactionRecord, in context: PathContext) throws {
        let records = context.records(PlayPurchaseRecords.self)
        // The first purchase was signed when Google Play charged it; a refund changes no JSON.
        guard try records.purchase(of: transaction.id) == nil else { return }
        let original = try transaction.originalTransactionId.flatMap { try records.purchase(of: $0) }
        var purchase = PlayPurchase(
            transactionId: transaction.id,
            orderId: transaction.pathReference ?? original?.orderId ?? PlayPurchase.orderId(sequence: 0),
            packageName: original?.packageName ?? context.catalog.app.bundleId, productId: transaction.productId,
            purchaseTime: original?.purchaseTime ?? PlayPurchase.milliseconds(transaction.purchasedAt ?? context.now),
            state: .purchased, purchaseToken: original?.purchaseToken ?? context.chance.randomToken(length: 40),
            obfuscatedAccountId: Self.accountId(transaction.userId),
            consumable: context.catalog.product(id: transaction.productId)?.type == .consumable)
        // Renewals need no acknowledgement of their own: the subscription's covers them.
        purchase.acknowledged = original?.acknowledged ?? false
        if context.catalog.product(id: transaction.productId)?.type == .autoRenewable {
            purchase.autoRenewing = context.account.subscription(of: transaction)?.autoRenew ?? true
        }
        try sign(&purchase, with: records)
        try records.save(purchase)
    }

    func ownSignatureProblem(of transaction: TransactionRecord, in context: PathContext) -> String? {
        let records = context.records(PlayPurchaseRecords.self)
        do {
            guard let purchase = try records.purchase(of: transaction.id) else { return "Google Play keeps no purchase for it" }
            return try purchase.signatureProblem(with: records.licenseKey(), for: transaction)
        } catch {
            return "Google Play's purchase could not be read (\(error))"
        }
    }

    /// The JSON claims 99 more than was bought, under the signature Google made for it.
    func tamperOwnSignature(of transaction: TransactionRecord, in context: PathContext) throws {
        let records = context.records(PlayPurchaseRecords.self)
        guard var purchase = try records.purchase(of: transaction.id) else {
            throw LedgerError.unknownTransaction(id: transaction.id)
        }
        purchase.originalJson = purchase.originalJson.replacingOccurrences(of: "\"quantity\":1", with: "\"quantity\":100")
        try records.save(purchase)
    }

    /// The subscription's first order id with the recurrence's number: `..0` for the first renewal.
    func renewalReference(of subscription: SubscriptionRecord, in context: PathContext) throws -> String? {
        guard let original = try context.records(PlayPurchaseRecords.self).purchase(of: subscription.originalTransactionId)
        else { return nil }
        return PlayPurchase.orderId(ofRecurrence: subscription.renewals, of: original.orderId)
    }

    /// Re-signs the purchase of `transaction` as Google Play would hand it now (after an
    /// acknowledgement, or a change of `autoRenewing`), inside the caller's commit.
    func resign(_ purchase: inout PlayPurchase, in context: PathContext) throws {
        let records = context.records(PlayPurchaseRecords.self)
        try sign(&purchase, with: records)
        try records.save(purchase)
    }
}

extension PlayPurchase {
    /// Milliseconds since 1970, as the JSON writes a time.
    static func milliseconds(_ date: Date) -> Int64 {
        Int64((date.timeIntervalSince1970 * 1000).rounded())
    }

    /// Google's order id of a subscription's recurrence: the first order's id, two dots and the
    /// recurrence's number from 0 (`GPA.1234-5678-9012-34567..0`, `..1`, …).
    static func orderId(ofRecurrence number: Int, of firstOrderId: String) -> String {
        let base = firstOrderId.components(separatedBy: "..").first ?? firstOrderId
        return "\(base)..\(number)"
    }

    /// What `Purchase.getPurchaseState()` answers: PURCHASED, PENDING, else UNSPECIFIED_STATE (a
    /// declined slow card's purchase, which Google no longer hands out).
    var purchaseStateName: String {
        switch state {
        case .purchased: return "PURCHASED"
        case .pending: return "PENDING"
        case .declined: return "UNSPECIFIED_STATE"
        }
    }

    /// Why this purchase cannot be trusted as `transaction`'s, or nil: its signature must be
    /// `key`'s SHA1withRSA signature of the JSON exactly as kept, and the JSON must name the
    /// transaction's product (and its order, once it has one).
    func signatureProblem(with key: RSAKey, for transaction: TransactionRecord) -> String? {
        guard let signature = Data(base64Encoded: self.signature) else { return "the signature is not Base64" }
        guard key.verify(signature, of: Data(originalJson.utf8)) else {
            return "\(RSAKey.algorithm) does not match the purchase's JSON"
        }
        guard let fields = try? JSONSerialization.jsonObject(with: Data(originalJson.utf8)) as? [String: Any] else {
            return "the signed purchase is not JSON"
        }
        let product = fields["productId"] as? String
        guard product == transaction.productId else {
            return "the signed purchase is for \(product ?? "no product"), not \(transaction.productId)"
        }
        if let order = fields["orderId"] as? String, let reference = transaction.pathReference, order != reference {
            return "the signed purchase is order \(order), not \(reference)"
        }
        return nil
    }
}
