import Catalog
import Foundation

/// The App Store purchase sheet as a pure state machine: Buy and Cancel, and QA's row of
/// outcomes StoreKit can give instead. Keys come in as `StoreKitInput`; what the player chose
/// comes out as a `StoreKitOutcome`, which the StoreKit path acts on.
///
/// The engine owns it; the UI draws read-only copies.
public struct StoreKitSession: Sendable, Equatable {
    /// The sheet's buttons, in the order Tab and the arrows walk them.
    public enum Button: String, Sendable, CaseIterable {
        case buy, cancel, fail, askToBuy, interrupt, tamper

        /// The caption drawn for it.
        public var caption: String {
            switch self {
            case .buy: return "Buy"
            case .cancel: return "Cancel"
            case .fail: return "Fail…"
            case .askToBuy: return "Ask to Buy"
            case .interrupt: return "Interrupt"
            case .tamper: return "Tamper"
            }
        }

        /// The letter that presses it.
        public var shortcut: Character {
            switch self {
            case .buy: return "b"
            case .cancel: return "c"
            case .fail: return "f"
            case .askToBuy: return "a"
            case .interrupt: return "n"
            case .tamper: return "t"
            }
        }

        /// Buy and Cancel are the system sheet's; the rest are QA's row.
        public var isQA: Bool { self != .buy && self != .cancel }
    }

    public let transactionId: String
    public let productId: String
    public let productName: String
    /// What is charged now, formatted for the storefront.
    public let formattedPrice: String
    /// The offer's line when one applies ("1 week free, then $4.99/month").
    public let offerLine: String?
    /// The account the sheet says it buys with.
    public let account: String
    public let sandbox: Bool
    /// The purchase is signed as Xcode signs its test purchases (`signed-data xcode`): the sheet
    /// says `Xcode`, as the environment its JWS names.
    public let signedAsXcode: Bool
    /// The storefront's language (`ja`), for the sheet's own words.
    public let language: String
    /// The path that opened it: StoreKit itself, or the Xee SDK's `makePurchase` on StoreKit.
    public let path: IntegrationPath
    /// The offer code the player typed on the redemption sheet, when a code opened it (as the
    /// catalog spells it); nil for a purchase.
    public let offerCode: String?
    /// The product is family shareable (`Product.isFamilyShareable`): the sheet says so.
    public let familyShareable: Bool

    public private(set) var focus: Button = .buy
    /// The error highlighted while QA chooses what `purchase()` throws; nil while the buttons show.
    public private(set) var chosenFailure: StoreKitFailure?

    public init(transactionId: String, productId: String, productName: String, formattedPrice: String,
                offerLine: String?, account: String, sandbox: Bool, signedAsXcode: Bool = false, language: String = "en",
                path: IntegrationPath = .storekit, offerCode: String? = nil,
                familyShareable: Bool = false) {
        self.transactionId = transactionId
        self.productId = productId
        self.productName = productName
        self.formattedPrice = formattedPrice
        self.offerLine = offerLine
        self.account = account
        self.sandbox = sandbox
        self.signedAsXcode = signedAsXcode
        self.language = language
        self.path = path
        self.offerCode = offerCode
        self.familyShareable = familyShareable
    }

    /// Takes one input; returns the outcome once the player (or QA) has decided.
    mutating func take(_ input: StoreKitInput) -> StoreKitOutcome? {
        if let failure = chosenFailure {
            // The list of errors is open: the arrows choose, Enter throws it, Esc goes back.
            let all = StoreKitFailure.allCases
            let index = all.firstIndex(of: failure) ?? 0
            switch input {
            case .next: chosenFailure = all[(index + 1) % all.count]
            case .previous: chosenFailure = all[(index + all.count - 1) % all.count]
            case .press: return .fail(failure)
            case .cancel: chosenFailure = nil
            case .pressButton(let button): chosenFailure = nil; return press(button)
            case .chooseFailure(let failure): chosenFailure = failure
            case .consumptionInformation, .consumptionInformationV2: break
            }
            return nil
        }
        switch input {
        case .next: focus = Self.step(from: focus, by: 1)
        case .previous: focus = Self.step(from: focus, by: -1)
        case .press: return press(focus)
        case .cancel: return .cancel
        case .pressButton(let button): return press(button)
        case .chooseFailure(let failure):
            focus = .fail
            chosenFailure = failure
        case .consumptionInformation, .consumptionInformationV2: break
        }
        return nil
    }

    private mutating func press(_ button: Button) -> StoreKitOutcome? {
        focus = button
        switch button {
        case .buy: return .buy
        case .cancel: return .cancel
        case .fail:
            chosenFailure = StoreKitFailure.allCases[0]
            return nil
        case .askToBuy: return .askToBuy
        case .interrupt: return .interrupt
        case .tamper: return .tamper
        }
    }

    private static func step(from button: Button, by offset: Int) -> Button {
        let all = Button.allCases
        return all[((all.firstIndex(of: button) ?? 0) + offset + all.count) % all.count]
    }
}

/// Input for the App Store sheet.
public enum StoreKitInput: Sendable, Equatable {
    /// Tab, → : the next button (or the next error in the list).
    case next
    /// Shift-Tab, ← : the one before.
    case previous
    /// Enter: presses the focused button (or throws the highlighted error).
    case press
    /// Esc: Cancel (or, in the list of errors, back to the buttons).
    case cancel
    /// A click or a shortcut letter on a button.
    case pressButton(StoreKitSession.Button)
    /// A click on an error in the list: highlights it.
    case chooseFailure(StoreKitFailure)
    // Without a sheet:
    /// A team's backend sent consumption information for a transaction through the App Store
    /// Server API (any player's, as Apple's server takes it).
    case consumptionInformation(ConsumptionRequest, transactionId: String)
    /// The same, sent with Send Consumption Information v2.
    case consumptionInformationV2(ConsumptionRequestV2, transactionId: String)

    /// Whether it is the sheet's input (else the path takes it with no sheet open).
    public var isForTheSheet: Bool {
        switch self {
        case .consumptionInformation, .consumptionInformationV2: return false
        default: return true
        }
    }
}

/// How the purchase in the sheet ends.
public enum StoreKitOutcome: Sendable, Equatable {
    /// `success(.verified(transaction))`.
    case buy
    /// `userCancelled`: not an error.
    case cancel
    /// `purchase()` throws this error.
    case fail(StoreKitFailure)
    /// `pending`: a parent must approve.
    case askToBuy
    /// `pending`: an interrupted purchase, until resolved.
    case interrupt
    /// `success(.unverified(transaction, error))`: the signed transaction was altered.
    case tamper
}
