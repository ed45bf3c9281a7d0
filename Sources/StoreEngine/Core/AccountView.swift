import Catalog
import Foundation
import Ledger

/// What a path knows of the player (`PathContext.account`): what they own and have bought,
/// the offers they are eligible for, what the paths' servers hold for them. Read only: a
/// path changes a purchase through `PathContext.purchases`.
struct AccountView {
    unowned let store: Store
    private var catalog: ProductCatalog { store.catalog }
    private var now: Date { store.now() }

    /// What buying `product` in `storefront` costs this player now: the offer they are eligible
    /// for (the paywall variant's promotional offer when they came from it), as the paywall
    /// shows it. Nil when it has no price there.
    func terms(for product: Product, in storefront: Storefront, variationId: String?) -> PurchaseTerms? {
        var promotional: String?
        for paywall in catalog.paywalls {
            for variant in paywall.variants where variant.variationId(in: paywall) == variationId {
                promotional = variant.promotionalOffer
            }
        }
        return PurchaseTerms(product: product, storefront: storefront, presenting: promotional,
                             history: subscriberHistory)
    }

    /// The player's subscriptions as offer eligibility reads them, now.
    var subscriberHistory: SubscriberHistory {
        store.account.snapshot(at: now).history
    }

    /// Whether the player owns the product now (a non-consumable, or the active plan).
    func owns(_ productId: String) -> Bool {
        store.account.snapshot(at: now).owns(productId: productId)
    }

    /// The entitlement `key` as the game unlocks it now, from every store, when one still gives
    /// it: what a notice of a lost access asks first (`Store+AccessLeft.swift`).
    func stillGiven(_ key: String) -> Entitlement? {
        store.stillGiven(key)
    }

    /// Whether `marketplace` itself holds the product as the player's now: the store's own
    /// "already owned", which knows nothing of what another store sold (the app's refusal
    /// above knows everything the game unlocked).
    func owns(_ productId: String, in marketplace: Marketplace) -> Bool {
        store.account.snapshot(at: now, in: marketplace).owns(productId: productId)
    }

    /// What the paths' servers hold on the player's profile: access levels by level, as the
    /// ledger holds them.
    var serverAccess: [String: ServerAccess] { store.account.serverAccess }

    /// The product a transaction bought, when the account knows it (no ledger read): a listed
    /// transaction's, a grant's, a subscription's, a server's profile level's.
    func knownProductId(ofTransaction id: String) -> String? {
        store.account.productId(ofTransaction: id)
    }

    /// The player's purchases through the App Store (every path selling there), paid and
    /// not refunded, newest first, of `products` only when given: what Apple reports for this
    /// customer. Read from the ledger, however many there are: the panes keep only the newest.
    func appStorePurchases(of products: [String]? = nil, limit: Int = .max) throws -> [TransactionRecord] {
        let paths = store.paths.map(\.id).filter { $0.marketplace == .appStore }.map(\.rawValue)
        return try store.ledger.paidTransactions(user: store.userId, paths: paths, products: products, limit: limit)
    }

    /// The access level a paid transaction's product gives and until when (its paid span), as
    /// the app would grant it; nil for a product that gives no access level.
    func access(of transactionId: String) throws -> (level: String, expiresAt: Date?)? {
        guard let transaction = try store.ledger.transaction(id: transactionId),
              let product = catalog.product(id: transaction.productId),
              product.type == .autoRenewable || product.type == .nonRenewing,
              let grant = store.grantRecord(for: transaction, product: product, at: now)
        else { return nil }
        return (grant.key, grant.expiresAt)
    }

    /// The subscription `transaction` pays for, as the store keeps it now (within a change's
    /// commit: as the change left it).
    func subscription(of transaction: TransactionRecord) -> SubscriptionRecord? {
        store.account.subscriptions[transaction.originalTransactionId ?? transaction.id]
    }

    /// The product a transaction bought, from the ledger.
    func productId(of transactionId: String) throws -> String? {
        try transaction(transactionId)?.productId
    }

    /// The state of a transaction now, from the ledger (nil when it is not there).
    func transaction(_ transactionId: String) throws -> TransactionRecord? {
        try store.ledger.transaction(id: transactionId)
    }

    /// The access level a transaction's product gives, from what the account holds (no ledger read).
    func accessLevel(ofTransaction id: String) -> String? {
        store.account.accessLevel(ofTransaction: id)
    }
}
