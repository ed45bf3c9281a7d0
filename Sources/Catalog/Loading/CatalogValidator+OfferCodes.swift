import Foundation

// The codes that redeem offers: a typed code must name one offer, and a Google Play promotion
// must name what it sells.
extension CatalogValidator {
    func validateOfferCodes() {
        var first: [String: JSONPath] = [:]
        func note(_ code: String, at path: JSONPath) {
            let key = OfferCodes.key(code)
            if let earlier = first[key] {
                error("code \"\(code)\" is also \(earlier); a code redeems one offer, so remove one or rename it", at: path)
            } else {
                first[key] = path
            }
        }
        for (index, product) in catalog.products.enumerated() {
            let path = Self.products / index
            for (offerIndex, offer) in product.codeOffers.enumerated() {
                forEachCode(in: offer.codes, at: path / "codeOffers" / offerIndex / CatalogDecoder.codesKey, note)
            }
            var promotionIds: Set<String> = []
            for (promotionIndex, promotion) in (product.play?.promotions ?? []).enumerated() {
                let promotionPath = path / "play" / "promotions" / promotionIndex
                if !promotionIds.insert(promotion.id).inserted {
                    error("promotion \"\(promotion.id)\" is listed twice on this product; rename one", at: promotionPath / "id")
                }
                validate(promotion, of: product, at: promotionPath)
                forEachCode(in: promotion.codes, at: promotionPath / CatalogDecoder.codesKey, note)
            }
        }
    }

    /// A subscription's promotion is a free trial; a one-time product's gives the product.
    private func validate(_ promotion: PlayPromotion, of product: Product, at path: JSONPath) {
        if product.type == .autoRenewable, promotion.freeTrial == nil {
            error("a subscription's promotion needs a \"freeTrial\" such as P1M (its promo codes give a free trial)", at: path)
        } else if product.type != .autoRenewable, promotion.freeTrial != nil {
            error("a one-time product's promotion gives the product for nothing; remove \"freeTrial\"", at: path / "freeTrial")
        }
    }

    private func forEachCode(in codes: OfferCodes, at path: JSONPath, _ body: (String, JSONPath) -> Void) {
        for (index, custom) in codes.custom.enumerated() {
            body(custom.code, path / "custom" / index / "code")
        }
        for (batchIndex, batch) in codes.oneTime.enumerated() {
            for (index, code) in batch.codes.enumerated() {
                body(code, path / "oneTime" / batchIndex / "codes" / index)
            }
        }
    }
}
