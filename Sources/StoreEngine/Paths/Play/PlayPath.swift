import Catalog
import Foundation
import Ledger

/// Google Play Billing, with the library guide's app code on top: a `BillingClient` built with
/// `enablePendingPurchases` and connected with `startConnection` (`onBillingSetupFinished`; on
/// `onBillingServiceDisconnected` the app reconnects with backoff); `queryProductDetailsAsync`;
/// `launchBillingFlow`, whose outcome arrives on `onPurchasesUpdated(BillingResult, purchases)`;
/// the app verifies the purchase's signature, grants, then acknowledges (`acknowledgePurchase`)
/// or consumes (`consumeAsync`); `queryPurchasesAsync` at launch and for restore. Google Play
/// refunds a purchase not acknowledged in time (3 minutes for a test purchase).
///
/// A purchase is three commits, as on the other paths: the sheet opens (`opened`); Google Play
/// charges the test instrument and keeps the signed purchase (`paid`); `onPurchasesUpdated`
/// reaches the app, which verifies, grants, finishes and acknowledges in one go (`finished`).
final class PlayPath: RegisteredPath, SheetOwner, StoreLifecycle, SDKState {
    let id = IntegrationPath.play
    // The path's state, read and changed by its extensions beside this file (PlayPath+*.swift).
    /// Google Play's sheet on screen; one at a time.
    var session: PlaySession?
    /// The billing service's connection, as the app's `BillingClient` sees it.
    var connection = Connection.connected
    /// How many more reconnection attempts fail (QA's `play disconnect` takes the service away
    /// for a while; a SERVICE_DISCONNECTED answer only drops the connection once).
    var failingAttempts = 0
    /// The Play account's country as QA last set it (`PlayPath+Country.swift`).
    var knownCountry = KnownCountry.unread

    enum Connection: Equatable {
        case connected
        /// Reconnecting: the attempt scheduled next.
        case reconnecting(attempt: Int)
    }

    init() {}

    var purchaseSheet: (any SheetOwner)? { self }
    var lifecycle: (any StoreLifecycle)? { self }
    var sdkState: (any SDKState)? { self }

    /// Google Play's promo codes, typed in its purchase flow.
    var offerCodes: OfferCodeRules? { PlayPromoCodes.rules }

    /// A test purchase must be acknowledged within 3 minutes (Google's licence-tester rule);
    /// any other within 3 days.
    static func acknowledgementWindow(sandbox: Bool) -> TimeInterval {
        sandbox ? 180 : 3 * 86_400
    }

    /// Backoff before reconnection attempt `attempt`: 1 s, 2 s, 4 s… up to a minute.
    static func backoff(beforeAttempt attempt: Int) -> TimeInterval {
        min(60, pow(2, Double(max(0, attempt - 1))))
    }

    // MARK: BillingClient and startConnection

    /// The app builds its `BillingClient` (with `enablePendingPurchases`) and connects, where a
    /// storefront sells through Google Play; then `queryPurchasesAsync`, as the guide's app does
    /// in `onResume`, acknowledging what it granted but has not acknowledged.
    func launched(in context: PathContext) throws {
        guard context.catalog.storefronts.contains(where: { $0.path == id }) else { return }
        _ = try context.records(PlayPurchaseRecords.self).licenseKey()
        try context.log(.playConnection, "BillingClient.newBuilder(context).setListener(purchasesUpdatedListener)"
                        + ".enablePendingPurchases().build(); startConnection → onBillingSetupFinished(OK)")
        connection = .connected
        _ = try queryPurchases(at: "launch", in: context)
    }

    // MARK: queryProductDetailsAsync

