/// The replacement mode a Play app passes with `SubscriptionUpdateParams` when it buys another
/// plan of a subscription the player holds: Google Play carries the change out by it. The app
/// here passes `WITH_TIME_PRORATION`, Google's default, unless QA picks another (`p` on the
/// sheet, `play replacement-mode MODE`), kept across launches.
public enum PlayReplacementMode: String, CaseIterable, Sendable {
    case withTimeProration = "WITH_TIME_PRORATION"
    case chargeProratedPrice = "CHARGE_PRORATED_PRICE"
    case chargeFullPrice = "CHARGE_FULL_PRICE"
    case withoutProration = "WITHOUT_PRORATION"
    case deferred = "DEFERRED"

    /// Google's name, or the same in lower case with dashes (`charge-prorated-price`).
    public init?(argument: String) {
        self.init(rawValue: argument.uppercased().replacingOccurrences(of: "-", with: "_"))
    }

    /// How Google Play carries the change out.
    var replacement: PlanReplacement {
        switch self {
        case .withTimeProration:
            return PlanReplacement(name: rawValue, waitsForRenewal: false, charge: .nothing, firstPeriod: .creditedTime)
        case .chargeProratedPrice:
            return PlanReplacement(name: rawValue, waitsForRenewal: false, charge: .proratedDifference,
                                   firstPeriod: .keepsBillingDate, upgradesOnly: true)
        case .chargeFullPrice:
            return PlanReplacement(name: rawValue, waitsForRenewal: false, charge: .fullPrice, firstPeriod: .fullPeriodAndCredit)
        case .withoutProration:
            return PlanReplacement(name: rawValue, waitsForRenewal: false, charge: .nothing, firstPeriod: .keepsBillingDate)
        case .deferred:
            return PlanReplacement(name: rawValue, waitsForRenewal: true, charge: .nothing, firstPeriod: .keepsBillingDate)
        }
    }

    /// What it does, in a line, for help and the docs.
    public var words: String {
        switch self {
        case .withTimeProration: return "at once, nothing charged; the unused value of the old plan becomes time on the new"
        case .chargeProratedPrice: return "at once, the price difference for the rest of the period charged; same billing date (upgrades only)"
        case .chargeFullPrice: return "at once, the full price charged; a whole period plus the unused value as time"
        case .withoutProration: return "at once, nothing charged; the new price from the old billing date"
        case .deferred: return "at the old plan's renewal, which charges the new plan"
        }
    }

    /// The next mode, for `p` on the sheet.
    var next: PlayReplacementMode {
        let all = Self.allCases
        return all[((all.firstIndex(of: self) ?? 0) + 1) % all.count]
    }
}
