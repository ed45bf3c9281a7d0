import Catalog
import Foundation

// Promoted in-app purchases: the App Store starts a purchase the player chose on the app's
// product page. The Xee SDK asks the app's delegate (`shouldAddStorePayment(for:)`) whether to
// show the sheet now or hold the product, and the app buys a held one later with `makePurchase`.
// One arriving while a purchase is on screen waits for it to end before anything is asked.
extension XeePath {
    /// A promoted purchase URL (`PromotedPurchaseURL`); nil for any other URL.
    func openPromoted(_ url: String, in context: PathContext) throws -> PathStep? {
        guard let promoted = PromotedPurchaseURL(parsing: url) else { return nil }
        let sku = promoted.productId
        guard promoted.bundleId == context.catalog.app.bundleId else {
            try context.log(.xeePromoted, "refused a promoted purchase for bundle \(QuotedText.part(promoted.bundleId)): "
                            + "this app is \(context.catalog.app.bundleId)")
            return PathStep(notice: StoreNotice(.error, "The promoted purchase is for another app "
                                                + "(\(QuotedText.part(promoted.bundleId))); nothing happened."))
        }
        guard let product = context.catalog.product(id: sku), product.status == .available else {
            try context.log(.xeePromoted, "refused a promoted purchase of \(QuotedText.part(sku)): "
                            + "not an available product of the catalog")
            return PathStep(notice: StoreNotice(.error, "The App Store promoted \(sku.isEmpty ? "no product" : QuotedText.part(sku)), "
                                                + "which the catalog does not sell; nothing happened."))
        }
        // One purchase at a time: during another purchase it waits, kept, and comes back here
        // once that purchase's sheet has gone (the delegate is asked then).
        if let open = context.app.sheetOnScreen {
            try context.purchases.keepUntilSheetCloses(url)
            try context.log(.xeePromoted, "the App Store started a promoted purchase of \(product.shortId); it waits: "
                            + "\(open.name) is open for \(open.transactionId), one purchase at a time")
            let name = product.name.resolved(for: "en") ?? product.shortId
            return PathStep(notice: StoreNotice(.info, "The App Store promoted \(name); it waits until the purchase "
                                                + "of \(open.productName) has ended."))
        }
        if shouldAddStorePayment(for: sku) {
            if let refusal = try refusalIfOwned(product, in: context) { return refusal }
            try context.log(.xeePromoted, "the App Store started a promoted purchase of \(product.shortId); "
                            + "shouldAddStorePayment(for:) answered true: the sheet shows now")
            return try beginPurchase(PurchaseRequest(productId: sku, storefront: appStoreStorefront(in: context),
                                                     variationId: nil), in: context)
        }
        hold(sku)
        try context.log(.xeePromoted, "the App Store started a promoted purchase of \(product.shortId); "
                        + "shouldAddStorePayment(for:) answered false: held for makePurchase later")
        // In the engine's words, as its other notices (English).
        let name = product.name.resolved(for: "en") ?? product.shortId
        return PathStep(notice: StoreNotice(.info, "The App Store promoted \(name); the app holds it: press p to buy it."))
    }

    /// The app buys a held promoted product with `makePurchase`, in the App Store's storefront.
    /// One the player owns by now is refused, and leaves the held list: it was asked for once.
    func resume(_ productId: String, in context: PathContext) throws -> PathStep {
        guard heldPromotions.contains(productId) else {
            let held = heldPromotions.isEmpty ? "none is held" : "held: " + heldPromotions.joined(separator: ", ")
            return PathStep(notice: StoreNotice(.info, "No promoted purchase of \(productId) is held (\(held))."))
        }
        if let product = context.catalog.product(id: productId), let refusal = try refusalIfOwned(product, in: context) {
            try context.log(.xeePromoted, "makePurchase of the held promoted \(product.shortId) was refused: "
                            + "it leaves the held promoted purchases")
            release(productId)
            return refusal
        }
        return try beginPurchase(PurchaseRequest(productId: productId, storefront: appStoreStorefront(in: context),
                                                 variationId: nil), in: context)
    }

    /// The app's refusal of a promoted product the player owns, before any sheet opens. The
    /// purchase would be the App Store account's storefront's, but the refusal is the app's, on
    /// its screen: it names the product as the storefront on screen does.
    private func refusalIfOwned(_ product: Product, in context: PathContext) throws -> PathStep? {
        try context.purchases.refusalIfOwned(product, in: context.app.shownStorefront ?? appStoreStorefront(in: context))
    }

    /// The storefront of the App Store account: the first that sells through Xee, else
    /// through StoreKit, else the catalog's first. Promoted purchases are made there.
    private func appStoreStorefront(in context: PathContext) -> Storefront {
        let storefronts = context.catalog.storefronts
        return storefronts.first { $0.path == .xee } ?? storefronts.first { $0.path == .storekit } ?? storefronts[0]
    }
}
