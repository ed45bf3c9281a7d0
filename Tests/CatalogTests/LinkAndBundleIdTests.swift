import Testing
@testable import Catalog

/// `link-url`, `link-https` and `bundle-id` (issue 33 item 14): a paywall's terms and privacy
/// links are web pages a browser opens, so `javascript:` and `data:` are errors and plain `http`
/// a warning; the bundle ID is reverse DNS of letters, digits, hyphens and periods (App Store
/// Connect's rule), and a package name Google Play takes where a storefront sells through Play.
/// Every finding is at its value, with its line and column.
@Suite("Lint: links and the bundle ID")
struct LinkAndBundleIdTests {
    static func catalog(bundleId: String = "com.example.test", terms: String = "https://example.com/terms",
                        privacy: String = "https://example.com/privacy", path: String = "paystation") -> String {
        """
        {
          "schemaVersion": 1,
          "app": { "name": "Test", "bundleId": "\(bundleId)" },
          "settings": { "enablePayments": true, "paymentsRedirectUrl": "com.example.test://xsollaconfirm/payment" },
          "storefronts": [ { "id": "USA", "locale": "en_US", "currency": "USD", "path": "\(path)" } ],
          "products": [ { "id": "gems", "type": "consumable", "name": { "en": "Gems" }, "prices": { "USA": "0.99" } } ],
          "paywalls": [ { "id": "main", "placement": "store_open",
            "termsUrl": "\(terms)",
            "privacyUrl": "\(privacy)",
            "variants": [ { "id": "A", "products": ["gems"], "strings": { "en": { "title": "Go", "features": [] } } } ] } ]
        }
        """
    }

    static func findings(_ text: String) -> [Diagnostic] {
        CatalogLinter.lint(text: text, file: "catalog.json").findings
    }

    /// The rules these tests make fire, for the test that every rule has one.
    static func firedRules() -> Set<String> {
        let texts = [catalog(terms: "javascript:alert(document.domain)"), catalog(privacy: "http://example.com/privacy"),
                     catalog(bundleId: "com.exa mple")]
        return Set(texts.flatMap { findings($0).compactMap(\.rule) })
    }

    @Test func theCatalogOfTheseTestsIsClean() {
        #expect(Self.findings(Self.catalog()) == [])
        #expect(Self.findings(Self.catalog(terms: "HTTPS://Example.com/Terms?lang=en#top", privacy: "https://例え.jp/プライバシー")) == [])
    }

