import Foundation

/// The store's own subscription page for one subscription (the App Store's
/// `showManageSubscriptions(in:)`, Google Play's subscription center): the plan and where it
/// stands, and what the player can do there, each the same change QA's actions make. Where the
/// store asks why a player cancels (Google Play's survey), Cancel leads to its reasons first.
public struct ManageSubscriptionsSheet: Sendable, Equatable {
    public enum Option: Sendable, Equatable {
        /// Auto-renew off: access to the period's end.
        case cancel
        /// Auto-renew on again (the App Store's Resubscribe, Google Play's Restore).
        case resubscribe
        /// A paused subscription resumes now.
        case resume
        /// Another plan of the group, bought through the store's own purchase sheet.
        case plan(productId: String, name: String, price: String)
    }

    /// Which list the sheet shows: what to do, or why the player cancels.
    public enum Step: Sendable, Equatable {
        case options, cancelReasons
    }

    public enum Standing: Sendable, Equatable {
        case renews(on: Date)
        case expires(on: Date)
        case paused(until: Date)
        case ended(on: Date)
    }

    public var marketplace: Marketplace
    public var language: String
    /// The subscription's latest transaction, which its actions act through.
    public var transactionId: String
    public var productId: String
    public var productName: String
    /// Its price each period, as the store shows it (`¥800/月`).
    public var price: String
    public var standing: Standing
    public var options: [Option]
    /// The store asks why before it cancels.
    public var asksWhyOnCancel: Bool
    public var step: Step = .options
    public var chosen = 0
    public var reason: CancelSurveyReason = .notEnoughUsage

    public init(marketplace: Marketplace, language: String, transactionId: String, productId: String, productName: String,
                price: String, standing: Standing, options: [Option], asksWhyOnCancel: Bool) {
        self.marketplace = marketplace
        self.language = language
        self.transactionId = transactionId
        self.productId = productId
        self.productName = productName
        self.price = price
        self.standing = standing
        self.options = options
        self.asksWhyOnCancel = asksWhyOnCancel
    }

    /// The day of its standing, as the sheet shows it (`2026-01-08`, UTC).
    public var standingDay: String {
        switch standing {
        case .renews(let date), .expires(let date), .paused(let date), .ended(let date):
            return String(EventDate.string(from: date).prefix(10))
        }
    }

    /// The choice moved by one, or to the `number`th (1 first), in the list on screen.
    mutating func choose(_ input: StoreSheetInput) {
        switch step {
        case .options:
            chosen = StoreSheetInput.moved(chosen, by: input, among: options.count)
        case .cancelReasons:
            let reasons = CancelSurveyReason.allCases
            let index = reasons.firstIndex(of: reason) ?? 0
            reason = reasons[StoreSheetInput.moved(index, by: input, among: reasons.count)]
        }
    }
}

/// Why a subscriber cancels, as Google Play's cancel survey asks it (its
/// `cancelSurveyResult.reason`), in the survey's order.
public enum CancelSurveyReason: String, Sendable, CaseIterable {
    case notEnoughUsage = "CANCEL_SURVEY_REASON_NOT_ENOUGH_USAGE"
    case technicalIssues = "CANCEL_SURVEY_REASON_TECHNICAL_ISSUES"
    case costRelated = "CANCEL_SURVEY_REASON_COST_RELATED"
    case foundBetterApp = "CANCEL_SURVEY_REASON_FOUND_BETTER_APP"
    case others = "CANCEL_SURVEY_REASON_OTHERS"
}

extension StoreSheetInput {
    /// `index` in a list of `count` moved by a key: up, down, or to a number; the ends hold.
    static func moved(_ index: Int, by input: StoreSheetInput, among count: Int) -> Int {
        guard count > 0 else { return 0 }
        switch input {
        case .previous: return max(index - 1, 0)
        case .next: return min(index + 1, count - 1)
        case .choose(let number) where (1...count).contains(number): return number - 1
        default: return index
        }
    }
}
