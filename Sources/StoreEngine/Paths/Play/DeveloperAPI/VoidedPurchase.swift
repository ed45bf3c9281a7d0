import Foundation
import Ledger

/// One purchase Google Play voided (refunded, charged back or revoked), as
/// `purchases.voidedpurchases.list` returns it (a `VoidedPurchase` resource): the API's list and
/// the app's view of it (`g`) are made of the same values, so they cannot differ.
public struct VoidedPurchase: Sendable, Equatable {
    /// The engine's transaction voided: not Google's field, the one the panes name it by.
    public var transactionId: String
    public var productId: String
    public var purchaseToken: String
    /// A renewal's own order id (`GPA.….0`), else the purchase's.
    public var orderId: String
    public var purchaseTimeMillis: Int64
    public var voidedTimeMillis: Int64
    /// Google's initiator: 0 the user, 1 the developer, 2 Google.
    public var voidedSource: Int
    /// Google's reason: 0 other, 1 remorse, … 7 chargeback, 8 an unacknowledged purchase.
    public var voidedReason: Int
    /// A subscription's (listed only with `type=1`).
    public var isSubscription: Bool

    public static let kind = "androidpublisher#voidedPurchase"

    public init(transactionId: String, productId: String, purchaseToken: String, orderId: String, purchaseTimeMillis: Int64,
                voidedTimeMillis: Int64, voidedSource: Int, voidedReason: Int, isSubscription: Bool) {
        self.transactionId = transactionId
        self.productId = productId
        self.purchaseToken = purchaseToken
        self.orderId = orderId
        self.purchaseTimeMillis = purchaseTimeMillis
        self.voidedTimeMillis = voidedTimeMillis
        self.voidedSource = voidedSource
        self.voidedReason = voidedReason
        self.isSubscription = isSubscription
    }

    /// Google's names of `voidedSource` and `voidedReason`, by number, as its reference writes them.
    static let sourceNames = ["User", "Developer", "Google"]
    static let reasonNames = ["Other", "Remorse", "Not_received", "Defective", "Accidental_purchase", "Fraud",
                              "Friendly_fraud", "Chargeback", "Unacknowledged_purchase"]

    /// `2 (Google)`: the number, then Google's name for it.
    public var sourceWords: String { Self.words(voidedSource, Self.sourceNames) }
    public var reasonWords: String { Self.words(voidedReason, Self.reasonNames) }

    private static func words(_ number: Int, _ names: [String]) -> String {
        names.indices.contains(number) ? "\(number) (\(names[number]))" : String(number)
    }

    /// Who voided `purchase` and why, from what the ledger recorded: a chargeback by Google
    /// (the bank's claim, which Google answers); a purchase never acknowledged by Google at the
    /// deadline; a developer issue by the developer (through the API); else at the player's
    /// request (a refund QA gave).
    init(_ purchase: PlayPurchase, transactionId: String, voidedAt: Date, reason recorded: String?, isSubscription: Bool) {
        let (source, reason): (Int, Int)
        if recorded == TransactionAction.chargebackReason {
            (source, reason) = (2, 7)
        } else if !purchase.acknowledged {
            (source, reason) = (2, 8)
        } else if recorded == RefundReason.developerIssue.rawValue {
            (source, reason) = (1, 0)
        } else {
            (source, reason) = (0, 1)
        }
        self.init(transactionId: transactionId, productId: purchase.productId, purchaseToken: purchase.purchaseToken,
                  orderId: purchase.orderId, purchaseTimeMillis: purchase.purchaseTime,
                  voidedTimeMillis: PlayPurchase.milliseconds(voidedAt), voidedSource: source, voidedReason: reason,
                  isSubscription: isSubscription)
    }

    /// The resource's JSON fields, Google's longs written as strings.
    var fields: [String: Any] {
        ["kind": Self.kind, "purchaseToken": purchaseToken, "orderId": orderId,
         "purchaseTimeMillis": String(purchaseTimeMillis), "voidedTimeMillis": String(voidedTimeMillis),
         "voidedSource": voidedSource, "voidedReason": voidedReason]
    }
}

/// Every purchase Google Play voided, read from the ledger: what `voidedpurchases.list` pages
/// through and the app's view shows.
struct PlayVoidedPurchases: PathRecords {
    private let ledger: LedgerDatabase
    private let now: Date

    init(ledger: LedgerDatabase, now: Date) {
        self.ledger = ledger
        self.now = now
    }

    /// Oldest voiding first; subscriptions' only when `includingSubscriptions` (`type=1`). A
    /// subscription's renewal that was voided is listed with the subscription's token and the
    /// renewal's order id.
    func all(includingSubscriptions: Bool) throws -> [VoidedPurchase] {
        let purchases = try PlayPurchaseRecords(ledger: ledger, now: now).all()
        let byTransaction = Dictionary(purchases.map { ($0.transactionId, $0) }, uniquingKeysWith: { first, _ in first })
        var found: [VoidedPurchase] = []
        for record in try ledger.transactions(newestFirst: Int.max) {
            guard let voidedAt = record.revokedAt,
                  var purchase = byTransaction[record.id] ?? record.originalTransactionId.flatMap({ byTransaction[$0] }) else { continue }
            let isSubscription = purchase.autoRenewing != nil
            guard includingSubscriptions || !isSubscription else { continue }
            if let renewalOrder = record.pathReference { purchase.orderId = renewalOrder }
            found.append(VoidedPurchase(purchase, transactionId: record.id, voidedAt: voidedAt, reason: record.revocationReason,
                                        isSubscription: isSubscription))
        }
        return found.sorted { $0.voidedTimeMillis < $1.voidedTimeMillis }
    }
}
