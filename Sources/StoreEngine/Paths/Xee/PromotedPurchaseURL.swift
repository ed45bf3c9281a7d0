import Foundation

/// The URL with which the App Store starts a promoted in-app purchase in an app, as Apple's
/// testing instructions spell it: `itms-services://?action=purchaseIntent&bundleId=…&productIdentifier=…`.
/// `storefront promote SKU` and a scenario's `promote SKU` hand it to the app as `open-url` would.
public struct PromotedPurchaseURL: Sendable, Equatable {
    public var bundleId: String
    public var productId: String

    public init(bundleId: String, productId: String) {
        self.bundleId = bundleId
        self.productId = productId
    }

    static let scheme = "itms-services"

    /// The URL as text, its values percent-encoded.
    public var text: String {
        var components = URLComponents()
        components.scheme = Self.scheme
        components.host = ""
        components.queryItems = [
            URLQueryItem(name: "action", value: "purchaseIntent"),
            URLQueryItem(name: "bundleId", value: bundleId),
            URLQueryItem(name: "productIdentifier", value: productId),
        ]
        return components.string ?? "\(Self.scheme)://?action=purchaseIntent"
    }

    /// Reads a promoted purchase URL; nil for any other URL. A URL of the scheme that names no
    /// product reads with an empty product id, so the app can say what is wrong with it.
    public init?(parsing url: String) {
        guard url.lowercased().hasPrefix(Self.scheme + "://"), let components = URLComponents(string: url),
              components.queryItems?.first(where: { $0.name == "action" })?.value == "purchaseIntent"
        else { return nil }
        let items = components.queryItems ?? []
        bundleId = items.first { $0.name == "bundleId" }?.value ?? ""
        productId = items.first { $0.name == "productIdentifier" }?.value ?? ""
    }
}
