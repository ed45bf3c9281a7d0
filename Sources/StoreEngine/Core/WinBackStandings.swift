import Catalog
import Foundation

extension Account {
    /// What win-back eligibility reads of the player in each lapsed group (`WinBackStanding`),
    /// from the subscriptions the store kept, at `now`: the months of service paid for (each
    /// renewal a paid period of the plan; the purchase that started a subscription when it
    /// charged something and was not refunded: a free trial or a free win-back month is not paid
    /// for), the months since the group lapsed at `lapsedAt`, and the months since the last
    /// subscription a win-back offer started. Months of time are the renewal rate's (5 minutes
    /// in the sandbox, as its periods are); months paid for are the plans' own.
    func winBackStandings(of groups: Set<String>, lapsedAt: [String: Date], subscriptions: [SubscriptionSummary],
                          at now: Date) -> [String: WinBackStanding] {
        guard !groups.isEmpty, let catalog else { return [:] }
        var paidDays: [String: Int] = [:]
        var lastWinBack: [String: Date] = [:]
        for subscription in subscriptions {
            guard let product = catalog.product(id: subscription.productId), let group = product.group,
                  groups.contains(group) else { continue }
            paidDays[group, default: 0] += subscription.renewals * (product.period?.approximateDays ?? 0)
            guard let original = originalOfSubscription[subscription.originalTransactionId] else { continue }
            paidDays[group, default: 0] += Self.paidDays(of: original, in: catalog)
            if original.offerType == "winBack", let redeemed = original.purchasedAt {
                lastWinBack[group] = max(lastWinBack[group] ?? redeemed, redeemed)
            }
        }
        var standings: [String: WinBackStanding] = [:]
        for group in groups {
            let lapse = lapsedAt[group] ?? now
            standings[group] = WinBackStanding(
                paidMonths: paidDays[group, default: 0] / 30,
                monthsSinceLapse: renewalRate.wholeMonths(from: lapse, to: now),
                monthsSinceWinBack: lastWinBack[group].map { renewalRate.wholeMonths(from: $0, to: now) })
        }
        return standings
    }

    /// The days of service a subscription's first purchase paid for: none when it charged
    /// nothing or was refunded, else the span its offer (or the plan's period) lasts.
    private static func paidDays(of purchase: TransactionSummary, in catalog: ProductCatalog) -> Int {
        guard purchase.revokedAt == nil, let charged = Decimal(string: purchase.charge), charged > 0,
              let product = catalog.product(id: purchase.productId) else { return 0 }
        let offer = purchase.offerType.flatMap { AppliedOffer(typeName: $0, id: purchase.offerId, of: product) }?.offer
        switch offer?.mode {
        case .payAsYouGo?: return offer?.period.approximateDays ?? 0
        case .payUpFront?: return (offer?.period.approximateDays ?? 0) * (offer?.periods ?? 1)
        case .freeTrial?, nil: return product.period?.approximateDays ?? 0
        }
    }
}

extension RenewalRate {
    /// Whole months of this rate from `start` to `end` (each as long as a monthly plan's period
    /// runs at this rate), counted to `limit` at most: win-back criteria name no more than 60.
    func wholeMonths(from start: Date, to end: Date, limit: Int = 61) -> Int {
        let month = SubscriptionPeriod(value: 1, unit: .month)
        var months = 0
        while months < limit, self.end(of: month, count: months + 1, from: start) <= end { months += 1 }
        return months
    }
}
