import Foundation

/// A product's `play` object as docs/catalog.md writes it, defaults left out as the decoder
/// supplies them (`renewalType` autoRenewing, `recurrenceCount` 1, no tags); a one-time
/// product's holds its promotions alone.
extension CatalogEncoder {
    static func playObject(_ play: PlaySubscription, prices: ([String: Decimal]) -> JSONText) -> JSONText {
        let plans = play.basePlans.map { plan -> JSONText in
            var members: [(String, JSONText)] = [("basePlanId", .string(plan.id)),
                                                 ("billingPeriodDuration", .string(plan.billingPeriod.description))]
            if plan.renewalType != .autoRenewing { members.append(("renewalType", .string(plan.renewalType.rawValue))) }
            if !plan.prices.isEmpty { members.append(("prices", prices(plan.prices))) }
            if !plan.offerTags.isEmpty { members.append(("offerTags", .array(plan.offerTags.map(JSONText.string)))) }
            return .object(members)
        }
        let offers = play.offers.map { offer -> JSONText in
            var members: [(String, JSONText)] = [("offerId", .string(offer.id)), ("basePlanId", .string(offer.basePlanId))]
            if let eligibility = offer.eligibility { members.append(("eligibility", .string(eligibility.rawValue))) }
            if !offer.offerTags.isEmpty { members.append(("offerTags", .array(offer.offerTags.map(JSONText.string)))) }
            members.append(("phases", .array(offer.phases.map { phase in
                var phaseMembers: [(String, JSONText)] = [("type", .string(phase.kind.rawValue)),
                                                          ("duration", .string(phase.duration.description))]
                if phase.recurrenceCount != 1 { phaseMembers.append(("recurrenceCount", .int(phase.recurrenceCount))) }
                if !phase.prices.isEmpty { phaseMembers.append(("prices", prices(phase.prices))) }
                return .object(phaseMembers)
            })))
            return .object(members)
        }
        let promotions = play.promotions.map { promotion -> JSONText in
            var members: [(String, JSONText)] = [("id", .string(promotion.id))]
            if let trial = promotion.freeTrial { members.append(("freeTrial", .string(trial.description))) }
            members.append((CatalogDecoder.codesKey, codes(promotion.codes)))
            return .object(members)
        }
        // A one-time product's `play` holds its promotions alone.
        var members: [(String, JSONText)] = plans.isEmpty ? [] : [("basePlans", .array(plans))]
        if !offers.isEmpty { members.append(("offers", .array(offers))) }
        if !promotions.isEmpty { members.append(("promotions", .array(promotions))) }
        return .object(members)
    }
}
