import Foundation

/// A product's `play` object (docs/catalog.md): Google Play's base plans and offers, with the
/// Play Developer API's names. Each problem is reported at its path, as everywhere else.
extension CatalogDecoder {
    /// The product's `play` object, or nil when it has none (or it is not an object).
    func decodePlay(of product: ObjectReader, type: ProductType?) -> PlaySubscription? {
        guard let play = product.object("play", allowedKeys: ["basePlans", "offers", "promotions"]) else { return nil }
        // A one-time product's `play` holds its promotions alone.
        let subscription = type == .autoRenewable || type == nil
        if !subscription, play.has("basePlans") || play.has("offers") {
            diagnostics.error("only autoRenewable products have base plans and offers on Google Play; "
                              + "remove them from \"play\" or make the product autoRenewable",
                              path: play.path, at: play.node.position)
        }
        // A subscription may hold promotions alone: then it is sold as one base plan of its own.
        let needsPlans = subscription && !play.has("promotions")
        return PlaySubscription(basePlans: play.elements("basePlans", required: needsPlans, decodeBasePlan),
                                offers: play.elements("offers", decodeOffer),
                                promotions: play.elements("promotions", decodePromotion))
    }

    private func decodeBasePlan(_ element: (node: JSONNode, path: String)) -> PlayBasePlan? {
        guard let reader = ObjectReader(element.node, path: element.path, diagnostics: diagnostics,
                                        allowedKeys: ["basePlanId", "billingPeriodDuration", "renewalType", "prices",
                                                      "offerTags"])
        else { return nil }
        let id = reader.string("basePlanId", required: true)
        let period = playPeriod(reader, "billingPeriodDuration")
        let renewal = reader.enumeration("renewalType", as: PlayBasePlan.RenewalType.self) ?? .autoRenewing
        guard let id, let period else { return nil }
        return PlayBasePlan(id: id, billingPeriod: period, renewalType: renewal, prices: playPrices(reader),
                            offerTags: reader.strings("offerTags") ?? [])
    }

    private func decodeOffer(_ element: (node: JSONNode, path: String)) -> PlayOffer? {
        guard let reader = ObjectReader(element.node, path: element.path, diagnostics: diagnostics,
                                        allowedKeys: ["offerId", "basePlanId", "phases", "offerTags", "eligibility"])
        else { return nil }
        let id = reader.string("offerId", required: true)
        let basePlan = reader.string("basePlanId", required: true)
        let eligibility = reader.enumeration("eligibility", as: PlayOffer.Eligibility.self)
        let phases = reader.elements("phases", required: true, decodePhase)
        if let list = reader.array("phases"), list.isEmpty {
            diagnostics.error("an offer needs at least one phase (a free trial, a single payment or a discounted "
                              + "recurring payment) before the base plan's price", path: reader.path(of: "phases"),
                              at: reader.member("phases")?.position)
        }
        guard let id, let basePlan else { return nil }
        return PlayOffer(id: id, basePlanId: basePlan, phases: phases, offerTags: reader.strings("offerTags") ?? [],
                         eligibility: eligibility)
    }

    private func decodePhase(_ element: (node: JSONNode, path: String)) -> PlayPricingPhase? {
        guard let reader = ObjectReader(element.node, path: element.path, diagnostics: diagnostics,
                                        allowedKeys: ["type", "duration", "recurrenceCount", "prices"])
        else { return nil }
        let kind = reader.enumeration("type", as: PlayPricingPhase.Kind.self, required: true)
        let duration = playPeriod(reader, "duration")
        let count = reader.int("recurrenceCount", range: 1...120) ?? 1
        let prices = playPrices(reader)
        guard let kind, let duration else { return nil }
        switch kind {
        case .freeTrial where reader.has("prices"):
            diagnostics.error("a free trial has no prices; remove \"prices\"", path: reader.path(of: "prices"),
                              at: reader.member("prices")?.position)
        case .singlePayment where count != 1:
            diagnostics.error("a single payment is paid once for the whole duration; remove \"recurrenceCount\" "
                              + "or make the phase discountedRecurring", path: reader.path(of: "recurrenceCount"),
                              at: reader.member("recurrenceCount")?.position)
        case .singlePayment, .discountedRecurring:
            if !reader.has("prices") {
                diagnostics.error("missing required key \"prices\" (a \(kind.rawValue) phase has a price per storefront)",
                                  path: reader.path, at: reader.node.position, subject: reader.path(of: "prices"))
            }
        case .freeTrial:
            break
        }
        return PlayPricingPhase(kind: kind, duration: duration, recurrenceCount: count, prices: prices)
    }

    /// An ISO 8601 duration, required.
    private func playPeriod(_ reader: ObjectReader, _ key: String) -> SubscriptionPeriod? {
        guard let text = reader.string(key, required: true) else { return nil }
        if let period = SubscriptionPeriod(iso8601: text) { return period }
        diagnostics.error("\"\(text)\" is not a period; write an ISO 8601 duration such as P1W, P1M, P3M or P1Y",
                          path: reader.path(of: key), at: reader.member(key)?.position)
        return nil
    }

    private func playPrices(_ reader: ObjectReader) -> [String: Decimal] {
        guard let object = reader.object("prices") else { return [:] }
        var prices: [String: Decimal] = [:]
        for member in object.orderedMembers {
            if let price = object.decimal(member.key) { prices[member.key] = price }
        }
        return prices
    }
}
