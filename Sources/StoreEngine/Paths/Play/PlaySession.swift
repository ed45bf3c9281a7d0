import Catalog
import Foundation

/// Google Play's purchase sheet as a pure state machine: the product and its price, the test
/// notice, the four test instruments, Buy and Cancel; and QA's row: the response code the
/// purchase ends with, and whether the app acknowledges (or consumes) on its own after granting.
///
/// The engine owns it; the UI draws read-only copies.
public struct PlaySession: Sendable, Equatable {
    public let transactionId: String
    public let productId: String
    public let productName: String
    /// What is charged, formatted for the storefront.
    public private(set) var formattedPrice: String
    /// A subscription's base plan: its offer's phases ("1 week free, then $4.99/month") or its price per period.
    public private(set) var offerLine: String?
    /// A subscription's base plan alone and each offer on it the player is eligible for, the
    /// one bought first; QA steps through them with `o` when there are several.
    public private(set) var offerChoices: [PlayOfferChoice]
    /// The plan this purchase replaces and the mode the app passed (`p` steps through them).
    public internal(set) var replacement: PlayReplacement?
    /// Which of `offerChoices` Buy buys.
    public private(set) var offerIndex = 0
    /// The Google account the sheet says it buys with.
    public let account: String
    /// The storefront's language, for the sheet's own words.
    public let language: String

    /// The instrument selected.
    public private(set) var instrument: PlayInstrument = .approves
    /// QA's: what `onPurchasesUpdated` will answer when Buy is pressed.
    public private(set) var response: PlayResponseCode = .ok
    /// QA's: whether the app acknowledges or consumes by itself after granting.
    public internal(set) var appAcknowledges: Bool
    /// The last transient answer, while the player may try again; or `SERVICE_DISCONNECTED`
    /// while the app reconnects.
    public internal(set) var lastResult: PlayResponseCode?
    /// While true the app is reconnecting to the billing service and Buy waits.
    public internal(set) var reconnecting = false

    public init(transactionId: String, productId: String, productName: String, formattedPrice: String,
                offerLine: String?, account: String, language: String = "en", appAcknowledges: Bool = true,
                offerChoices: [PlayOfferChoice] = [], replacement: PlayReplacement? = nil) {
        self.transactionId = transactionId
        self.replacement = replacement
        self.offerChoices = offerChoices
        self.productId = productId
        self.productName = productName
        self.formattedPrice = formattedPrice
        self.offerLine = offerLine
        self.account = account
        self.language = language
        self.appAcknowledges = appAcknowledges
    }

    /// Takes one input; returns the outcome once the player (or QA) has decided.
    mutating func take(_ input: PlayInput) -> PlayOutcome? {
        switch input {
        case .next: instrument = Self.step(instrument, by: 1)
        case .previous: instrument = Self.step(instrument, by: -1)
        case .choose(let chosen): instrument = chosen
        case .nextResponse:
            let all = PlayResponseCode.allCases
            response = all[((all.firstIndex(of: response) ?? 0) + 1) % all.count]
        case .respond(let code): response = code
        case .toggleAcknowledgement: appAcknowledges.toggle()
        case .nextOffer:
            guard !offerChoices.isEmpty else { return nil }
            chooseOffer(at: (offerIndex + 1) % offerChoices.count)
        case .chooseOffer(let id):
            guard let index = offerChoices.firstIndex(where: { $0.offerId == id || $0.reference == id }) else { return nil }
            chooseOffer(at: index)
        case .buy:
            guard !reconnecting else { return nil }
            return .buy(instrument, response)
        case .cancel: return .cancel
        case .disconnect, .acknowledge, .consume, .acknowledgeFromBackend, .consumeFromBackend, .setAppAcknowledges, .setDeveloperOffers, .setReplacementMode,
             .nextReplacementMode:
            return nil  // the path's, not the sheet's
        case .setCountry, .listVoidedPurchases:
            return nil
        }
        return nil
    }

    /// The offer Buy buys now, when the sheet is for a subscription.
    public var chosenOffer: PlayOfferChoice? {
        offerChoices.indices.contains(offerIndex) ? offerChoices[offerIndex] : nil
    }

