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
        let written = text[..<separator.lowerBound]
        guard isScheme(written) else {
            return "the scheme \"\(written)\" may hold only letters, digits, \"+\", \"-\" and \".\", and must start with a letter"
        }
        guard let components = URLComponents(string: text) else {
            return "it is not a valid URL (spaces and some other characters must be percent-encoded)"
        }
        guard let host = components.host, !host.isEmpty else { return "it has no host" }
        // The path starts with "/"; the handler needs something after it to tell its URL apart.
        guard components.path.count > 1 else { return "it has no path" }
        return nil
    }

    /// RFC 3986: `ALPHA *( ALPHA / DIGIT / "+" / "-" / "." )`.
    static func isScheme(_ text: Substring) -> Bool {
        guard let first = text.unicodeScalars.first, isLetter(first) else { return false }
        return text.unicodeScalars.allSatisfy { isLetter($0) || ("0"..."9").contains($0) || "+-.".unicodeScalars.contains($0) }
    }

    private static func isLetter(_ scalar: Unicode.Scalar) -> Bool {
        ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar)
    }
}