    /// Every available product asked for: a one-time product with its
    /// `oneTimePurchaseOfferDetails`, a subscription with its `subscriptionOfferDetails` (each
    /// base plan and each offer this player is eligible for, with its `offerToken`), each
    /// subscription's logged on its own.
    func requestProducts(_ identifiers: [String], attempt: Int, in context: PathContext) throws -> ProductsOutcome {
        // In the Play account's country, when QA set one, only what has a price there.
        let country = country(in: context).flatMap { context.catalog.storefront(id: $0) }
        let sold = identifiers.compactMap { context.catalog.product(id: $0) }
            .filter { product in product.status == .available && country.map { product.price(in: $0) != nil } ?? true }
        let subscriptions = sold.filter { $0.type == .autoRenewable }
        let absent = identifiers.count - sold.count
        try context.log(.playProductDetails, "queryProductDetailsAsync(\(English.count(identifiers.count, "id"))): "
                        + "\(sold.count - subscriptions.count) with oneTimePurchaseOfferDetails, "
                        + "\(subscriptions.count) with subscriptionOfferDetails"
                        + (absent == 0 ? "" : "; \(absent) absent (unknown or unavailable)")
                        + (country.map { " in the Play country \($0.id)" } ?? ""))
        if let storefront = country ?? detailsStorefront(in: context) {
            for product in subscriptions {
                _ = try logOfferDetails(of: product, in: storefront, context: context)
            }
        }
        return .answered(ProductsResponse(products: sold, invalidProductIdentifiers: []))
    }

    // MARK: launchBillingFlow

    func beginPurchase(_ request: PurchaseRequest, in context: PathContext) throws -> PathStep {
        if let busy = try context.purchases.refusalIfAnotherSheetIsOpen(than: id) { return busy }
        if let open = session {
            try context.log(.purchaseIgnored, "Google Play's sheet is already open for \(open.transactionId)")
            return PathStep(notice: StoreNotice(.info, "Google Play's sheet is already open for \(open.productName)."))
        }
        if case .reconnecting = connection {
            try context.log(.playBillingFlow, "launchBillingFlow → SERVICE_DISCONNECTED: the app is reconnecting")
            return PathStep(notice: StoreNotice(.info, "Google Play Billing is reconnecting; buy again in a moment."))
        }
        // Google Play sells in the Play account's country, in the phone's words.
        let storefront = sellingStorefront(for: request.storefront, in: context)
        guard let product = context.catalog.product(id: request.productId), product.status == .available else {
            try context.log(.playBillingFlow, "launchBillingFlow(\(request.productId)) → ITEM_UNAVAILABLE")
            return PathStep(notice: StoreNotice(.error, "Google Play: the product is not available (ITEM_UNAVAILABLE). "
                                                + "Nothing was charged."))
        }
        let name = product.name.resolved(for: storefront.locale) ?? product.id
        if let refusal = try context.purchases.refusalIfOwned(product, in: storefront) { return refusal }
        // A subscription is sold as its first base plan with the offer a Play app picks; the
        // sheet lists the others the player may have.
        // A promo code's purchase is its promotion's alone: no other offer to choose.
        var choices = request.code != nil ? nil
            : try offerChoices(for: product, in: storefront, variationId: request.variationId, context: context)
        // A plan of its group running here is replaced by the mode the app passes: refused, or
        // each choice priced as the mode charges.
        var replacement: PlayReplacement?
        if product.type == .autoRenewable, let full = choices, let first = full.first?.terms {
            let mode = try context.records(PlayOfferRecords.self).replacementMode()
            let quote = try quote(first, of: product, in: storefront, by: mode, in: context)
            if case .refused(let reason) = quote {
                try context.log(.playBillingFlow, "launchBillingFlow(\(product.shortId), SubscriptionUpdateParams "
                                + "\(mode.rawValue)) → DEVELOPER_ERROR: \(reason)")
                return PathStep(notice: StoreNotice(.error, "Google Play: \(reason) (DEVELOPER_ERROR). Nothing was charged; "
                                                    + "pick another mode with play replacement-mode."))
            }
            replacement = sheetReplacement(quote, by: mode, in: storefront, context: context)
            if replacement != nil { choices = try priced(full, of: product, in: storefront, by: mode, context: context) }
        }
        let offered = request.code.map { PurchaseTerms(product: product, storefront: storefront, offer: $0.offer) }
            ?? context.account.terms(for: product, in: storefront, variationId: request.variationId)
        guard let terms = choices.map({ $0.first?.terms }) ?? offered else {
            try context.log(.playBillingFlow, "launchBillingFlow(\(product.shortId)) → ITEM_UNAVAILABLE in \(storefront.id)")
            return PathStep(notice: StoreNotice(.error, "Google Play: \(name) is not sold in \(storefront.id) "
                                                + "(ITEM_UNAVAILABLE). Nothing was charged."))
        }
        let records = context.records(PlayPurchaseRecords.self)
        let acknowledges = try records.appAcknowledges()
        let sheetChoices = choices?.map(\.choice) ?? []
        let transaction = try context.purchases.openTransaction(productId: product.id, in: storefront, terms: terms,
                                                      variationId: request.variationId, path: id, redeeming: request.code,
                                                      reference: PlayPurchase.orderId(sequence:))
        let sheet = PlaySession(
            transactionId: transaction.id, productId: product.id, productName: name,
            formattedPrice: PriceFormatter.format(terms.chargeNow, in: storefront),
            offerLine: sheetChoices.first?.line ?? request.code.flatMap { PlayPromoCodes.line(of: $0, in: storefront) },
            account: "\(context.userId)@gmail.test",
            language: storefront.language, appAcknowledges: acknowledges, offerChoices: sheetChoices,
            replacement: replacement)
        if product.type == .autoRenewable {
            _ = try logOfferDetails(of: product, in: storefront, context: context, transaction: transaction.id)
        }
        let token = (sheet.chosenOffer.map { ", offerToken \($0.offerToken) of \($0.reference)" } ?? "")
            + (request.code.map { ", promo code \($0.code) of promotion \($0.offer.recordedId ?? "")" } ?? "")
            + (replacement.map { ", SubscriptionUpdateParams(oldPurchaseToken of \($0.replacedTransactionId), "
                + "\($0.mode.rawValue))" } ?? "")
        try context.log(.playBillingFlow, "launchBillingFlow(\(product.shortId)\(token)) → OK: Google Play's sheet "
                        + "shows \(sheet.formattedPrice) in \(storefront.id)", transaction: transaction.id)
        // Shown once the transaction it is for is committed.
        context.onceCommitted { [self] in session = sheet }
        return .nothing
    }

