import Catalog
import Foundation
import StoreEngine
import TerminalUI

/// One line of a scenario (docs/scenarios.md).
public enum ScenarioCommand: Sendable, Equatable {
    // Setup: before the first other line they shape the launch; later, `catalog`, `user`,
    // `network`, `seed` and `signed-data` relaunch the app on the same ledger and the others act at once.
    case catalog(path: String)
    case storefront(id: String)
    case path(IntegrationPath)
    case user(id: String)
    case size(width: Int, height: Int)
    case network(NetworkCondition)
    /// The seed of the engine's generator: Pay Station tokens and flaky-network coin tosses.
    case seed(UInt64)
    /// Who signs the App Store's data from the launch on: the App Store (its chain) or Xcode.
    case signedData(SignedDataStyle)

    // Acting, as a player or QA would.
    case select(ProductReference)
    case buy
    /// Buys another plan of the running subscription's group, which must be an upgrade
    /// (`upgrade`: a higher level) or a downgrade (`downgrade`: a lower one).
    case changePlan(sku: String, upgrade: Bool)
    /// `expiry` nil: the one the page suggests (12/40 until then, later a later one).
    case payStationCard(number: String, expiry: String?, cvv: String)
    case payStation3DS(code: String)
    case payStationClose
    /// Ticks "save card" on the card form.
    case payStationSaveCard
    /// Pays with the card Pay Station saved.
    case payStationSavedCard
    /// The App Store sheet's outcome, pressed as QA presses it.
    case storeKit(StoreKitOutcome)
    /// Google Play's sheet answered (an instrument bought with, a response code picked, Cancel),
    /// or the app's calls on the Play path without a sheet (`play disconnect`,
    /// `play auto-acknowledge on|off`, `acknowledge`, `consume`).
    case play(PlayScenarioStep)
    /// QA's action on a transaction (approve, decline, resolve, refund).
    case act(TransactionAction, TransactionReference)
    /// A key on the store's own sheet on screen (`sheet next`, `sheet submit`): as the player presses it.
    case storeSheet(StoreSheetInput)
    case openURL(String)
    /// Quits and launches the app again on the same ledger, as the same player.
    case relaunch
    /// A saved file, as the running app's file watcher reads it: the catalog file read again
    /// (nil), the catalog replaced by another file's content, or a theme file saved.
    case reload(ReloadSource?)
    /// The simulated Xee server holds the In-App Purchase key, or not.
    case xeeKey(Bool)
    /// How "Apple" answers the Xee server's checks.
    case xeeApple(XeeServerSettings.AppleAnswer)
    /// The device's iOS, which decides what Xee's restore sends.
    case xeeOS(XeeServerSettings.DeviceOS)
    /// Whether the Xee server knows its environment, or asks production first.
    case xeeEnvironment(XeeServerSettings.Environment)
    /// What the app's delegate answers to a promoted purchase.
    case xeePromoted(XeeServerSettings.PromotedPurchases)
    /// How long subscription periods last from now on (the clock stays paused).
    case rate(RenewalRate)
    /// Serves the stores' server APIs on this address from here on, as `--api` does (port 0:
    /// the system's choice, said in the transcript).
    case api(host: String, port: UInt16)
    /// Where a store's server posts its notifications from here on (nil: nowhere), as
    /// `--apple-notifications`, `--play-notifications` and `--xsolla-notifications` do;
    /// `productionRetries`, with the App Store's production retries.
    /// Google Play's may name its push subscription's `audience`: each push then carries a token.
    case notifications(Marketplace, url: String?, productionRetries: Bool, audience: String? = nil)
    /// Xsolla's webhook mode on or off from here on, over the catalog's `payStation.webhookMode`.
    case webhookMode(Bool)
    /// The App Store starts a promoted purchase of a SKU (as `storefront promote`).
    case promote(String)
    /// The app buys a held promoted product with `makePurchase`.
    case resume(String)
    case restore
    /// Offer codes: `code` typed on the store's own sheet of the path and storefront shown.
    case redeem(code: String)
    case advance(seconds: TimeInterval)
    case keys([Key])
    case click(x: Int, y: Int)
    /// Straight to a named storefront, variant, theme, eligibility or player state, as `:` does.
    case preview(picker: String, name: String)

    // Checking.
    case expect(Expectation)
    case snapshot(name: String)
    /// The screen saved as SVG, PNG and text (the app's `c`), under `name` or the time now.
    case capture(name: String?)

    // Telling: what a demo says over the screen before the steps that follow (the transcript
    // shows it headless).
    case caption(String)

    public enum PlayScenarioStep: Sendable, Equatable {
        /// Buys with the instrument: chosen on the sheet, then Buy.
        case instrument(PlayInstrument)
        /// The response code the next Buy ends with.
        case response(PlayResponseCode)
        case cancel
        case disconnect
        case autoAcknowledge(Bool)
        /// On the sheet, the offer Buy buys: an offerId, or a base plan's id for the plan alone.
        case offer(String)
        /// Whether the app offers its developer-determined offers.
        case developerOffers(Bool)
        /// The replacement mode the app passes when it changes a subscription's plan.
        case replacementMode(PlayReplacementMode)
        /// `acknowledge [ID]` and `consume [ID]`: the newest that applies, or the transaction named.
        case acknowledge(String?)
        case consume(String?)
        // Google Play's country (issue 38).
        /// The Play account's country, a storefront id (nil, `off`: the storefront on screen).
        case country(String?)
    }