    @Test("a link that is not a web page is an error at its value", arguments: [
        ("javascript:alert(document.domain)", "its scheme is javascript:, which a browser runs as a script instead of opening a page"),
        ("data:text/html,<script>alert(1)</script>", "its scheme is data:, whose page is the link's own text rather than one of yours"),
        ("file:///etc/passwd", "its scheme is file:, not https:"),
        ("mailto:legal@example.com", "its scheme is mailto:, not https:"),
        ("example.com/terms", "it has no scheme (such as https://)"),
        ("https:///terms", "it has no host (https://example.com/…)"),
        ("https://example.com/our terms", "a space (at character 24) is not allowed in a URL; encode it as %20"),
        ("https://example.com/100%", "a % (at character 24) starts no escape of two hex digits; write %25 for a percent sign"),
    ])
    func notAPage(link: String, reason: String) throws {
        let text = Self.catalog(terms: link)
        let place = try #require(position(of: "\"\(link)\"", in: text))
        #expect(Self.findings(text) == [Diagnostic(
            .error, path: "$.paywalls[0].termsUrl", position: place,
            message: "termsUrl \"\(link)\" is not a web page's address: \(reason). The paywall's terms of use link opens in the "
                + "player's browser; write an https URL, such as \"https://example.com/terms\"",
            rule: "link-url")])
    }

    @Test func aHiddenCharacterInALinkIsNamedAndEscaped() throws {
        let text = Self.catalog(privacy: "https://example.com/pri\u{202E}vacy")
        let finding = try #require(Self.findings(text).first)
        #expect(finding.rule == "link-url" && finding.path == "$.paywalls[0].privacyUrl")
        #expect(finding.message.hasPrefix(#"privacyUrl "https://example.com/pri\u202Evacy" is not a web page's address: "#
            + "U+202E, which shows nothing, (at character 24) is not allowed in a URL; encode it as %E2%80%AE"), "\(finding.message)")
    }

    @Test func plainHTTPIsAWarningThatSuggestsHTTPS() throws {
        let text = Self.catalog(privacy: "http://example.com/privacy")
        #expect(Self.findings(text) == [Diagnostic(
            .warning, path: "$.paywalls[0].privacyUrl", position: position(of: "\"http://example.com/privacy\"", in: text),
            message: "privacyUrl \"http://example.com/privacy\" is plain http, so the privacy policy travels unencrypted and "
                + "App Review asks for https; write \"https://example.com/privacy\"",
            rule: "link-https")])
    }

    @Test("a bundle ID App Store Connect refuses is an error at app.bundleId", arguments: [
        ("com.exa mple", "a space at character 8 is not a letter, digit, hyphen or period"),
        ("com.example_game", "\"_\" at character 12 is not a letter, digit, hyphen or period"),
        ("com.example.\\u001b", "U+001B at character 13 is not a letter, digit, hyphen or period"),
        ("stardust", "it is one part; a bundle ID has two at least, joined by periods (com.example.game)"),
        ("com..stardust", "it has an empty part (a period at an end, or two in a row)"),
        ("com.stardust.", "it has an empty part (a period at an end, or two in a row)"),
    ])
    func notABundleId(written: String, reason: String) throws {
        let text = Self.catalog(bundleId: written)
        let shown = written.replacingOccurrences(of: "\\u001b", with: "\\u001B")
        #expect(Self.findings(text).filter { $0.rule != "control-character" } == [Diagnostic(
            .error, path: "$.app.bundleId", position: position(of: "\"\(written)\"", in: text),
            message: "bundleId \"\(shown)\" is not a bundle ID App Store Connect takes: \(reason); it is also the app's URL "
                + "scheme. Write a reverse-DNS ID of letters, digits, hyphens and periods, such as \"com.example.game\"",
            rule: "bundle-id")])
    }

    @Test(arguments: ["com.example.game", "com.example-studio.game2", "io.github.Stardust", "a.b"])
    func aReverseDNSBundleIdIsClean(id: String) {
        #expect(Self.findings(Self.catalog(bundleId: id)).filter { $0.rule == "bundle-id" } == [])
    }

    @Test("where Google Play sells, the bundle ID is its package name too", arguments: [
        ("com.example-studio.game", #""-" at character 12 is not a letter, digit or underscore"#),
        ("com.example.2d", #"its part "2d" starts with "2", not a letter"#),
    ])
    func aPackageNameGooglePlayRefuses(id: String, reason: String) throws {
        let text = Self.catalog(bundleId: id, path: "play")
        #expect(Self.findings(text).filter { $0.rule == "bundle-id" } == [Diagnostic(
            .error, path: "$.app.bundleId", position: position(of: "\"\(id)\"", in: text),
            message: "bundleId \"\(id)\" is the package name Google Play sells under in USA, and Google Play takes no such "
                + "name: \(reason). Write one of letters, digits and underscores, each part starting with a letter, such as "
                + "\"com.example.game\"",
            rule: "bundle-id")])
        // The same id is Apple's to take where no storefront sells through Google Play.
        #expect(Self.findings(Self.catalog(bundleId: id)).filter { $0.rule == "bundle-id" } == [])
    }

    @Test func anEmptyBundleIdIsTheLoadersErrorAlone() {
        let findings = Self.findings(Self.catalog(bundleId: ""))
        #expect(findings.map(\.rule) == ["schema"], "\(findings)")
        #expect(BundleIdShape.appStoreProblem(with: "") == "it is empty")
    }

    @Test func theRulesSeverities() {
        #expect(LintRule.linkURL.severity == .error)
        #expect(LintRule.linkHTTPS.severity == .warning)
        #expect(LintRule.bundleId.severity == .error)
    }

    @Test func anImportedStoreKitFileHasAValidBundleId() {
        #expect(BundleIdShape.appStoreProblem(with: StoreKitImporter.defaultBundleId) == nil)
        #expect(BundleIdShape.playProblem(with: StoreKitImporter.defaultBundleId) == nil)
    }
}
