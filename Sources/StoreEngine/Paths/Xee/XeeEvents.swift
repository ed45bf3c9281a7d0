import Foundation

// The Xee SDK's calls and its server's steps, declared by the path that logs them.
extension EventKind {
    /// The Xee server asked Apple for the subscription statuses, verified the answer and
    /// recorded it on the profile (a lifecycle name, as the server's dashboard shows it).
    public static let verifiedWithApple = EventKind(rawValue: "VERIFIED_WITH_APPLE")
    /// The Xee server's check with Apple failed; the purchase still succeeds.
    public static let xeeAppleCheckFailed = EventKind(rawValue: "xee.apple.failed")
    /// A server notification for a purchase reached the Xee server and changed the profile.
    public static let xeeNotification = EventKind(rawValue: "xee.notification")
    /// The app polled `getProfile` for access.
    public static let xeeGetProfile = EventKind(rawValue: "xee.getProfile")
    /// QA changed how the simulated Xee server behaves.
    public static let xeeSettings = EventKind(rawValue: "xee.settings")
    /// The Xee server asked Apple's production environment, which did not know the
    /// transaction (a sandbox one): it asks the sandbox next.
    public static let xeeAppleProduction = EventKind(rawValue: "xee.apple.production")
    /// A transaction from a local StoreKit configuration reached the Xee server, which
    /// cannot verify it and unlocks nothing.
    public static let xeeLocalStoreKit = EventKind(rawValue: "xee.localStoreKit")
    /// The app asked the SDK for the paywall of a placement, and for its variant's products.
    public static let xeeGetPaywall = EventKind(rawValue: "xee.getPaywall")
    public static let xeeGetPaywallVariantProducts = EventKind(rawValue: "xee.getPaywallVariantProducts")
    /// What `makePurchase` returned to the app.
    public static let xeeMakePurchase = EventKind(rawValue: "xee.makePurchase")
    /// The SDK handed the app's delegate a profile that changed.
    public static let xeeDidLoadLatestProfile = EventKind(rawValue: "xee.didLoadLatestProfile")
    /// The App Store started a promoted purchase; the delegate's `shouldAddStorePayment`
    /// showed it or held it; the app later bought a held one.
    public static let xeePromoted = EventKind(rawValue: "xee.promoted")
}