    public enum ReloadSource: Sendable, Equatable {
        case catalog(path: String)
        case theme(path: String)
    }

    public enum ProductReference: Sendable, Equatable {
        case sku(String)
        /// 1-based, in paywall order: the plans, then the rest of the shop.
        case position(Int)
    }

    /// Whether the line only shapes the launch (and so may come before it).
    var isSetup: Bool {
        switch self {
        // `notifications` too: the app takes its URLs before its launch delivers anything again.
        case .catalog, .storefront, .path, .user, .size, .network, .seed, .signedData, .notifications: return true
        default: return false
        }
    }
}

/// What an `expect` line checks.
public enum Expectation: Sendable, Equatable {
    case screenContains(String)
    case screenLacks(String)
    case entitlement(level: String, active: Bool)
    case owned(sku: String)
    case balance(currency: String, amount: Int)
    case transaction(TransactionReference, state: String, finished: Bool?)
    case transactionCount(Int)
    case charge(TransactionReference, amount: Decimal, currency: String)
    /// A backend called the APIs (`api`) with this method at a path `pattern` matches (`*`
    /// any run of characters), answered by now or within `seconds` of wall time.
    case apiCall(method: String, pattern: String, within: TimeInterval)
    /// The newest notification of `type` (and `subtype`) a store's server posted ended as
    /// `outcome` (`expect notification apple DID_RENEW delivered`).
    case notification(Marketplace, type: String, subtype: String?, outcome: NotificationOutcome)
    /// The offer a transaction was bought under: `introductory`, `promotional`, `winBack`,
    /// `play`, `code` (an App Store offer code), `promoCode` (a Google Play promo code), or
    /// `none`; with the offer's id when given.
    case offer(TransactionReference, type: String, id: String?)
    case event(name: String, present: Bool)
    case invalidProducts([String])
    /// `storefront history`, read from the ledger alone at the same moment, says of this
    /// player's entitlements and subscriptions what the app's panes say.
    case historyAgrees
    /// `storefront history` has the entitlement active (or not).
    case historyEntitlement(level: String, active: Bool)
    /// One of this player's entitlement lines in `storefront history` contains the text.
    case historySays(String)
}

public enum TransactionReference: Sendable, Equatable, CustomStringConvertible {
    case last
    case id(String)

    public var description: String {
        switch self {
        case .last: return "last"
        case .id(let id): return id
        }
    }
}

/// A parsed line with where it came from.
public struct ScenarioLine: Sendable, Equatable {
    public var number: Int
    /// The line as written, for the transcript and messages (past 300 bytes, its start and length).
    public var text: String
    public var command: ScenarioCommand
}

/// A parsed scenario file.
public struct Scenario: Sendable, Equatable {
    public var file: String
    public var lines: [ScenarioLine]
    /// Each `# comment` by its line number, whole-line or after a command, without the `#`:
    /// `storefront demo --captions comments` shows them as captions.
    public var comments: [Int: String] = [:]

    /// The comments on the lines after `previous` up to `line`, in order, as one caption.
    public func comments(after previous: Int, upTo line: Int) -> String? {
        let said = comments.filter { $0.key > previous && $0.key <= line }.sorted { $0.key < $1.key }.map(\.value)
        return said.isEmpty ? nil : said.joined(separator: " ")
    }
}

extension ScenarioCommand {
    /// What kind of step the line is, for a demo's pacing (`DemoPacing`).
    var pace: DemoPacing.Step {
        switch self {
        case .expect, .snapshot, .capture: return .check
        case .caption: return .check  // its pause came with the caption itself
        case .catalog, .user, .size, .network, .seed, .signedData: return .setup
        case .rate, .xeeKey, .xeeApple, .xeeOS, .xeeEnvironment, .xeePromoted: return .setup
        default: return .action
        }
    }
}

/// What `expect notification` checks of a notification: where its delivery stands.
public enum NotificationOutcome: Sendable, Equatable {
    /// The backend took it.
    case delivered
    /// Attempted, not taken, and no attempt is left.
    case failed
    /// Still to be attempted (again).
    case pending
    /// Attempted exactly this many times.
    case attempts(Int)
    /// Its latest attempt was answered with this HTTP status (and, where the store names one,
    /// this error code: Xsolla's `INVALID_USER`).
    case answered(Int, code: String?)

    var words: String {
        switch self {
        case .delivered: "delivered"
        case .failed: "failed"
        case .pending: "pending"
        case .attempts(let count): "attempt \(count)"
        case .answered(let status, let code): "answered \(status)" + (code.map { " \($0)" } ?? "")
        }
    }
}
