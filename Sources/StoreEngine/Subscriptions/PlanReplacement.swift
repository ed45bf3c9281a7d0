import Catalog
import Foundation
import Ledger

// A plan change whose terms the app chooses when it buys (Google Play's replacement modes),
// beside the App Store's fixed rule (`PlanChange`): the change happens at once or at the
// renewal, charges nothing, a prorated difference or the full price now, and the new plan's
// first period either keeps the old billing date or runs from now with the unused value of the
// old plan credited as time. Pure: the store writes what `PlanChanges.replacing` returns.

/// How a store carries out a plan change the app asked for in one way among several.
struct PlanReplacement: Equatable, Sendable {
    /// How the subscription a replacement ends is kept (`subscriptions.end_reason`).
    static let endReason = "replaced"

    enum Charge: Equatable, Sendable {
        /// Nothing now; the new price from the next renewal.
        case nothing
        /// The difference of the two plans' prices for the rest of the period running, now.
        case proratedDifference
        /// The new plan's full price now.
        case fullPrice
    }

    enum FirstPeriod: Equatable, Sendable {
        /// Ends when the old plan's period would have (the billing date stays).
        case keepsBillingDate
        /// Runs from now for as long as the old plan's unused value buys of the new plan.
        case creditedTime
        /// A whole period of the new plan from now, with the old plan's unused value as time on top.
        case fullPeriodAndCredit
    }

    /// The store's name for the way (`WITH_TIME_PRORATION`), as events say it.
    var name: String
    /// Whether the change waits for the old plan's renewal (then nothing below applies: the
    /// renewal charges the new plan, as any change that waits).
    var waitsForRenewal: Bool
    var charge: Charge
    var firstPeriod: FirstPeriod
    /// Whether the store refuses it unless the new plan costs more per unit of time.
    var upgradesOnly = false
}

extension PlanChanges {
    /// What a running plan was worth and what the new one costs on the clock's calendar at the
    /// time of a change: the basis of every proration. Amounts are multiplied before they are
    /// divided, so a price over a period stays exact where it can (4.99 × 240 / 300 = 3.992).
    struct Proration: Equatable {
        /// The part of the old plan's period still to run, in seconds.
        var remaining: TimeInterval
        /// What the old plan's latest transaction paid, for how long a period.
        var paid: Decimal
        var paidLength: TimeInterval
        /// The two plans' regular prices, each for one period of its own length from the change.
        var oldPrice: Decimal
        var oldLength: TimeInterval
        var newPrice: Decimal
        var newLength: TimeInterval

        /// The value of what was paid for the time left (nothing for a free trial).
        var unusedValue: Decimal {
            paidLength > 0 ? paid * Decimal(remaining) / Decimal(paidLength) : 0
        }

        /// Whether the new plan costs more per unit of time than the old one.
        var isUpgradeInPrice: Bool {
            newPrice * Decimal(oldLength) > oldPrice * Decimal(newLength)
        }

        /// What the time left costs at the new plan's price, less what it costs at the old's.
        var priceDifferenceForTheRest: Decimal {
            guard newLength > 0, oldLength > 0 else { return 0 }
            return newPrice * Decimal(remaining) / Decimal(newLength) - oldPrice * Decimal(remaining) / Decimal(oldLength)
        }

        /// How long `value` lasts at the new plan's price, in whole seconds.
        func timeBought(by value: Decimal) -> TimeInterval {
            guard newPrice > 0 else { return 0 }
            return max(0, NSDecimalNumber(decimal: value * Decimal(newLength) / newPrice).doubleValue.rounded(.down))
        }
    }

    /// The proration of changing `running` (paid by `latest`, nil when the ledger lacks it) to
    /// `product` at `newPrice` a period, on `calendar`, at `time`.
    func proration(of running: Running, latest: TransactionRecord?, to product: Product, newPrice: Decimal,
                   on calendar: any SubscriptionCalendar, at time: Date) -> Proration {
        let subscription = running.subscription
        let paid = latest.flatMap { Decimal(string: $0.amountCharged ?? $0.price) } ?? 0
        let start = latest?.purchasedAt ?? time
        func length(of plan: Product?, from start: Date) -> TimeInterval {
            let period = plan?.period ?? SubscriptionPeriod(value: 1, unit: .month)
            return calendar.end(of: period, count: 1, isFreeTrial: false, from: start, at: renewalRate).timeIntervalSince(start)
        }
        // The credit is what was paid; the comparison and the difference charged are the plans'
        // own prices, as the store lists them (a period a change shortened is still priced whole).
        let old = catalog.product(id: subscription.productId)
        let regular = old.flatMap { old in latest.flatMap { catalog.storefront(id: $0.storefront) }.flatMap(old.price(in:)) }
        return Proration(remaining: max(0, subscription.expiresAt.timeIntervalSince(time)), paid: paid,
                         paidLength: subscription.expiresAt.timeIntervalSince(start), oldPrice: regular ?? paid,
                         oldLength: length(of: old, from: start), newPrice: newPrice,
                         newLength: length(of: product, from: time))
    }

    /// Why the store refuses `replacement` for `proration`, or nil: a way for upgrades only,
    /// asked for a plan that costs no more per unit of time.
    func refusal(of replacement: PlanReplacement, for proration: Proration) -> String? {
        guard replacement.upgradesOnly, !proration.isUpgradeInPrice else { return nil }
        return "\(replacement.name) is only for an upgrade, to a plan that costs more per unit of time"
    }

    /// What the change charges now, rounded down to `currency`'s minor unit; `fullPrice` is
    /// what the new plan's terms charge now.
    func chargeNow(for replacement: PlanReplacement, _ proration: Proration, fullPrice: Decimal,
                   currency: String) -> Decimal {
        switch replacement.charge {
        case .nothing: return 0
        case .fullPrice: return fullPrice
        case .proratedDifference:
            return Self.roundedDown(max(0, proration.priceDifferenceForTheRest), currency: currency)
        }
    }

    /// Where the new plan's first period ends, for a change made at `time`.
    func firstPeriodEnd(for replacement: PlanReplacement, _ proration: Proration, of running: Running,
                        at time: Date) -> Date {
        let credit = proration.timeBought(by: proration.unusedValue)
        switch replacement.firstPeriod {
        case .keepsBillingDate: return max(time, running.subscription.expiresAt)
        case .creditedTime: return time.addingTimeInterval(credit)
        case .fullPeriodAndCredit: return time.addingTimeInterval(proration.newLength + credit)
        }
    }

    /// A running plan ended at once by a replacement: the row as it ends and the event's line.
    /// Nothing is refunded: the unused value went into the new plan's charge or its time.
    func replacedEnd(of running: Running, by replacement: PlanReplacement, to product: Product,
                     newPeriodEnd: Date, at time: Date) -> (subscription: SubscriptionRecord, message: String) {
        let ended = Self.ended(running.subscription, because: PlanReplacement.endReason, at: time)
        let from = catalog.product(id: ended.productId)?.shortId ?? ended.productId
        return (ended, "\(running.change.name) from \(from) to \(product.shortId), at once by \(replacement.name): "
                + "the new plan runs until \(EventDate.string(from: newPeriodEnd)); nothing refunded")
    }

    static func roundedDown(_ amount: Decimal, currency: String) -> Decimal {
        var amount = amount
        var rounded = Decimal()
        NSDecimalRound(&rounded, &amount, PriceFormatter.minorUnitDigits(ofCurrency: currency), .down)
        return rounded
    }
}