    func sheet(in context: PathContext) -> PurchaseSheet? {
        session.map(PurchaseSheet.play)
    }

    /// The catalog no longer sells what the sheet is for: as the player closing it.
    func cancelPurchaseUnderWay(in context: PathContext) throws -> PathStep? {
        try take(.cancel, in: context)
    }

    func input(from sent: PathInput) -> PlayInput? {
        if case .play(let input) = sent { return input }
        return nil
    }

    func take(_ input: PlayInput, in context: PathContext) throws -> PathStep {
        switch input {
        case .disconnect:
            return try disconnect(failingAttempts: 2, in: context)
        case .acknowledge(let transaction):
            return try acknowledge(transaction, in: context)
        case .consume(let transaction):
            return try consume(transaction, in: context)
        case .acknowledgeFromBackend(let transaction):
            return try backendCall(on: transaction, consuming: false, in: context)
        case .consumeFromBackend(let transaction):
            return try backendCall(on: transaction, consuming: true, in: context)
        case .setAppAcknowledges(let on):
            return try setAppAcknowledges(on, in: context)
        case .setDeveloperOffers(let on):
            return try setDeveloperOffers(on, in: context)
        case .setReplacementMode(let mode):
            return try setReplacementMode(mode, in: context)
        case .setCountry(let country):
            return try setCountry(country, in: context)
        case .listVoidedPurchases:
            return try listVoidedPurchases(in: context)
        default:
            break
        }
        guard var sheet = session else { return .nothing }
        if input == .toggleAcknowledgement {
            try setAppAcknowledgesQuietly(!sheet.appAcknowledges, in: context)
        }
        if input == .nextReplacementMode {
            try nextReplacementMode(on: &sheet, in: context)
        }
        let offer = sheet.chosenOffer
        let outcome = sheet.take(input)
        if sheet.chosenOffer?.reference != offer?.reference {
            try relaunch(&sheet, in: context)
        }
        session = sheet
        guard let outcome else { return .nothing }
        let step = try finish(sheet, as: outcome, in: context)
        return step
    }
}
