import Foundation
import Ledger

/// How a path's store follows a purchase after the sale: the name it gives each event as its
/// server notifies a backend, what it does on a refund and on a subscription's change, how the
/// app's plan changes are carried out and what each renewal is called. A capability of the
/// path whose store has any of it (`PurchasePath.lifecycle`).
protocol StoreLifecycle: AnyObject {
    /// The name its store gives `event` of the transaction `transactionId` (its latest, for a
    /// subscription's), as its server would notify a backend.
    func notification(for event: LifecycleEvent, ofTransaction transactionId: String, in context: PathContext) -> LifecycleNaming

    /// QA's answer to a transaction of this path left waiting (approve, decline, resolve); nil
    /// when nothing of this store waits for one.
    func answer(_ action: TransactionAction, to transaction: TransactionRecord, in context: PathContext) throws -> PathStep?

    /// The store refunded one of this path's transactions (already recorded and logged).
    func refunded(_ transaction: TransactionRecord, in context: PathContext) throws

    /// A subscription sold on this path changed on the calendar or by QA's hand (renewed,
    /// cancelled, expired…); `transaction` is its latest. Inside the change's commit.
    func subscriptionChanged(_ change: SubscriptionChange, _ transaction: TransactionRecord,
                             in context: PathContext) throws

    /// How a plan change the app makes on this path is carried out, where its store lets the app
    /// choose (Google Play's replacement mode): for the purchase `transactionId` once it has one,
    /// else for the next purchase. Nil for the App Store's fixed rule (`PlanChange`).
    func planReplacement(forTransaction transactionId: String?, in context: PathContext) throws -> PlanReplacement?

    /// The path's reference for the next renewal of `subscription` (Google Play's order id of
    /// the recurrence, `GPA.…..0` for the first), or nil where its store keeps none.
    func renewalReference(of subscription: SubscriptionRecord, in context: PathContext) throws -> String?

    /// What its store's server posts to the team's backend when `kind` is logged of the
    /// transaction `transactionId`, as the backend receives it, in order; none for what it
    /// posts nothing of (or posts another way: the App Store's, signed by the engine).
    func backendNotification(for kind: EventKind, ofTransaction transactionId: String,
                             in context: PathContext) throws -> [OutboxMessage]

    /// How the backend answered one of its store's notifications, recorded in the commit this
    /// runs in: what its store does next (Xsolla's `order_paid` once `payment` is taken, a
    /// purchase webhook mode held). Nil: nothing.
    func backendAnswered(_ answer: BackendAnswer, in context: PathContext) throws -> PathStep?

    /// What its store adds to one attempt as it is handed over, made then and never kept
    /// (Google's OIDC token of an authenticated push subscription, one per push).
    func attemptHeaders(in context: PathContext) throws -> [OutboxDelivery.Header]

    /// How its store redeems codes typed on its own sheet (`Store.redeemOfferCode`); nil for a
    /// store that has none.
    var offerCodes: OfferCodeRules? { get }
    /// A family member's transaction `share` of a purchase on this path was made or revoked
    /// (Family Sharing), in the commit of the change: what the path's server does for that member.
    func familyShareChanged(_ change: FamilyShareChange, _ share: TransactionRecord, in context: PathContext) throws
}

extension StoreLifecycle {
    func answer(_ action: TransactionAction, to transaction: TransactionRecord, in context: PathContext) throws -> PathStep? {
        nil
    }

    func refunded(_ transaction: TransactionRecord, in context: PathContext) throws {}

    func subscriptionChanged(_ change: SubscriptionChange, _ transaction: TransactionRecord,
                             in context: PathContext) throws {}

    func planReplacement(forTransaction transactionId: String?, in context: PathContext) throws -> PlanReplacement? {
        nil
    }

    func renewalReference(of subscription: SubscriptionRecord, in context: PathContext) throws -> String? { nil }

    func backendNotification(for kind: EventKind, ofTransaction transactionId: String,
                             in context: PathContext) throws -> [OutboxMessage] { [] }

    func backendAnswered(_ answer: BackendAnswer, in context: PathContext) throws -> PathStep? { nil }

    func attemptHeaders(in context: PathContext) throws -> [OutboxDelivery.Header] { [] }

    var offerCodes: OfferCodeRules? { nil }
    func familyShareChanged(_ change: FamilyShareChange, _ share: TransactionRecord, in context: PathContext) throws {}
}
