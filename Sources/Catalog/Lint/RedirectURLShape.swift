import Foundation

/// What makes a `paymentsRedirectUrl` one Pay Station can send the player back through: a
/// `scheme://host/path` URL, as the SDK's `<bundleId>://xsollaconfirm/payment`. The app's URL
/// handler matches the scheme, host and path of every redirect against it.
enum RedirectURLShape {
    /// Why `text` is not a `scheme://host/path` URL, as a clause ("it has no host"); nil when it is.
    /// - Parameter scheme: a scheme to suggest when `text` has none.
    static func problem(with text: String, suggesting scheme: String) -> String? {
        guard !text.isEmpty else { return "it is empty" }
        guard let separator = text.range(of: "://"), separator.lowerBound > text.startIndex else {
            return "it has no scheme (such as \(scheme)://)"
        }
        if let problem = URLSyntax.problem(with: text, suggesting: scheme) { return problem }
        guard let components = URLComponents(string: text), let host = components.host, !host.isEmpty else {
            return "it has no host"
        }
        // The path starts with "/"; the handler needs something after it to tell its URL apart.
        guard components.path.count > 1 else { return "it has no path" }
        return nil
    }
}