    /// The same choices at the prices the flow launched again charges (another replacement mode).
    mutating func reprice(_ choices: [PlayOfferChoice]) {
        guard choices.count == offerChoices.count else { return }
        offerChoices = choices
        chooseOffer(at: offerIndex)
    }

    private mutating func chooseOffer(at index: Int) {
        offerIndex = index
        formattedPrice = offerChoices[index].formattedPrice
        offerLine = offerChoices[index].line
    }

    /// After a transient answer the player may try again: the next Buy answers OK unless QA
    /// picks another code.
    mutating func answered(_ code: PlayResponseCode) {
        lastResult = code
        response = .ok
    }

    private static func step(_ instrument: PlayInstrument, by offset: Int) -> PlayInstrument {
        let all = PlayInstrument.allCases
        return all[((all.firstIndex(of: instrument) ?? 0) + offset + all.count) % all.count]
    }
}

/// One entry of the sheet's offers: the base plan and offer it buys, its phases in words and
/// what Buy charges now.
public struct PlayOfferChoice: Sendable, Equatable {
    /// `monthly/free-week`, or `monthly` for the base plan alone.
    public let reference: String
    public let offerId: String?
    public let offerToken: String
    public let line: String
    public let formattedPrice: String

    public init(reference: String, offerId: String?, offerToken: String, line: String, formattedPrice: String) {
        self.reference = reference
        self.offerId = offerId
        self.offerToken = offerToken
        self.line = line
        self.formattedPrice = formattedPrice
    }
}

/// Input for the Play path: the sheet's keys, and QA's calls the app makes without a sheet.
public enum PlayInput: Sendable, Equatable {
    /// ↓ Tab: the next instrument; ↑ Shift-Tab: the one before.
    case next
    case previous
    /// A click or a digit on an instrument.
    case choose(PlayInstrument)
    /// `r`: the next response code; a scenario names one.
    case nextResponse
    case respond(PlayResponseCode)
    /// `a`: the app acknowledges after granting, or leaves it to QA.
    case toggleAcknowledgement
    /// `o`: the next eligible offer (or the base plan alone); a scenario names one by its id.
    case nextOffer
    case chooseOffer(String)
    /// `p`: the next replacement mode, when the purchase replaces a running plan.
    case nextReplacementMode
    /// Enter or `b`: Buy with the instrument selected.
    case buy
    /// Esc or `c`: the player closes the sheet (USER_CANCELED).
    case cancel
    // Without a sheet:
    /// QA takes the billing service away: `onBillingServiceDisconnected`, and the app reconnects.
    case disconnect
    /// `acknowledgePurchase` for the newest unacknowledged purchase, or the transaction named.
    case acknowledge(transactionId: String?)
    /// `consumeAsync` for the newest unconsumed consumable, or the transaction named.
    case consume(transactionId: String?)
    /// The team's backend acknowledges (or consumes) a purchase through the Google Play
    /// Developer API: any player's, granted or not, as Google's server takes it.
    case acknowledgeFromBackend(transactionId: String)
    case consumeFromBackend(transactionId: String)
    /// Whether the app acknowledges and consumes on its own, kept across launches.
    case setAppAcknowledges(Bool)
    /// Whether the app shows its developer-determined offers, kept across launches.
    case setDeveloperOffers(Bool)
    /// The replacement mode the app passes when it changes a plan, kept across launches.
    case setReplacementMode(PlayReplacementMode)
    // Play Billing Lab's country and the Play Console's voided purchases (issue 38).
    /// The Play account's country: a storefront id of the catalog, or nil for the storefront
    /// the app's screen shows; kept across launches.
    case setCountry(String?)
    /// The voided purchases as `voidedpurchases.list` lists them (every type), handed to the app.
    case listVoidedPurchases

    /// Whether it is the sheet's input (else the path takes it with no sheet open).
    public var isForTheSheet: Bool {
        switch self {
        case .disconnect, .acknowledge, .consume, .acknowledgeFromBackend, .consumeFromBackend, .setAppAcknowledges, .setDeveloperOffers, .setReplacementMode: return false
        case .setCountry, .listVoidedPurchases: return false
        default: return true
        }
    }
}

/// How the purchase on the sheet ends.
enum PlayOutcome: Equatable {
    case buy(PlayInstrument, PlayResponseCode)
    case cancel
}
