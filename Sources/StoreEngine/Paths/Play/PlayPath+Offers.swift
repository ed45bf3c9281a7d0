import Catalog
import Foundation

// A subscription's base plans and offers on Google Play: what `queryProductDetailsAsync` lists
// in `subscriptionOfferDetails` for this player, and the offer the app passes to
// `launchBillingFlow` (the eligible one with the lowest first price, as the library's guide
// suggests; QA may pick another on the sheet).
extension PlayPath {
    /// What Google Play knows of the player for `product`'s offers.
    func offerContext(for product: Product, in context: PathContext) throws -> PlayOfferContext {
        guard let group = product.group else { return PlayOfferContext() }
        let holdsAnother = context.catalog.products.contains {
            $0.group == group && $0.id != product.id && context.account.owns($0.id)
        }
        return PlayOfferContext(subscribedBefore: context.account.subscriberHistory.subscribedGroups.contains(group),
                                holdsAnotherPlanOfGroup: holdsAnother,
                                developerOffers: try context.records(PlayOfferRecords.self).showsDeveloperOffers())
    }

    /// Where product details are priced when no purchase names a storefront: the first that
    /// sells through Google Play, else the catalog's first.
    func detailsStorefront(in context: PathContext) -> Storefront? {
        context.catalog.storefronts.first { $0.path == id } ?? context.catalog.storefronts.first
    }

    /// Logs a subscription's `subscriptionOfferDetails` as the app reads them.
    func logOfferDetails(of product: Product, in storefront: Storefront, context: PathContext,
                         transaction: String? = nil) throws -> [PlayOfferDetails] {
        let details = PlayOfferList.details(of: product, in: storefront, for: try offerContext(for: product, in: context))
        try context.log(.playProductDetails, "ProductDetails(\(product.shortId)) in \(storefront.id): subscriptionOfferDetails "
                        + (details.isEmpty ? "empty" : Self.describe(details, in: storefront)), transaction: transaction)
        return details
    }

    /// Each entry as the app would print it: its ids, tags and token, then each pricing phase
    /// (formatted price, billing period, cycle count, recurrence mode).
    static func describe(_ details: [PlayOfferDetails], in storefront: Storefront) -> String {
        details.map { entry in
            let phases = entry.pricingPhases.enumerated().map { index, phase in
                let last = index == entry.pricingPhases.count - 1
                let price = phase.kind == .freeTrial ? 0 : phase.prices[storefront.id] ?? 0
                let mode = PlayOfferDetails.recurrenceMode(of: phase, last: last, renewal: entry.basePlan.renewalType)
                let cycles = last ? 0 : (phase.kind == .singlePayment ? 1 : phase.recurrenceCount)
                return "\(PriceFormatter.format(price, in: storefront)) \(phase.duration) ×\(cycles) \(mode)"
            }
            let tags = entry.offerTags.isEmpty ? "" : " [\(entry.offerTags.joined(separator: ", "))]"
            return "\(entry.basePlan.id)/\(entry.offer?.id ?? "null")\(tags) \(entry.offerToken): "
                + phases.joined(separator: "; ")
        }.joined(separator: " | ")
    }

    /// The offer an entry charges as: a catalog without Play data keeps its introductory offer
    /// as the other paths record it; a Play offer is recorded by its base plan and offer ids.
    static func appliedOffer(of entry: PlayOfferDetails, for product: Product) -> AppliedOffer? {
        if !product.hasPlayBasePlans, entry.offer?.id == Product.introductoryOfferId, let intro = product.introductoryOffer {
            return .introductory(intro)
        }
        return entry.appliedOffer
    }

    /// The sheet's choices for a subscription: each purchasable entry, the terms it charges and
    /// its words; nil when the product is not one Google Play lists as base plans. A purchase
    /// that replaces a running plan by `mode` charges what the mode says now.
    func offerChoices(for product: Product, in storefront: Storefront, variationId: String?,
                      replacing mode: PlayReplacementMode? = nil,
                      context: PathContext) throws -> [(choice: PlayOfferChoice, terms: PurchaseTerms)]? {
        guard let choices = try fullPriceChoices(for: product, in: storefront, variationId: variationId, context: context)
        else { return nil }
        guard let mode else { return choices }
        return try priced(choices, of: product, in: storefront, by: mode, context: context)
    }

    /// `choices` at what each charges now when the purchase replaces a running plan by `mode`.
    func priced(_ choices: [(choice: PlayOfferChoice, terms: PurchaseTerms)], of product: Product, in storefront: Storefront,
                by mode: PlayReplacementMode, context: PathContext) throws -> [(choice: PlayOfferChoice, terms: PurchaseTerms)] {
        try choices.map { choice, terms in
            guard case .replaces(_, _, let charged) = try quote(terms, of: product, in: storefront, by: mode, in: context)
            else { return (choice, terms) }
            return (PlayOfferChoice(reference: choice.reference, offerId: choice.offerId, offerToken: choice.offerToken,
                                    line: choice.line, formattedPrice: PriceFormatter.format(charged.chargeNow, in: storefront)),
                    charged)
        }
    }

