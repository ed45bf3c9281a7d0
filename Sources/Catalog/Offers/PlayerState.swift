/// A player the paywall is previewed for, whatever the ledger holds (`:player NAME` and `P` in
/// the app, `preview player NAME` in a scenario, an axis of the exports). Each state is a shape
/// of subscription history; what it is offered follows from the store's own rules
/// (`OfferSelector`), so a preview shows what the store would sell such a player.
public enum PlayerState: String, Sendable, CaseIterable {
    /// Never subscribed: introductory offers.
    case newPlayer = "new"
    /// Subscribed before (the free trial taken), nothing running and nothing lapsed: no
    /// introductory offer; the variant's promotional offer, as to anyone who subscribed before.
    case trialUsed = "trial-used"
    /// Subscribed now to the variant's lowest plan: that plan is the current one, the others
    /// are upgrades or downgrades.
    case subscribed
    /// A subscription that expired: win-back offers, as a player their criteria admit.
    case lapsed
    /// A subscription whose renewal failed, past its grace period: access gone, but the plan is
    /// still the player's (current, not sold again) and nothing has lapsed.
    case billingRetry = "billing-retry"
    /// Subscribed before, as `trialUsed`: the player a variant's promotional offer is for.
    case promoEligible = "promo-eligible"

    /// The state's name in the picker, scenarios and exports.
    public var name: String { rawValue }

    /// The state named `name`, ignoring case, with spaces for hyphens (`trial used`).
    public init?(name: String) {
        let key = name.lowercased().split(separator: " ").joined(separator: "-")
        guard let state = PlayerState(rawValue: key) else { return nil }
        self = state
    }

    /// One line on who this player is.
    public var summary: String {
        switch self {
        case .newPlayer: return "never subscribed"
        case .trialUsed: return "subscribed before, nothing running or lapsed"
        case .subscribed: return "subscribed now"
        case .lapsed: return "a subscription that expired"
        case .billingRetry: return "a renewal failed, in billing retry"
        case .promoEligible: return "subscribed before, offered the variant's promotion"
        }
    }

    /// Whether this player has a subscription that is not over (the current plan).
    public var hasRunningSubscription: Bool {
        self == .subscribed || self == .billingRetry
    }

    /// The plan a player with a running subscription is on: of the paywall's `plans`, the
    /// lowest tier (the highest `level`, 1 being the highest), the first of them on a tie, so
    /// the others show as upgrades. Nil for the other states, or without a subscription plan.
    public func currentPlan(among plans: [Product]) -> Product? {
        guard hasRunningSubscription else { return nil }
        let subscriptions = plans.filter { $0.type == .autoRenewable && $0.group != nil }
        return subscriptions.enumerated().max { lower, higher in
            let (a, b) = (lower.element.level ?? 100, higher.element.level ?? 100)
            return a != b ? a < b : lower.offset > higher.offset
        }?.element
    }

    /// What offer eligibility knows of this player in `catalog`, as the ledger would say it
    /// (`Account`): `current` is the running plan of `subscribed` and `billingRetry`.
    public func history(in catalog: ProductCatalog, current: Product?) -> SubscriberHistory {
        let groups = Set(catalog.products.compactMap(\.group))
        switch self {
        case .newPlayer:
            return .newPlayer
        case .trialUsed, .promoEligible:
            return SubscriberHistory(subscribedGroups: groups)
        case .lapsed:
            // Lapsed as the group's win-back offers ask, so a preview shows what they look like.
            let lapses = groups.map { group in
                (group, WinBackStanding.previewed(for: catalog.products.filter { $0.group == group }
                    .flatMap(\.winBackOffers)))
            }
            return SubscriberHistory(subscribedGroups: groups, lapses: Dictionary(uniqueKeysWithValues: lapses))
        case .subscribed, .billingRetry:
            // A subscription still the player's: its group is neither new nor lapsed.
            return SubscriberHistory(subscribedGroups: Set([current?.group].compactMap { $0 }))
        }
    }
}
