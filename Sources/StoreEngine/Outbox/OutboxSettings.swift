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

    /// Why `text` cannot be a notification URL, or nil: an http or https URL with a host.
    public static func problem(with text: String) -> String? {
        guard let url = URL(string: text), let scheme = url.scheme?.lowercased(), ["http", "https"].contains(scheme),
              let host = url.host, !host.isEmpty
        else { return "\(text) is not an http:// or https:// URL with a host (for example http://127.0.0.1:9000/apple)" }
        if let port = url.port, !(1...65_535).contains(port) { return "\(text) has port \(port); a port is 1 to 65535" }
        return nil
    }

    /// The rules of `store`'s deliveries: Pub/Sub's for Google Play, else the App Store's.
    func rules(of store: Marketplace) -> any DeliveryRules {
        store == .googlePlay ? PubSubDeliveryRules() : AppStoreDeliveryRules(retries: store == .appStore && appStoreRetries)
    }
}
