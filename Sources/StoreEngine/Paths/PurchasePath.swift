import Catalog
import Foundation
import Ledger

/// One integration path behind the engine: StoreKit 2, Xee, Google Play, Pay Station, or one
/// registered beside them. Its members are what every path does; what only some do is a
/// capability it offers through a property (its sheet, its store's lifecycle, its SDK in the
/// app, a server that keeps access, a key of its own), nil unless it has one.
///
/// A path decides how a purchase opens, what the player does in its sheet, and what its outcome
/// is. It never grants and never finishes a purchase: it records the outcome through
/// `PathContext.purchases` and hands the resulting `Settlement` back, and the engine's one completion
/// validates, grants once and finishes. The context offers no other way to do either, so no
/// path can skip them.
protocol PurchasePath: AnyObject {
    /// What it schedules on the clock, of its own type: the engine holds it in the path's words
    /// and hands it back as this type (`perform`), never as another path's.
    associatedtype Work: DueWork = NoDueWork

    var id: IntegrationPath { get }

    /// The products request: what the store sells of `identifiers`.
    func requestProducts(_ identifiers: [String], attempt: Int, in context: PathContext) throws -> ProductsOutcome

    /// `add(payment)` / `purchase()`: opens a purchase, or says why nothing happens.
    func beginPurchase(_ request: PurchaseRequest, in context: PathContext) throws -> PathStep

    /// An unfinished transaction of this path left `purchasing` by the last run.
    func redeliver(_ transaction: TransactionRecord, in context: PathContext) throws -> PathStep

    /// Restore purchases: brings back what the player owns, never charges.
    func restore(in context: PathContext) throws -> PathStep

    /// Something this path scheduled on the clock has fallen due: work of its own type, which
    /// it switches over in full.
    func perform(_ work: Work, in context: PathContext) throws -> PathStep

    /// Its purchase sheet and the input it takes, where it shows one (every built-in path does).
    var purchaseSheet: (any SheetOwner)? { get }

    /// The server of its own that keeps the player's access, where it has one (the Xee SDK's).
    var accessServer: (any AccessServer<Work>)? { get }

    /// How its store follows a purchase after the sale (its notifications' names, refunds,
    /// subscription changes, plan replacements, renewals' references); nil for a store that
    /// sends none, and the engine says what happened as its own step.
    var lifecycle: (any StoreLifecycle)? { get }

    /// How its store signs purchases with a key of its own (Google Play's), where it does
    /// (`RegisteredPath.signsWithItsOwnKey`); nil, and the engine signs as the App Store does.
    var ownKey: (any OwnKeySigning)? { get }


    /// Its SDK in the app, where it does anything of its own there: as the app launches, with a
    /// URL the app is opened with, or keeping state between calls (the Xee SDK's).
    var sdkState: (any SDKState)? { get }
}

extension PurchasePath where Work == NoDueWork {
    /// A path that schedules nothing has nothing to perform.
    func perform(_ work: NoDueWork, in context: PathContext) throws -> PathStep {}
}

// The engine's side of a path's due work: what the agenda holds is read back as the path's own
// type here, where that type is known, so the path is handed nothing it must cast.
extension PurchasePath {
    /// Performs `scheduled`, work of this path's.
    func perform(scheduled: ScheduledWork, in context: PathContext) throws -> PathStep {
        try perform(Work(scheduled.payload), in: context)
    }

    /// A kept row of this path's, read back for the agenda; throws for a kind or fields it does
    /// not know (or work it never keeps), and the engine leaves the row in the ledger.
    func scheduledWork(readingBack payload: DueWorkPayload) throws -> ScheduledWork {
        let work = try Work(payload)
        guard work.isKept else { throw DueWorkPayloadError.unknownKind(payload.kind) }
        return ScheduledWork(work)
    }

    /// `levelsWaitingForServer` from what the agenda holds, of which this path reads its own.
    func levelsWaitingForServer(among scheduled: [ScheduledWork],
                                accessLevel: (String) -> String?) -> [String: ServerWait] {
        let own = scheduled.compactMap { item in
            (try? item.work(as: Work.self)).flatMap { $0 }
        }
        return accessServer?.levelsWaitingForServer(scheduled: own, accessLevel: accessLevel) ?? [:]
    }
}

// A path offers no capability unless it says so.
extension PurchasePath {
    var purchaseSheet: (any SheetOwner)? { nil }

    var accessServer: (any AccessServer<Work>)? { nil }

    var lifecycle: (any StoreLifecycle)? { nil }

    var ownKey: (any OwnKeySigning)? { nil }

    var sdkState: (any SDKState)? { nil }
}

/// What the app asks to buy.
struct PurchaseRequest {
    var productId: String
    /// Where it is bought: its currency and price, whatever the screen shows by the time the
    /// purchase settles.
    var storefront: Storefront
    /// The paywall variant it was bought from, kept with the transaction.
    var variationId: String?
    /// The code the player typed on the store's own sheet (`Store.redeemOfferCode`), judged
    /// redeemable: the purchase charges its offer's terms and notes the code.
    var code: RedeemableCode?
}

/// What a path call did: a line for the player, the settlements the engine completes, and what
/// the path's SDK hands the app once the call is committed: values on the call's report (what
/// `makePurchase` returned) and callbacks into the app (a delegate's), which the engine runs
/// then. Values the engine applies, so a call that fails hands nothing, and no path is called
/// again after the commit.
struct PathStep {
    /// The path's own line; a settlement's replaces it once the store completes it.
    var notice: StoreNotice?
    var settlements: [Settlement] = []
    /// The settlements are delivered before the decision's commit closes, not in a commit after
    /// it: the app delivers a payment committed earlier (`PathPurchases.reached`) in the same go
    /// as what tells it of the payment (Pay Station's redirect, Google Play's
    /// `onPurchasesUpdated`), so a crash before that commit leaves the payment to deliver again.
    var deliveredWithItsDecision = false
    /// What the app does once it has delivered them, in the same commit (Google Play's app
    /// acknowledging what it granted): its events follow the delivery's, as the app makes them.
    var onceDelivered: (() throws -> Void)?
    var handOff = PathReports()
    var afterCommit: [AfterCommit] = []

    static var nothing: PathStep { PathStep() }

    init(notice: StoreNotice? = nil, settlements: [Settlement] = [], deliveredWithItsDecision: Bool = false,
         onceDelivered: (() throws -> Void)? = nil) {
        self.notice = notice
        self.settlements = settlements
        self.deliveredWithItsDecision = deliveredWithItsDecision
        self.onceDelivered = onceDelivered
    }
}

/// A callback into the app the engine runs once the call that asked for it is committed (the
/// Xee SDK's delegate hearing of a changed profile); one per `key` in a call, the last asked.
struct AfterCommit {
    var key: String
    var run: () -> Void
}
