import Foundation

/// `link-url` and `link-https`: a paywall's `termsUrl` and `privacyUrl` are what a player's
/// browser opens from the paywall. One that is not a web page's address (`javascript:`, which
/// a browser runs as a script; `data:`, whose page is the link's own text; no host; a space)
/// is an error; plain `http` a warning, since the page then travels unencrypted.
extension LintContext {
    mutating func checkLinks(_ paywall: Paywall, at path: JSONPath) {
        let links = [("termsUrl", paywall.termsUrl, "terms of use"), ("privacyUrl", paywall.privacyUrl, "privacy policy")]
        for (key, link, what) in links {
            // A blank link is `legal-links`' to report, a link that did not load the loader's.
            guard let link, !link.trimmingCharacters(in: .whitespaces).isEmpty, !places.hasFailure(within: path / key) else {
                continue
            }
            let quoted = "\(key) \"\(ControlCharacters.escaped(link))\""
            switch LinkShape.check(link) {
            case .https:
                break
            case .http:
                report(.linkHTTPS, at: path / key, "\(quoted) is plain http, so the \(what) travels unencrypted and App Review "
                       + "asks for https; write \"https\(link.drop { $0 != ":" })\"")
            case .notAPage(let problem):
                report(.linkURL, at: path / key, "\(quoted) is not a web page's address: \(problem). The paywall's \(what) "
                       + "link opens in the player's browser; write an https URL, such as \"https://example.com/\(key == "termsUrl" ? "terms" : "privacy")\"")
            }
        }
    }
}

/// What a paywall link is, as a browser would open it.
enum LinkShape: Equatable {
    case https
    case http
    /// Why it is not the address of a web page, as a clause.
    case notAPage(String)

    static func check(_ link: String) -> LinkShape {
        // The scheme first: a `javascript:` link is not a page, whatever its characters are.
        let scheme = URLSyntax.scheme(of: link).map { $0.lowercased() }
        switch scheme {
        case nil, "https", "http":
            if let problem = URLSyntax.problem(with: link, suggesting: "https") { return .notAPage(problem) }
            guard let host = URLComponents(string: link)?.host, !host.isEmpty else {
                return .notAPage("it has no host (https://example.com/…)")
            }
            return scheme == "https" ? .https : .http
        case "javascript":
            return .notAPage("its scheme is javascript:, which a browser runs as a script instead of opening a page")
        case "data":
            return .notAPage("its scheme is data:, whose page is the link's own text rather than one of yours")
        case let other?:
            return .notAPage("its scheme is \(ControlCharacters.escaped(other)):, not https:")
        }
    }
}
