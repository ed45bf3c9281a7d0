import Foundation
import Ledger

// The Play Billing Library's calls and callbacks, and Google Play's own steps, declared by the
// path that logs them. Names stay within the Events pane's 15 characters.
extension EventKind {
    /// `startConnection`, `onBillingSetupFinished`, `onBillingServiceDisconnected`, reconnection.
    public static let playConnection = EventKind(rawValue: "play.connection")
    /// `queryProductDetailsAsync` and what it answered.
    public static let playProductDetails = EventKind(rawValue: "play.products")
    /// `launchBillingFlow` and its BillingResult.
    public static let playBillingFlow = EventKind(rawValue: "play.launchFlow")
    /// Google Play charged a test instrument (at once, or when a slow card settles PURCHASED):
    /// the purchase, its `orderId` and its signature. A PENDING purchase is not charged.
    public static let playCharged = EventKind(rawValue: "play.charged")
    /// `onPurchasesUpdated(BillingResult, purchases)`.
    public static let playPurchasesUpdated = EventKind(rawValue: "play.updated")
    /// A response code other than OK, as the app handled it.
    public static let playResponse = EventKind(rawValue: "play.response")
    /// The app verified the purchase's signature with the licence key (or refused it).
    public static let playVerified = EventKind(rawValue: "play.verified")
    public static let playVerifyFailed = EventKind(rawValue: "play.unverified")
    /// `acknowledgePurchase`, `consumeAsync`, `queryPurchasesAsync`.
    public static let playAcknowledged = EventKind(rawValue: "play.ack")
    public static let playConsumed = EventKind(rawValue: "play.consume")
    public static let playQueryPurchases = EventKind(rawValue: "play.query")
    /// Real-time developer notifications for one-time products, by Google's names: bought, and
    /// a pending purchase cancelled (a slow card that declined).
    public static let oneTimeProductPurchased = EventKind(rawValue: "ONE_TIME_PRODUCT_PURCHASED")
    public static let oneTimeProductCanceled = EventKind(rawValue: "ONE_TIME_PRODUCT_CANCELED")
}

extension PlayPath {
    /// Payments go to Google Play; the paywall sells every available product (a products
    /// request answers them all).
    static var traits: PathTraits { PathTraits(id: .play, marketplace: .googlePlay) }

    /// Google Play signs each purchase's JSON with the app's licence key (RSA).
    static var signsWithItsOwnKey: Bool { true }

    static func publicKey(in ledger: LedgerDatabase) throws -> String? {
        try PlayPurchaseRecords.publicKey(in: ledger)
    }

    static func publicKey(madeIn ledger: LedgerDatabase) throws -> String? {
        try PlayPurchaseRecords(ledger: ledger, now: Date()).licenseKey().publicKeyBase64()
    }

    /// The key that plays Google's in the tokens of an authenticated push subscription.
    static func tokenCertificates(madeIn ledger: LedgerDatabase) throws -> [String: String] {
        try GooglePushToken.kept(in: ledger).certificates()
    }

    static func signedPurchases(in ledger: LedgerDatabase, transactions: [TransactionRecord]) throws -> [String: SignedPurchase] {
        try PlayPurchaseRecords.signedPurchases(in: ledger, transactions: transactions.filter { $0.integrationPath == "play" })
    }

    static var eventKinds: PathEventKinds {
        PathEventKinds(
            sdkCalls: [.playConnection, .playProductDetails, .playBillingFlow, .playCharged, .playPurchasesUpdated,
                       .playResponse, .playVerified, .playVerifyFailed, .playAcknowledged, .playConsumed,
                       .playQueryPurchases, .playCountry],
            lifecycle: [.oneTimeProductPurchased, .oneTimeProductCanceled] + EventKind.playSubscriptionNotifications,
            failures: [.playResponse, .playVerifyFailed, .oneTimeProductCanceled, .subscriptionOnHold,
                       .subscriptionRevoked, .subscriptionPendingPurchaseCanceled, .voidedPurchaseNotification])
    }
}