    private func fullPriceChoices(for product: Product, in storefront: Storefront, variationId: String?,
                                  context: PathContext) throws -> [(choice: PlayOfferChoice, terms: PurchaseTerms)]? {
        guard let shape = product.playSubscription else { return nil }
        guard product.hasPlayBasePlans else {
            // Without Play data the paywall's rule stands (its offer for this player, the
            // variant's promotional one included), so the sheet charges what the paywall shows.
            return try paywallChoice(for: product, basePlan: shape.basePlans.first, in: storefront,
                                     variationId: variationId, context: context).map { [$0] } ?? []
        }
        let player = try offerContext(for: product, in: context)
        let entries = PlayOfferList.purchasable(product, in: storefront, for: player)
        let chosen = PlayOfferList.chosen(among: entries, in: storefront)
        // The chosen first, then the others in the catalog's order, as QA steps through them.
        let ordered = chosen.map { first in [first] + entries.filter { $0 != first } } ?? entries
        return ordered.compactMap { entry in
            guard let terms = PurchaseTerms(product: product, storefront: storefront,
                                            offer: Self.appliedOffer(of: entry, for: product)) else { return nil }
            let choice = PlayOfferChoice(reference: entry.reference, offerId: entry.offer?.id, offerToken: entry.offerToken,
                                         line: entry.phasesLine(in: storefront),
                                         formattedPrice: PriceFormatter.format(terms.chargeNow, in: storefront))
            return (choice, terms)
        }
    }

    /// The one choice of a subscription without Play data: its one base plan, with the offer
    /// the paywall shows this player, described as the other sheets describe it.
    private func paywallChoice(for product: Product, basePlan: PlayBasePlan?, in storefront: Storefront, variationId: String?,
                               context: PathContext) throws -> (choice: PlayOfferChoice, terms: PurchaseTerms)? {
        guard let plan = basePlan, let terms = context.account.terms(for: product, in: storefront, variationId: variationId) else {
            return nil
        }
        let regular = ProductDisplay(product: product, storefront: storefront, showsIntroOffer: false).pricePerPeriod
            ?? PriceFormatter.format(terms.regularPrice, in: storefront)
        let line = terms.offer.map { OfferText.describe($0.offer, in: storefront, then: regular) } ?? regular
        let offerId = terms.offer.map { $0.recordedId ?? Product.introductoryOfferId }
        let reference = offerId.map { "\(plan.id)/\($0)" } ?? plan.id
        let token = PlayOfferDetails.token(productId: product.id, reference: reference)
        return (PlayOfferChoice(reference: reference, offerId: offerId, offerToken: token, line: line,
                                formattedPrice: PriceFormatter.format(terms.chargeNow, in: storefront)), terms)
    }

    /// QA picked another offer (or replacement mode) on the sheet: the app launches the billing
    /// flow again with its `offerToken`, so the open transaction charges that offer's terms
    /// (nothing is paid yet), and the sheet shows them.
    func relaunch(_ sheet: inout PlaySession, in context: PathContext) throws {
        guard let transaction = try context.account.transaction(sheet.transactionId),
              let product = context.catalog.product(id: sheet.productId),
              let storefront = context.catalog.storefront(id: transaction.storefront),
              let choices = try offerChoices(for: product, in: storefront, variationId: transaction.variationId,
                                             replacing: sheet.replacement?.mode, context: context),
              let index = choices.firstIndex(where: { $0.choice.reference == sheet.chosenOffer?.reference })
        else { return }
        let (chosen, terms) = choices[index]
        try context.purchases.changeTerms(ofTransaction: sheet.transactionId, to: terms)
        let mode = sheet.replacement.map { ", SubscriptionUpdateParams \($0.mode.rawValue)" } ?? ""
        try context.log(.playBillingFlow, "launchBillingFlow(\(product.shortId), offerToken \(chosen.offerToken) of "
                        + "\(chosen.reference)\(mode)) → OK: Google Play's sheet shows \(chosen.formattedPrice) in \(storefront.id)",
                        transaction: sheet.transactionId)
        sheet.reprice(choices.map(\.choice))
    }

    /// QA's switch: whether the app offers its developer-determined offers.
    func setDeveloperOffers(_ on: Bool, in context: PathContext) throws -> PathStep {
        try context.records(PlayOfferRecords.self).setShowsDeveloperOffers(on)
        try context.log(.playProductDetails, on ? "the app offers its developer-determined offers"
                        : "QA: the app no longer offers its developer-determined offers")
        return PathStep(notice: StoreNotice(.info, on ? "Google Play: developer-determined offers are offered."
                                            : "Google Play: developer-determined offers are not offered."))
    }
}
