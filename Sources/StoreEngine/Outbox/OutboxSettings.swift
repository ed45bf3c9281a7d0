import Catalog
import Foundation

/// Where each store's server posts its notifications (the team's backend, `--apple-notifications
/// URL` and `--play-notifications URL`, a scenario's `notifications`), and whether the App Store retries as in production. No
/// URL, nothing is written: a store with nowhere to post sends nothing, as the real ones do.
public struct OutboxSettings: Sendable, Equatable {
    public var urls: [Marketplace: String] = [:]
    /// Production's five retries rather than the sandbox's one attempt.
    public var appStoreRetries = false

    public init(urls: [Marketplace: String] = [:], appStoreRetries: Bool = false) {
        self.urls = urls
        self.appStoreRetries = appStoreRetries
    }

    /// Why `text` cannot be a notification URL, or nil (`NotificationURL`).
    public static func problem(with text: String) -> String? {
        NotificationURL.problem(with: text)
    }

    /// The rules of `store`'s deliveries: Pub/Sub's for Google Play, else the App Store's.
    func rules(of store: Marketplace) -> any DeliveryRules {
        store == .googlePlay ? PubSubDeliveryRules() : AppStoreDeliveryRules(retries: store == .appStore && appStoreRetries)
    }
}
