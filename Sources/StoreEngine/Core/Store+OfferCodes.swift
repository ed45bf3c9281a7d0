import Catalog
import Foundation
import Ledger

// Codes typed on a store's own sheet: the App Store's offer codes
// (`AppStore.presentOfferCodeRedeemSheet()`), Google Play's promo codes. The store judges the
// code by its rules, then sells the code's product through the path's purchase sheet at the
// code's offer, completed as every purchase is; the code is noted with the purchase it opened.
extension Store {
    /// What a store's own sheet for codes calls with what the player typed: `code`, on `path`'s
    /// store, in the storefront `storefrontId`.
    ///
    /// Refused in the store's words (logged as `code.refused`; nothing is opened or charged, and
    /// `StoreReport.codeRefusal` says why, for the sheet to word in the storefront's language)
    /// when the store has no such code, it is used up or expired, its product is not sold there,
    /// or the player may not redeem it. Otherwise the path opens its purchase sheet for the code's
    /// product at the code's offer (`StoreReport.sheet`); the code is used from the commit that
    /// opens it (`code.redeemed`) until that purchase fails, and the purchase completes as every
    /// purchase does, with the store's notification of a code redeemed.
    public func redeemOfferCode(_ code: String, in storefrontId: String,
                                on path: IntegrationPath) throws(StoreError) -> StoreReport {
        guard let storefront = catalog.storefront(id: storefrontId) else { throw .unknownStorefront(storefrontId) }
        var refusal: OfferCodeRefusal?
        var report = try takeCall { () throws -> StoreNotice? in
            let (notice, refused) = try redeem(code, in: storefront, on: path)
            refusal = refused
            return notice
        }
        report.codeRefusal = refusal
        return report
    }

    /// `redeemOfferCode`'s work inside a call already taken (the store's own code sheet): the
    /// notice, and why the code was refused, if it was.
    func redeem(_ code: String, in storefront: Storefront, on path: IntegrationPath) throws -> (StoreNotice?, OfferCodeRefusal?) {
        let owner = self.path(path)
        guard let rules = owner.lifecycle?.offerCodes else {
            return (try refuse(code, .noCodes, saying: "\(path.displayName) has no offer codes; "
                               + "codes are redeemed on the App Store and on Google Play."), .noCodes)
        }
        switch try judge(code, by: rules, on: path.marketplace, in: storefront) {
        case .refused(let reason):
            return (try refuse(code, reason, saying: rules.words(reason)), reason)
        case .redeems(let found):
            let request = PurchaseRequest(productId: found.product.id, storefront: storefront, variationId: nil, code: found)
            let notice = try decideAndApply { try owner.beginPurchase(request, in: context) }
            if owner.purchaseSheet?.sheet(in: context) != nil { reached(.opened) }
            return (notice, nil)
        }
    }

    /// Whether `typed` may be redeemed now by this player in `storefront`, by `rules`: the
    /// code it names, or why not. Reads the ledger; writes nothing.
    func judge(_ typed: String, by rules: OfferCodeRules, on marketplace: Marketplace,
               in storefront: Storefront) throws -> CodeJudgement {
        guard let found = catalog.redeemableCode(typed, at: rules.store) else { return .refused(.unknown) }
        if found.hasExpired(at: now()) { return .refused(.expired) }
        let uses = try ledger.uses(ofCode: found.code)
        switch found.kind {
        case .oneTime where uses > 0: return .refused(.used)
        case .custom(let limit?) where uses >= limit: return .refused(.limitReached)
        case .oneTime, .custom: break
        }
        let product = found.product
        guard product.status == .available, product.price(in: storefront) != nil,
              PurchaseTerms.charge(of: found.offer.offer, in: storefront) != nil
        else { return .refused(.notSold) }
        if let id = found.offer.recordedId,
           try ledger.hasBought(product.id, under: found.offer.typeName, id, user: userId) {
            return .refused(.offerRedeemed)
        }
        let held = account.snapshot(at: now(), in: marketplace)
        guard let group = product.group else {
            return product.type == .nonConsumable && held.owns(productId: product.id) ? .refused(.alreadyOwned) : .redeems(found)
        }
        let running = held.subscriptions.contains { $0.isLive && catalog.product(id: $0.productId)?.group == group }
        let standing: OfferEligibility = running ? .existing : held.history.subscribedGroups.contains(group) ? .expired : .new
        if !found.eligibility.isEmpty, !found.eligibility.contains(standing) { return .refused(.notEligible) }
        // A subscriber redeems only what the store can apply now: a higher level, at once.
        if running {
            guard rules.upgradesSubscribers, let change = planChange(to: product, in: marketplace), change.immediate
            else { return .refused(.subscribed) }
        }
        return .redeems(found)
    }

    /// A purchase a code redeems notes its code, inside the commit that opens it.
    func noteRedemption(of code: RedeemableCode, by transaction: TransactionRecord, at time: Date) throws {
        let oneTime = code.kind == .oneTime
        try ledger.recordRedemption(OfferCodeRedemption(transactionId: transaction.id, code: code.code, oneTime: oneTime,
                                                        time: time))
        try log(.offerCodeRedeemed, "\(oneTime ? "one-time" : "custom") code \(code.code) for \(code.product.shortId): "
                + "\(code.offer.kindName) \(code.offer.recordedId ?? "")", transaction.id, time)
    }

    private func refuse(_ typed: String, _ reason: OfferCodeRefusal, saying words: String) throws -> StoreNotice {
        try ledger.inTransaction {
            try log(.offerCodeRefused, "\"\(QuotedText.part(typed))\": \(words) (\(reason.rawValue))", nil, now())
        }
        return StoreNotice(.error, words)
    }
}

/// What a store makes of a code typed on its sheet.
enum CodeJudgement {
    case redeems(RedeemableCode)
    case refused(OfferCodeRefusal)
}

/// Why a store refused a code typed on its sheet; each store words it (`OfferCodeRules.words`).
public enum OfferCodeRefusal: String, Sendable, CaseIterable {
    /// The store has no code spelt so.
    case unknown
    /// A one-time code redeemed already.
    case used
    /// A custom code redeemed as many times as its limit allows.
    case limitReached
    /// Past the end of its expiry date.
    case expired
    /// The player redeemed this offer before.
    case offerRedeemed
    /// Its eligibility does not admit the player: new to the group, subscribed now, or lapsed.
    case notEligible
    /// The player owns the product (bought once, owned for good).
    case alreadyOwned
    /// The player holds a plan of its group that the code cannot change now.
    case subscribed
    /// Its product is not sold in the storefront (unavailable, or no price there).
    case notSold
    /// The path's store has no codes.
    case noCodes
}

/// How a store redeems the codes typed on its own sheet (`StoreLifecycle.offerCodes`): which of
/// the catalog's codes are its own, whether a subscriber may redeem one for a higher level, and
/// its words for each refusal, as its sheet shows them.
struct OfferCodeRules {
    var store: CodeStore
    /// Whether a player holding a plan of the code's group may redeem a code for a higher level
    /// (an upgrade, at once); else such a player is refused.
    var upgradesSubscribers: Bool
    var words: (OfferCodeRefusal) -> String
}
