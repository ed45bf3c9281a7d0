import Catalog
import Foundation

/// Where each store's server posts its notifications (the team's backend: `--apple-notifications`,
/// `--play-notifications` and `--xsolla-notifications URL`, the catalog's `settings.notifications`,
/// a scenario's `notifications`), whether the App Store retries as in production, and how Xsolla
/// signs and whether its webhook mode is on. No URL, nothing is written: a store with nowhere to
/// post sends nothing, as the real ones do.
public struct OutboxSettings: Sendable, Equatable {
    public var urls: [Marketplace: String] = [:]
    /// Production's five retries rather than the sandbox's one attempt.
    public var appStoreRetries = false
    /// Xsolla's webhook mode (the catalog's `webhookMode`): the backend's answers are part of the
    /// purchase. Only with an Xsolla URL to post to.
    public var xsollaWebhookMode = false
    /// The project's secret key Xsolla signs with; nil: the ledger's own (`storefront keys`).
    public var xsollaSecretKey: String?
    /// The audience of Google Play's push subscription with authentication (the catalog's
    /// `playAudience`): each push carries Google's OIDC token for it. Nil: no token.
    public var pushAudience: String?

    public init(urls: [Marketplace: String] = [:], appStoreRetries: Bool = false, xsollaWebhookMode: Bool = false,
                xsollaSecretKey: String? = nil, pushAudience: String? = nil) {
        self.urls = urls
        self.appStoreRetries = appStoreRetries
        self.xsollaWebhookMode = xsollaWebhookMode
        self.xsollaSecretKey = xsollaSecretKey
        self.pushAudience = pushAudience
    }

    /// Why `text` cannot be a notification URL, or nil (`NotificationURL`).
    public static func problem(with text: String) -> String? {
        NotificationURL.problem(with: text)
    }

    /// Whether Xsolla's webhook mode holds a purchase for the backend's answers now.
    var holdsXsollaPurchases: Bool { xsollaWebhookMode && urls[.xsolla] != nil }

    /// The rules of `store`'s deliveries of `type`: Pub/Sub's for Google Play, Xsolla's own,
    /// else the App Store's.
    func rules(of store: Marketplace, type: String) -> any DeliveryRules {
        switch store {
        case .googlePlay: PubSubDeliveryRules()
        case .xsolla: XsollaDeliveryRules(type: type)
        default: AppStoreDeliveryRules(retries: store == .appStore && appStoreRetries)
        }
    }
}

extension NotificationTargets {
    /// The catalog's URLs by store.
    public var urls: [Marketplace: String] {
        var urls: [Marketplace: String] = [:]
        if let apple { urls[.appStore] = apple.text }
        if let play { urls[.googlePlay] = play.text }
        if let xsolla { urls[.xsolla] = xsolla.text }
        return urls
    }
}
