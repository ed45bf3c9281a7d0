import Foundation

/// The rules on a subscription's `play` object (Google Play's base plans and offers): what
/// Google Play would refuse, or sell otherwise than the catalog means.
extension LintContext {
    mutating func checkPlay() {
        for (index, product) in catalog.products.enumerated() {
            guard let play = product.play else { continue }
            let path = Self.products / index / "play"
            checkPlayIds(play, at: path)
            checkFirstBasePlan(play, of: product, at: path)
            checkPlayPrices(play, of: product, at: path)
            for (offerIndex, offer) in play.offers.enumerated() {
                let offerPath = path / "offers" / offerIndex
                if offer.eligibility == nil {
                    report(.playOfferEligibility, at: offerPath,
                           "offer \"\(offer.id)\" has no eligibility, so Google Play never offers it; add \"eligibility\": "
                           + "\"newCustomer\", \"upgrade\" or \"developerDetermined\"")
                }
                if let plan = play.basePlans.first(where: { $0.id == offer.basePlanId }) {
                    checkPhases(of: offer, on: plan, of: product, at: offerPath)
                }
            }
        }
    }

    /// Base plan ids are unique in a subscription, offer ids in a base plan, and an offer is on
    /// a base plan the subscription has.
    private mutating func checkPlayIds(_ play: PlaySubscription, at path: JSONPath) {
        var planIndex: [String: Int] = [:]
        for (index, plan) in play.basePlans.enumerated() {
            if let first = planIndex[plan.id] {
                report(.playIds, at: path / "basePlans" / index / "basePlanId",
                       "base plan \"\(plan.id)\" is also \(path / "basePlans" / first); Google Play needs each basePlanId once: rename one")
            } else {
                planIndex[plan.id] = index
            }
        }
        var offerIndex: [String: Int] = [:]
        for (index, offer) in play.offers.enumerated() {
            let offerPath = path / "offers" / index
            guard planIndex[offer.basePlanId] != nil else {
                let known = play.basePlans.map(\.id)
                let guess = Spelling.closest(to: offer.basePlanId, among: Set(known)).map { "; did you mean \"\($0)\"?" }
                    ?? "; base plans: \(Self.quotedList(known))"
                report(.playIds, at: offerPath / "basePlanId",
                       "offer \"\(offer.id)\" is on base plan \"\(offer.basePlanId)\", which this subscription does not have\(guess)")
                continue
            }
            let key = "\(offer.basePlanId)/\(offer.id)"
            if let first = offerIndex[key] {
                report(.playIds, at: offerPath / "offerId",
                       "offer \"\(offer.id)\" on base plan \"\(offer.basePlanId)\" is also \(path / "offers" / first); "
                       + "an offerId is unique in its base plan: rename one")
            } else {
                offerIndex[key] = index
            }
        }
    }

    /// The paywall's plan buys the first base plan at the product's price and period, so they
    /// must agree, or the player is charged otherwise than Google Play lists.
    private mutating func checkFirstBasePlan(_ play: PlaySubscription, of product: Product, at path: JSONPath) {
        guard let plan = play.basePlans.first else { return }
        let planPath = path / "basePlans" / 0
        if let period = product.period, plan.billingPeriod != period {
            report(.playBasePlan, at: planPath / "billingPeriodDuration",
                   "the first base plan \"\(plan.id)\" renews every \(plan.billingPeriod), but the product's period is \(period); "
                   + "the paywall sells the first base plan as the product, so make them equal (or put another base plan first)")
        }
        let differing = catalog.storefronts.map(\.id).filter {
            !plan.prices.isEmpty && plan.prices[$0] != nil && plan.prices[$0] != product.prices[$0]
        }
        if !differing.isEmpty {
            report(.playBasePlan, at: planPath / "prices",
                   "the first base plan \"\(plan.id)\" costs otherwise than the product in \(English.list(differing, joinedBy: "and")); "
                   + "the paywall charges the product's price, so remove the plan's prices (it then inherits them) or make them equal")
        }
    }

    /// A storefront selling through Google Play needs a price for every base plan with prices of
    /// its own and for every paid phase, or Google Play lists the plan or offer nowhere there.
    private mutating func checkPlayPrices(_ play: PlaySubscription, of product: Product, at path: JSONPath) {
        let selling = catalog.storefronts.filter { $0.path == .play }.map(\.id)
        guard !selling.isEmpty else { return }
        for (index, plan) in play.basePlans.enumerated() where !plan.prices.isEmpty {
            let prices = path / "basePlans" / index / "prices"
            let missing = selling.filter { plan.prices[$0] == nil && !places.hasFailure(within: prices / $0) }
            if !missing.isEmpty {
                report(.playPrice, at: prices,
                       "base plan \"\(plan.id)\" has no price in \(English.list(missing, joinedBy: "or")), which sells through "
                       + "Google Play, so it is not sold there; add \(missing.count == 1 ? "a price" : "prices") or remove its prices to inherit the product's")
            }
        }
        for (offerIndex, offer) in play.offers.enumerated() {
            for (index, phase) in offer.phases.enumerated() where phase.kind != .freeTrial {
                let prices = path / "offers" / offerIndex / "phases" / index / "prices"
                let missing = selling.filter { phase.prices[$0] == nil && !places.hasFailure(within: prices / $0) }
                if !missing.isEmpty {
                    report(.playPrice, at: prices,
                           "offer \"\(offer.id)\" has no price for this phase in \(English.list(missing, joinedBy: "or")), which "
                           + "sells through Google Play, so the offer is not offered there; add \(missing.count == 1 ? "a price" : "prices")")
                }
            }
        }
    }

    /// An offer's phases come before the base plan's price, which ends every offer: a phase
    /// that costs as much as the base plan (or more) is no discount, and only delays the end.
    private mutating func checkPhases(of offer: PlayOffer, on plan: PlayBasePlan, of product: Product, at path: JSONPath) {
        for (index, phase) in offer.phases.enumerated() where phase.kind != .freeTrial {
            let dearer = catalog.storefronts.filter { storefront in
                guard let price = phase.prices[storefront.id], let regular = plan.price(in: storefront, of: product) else { return false }
                // A single payment pays for its whole duration: compare what as many periods cost.
                let periods = Decimal(max(1, phase.duration.approximateDays / max(1, plan.billingPeriod.approximateDays)))
                return price >= (phase.kind == .singlePayment ? regular * periods : regular)
            }.map(\.id)
            guard !dearer.isEmpty else { continue }
            report(.playOfferPhases, at: path / "phases" / index,
                   "phase \(index + 1) of offer \"\(offer.id)\" costs at least base plan \"\(plan.id)\"'s price in "
                   + "\(English.list(dearer, joinedBy: "and")); an offer's phases discount the start and end in the base plan's "
                   + "price, so lower this phase's price or remove it")
        }
    }
}
