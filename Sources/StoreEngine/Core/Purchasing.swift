import Catalog
import Foundation

/// The sheet a path shows while a purchase waits on the player, as a read-only value: the UI
/// draws it and sends `PathInput` back; the session itself stays in the engine.
public enum PurchaseSheet: Sendable, Equatable {
    case payStation(PayStationPage)
    /// The App Store purchase sheet.
    case storeKit(StoreKitSession)

    public var path: IntegrationPath {
        switch self {
        case .payStation: return .paystation
        case .storeKit(let session): return session.path
        }
    }

    /// The purchase the sheet is for, and the product's name on it.
    public var transactionId: String {
        switch self {
        case .payStation(let page): return page.session.transactionId
        case .storeKit(let session): return session.transactionId
        }
    }

    public var productId: String {
        switch self {
        case .payStation(let page): return page.session.productId
        case .storeKit(let session): return session.productId
        }
    }

    public var productName: String {
        switch self {
        case .payStation(let page): return page.session.productName
        case .storeKit(let session): return session.productName
        }
    }

    /// What the player sees open, in a sentence: `Pay Station`, `The App Store sheet`.
    var name: String {
        switch self {
        case .payStation: return "Pay Station"
        case .storeKit: return "The App Store sheet"
        }
    }
}

/// Input for the sheet on screen, in the path's own terms.
public enum PathInput: Sendable, Equatable {
    case payStation(PayStationInput)
    case storeKit(StoreKitInput)

    /// The path whose sheet takes it.
    public var path: IntegrationPath {
        switch self {
        case .payStation: return .paystation
        case .storeKit: return .storekit
        }
    }
}

/// What the player does on Pay Station's page.
public enum PayStationInput: Sendable, Equatable {
    /// A digit into the focused field (other characters are ignored, as the form does).
    case type(Character)
    /// Text that arrived in one burst (a paste): its digits into the focused field, as many as
    /// the field holds, the rest ignored at once; spaces and dashes between groups are skipped.
    case paste(String)
    case deleteBackward
    /// Enter: next field, pay, send the code; on a final page, back to the game.
    case submit
    /// Tab or Down: the next field of the card form.
    case nextField
    /// Shift-Tab or Up: the field before.
    case previousField
    /// Esc: closes Pay Station; before paying that cancels the payment.
    case close
    /// Space: ticks or clears "save card" on the card form.
    case toggleSavingCard
}

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
    public var notice: StoreNotice?
    /// Set when the call was a products request.
    public var products: ProductsReply?
    public var clock: Clock
    /// The simulated time of the next scheduled step (a redirect countdown ending), if any.
    public var nextDue: Date?
    /// Set when the call failed: then nothing of it was kept, and the report is the state as
    /// it stands (the program waits for the player before anything due runs again).
    public var failure: StoreError?
    /// While the app polls the Xee profile for the access a purchase should bring.
    public var accessWait: AccessWait?
    /// What the Xee SDK's `makePurchase` returned, on the report of the call that settled it.
    public var xeePurchase: XeePurchaseResult?
    /// Products of promoted purchases the Xee SDK's delegate held, for the app to buy later.
    public var heldPromotions: [String] = []
    /// How fast time runs: the clock paused, or running with the renewal rate.
    public var timeRate: TimeRate = .running(.realTime)
    /// How long periods last, whether or not the clock runs.
    public var renewalRate: RenewalRate = .realTime
    /// How the simulated Xee server behaves now: the catalog's, unless QA changed it.
    public var xeeServer = XeeServerSettings()
    /// On the answer to `events(before:)`: that page of older events, newest first (empty at
    /// the start of the history).
    public var olderEvents: [EventSummary]?

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

extension IntegrationPath {
    /// The Pay Station path sells only what its products request returned; the others sell
    /// every available product of the catalog.
    public var sellsOnlyRequestedProducts: Bool { self == .paystation }
}
