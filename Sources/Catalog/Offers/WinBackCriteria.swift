/// Who the App Store offers a win-back offer to, as App Store Connect sets it
/// (`customerEligibilityPaidSubscriptionDurationInMonths`,
/// `customerEligibilityTimeSinceLastSubscribedInMonths`,
/// `customerEligibilityWaitBetweenOffersInMonths`): a lapsed subscriber who paid for at least
/// `paidMonths`, whose subscription ended within `monthsSinceLapse`, and who has not redeemed a
/// win-back offer in the group for `monthsBetweenOffers`.
public struct WinBackCriteria: Sendable, Equatable {
    /// Months of paid service the player had in the group, at least.
    public var paidMonths: Int
    /// Months since the group's last subscription ended, from the lower bound to the upper.
    public var monthsSinceLapse: ClosedRange<Int>
    /// Months since the player last redeemed a win-back offer in the group, at least; nil for no
    /// wait (App Store Connect leaves it optional).
    public var monthsBetweenOffers: Int?

    public init(paidMonths: Int, monthsSinceLapse: ClosedRange<Int>, monthsBetweenOffers: Int? = nil) {
        self.paidMonths = paidMonths
        self.monthsSinceLapse = monthsSinceLapse
        self.monthsBetweenOffers = monthsBetweenOffers
    }

    /// The paid durations App Store Connect offers: 1 to 24 months, or 3, 4 or 5 years.
    public static let paidMonthChoices: [Int] = Array(1...24) + [36, 48, 60]
    /// The months since a lapse App Store Connect lets a range start and end at.
    public static let monthsSinceLapseBounds = 1...24
    /// The waits between offers App Store Connect offers.
    public static let monthsBetweenOffersBounds = 2...24

    /// The loosest criteria App Store Connect allows, which a win-back offer without criteria of
    /// its own is held to: one paid month, lapsed one to 24 months ago, no wait.
    public static let loosest = WinBackCriteria(paidMonths: 1, monthsSinceLapse: monthsSinceLapseBounds)

    /// Whether a lapsed player standing so in the group is eligible.
    public func admits(_ standing: WinBackStanding) -> Bool {
        guard standing.paidMonths >= paidMonths, monthsSinceLapse.contains(standing.monthsSinceLapse) else { return false }
        guard let wait = monthsBetweenOffers, let since = standing.monthsSinceWinBack else { return true }
        return since >= wait
    }
}

/// What win-back eligibility reads of a lapsed player in one subscription group, in whole months
/// (rounded down, as App Store Connect's win-back eligibility report counts them).
public struct WinBackStanding: Sendable, Equatable {
    /// Months of service the player paid for in the group: free trials and free offer periods
    /// are not paid for.
    public var paidMonths: Int
    /// Months since the group's last subscription ended.
    public var monthsSinceLapse: Int
    /// Months since the player last redeemed a win-back offer in the group; nil for never.
    public var monthsSinceWinBack: Int?

    public init(paidMonths: Int, monthsSinceLapse: Int, monthsSinceWinBack: Int? = nil) {
        self.paidMonths = paidMonths
        self.monthsSinceLapse = monthsSinceLapse
        self.monthsSinceWinBack = monthsSinceWinBack
    }

    /// The lapsed player a preview (`preview player lapsed`) shows the group's win-back offers
    /// to: a subscriber for five years (the longest paid duration criteria name), lapsed as many
    /// months ago as the earliest of `offers`' ranges starts, never won back before; so at
    /// least that offer admits them.
    public static func previewed(for offers: [Offer]) -> WinBackStanding {
        let starts = offers.map { ($0.winBackCriteria ?? .loosest).monthsSinceLapse.lowerBound }
        return WinBackStanding(paidMonths: WinBackCriteria.paidMonthChoices.last ?? 60,
                               monthsSinceLapse: starts.min() ?? WinBackCriteria.loosest.monthsSinceLapse.lowerBound)
    }
}

extension Offer {
    /// Whether the App Store offers this win-back offer to a lapsed player standing so: by its
    /// own criteria, else by the loosest App Store Connect allows.
    public func admits(_ standing: WinBackStanding) -> Bool {
        (winBackCriteria ?? .loosest).admits(standing)
    }
}
