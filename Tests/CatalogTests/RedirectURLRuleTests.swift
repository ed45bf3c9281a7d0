import Testing
@testable import Catalog

/// `redirect-url`: Pay Station sends the player back through `paymentsRedirectUrl` (by default
/// `<bundleId>://xsollaconfirm/payment`). One that is not a `scheme://host/path` URL can never
/// come back, so every payment waits for a relaunch: an error, wherever the URL comes from.
@Suite("Lint: the redirect URL")
struct RedirectURLRuleTests {
    private func catalog(settings: String = #""enablePayments": true"#, bundleId: String = "com.example.test") -> String {
        """
        {
          "schemaVersion": 1,
          "app": { "name": "Test", "bundleId": "\(bundleId)" },
          "settings": { \(settings) },
          "storefronts": [ { "id": "USA", "locale": "en_US", "currency": "USD", "path": "paystation" } ],
          "products": [ { "id": "gems", "type": "consumable", "name": { "en": "Gems" }, "prices": { "USA": "0.99" } } ]
        }
        """
    }

    private func findings(_ text: String) -> [Diagnostic] {
        CatalogLinter.lint(text: text, file: "catalog.json").findings
    }

    @Test(arguments: [
        "com.example.test://xsollaconfirm/payment", "https://example.com/return", "my-app+v2.beta://back/to/game",
        "Com.Example.Test://xsollaconfirm/payment",
    ])
    func aSchemeHostAndPathIsClean(url: String) {
        #expect(findings(catalog(settings: #""enablePayments": true, "paymentsRedirectUrl": "\#(url)""#)) == [])
    }

    @Test func theDefaultFromAPlainBundleIdIsClean() {
        #expect(findings(catalog()) == [])
    }

    @Test(arguments: [
        ("", "it is empty"),
        ("xsollaconfirm/payment", "it has no scheme (such as com.example.test://)"),
        ("com.example.test:/xsollaconfirm/payment", "it has no scheme (such as com.example.test://)"),
        ("com.example.test://", "it has no host"),
        ("com.example.test:///payment", "it has no host"),
        ("com.example.test://xsollaconfirm", "it has no path"),
        ("com.example.test://xsollaconfirm/", "it has no path"),
        ("com example://xsollaconfirm/payment", #"the scheme "com example" may hold only letters, digits, "+", "-" and ".", and must start with a letter"#),
        ("1app://xsollaconfirm/payment", #"the scheme "1app" may hold only letters, digits, "+", "-" and ".", and must start with a letter"#),
        ("com.example.test://xsolla confirm/payment", "a space (at character 26) is not allowed in a URL; encode it as %20"),
        ("com.example.test://xsollaconfirm/pay%ment", "a % (at character 37) starts no escape of two hex digits; write %25 for a percent sign"),
    ])
    func anythingElseIsAnError(url: String, reason: String) throws {
        let text = catalog(settings: #""enablePayments": true, "paymentsRedirectUrl": "\#(url)""#)
        #expect(findings(text) == [Diagnostic(
            .error, path: "$.settings.paymentsRedirectUrl", position: position(of: "\"\(url)\"", in: text),
            message: "paymentsRedirectUrl \"\(url)\" is not a scheme://host/path URL: \(reason); Pay Station cannot send the player back, so every payment waits for a relaunch. Write one such as \"com.example.test://xsollaconfirm/payment\"",
            rule: "redirect-url")])
    }

    @Test func theXsollaSpellingIsCheckedAtItsOwnKey() throws {
        let text = catalog(settings: #""enablePayments": true, "payments.redirectUrl": "back""#)
        let finding = try #require(findings(text).first)
        #expect(finding.path == #"$.settings["payments.redirectUrl"]"#)
        #expect(finding.position == position(of: "\"back\"", in: text))
        #expect(finding.rule == "redirect-url" && finding.severity == .error)
    }

    @Test func aBundleIdThatIsNotASchemeBreaksTheDefault() throws {
        let text = catalog(bundleId: "com.example_test")
        // `bundle-id` says beside it that App Store Connect takes no such ID (LinkAndBundleIdTests).
        #expect(findings(text).filter { $0.rule == "redirect-url" } == [Diagnostic(
            .error, path: "$.app.bundleId", position: position(of: "\"com.example_test\"", in: text),
            message: #"the default paymentsRedirectUrl "com.example_test://xsollaconfirm/payment" is not a scheme://host/path URL: the scheme "com.example_test" may hold only letters, digits, "+", "-" and ".", and must start with a letter; Pay Station cannot send the player back, so every payment waits for a relaunch. Set settings.paymentsRedirectUrl, or use a bundleId that is a URL scheme"#,
            rule: "redirect-url")])
    }

    @Test func theRuleIsAnError() {
        #expect(LintRule(rawValue: "redirect-url")?.severity == .error)
    }
}
