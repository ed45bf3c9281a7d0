import Catalog
import StoreEngine
import TerminalUI

/// The paywall's work with the engine, beside its display update (`PaywallModel.update(_:)`,
/// TerminalUI's): asking for products and following the answers, choosing a storefront or an
/// integration path, loading the Xee paywall, buying. Each request changes the model and
/// returns the effects for the program and the lines for the bottom line, in order.
extension PaywallModel {
    enum Request: Sendable {
        /// The Pay Station path sells only what a products request returned: ask once, and
        /// again after a request gave up.
        case productsIfNeeded
        /// The guide's app on the Xee path asks the SDK for the paywall of its placement.
        case xeePaywallIfNeeded
        /// The app is up: both of the above.
        case start
        case showStorefront(index: Int)
        /// The path chosen is kept for the next launch, as QA's other settings are.
        case choosePath(IntegrationPath)
        /// An engine report's answer to a products request; `callFailed` when the call itself
        /// failed (a full disk), whose own notice says more.
        case productsReplied(ProductsReply, callFailed: Bool)
        /// Enter, a click on the selected item or the call to action, a script's `buy`;
        /// `preview` is what a preview of another player says instead of buying.
        case buy(preview: StoreNotice?)
    }

    /// What a request hands back: effects for the program, lines for the bottom line.
    struct Outcome: Sendable, Equatable {
        var effects: [Effect] = []
        var notices: [StoreNotice] = []

        static func + (lhs: Outcome, rhs: Outcome) -> Outcome {
            Outcome(effects: lhs.effects + rhs.effects, notices: lhs.notices + rhs.notices)
        }
    }

    /// - Parameter area: the paywall's rectangle on screen for a model, so the rows' scroll
    ///   position follows the selection after each change, as at the size on screen.
    mutating func update(_ request: Request, area: (PaywallModel) -> Rect) -> Outcome {
        switch request {
        case .productsIfNeeded:
            guard needsProductsRequest else { return Outcome() }
            change(.productsLoading(attempt: 1), area: area)
            return Outcome(effects: [.engine(.requestProducts(path: path, attempt: 1))])
        case .xeePaywallIfNeeded:
            guard path == .xee, let placement = paywall?.placement else { return Outcome() }
            return Outcome(effects: [.engine(.loadXeePaywall(placement: placement, storefrontId: storefront.id))])
        case .start:
            return update(.productsIfNeeded, area: area) + update(.xeePaywallIfNeeded, area: area)
        case .showStorefront(let index):
            change(.chooseStorefront(index: index), area: area)
            let said = Outcome(notices: [StoreNotice(.info, "Storefront \(storefront.id): \(storefront.locale), \(storefront.currency).")])
            return said + update(.start, area: area)
        case .choosePath(let chosen):
            change(.choosePath(chosen), area: area)
            let said = Outcome(effects: [.engine(.keepPath(pathOverride))],
                               notices: [StoreNotice(.info, "Integration path \(chosen.displayName) in \(storefront.id).")])
            return said + update(.start, area: area)
        case .productsReplied(let reply, let callFailed):
            return follow(reply, callFailed: callFailed, area: area)
        case .buy(let preview):
            guard let purchase = selectedPurchase else { return Outcome() }
            // The screen shows another player than the ledger's: say what the store would do for
            // them rather than sell to the ledger's player on terms the screen does not show.
            if let preview { return Outcome(notices: [preview]) }
            return Outcome(effects: [.engine(.beginPurchase(productId: purchase.productId, storefrontId: storefront.id,
                                                            path: path, variationId: purchase.variationId))])
        }
    }

    /// Only a path that sells what its request returned keeps the answer; a retry goes back to
    /// the path that asked, wherever the player is now.
    private mutating func follow(_ reply: ProductsReply, callFailed: Bool, area: (PaywallModel) -> Rect) -> Outcome {
        guard reply.path.sellsOnlyRequestedProducts else { return Outcome() }
        switch reply.outcome {
        case .answered(let response):
            change(.productsAnswered(response), area: area)
            var notices: [StoreNotice] = []
            if response.products.isEmpty {
                notices.append(StoreNotice(.info, "The store returned no products for this project (see Events)."))
            }
            if !response.invalidProductIdentifiers.isEmpty {
                let invalid = English.count(response.invalidProductIdentifiers.count, "invalid identifier")
                notices.append(StoreNotice(.info, "Products request: \(invalid) (see Events)."))
            }
            return Outcome(notices: notices)
        case .failed(let attempt, let retryAfter):
            guard let retryAfter else {
                change(.productsGaveUp(attempts: attempt), area: area)
                // A failed call's own notice (a full disk) says more than this one.
                return callFailed ? Outcome() : Outcome(notices: [
                    StoreNotice(.error, "Products could not be loaded after \(attempt) attempts; press Enter to try again."),
                ])
            }
            change(.productsLoading(attempt: attempt + 1), area: area)
            return Outcome(effects: [.deliver(.retryProducts(path: reply.path, attempt: attempt + 1), afterSeconds: retryAfter)])
        }
    }

    /// A display change, then the rows scrolled to keep the selection in view at the size on screen.
    private mutating func change(_ action: Action, area: (PaywallModel) -> Rect) {
        update(action)
        update(.keepSelectionInView(area: area(self)))
    }
}
