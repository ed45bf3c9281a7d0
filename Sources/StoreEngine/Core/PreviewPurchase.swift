import Catalog
import Foundation

/// What the store would do if a previewed player (`PlayerState`, or a forced eligibility)
/// bought a product: worked out by the rules a real purchase follows (`PurchaseTerms` with the
/// offer `OfferSelector` picks, `PlanChange`, the refusal of the current plan), so the line
/// the app shows instead of buying says what the screen promised. Nothing is bought in a
/// preview: the ledger holds another player.
public enum PreviewPurchase: Sendable, Equatable {
    /// What the player owns (a non-consumable, the current plan): refused before any sheet
    /// opens, nothing charged.
    case refusedAsOwned
    /// A downgrade, or a crossgrade to another duration, of the plan running: it waits for the
    /// renewal and charges nothing now.
    case changesAtRenewal(PlanChange, from: Product)
    /// A purchase charging `terms.chargeNow` now; `change` when it ends the plan running at
    /// once (an upgrade), which refunds the unused part of that plan's period.
    case charges(PurchaseTerms, change: PlanChange?)
    /// The product has no price here.
    case notSold

    /// - Parameters:
    ///   - promotionalOfferId: the variant's promotional offer, when the product is one of its plans.
    ///   - currentPlan: the plan the player subscribes to now in the product's group, if any.
    ///   - owned: whether the player owns the product (a non-consumable, the current plan).
    public init(buying product: Product, in storefront: Storefront, presenting promotionalOfferId: String?,
                history: SubscriberHistory, override: EligibilityOverride = .auto, currentPlan: Product?,
                owned: Bool) {
        // As `Store.beginPurchase`: a change of the running plan that waits for the renewal
        // first, then the path's refusal of what the player owns.
        var change: PlanChange?
        if let currentPlan, currentPlan.id != product.id, product.type == .autoRenewable, product.group != nil,
           currentPlan.group == product.group {
            let (kind, immediate) = PlanChange.buying(product, whileSubscribedTo: currentPlan)
            guard immediate else {
                self = .changesAtRenewal(kind, from: currentPlan)
                return
            }
            change = kind
        }
        if owned {
            self = .refusedAsOwned
            return
        }
        guard let terms = PurchaseTerms(product: product, storefront: storefront, presenting: promotionalOfferId,
                                        history: history, override: override)
        else {
            self = .notSold
            return
        }
        self = .charges(terms, change: change)
    }

    /// What the store would charge now; nil when it would sell nothing.
    public var chargeNow: Decimal? {
        if case .charges(let terms, _) = self { return terms.chargeNow }
        if case .changesAtRenewal = self { return 0 }
        return nil
    }

    /// What the store would do, said of `player` (`a lapsed player`): `a lapsed player would
    /// pay $0.00 now for Monthly Pass (1 month free, then $4.99/month, win-back)`.
    public func sentence(for player: String, buying product: Product, in storefront: Storefront) -> String {
        func name(_ product: Product) -> String { product.name.resolved(for: storefront.locale) ?? product.id }
        switch self {
        case .refusedAsOwned:
            let what = product.type == .nonConsumable ? "owned by" : "the current plan of"
            return "\(name(product)) is \(what) \(player): the store refuses it, charging nothing"
        case .changesAtRenewal(let change, let current):
            return "\(player) would change from \(name(current)) to \(name(product)) at the next renewal "
                + "(a \(change.name)), paying nothing now"
        case .notSold:
            return "\(name(product)) has no price in \(storefront.id): the store sells nothing"
        case .charges(let terms, let change):
            var line = "\(player) would pay \(PriceFormatter.format(terms.chargeNow, in: storefront)) now for \(name(product))"
            let regular = product.period.map { PriceFormatter.format(terms.regularPrice, per: $0, in: storefront) }
            if let offer = terms.offer {
                line += " (\(OfferText.describe(offer.offer, in: storefront, then: regular ?? "")), \(offer.kindName))"
            } else if let regular, product.type == .autoRenewable {
                line += " (\(regular), no offer)"
            }
            if let change {
                line += ", \(change == .upgrade ? "an" : "a") \(change.name) refunding the current plan's unused part"
            }
            return line
        }
    }
}
