import Catalog
import Foundation

// Plan changes on Google Play: the app buys another plan of a subscription the player holds
// with `SubscriptionUpdateParams` (the old purchase's token and a replacement mode), and Google
// Play carries the change out by the mode: at once or at the renewal, charging nothing, the
// prorated difference or the full price now. The new purchase has a token of its own and
// names the old one as its `linkedPurchaseToken`.
extension PlayPath {
    /// The mode the app passes for the purchase `transactionId` (the one its sheet opened with),
    /// else the one it passes next.
    func planReplacement(forTransaction transactionId: String?, in context: PathContext) throws -> PlanReplacement? {
        if let transactionId,
           let recorded = try context.records(PlayPurchaseRecords.self).purchase(of: transactionId)?.replacementMode
               .flatMap(PlayReplacementMode.init(rawValue:)) {
            return recorded.replacement
        }
        return try context.records(PlayOfferRecords.self).replacementMode().replacement
    }

    /// What buying `product` with `terms` charges by `mode` when it replaces a running plan.
    func quote(_ terms: PurchaseTerms, of product: Product, in storefront: Storefront, by mode: PlayReplacementMode,
               in context: PathContext) throws -> ReplacementQuote {
        guard product.type == .autoRenewable else { return .noChange }
        return try context.purchases.replacementQuote(for: product, terms: terms, in: storefront, on: id, by: mode.replacement)
    }

    /// The sheet's replacement, when buying `product` replaces a running plan by `mode`.
    func sheetReplacement(_ quote: ReplacementQuote, by mode: PlayReplacementMode, in storefront: Storefront,
                          context: PathContext) -> PlayReplacement? {
        guard case .replaces(let originalId, let productId, _) = quote else { return nil }
        let name = context.catalog.product(id: productId).map { $0.name.resolved(for: storefront.locale) ?? $0.id } ?? productId
        return PlayReplacement(mode: mode, replacedProductId: productId, replacedName: name,
                               replacedTransactionId: originalId)
    }

    /// `p` on the sheet: the next mode that replaces at once and that Google Play accepts for
    /// this change, kept as the app's choice, and the flow launched again with it.
    func nextReplacementMode(on sheet: inout PlaySession, in context: PathContext) throws {
        guard let current = sheet.replacement, let product = context.catalog.product(id: sheet.productId),
              let transaction = try context.account.transaction(sheet.transactionId),
              let storefront = context.catalog.storefront(id: transaction.storefront) else { return }
        // Each mode is asked of the same full-price terms, read once.
        guard let full = try offerChoices(for: product, in: storefront, variationId: transaction.variationId,
                                          context: context)?.first?.terms else { return }
        var mode = current.mode.next
        while mode != current.mode {
            if mode != .deferred, case .replaces = try quote(full, of: product, in: storefront, by: mode, in: context) { break }
            mode = mode.next
        }
        guard mode != current.mode else { return }
        try context.records(PlayOfferRecords.self).setReplacementMode(mode)
        sheet.replacement?.mode = mode
        try relaunch(&sheet, in: context)
    }

    /// QA's choice of the mode the app passes, kept across launches (`play replacement-mode`).
    func setReplacementMode(_ mode: PlayReplacementMode, in context: PathContext) throws -> PathStep {
        try context.records(PlayOfferRecords.self).setReplacementMode(mode)
        try context.log(.playBillingFlow, "the app passes SubscriptionUpdateParams with \(mode.rawValue) "
                        + "when it changes a plan: \(mode.words)")
        return PathStep(notice: StoreNotice(.info, "Google Play: plan changes use \(mode.rawValue)."))
    }
}

/// On Google Play's sheet: the plan the purchase replaces, and the mode the app passed.
public struct PlayReplacement: Sendable, Equatable {
    public internal(set) var mode: PlayReplacementMode
    public let replacedProductId: String
    /// The replaced plan's name in the storefront's language.
    public let replacedName: String
    /// The original transaction of the subscription it replaces.
    public let replacedTransactionId: String
}
