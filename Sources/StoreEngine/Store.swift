import Catalog
import Foundation
import Ledger

/// The simulated stores behind the app. Every step of a purchase is committed to the ledger
/// (state change, grant and event together) before the method returns, so whatever the screen
/// shows next has already survived a crash.
///
/// Not thread-safe by design: the run loop owns it and calls it from one thread.
public final class Store {
    public private(set) var catalog: Catalog
    public let ledger: Ledger
    public let userId: String
    let now: () -> Date
    private var generator: any RandomNumberGenerator
    /// The catalog's `network` setting unless the command line says otherwise.
    public var networkCondition: NetworkCondition
    /// The project id the SDK was started with: the catalog's, unless QA passes another
    /// (`--project-id`) to see a wrong project connect and sell nothing.
    public var sdkProjectId: Int?
    /// Called as each durable step completes. The executable uses it to crash the process on
    /// purpose at a chosen step (`STOREFRONT_CRASH_AT`), so recovery is tested on the real binary.
    public var checkpoint: (StoreCheckpoint) -> Void = { _ in }

    public init(catalog: Catalog, ledger: Ledger, userId: String, now: @escaping () -> Date = Date.init,
                generator: any RandomNumberGenerator = SystemRandomNumberGenerator()) {
        self.catalog = catalog
        self.ledger = ledger
        self.userId = userId
        self.now = now
        self.generator = generator
        networkCondition = catalog.settings.network
        sdkProjectId = catalog.settings.projectId
    }

    /// A coin toss from the store's generator (seeded in tests).
    func networkFails() -> Bool {
        generator.next() % 2 == 0
    }

    var redirectBase: String {
        catalog.settings.redirectURL(bundleId: catalog.app.bundleId)
    }

    // MARK: Starting a purchase

    public enum PurchaseStart: Sendable, Equatable {
        /// Pay Station is open on this session.
        case payStation(PayStationSession)
        /// Nothing happens, as in the SDK; the reason is logged for QA.
        case ignored(reason: String)
    }

    /// `add(payment)`: records a `purchasing` transaction and opens Pay Station on it.
    public func beginPurchase(of productId: String, in storefront: Storefront, variationId: String? = nil) throws -> PurchaseStart {
        let time = now()
        guard catalog.settings.enablePayments else {
            let reason = "enablePayments is false in the catalog's settings: the SDK ignores every purchase"
            try ledger.appendEvent(kind: StoreEventKind.purchaseIgnored.rawValue, message: reason, transactionId: nil, at: time)
            return .ignored(reason: reason)
        }
        guard let product = catalog.product(id: productId), product.status == .available else {
            let reason = "\(productId) is not an available product"
            try ledger.appendEvent(kind: StoreEventKind.purchaseIgnored.rawValue, message: reason, transactionId: nil, at: time)
            return .ignored(reason: reason)
        }
        guard let price = product.price(in: storefront) else {
            let reason = "\(product.shortId) has no price in \(storefront.id)"
            try ledger.appendEvent(kind: StoreEventKind.purchaseIgnored.rawValue, message: reason, transactionId: nil, at: time)
            return .ignored(reason: reason)
        }
        let external = !storefront.inAppPayStation && catalog.settings.openExternalBrowser
        let token = makeToken()
        // The id comes from the count read under the write lock (BEGIN IMMEDIATE), so two
        // processes on one ledger never take the same one.
        let session: PayStationSession = try ledger.inTransaction {
            let sequence = try ledger.transactionCount() + 1
            let transactionId = String(format: "txn-%06d", sequence)
            let invoiceId = String(100_000_000 + sequence)
            let session = PayStationSession(
                transactionId: transactionId, invoiceId: invoiceId, token: token, productId: product.id,
                productName: product.name.resolved(for: storefront.locale) ?? product.id,
                formattedPrice: PriceFormatter.format(price, in: storefront), opensExternalBrowser: external,
                sandbox: catalog.settings.useSandbox, today: time)
            try ledger.insert(TransactionRecord(
                id: transactionId, productId: product.id, userId: userId, storefront: storefront.id,
                integrationPath: IntegrationPath.paystation.rawValue, state: .purchasing, quantity: 1,
                price: "\(price)", currency: storefront.currency, invoiceId: invoiceId, variationId: variationId,
                createdAt: time, updatedAt: time))
            try ledger.recordInvoice(InvoiceRecord(invoiceId: invoiceId, transactionId: transactionId, userId: userId,
                                                   createdAt: time))
            try log(.purchaseStarted, "\(product.shortId) for \(session.formattedPrice) in \(storefront.id): purchasing",
                    transactionId, time)
            try log(.payStationOpened, "\(external ? "external browser" : "in-app"): \(session.url)", transactionId, time)
            return session
        }
        return .payStation(session)
    }

    private func makeToken() -> String {
        let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789")
        return String((0..<32).map { _ in alphabet[Int(generator.next() % UInt64(alphabet.count))] })
    }

    func log(_ kind: StoreEventKind, _ message: String, _ transactionId: String?, _ time: Date) throws {
        try ledger.appendEvent(kind: kind.rawValue, message: message, transactionId: transactionId, at: time)
    }
}
