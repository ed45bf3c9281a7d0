import Catalog
import Foundation
import Ledger

extension Store {
    /// The Xee SDK's calls, as the guide's app makes them.
    public var xee: XeeSDK { XeeSDK(store: self) }

    /// The player's profile on the Xee server at `time`.
    func xeeProfile(at time: Date) -> XeeProfile {
        XeeProfile(profileId: userId, holding: account.serverAccess, at: time, product: account.productId(ofTransaction:))
    }
}

/// The Xee SDK's face: the calls of the guide's app code, each logged in the
/// Events pane as the SDK would make it. `makePurchase` opens the App Store sheet; what it
/// returned arrives as `StoreReport.xeePurchase` on the report of the input that settled it.
public struct XeeSDK {
    let store: Store

    /// The paywall at `placement`, in the variant this player is assigned.
    public func getPaywall(placement: String) throws(StoreError) -> XeePaywall {
        var found: XeePaywall?
        // The SDK's calls log as a path does: inside a commit the store opens.
        _ = try store.takeDecision { () throws -> StoreNotice? in
            let context = store.context
            guard let paywall = store.catalog.paywalls.first(where: { $0.placement == placement }),
                  let variant = paywall.assignedVariant(forUser: store.userId) else {
                try context.log(.xeeGetPaywall, "getPaywall(placement: \(QuotedText.part(placement))) threw: "
                                + "no paywall at this placement")
                return nil
            }
            let answer = XeePaywall(placement: placement, paywallId: paywall.id, variantId: variant.id,
                                    variationId: variant.variationId(in: paywall), vendorProductIds: variant.products)
            try context.log(.xeeGetPaywall, "getPaywall(placement: \(placement)): \(paywall.id), variant \(variant.id), "
                            + "variationId \(answer.variationId)")
            found = answer
            return nil
        }
        guard let found else {
            throw .noPaywall(placement: placement, placements: store.catalog.paywalls.map(\.placement))
        }
        return found
    }

    /// The variant's products in its order, as the App Store sells them in `storefrontId`
    /// (one it does not sell there is absent), each with the variant's `variationId` and
    /// the offer this player is eligible for.
    public func getPaywallVariantProducts(paywallVariant paywall: XeePaywall,
                                          in storefrontId: String) throws(StoreError) -> [XeePaywallProduct] {
        guard let storefront = store.catalog.storefront(id: storefrontId) else { throw .unknownStorefront(storefrontId) }
        var products: [XeePaywallProduct] = []
        _ = try store.takeDecision { () throws -> StoreNotice? in
            let context = store.context
            for id in paywall.vendorProductIds {
                guard let product = store.catalog.product(id: id), product.status == .available,
                      let terms = context.account.terms(for: product, in: storefront, variationId: paywall.variationId)
                else { continue }
                products.append(XeePaywallProduct(
                    vendorProductId: id, variationId: paywall.variationId, subscriptionOffer: terms.offer,
                    localizedPrice: PriceFormatter.format(terms.regularPrice, in: storefront)))
            }
            let offers = products.compactMap { product in
                product.subscriptionOffer.map { "\(store.displayName(ofProduct: product.vendorProductId)) \($0.kindName)" }
            }
            try context.log(.xeeGetPaywallVariantProducts, "getPaywallVariantProducts(\(paywall.variationId)) in "
                            + "\(storefront.id): \(products.count) of \(English.count(paywall.vendorProductIds.count, "product")); "
                            + "subscriptionOffer: " + (offers.isEmpty ? "none" : offers.joined(separator: ", ")))
            return nil
        }
        return products
    }

    /// Opens the App Store sheet for `product`; its result arrives with the sheet's answer.
    public func makePurchase(product: XeePaywallProduct, in storefrontId: String) throws(StoreError) -> StoreReport {
        try store.beginPurchase(of: product.vendorProductId, in: storefrontId, on: .xee, variationId: product.variationId)
    }

    /// `makePurchase` of a promoted product the delegate held; `storefrontId`, when given, is
    /// the storefront the app's screen shows (`Store.shownStorefront`).
    public func makePurchase(heldPromotion productId: String, shownIn storefrontId: String? = nil) throws(StoreError)
        -> StoreReport {
        if let storefrontId { store.shownStorefront = storefrontId }
        return try store.takeCall {
            let notice = try store.decideAndApply { try store.xeePath.resume(productId, in: store.context) }
            if store.xeePath.sheet(in: store.context) != nil { store.reached(.opened) }
            return notice
        }
    }

    /// The player's profile as the server has it now.
    public func getProfile() throws(StoreError) -> XeeProfile {
        var profile: XeeProfile?
        _ = try store.takeCall { () throws -> StoreNotice? in
            let now = store.now()
            let answer = store.xeeProfile(at: now)
            try store.log(.xeeGetProfile, "getProfile(): " + answer.described(withExpiry: true), nil, now)
            profile = answer
            return nil
        }
        return profile ?? store.xeeProfile(at: store.now())
    }

    /// `restorePurchases()`, by the guide's rules for the device's iOS.
    public func restorePurchases() throws(StoreError) -> StoreReport {
        try store.restore(on: .xee)
    }
}
