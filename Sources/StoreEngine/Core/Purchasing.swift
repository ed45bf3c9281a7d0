import Catalog
import Foundation

/// A products request's answer, with the path that asked: a retry goes back to that path, and
/// the answer counts only for it.
public struct ProductsReply: Sendable, Equatable {
    public var path: IntegrationPath
    public var outcome: ProductsOutcome

    public init(path: IntegrationPath, outcome: ProductsOutcome) {
        self.path = path
        self.outcome = outcome
    }
}

/// What the store answered to a products request.
public enum ProductsOutcome: Sendable, Equatable {
    case answered(ProductsResponse)
    /// The attempt failed on the network; retry after the delay (simulated seconds), or give
    /// up when nil.
    case failed(attempt: Int, retryAfter: Double?)
}

/// What an engine call did, for the program to show: the panes as they are now, the sheet on
/// screen, a line for the status bar, and when the engine next has something to do.
public struct StoreReport: Sendable, Equatable {
    public var snapshot: StoreSnapshot
    public var sheet: PurchaseSheet?
    /// The store's own sheet on screen (a refund request), opened by one of the store's calls.
    public var storeSheet: StoreSheet?
    public var notice: StoreNotice?
    /// Set when the call was a products request.
    public var products: ProductsReply?
    public var clock: Clock
    /// The simulated time of the next scheduled step (a redirect countdown ending), if any.
    public var nextDue: Date?
    /// Set when the call failed: then nothing of it was kept, and the report is the state as
    /// it stands (the program waits for the player before anything due runs again).
    public var failure: StoreError?
    /// While the app polls a path's server for the access a purchase should bring.
    public var accessWait: AccessWait?
    /// How fast time runs: the clock paused, or running with the renewal rate.
    public var timeRate: TimeRate = .running(.realTime)
    /// How long periods last, whether or not the clock runs.
    public var renewalRate: RenewalRate = .realTime
    /// Each path's own fields (`describe(into:in:)`), read through the accessors its folder
    /// declares (as `heldPromotions`).
    public var pathReports = PathReports()
    /// On the answer to `events(before:)`: that page of older events, newest first (empty at
    /// the start of the history).
    public var olderEvents: [EventSummary]?
    /// Notifications to post now, handed over once the call committed (the host answers each
    /// with a `DeliveryResult`, which `Store.record(_:)` keeps).
    public var deliveries: [OutboxDelivery] = []
    /// On the answer to `redeemOfferCode`: why the store refused the code, for its sheet to say
    /// in the storefront's language (the notice says it in the store's English words).
    public var codeRefusal: OfferCodeRefusal?

    public init(snapshot: StoreSnapshot, sheet: PurchaseSheet? = nil, notice: StoreNotice? = nil,
                products: ProductsReply? = nil, clock: Clock, nextDue: Date? = nil, failure: StoreError? = nil) {
        self.snapshot = snapshot
        self.sheet = sheet
        self.notice = notice
        self.products = products
        self.clock = clock
        self.nextDue = nextDue
        self.failure = failure
    }
}
