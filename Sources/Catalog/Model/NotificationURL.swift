import Foundation

/// Where a store's server posts its notifications: an http or https URL with a host and a
/// port that can be (`http://127.0.0.1:9000/apple`). One reading for the catalog's
/// `settings.notifications`, `--apple-notifications` and a scenario's `notifications`.
public struct NotificationURL: Sendable, Equatable, CustomStringConvertible {
    public let text: String

    /// Nil for anything but such a URL (`problem(with:)` says why).
    public init?(parsing text: String) {
        guard Self.problem(with: text) == nil else { return nil }
        self.text = text
    }

    public var description: String { text }

    /// Why `text` cannot be a notification URL, or nil.
    public static func problem(with text: String) -> String? {
        guard let url = URL(string: text), let scheme = url.scheme?.lowercased(), ["http", "https"].contains(scheme),
              let host = url.host, !host.isEmpty
        else { return "\(text) is not an http:// or https:// URL with a host (for example http://127.0.0.1:9000/apple)" }
        if let port = url.port, !(1...65_535).contains(port) { return "\(text) has port \(port); a port is 1 to 65535" }
        return nil
    }
}

/// Where each store posts, as the catalog's `settings.notifications` says.
public struct NotificationTargets: Sendable, Equatable {
    /// The App Store's Server Notifications V2.
    public var apple: NotificationURL?
    /// Google Play's real-time developer notifications, as a Pub/Sub push subscription posts them.
    public var play: NotificationURL?
    /// The audience of Google Play's push subscription with authentication: each push carries
    /// Google's OIDC token for it (`Authorization: Bearer`). Nil: a subscription without.
    public var playAudience: String?
    /// Xsolla's webhooks (the Publisher Account's "Webhook server").
    public var xsolla: NotificationURL?
    /// The project's secret key Xsolla signs its webhooks with; nil: one made for the ledger
    /// (`storefront keys` prints it).
    public var xsollaSecretKey: String?

    public init(apple: NotificationURL? = nil, play: NotificationURL? = nil, playAudience: String? = nil,
                xsolla: NotificationURL? = nil, xsollaSecretKey: String? = nil) {
        self.apple = apple
        self.play = play
        self.playAudience = playAudience
        self.xsolla = xsolla
        self.xsollaSecretKey = xsollaSecretKey
    }
}
