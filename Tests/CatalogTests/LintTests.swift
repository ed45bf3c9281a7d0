import Foundation
import Testing
@testable import Catalog

/// `storefront lint`: each rule on a small catalog that is clean but for one change, checked for
/// its exact path, line:column, severity and rule id; then several findings at once, load errors
/// as findings, and the report's text and JSON forms.
@Suite("Lint")
struct LintTests {
    // MARK: A clean small catalog and its parts

    static let gems = #"{ "id": "gems", "type": "consumable", "name": { "en": "Gems" }, "prices": { "USA": "0.99" } }"#
    static let monthly = #"""
        { "id": "pass.monthly", "type": "autoRenewable", "group": "pass", "period": "P1M",
          "name": { "en": "Monthly" }, "prices": { "USA": "4.99" },
          "introductoryOffer": { "mode": "freeTrial", "period": "P1W" } }
        """#
    static let paywall = #"""
        [ { "id": "main", "placement": "store_open",
            "termsUrl": "https://example.com/terms", "privacyUrl": "https://example.com/privacy",
            "variants": [ { "id": "A", "products": ["pass.monthly", "gems"],
              "strings": { "en": { "title": "Go", "features": ["Double rewards"], "offerDetails": "{{ product.price }}",
                "offerDetailsWithIntro": "{{ product.offer_period }} free, then {{ product.price_per_period }}" } } } ] } ]
        """#

    /// `smallCatalog` with the settings and subscription groups it lacks.
    private func lintable(_ base: String, settings: String? = #"{ "enablePayments": true }"#,
                          groups: String = #"[ { "id": "pass", "name": { "en": "Pass" } } ]"#) throws -> String {
        let settingsLine = settings.map { "\"settings\": \($0),\n  " } ?? ""
        return try replacingOnce("\"storefronts\": ", with: "\(settingsLine)\"subscriptionGroups\": \(groups),\n  \"storefronts\": ",
                                 in: base)
    }

    static var products: String { "[ \(gems),\n \(monthly) ]" }

    /// A catalog that lints clean: a consumable, a subscription with a free trial, a paywall.
    private func cleanCatalog() throws -> String {
        try lintable(smallCatalog(products: Self.products, paywalls: Self.paywall))
    }

    /// The clean catalog with `old` (which must occur once) replaced by `new`.
    private func clean(replacing old: String, with new: String) throws -> String {
        try replacingOnce(old, with: new, in: cleanCatalog())
    }

    private func lint(_ text: String) -> LintReport {
        CatalogLinter.lint(text: text, file: "catalog.json")
    }

    /// The one finding of `text`; records an issue when there are none or several.
    private func onlyFinding(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> Diagnostic {
        let findings = lint(text).findings
        try #require(findings.count == 1, "expected one finding, got \(findings.map(\.description))",
                     sourceLocation: sourceLocation)
        return findings[0]
    }

    // MARK: Clean catalogs

    @Test func theDefaultCatalogIsClean() throws {
        let report = CatalogLinter.lint(text: try defaultCatalogText(), file: "catalog.json")
        #expect(report.findings.map(\.description) == [])
        #expect(report == LintReport(file: "catalog.json", findings: []))
        #expect(!report.hasErrors && report.errorCount == 0 && report.warningCount == 0)
        #expect(report.summary == "catalog.json: clean")
        #expect(report.textLines == ["catalog.json: clean"])
    }

    @Test func theSmallCatalogOfTheseTestsIsClean() throws {
        #expect(lint(try cleanCatalog()).findings.map(\.description) == [])
    }

    // MARK: enable-payments (error)

    @Test func enablePaymentsFalse() throws {
        let text = try clean(replacing: #""enablePayments": true"#, with: #""enablePayments": false"#)
        #expect(try onlyFinding(text) == Diagnostic(
            .error, path: "$.settings.enablePayments", position: position(of: "false", in: text),
            message: "enablePayments is false, so the SDK ignores every purchase (a silent no-op); set it to true",
            rule: "enable-payments"))
    }

    @Test func enablePaymentsMissingFromSettingsDefaultsToFalse() throws {
        let text = try clean(replacing: #""enablePayments": true"#, with: #""useSandbox": true"#)
        let finding = try onlyFinding(text)
        #expect(finding.path == "$.settings")
        #expect(finding.position == position(of: #"{ "useSandbox""#, in: text))
        #expect(finding.severity == .error && finding.rule == "enable-payments")
        #expect(finding.message.contains("missing and defaults to false"))
    }

    @Test func noSettingsAtAllIsReportedOnTheRoot() throws {
        let text = try lintable(smallCatalog(products: "[ \(Self.gems) ]"), settings: nil)
        let finding = try onlyFinding(text)
        #expect(finding.path == "$")
        #expect(finding.position == SourcePosition(line: 1, column: 1))
        #expect(finding.rule == "enable-payments" && finding.severity == .error)
    }

    // MARK: missing-price (error)

    private static let twoStorefronts = #"""
        [ { "id": "USA", "locale": "en_US", "currency": "USD", "path": "storekit" },
          { "id": "DEU", "locale": "de_DE", "currency": "EUR", "path": "paystation" } ]
        """#

    @Test func aProductWithoutAPriceInAStorefront() throws {
        let gems = #"{ "id": "gems", "type": "consumable", "name": { "en": "Gems", "de": "Steine" }, "prices": { "USA": "0.99" } }"#
        let text = try lintable(smallCatalog(storefronts: Self.twoStorefronts, products: "[ \(gems) ]"), groups: "[]")
        #expect(try onlyFinding(text) == Diagnostic(
            .error, path: "$.products[0].prices", position: position(of: #"{ "USA": "0.99" }"#, in: text),
            message: "no price in DEU, so a purchase there is ignored; add a price", rule: "missing-price"))
    }

    @Test func severalMissingPricesAreNamedInOneFinding() throws {
        let storefronts = #"""
            [ { "id": "USA", "locale": "en_US", "currency": "USD", "path": "storekit" },
              { "id": "GBR", "locale": "en_GB", "currency": "GBP", "path": "storekit" },
              { "id": "IND", "locale": "en_IN", "currency": "INR", "path": "storekit" } ]
            """#
        let text = try lintable(smallCatalog(storefronts: storefronts, products: "[ \(Self.gems) ]"))
        #expect(try onlyFinding(text).message == "no price in GBR or IND, so a purchase there is ignored; add prices")
    }

    @Test(arguments: ["draft", "unavailable"])
    func aProductThatIsNotSoldNeedsNoPrice(status: String) throws {
        let draft = #"{ "id": "gems", "type": "consumable", "status": "\#(status)", "prices": { "USA": "0.99" } }"#
        let text = try lintable(smallCatalog(storefronts: Self.twoStorefronts, products: "[ \(draft) ]"), groups: "[]")
        #expect(lint(text).findings == [])
    }

    // MARK: missing-name (warning)

    @Test func aProductWithoutANameInAStorefrontsLanguage() throws {
        let text = try clean(replacing: #""name": { "en": "Gems" }"#, with: #""name": { "de": "Steine" }"#)
        #expect(try onlyFinding(text) == Diagnostic(
            .warning, path: "$.products[0].name", position: position(of: #"{ "de": "Steine" }"#, in: text),
            message: "no name in en (USA); players there see another language's name", rule: "missing-name"))
    }

    @Test func aProductWithoutAnyNameIsReportedOnTheProduct() throws {
        let text = try clean(replacing: #""name": { "en": "Gems" }, "#, with: "")
        let finding = try onlyFinding(text)
        #expect(finding.path == "$.products[0]")
        #expect(finding.position == position(of: #"{ "id": "gems""#, in: text))
        #expect(finding.rule == "missing-name" && finding.severity == .warning)
    }

    @Test func aFullLocaleNameCounts() throws {
        let text = try clean(replacing: #""name": { "en": "Gems" }"#, with: #""name": { "en_US": "Gems" }"#)
        #expect(lint(text).findings == [])
    }

    @Test func aSubscriptionGroupWithoutANameInAStorefrontsLanguage() throws {
        let text = try lintable(smallCatalog(products: "[ \(Self.gems) ]"),
                                groups: #"[ { "id": "pass", "name": { "ja": "パス" } } ]"#)
        #expect(try onlyFinding(text) == Diagnostic(
            .warning, path: "$.subscriptionGroups[0].name", position: position(of: #"{ "ja": "パス" }"#, in: text),
            message: "no name in en (USA); players there see another language's name", rule: "missing-name"))
    }

    @Test func languagesAreListedWithTheirStorefronts() throws {
        let storefronts = #"""
            [ { "id": "USA", "locale": "en_US", "currency": "USD", "path": "storekit" },
              { "id": "DEU", "locale": "de_DE", "currency": "EUR", "path": "storekit" },
              { "id": "AUT", "locale": "de_AT", "currency": "EUR", "path": "storekit" },
              { "id": "JPN", "locale": "ja_JP", "currency": "JPY", "path": "storekit" } ]
            """#
        let gems = #"{ "id": "gems", "type": "consumable", "name": { "en": "Gems" }, "prices": { "USA": "1", "DEU": "1", "AUT": "1", "JPN": "100" } }"#
        let text = try lintable(smallCatalog(storefronts: storefronts, products: "[ \(gems) ]"),
                                groups: #"[ { "id": "pass", "name": { "en": "Pass", "de": "Pass", "ja": "パス" } } ]"#)
        #expect(try onlyFinding(text).message
            == "no name in de (DEU, AUT) or ja (JPN); players there see another language's name")
    }

    // MARK: intro-terms (warning)

    @Test func introTermsNotDisclosed() throws {
        let text = try clean(replacing: #""offerDetailsWithIntro": "{{ product.offer_period }} free, then {{ product.price_per_period }}""#,
                             with: #""cta": "Continue""#)
        #expect(try onlyFinding(text) == Diagnostic(
            .warning, path: "$.paywalls[0].variants[0].strings.en", position: position(of: #"{ "title": "Go""#, in: text),
            message: "intro terms not disclosed: \"pass.monthly\" has an introductory offer, but the \"en\" strings give an offer line (offerDetails) with no offerDetailsWithIntro and no text using {{ product.offer_period }} or {{ product.offer_price }}",
            rule: "intro-terms"))
    }

    @Test(arguments: ["{{ product.offer_period }} free", "Try it {{product.offer_price}}"])
    func introTermsInAnyStringAreEnough(feature: String) throws {
        var text = try clean(replacing: #""offerDetailsWithIntro": "{{ product.offer_period }} free, then {{ product.price_per_period }}""#,
                             with: #""cta": "Continue""#)
        text = try replacingOnce(#""features": ["Double rewards"]"#, with: #""features": ["Double rewards", "\#(feature)"]"#, in: text)
        #expect(lint(text).findings == [])
    }

    @Test func everyLocaleOfTheVariantIsChecked() throws {
        let text = try clean(replacing: #""strings": { "en": {"#,
                             with: #""strings": { "de": { "title": "Los", "offerDetails": "{{ product.price }}" }, "en": {"#)
        let finding = try onlyFinding(text)
        #expect(finding.path == "$.paywalls[0].variants[0].strings.de")
        #expect(finding.position == position(of: #"{ "title": "Los", "offerDetails""#, in: text))
    }

    /// Without an offer line of their own the paywall shows the built-in one, which says what a
    /// trial turns into (`1 week free, then $4.99/month`): nothing to warn of.
    @Test func theBuiltInOfferLinesDiscloseTheTerms() throws {
        let paywall = #"""
            [ { "id": "main", "placement": "store_open",
                "termsUrl": "https://example.com/terms", "privacyUrl": "https://example.com/privacy",
                "variants": [ { "id": "A", "products": ["pass.monthly", "gems"] } ] } ]
            """#
        let text = try lintable(smallCatalog(products: Self.products, paywalls: paywall))
        #expect(!lint(text).findings.contains { $0.rule == "intro-terms" }, "\(lint(text).textLines)")
        let noOfferLine = try clean(replacing: #", "offerDetails": "{{ product.price }}""#, with: "")
        let stripped = try replacingOnce(#""offerDetailsWithIntro": "{{ product.offer_period }} free, then {{ product.price_per_period }}""#,
                                         with: #""cta": "Continue""#, in: noOfferLine)
        #expect(!lint(stripped).findings.contains { $0.rule == "intro-terms" }, "\(lint(stripped).textLines)")
    }

    // MARK: missing-strings (warning)

    @Test func aVariantWithoutStringsInAStorefrontsLanguage() throws {
        // A German storefront beside the English strings: the English title over [ Weiter ].
        let text = try clean(replacing: #""storefronts": [ { "id": "USA", "locale": "en_US", "currency": "USD", "path": "storekit" } ]"#,
                             with: #""storefronts": [ { "id": "USA", "locale": "en_US", "currency": "USD", "path": "storekit" },"#
                                + #" { "id": "DEU", "locale": "de_DE", "currency": "EUR", "path": "storekit" } ]"#)
        let findings = lint(text).findings.filter { $0.rule == "missing-strings" }
        #expect(findings == [Diagnostic(
            .warning, path: "$.paywalls[0].variants[0].strings", position: position(of: #"{ "en": { "title""#, in: text),
            message: "variant \"A\" has no strings in de (DEU); players there read its \"en\" title and features beside built-in words of their own ([ Weiter ]): add strings for it",
            rule: "missing-strings")])
    }

    @Test func stringsInTheLanguageOrTheLocaleCount() throws {
        for key in ["de", "de_DE"] {
            var text = try clean(replacing: #""storefronts": [ { "id": "USA", "locale": "en_US", "currency": "USD", "path": "storekit" } ]"#,
                                 with: #""storefronts": [ { "id": "USA", "locale": "en_US", "currency": "USD", "path": "storekit" },"#
                                    + #" { "id": "DEU", "locale": "de_DE", "currency": "EUR", "path": "storekit" } ]"#)
            text = try replacingOnce(#""strings": { "en": {"#, with: #""strings": { "\#(key)": { "title": "Los" }, "en": {"#, in: text)
            #expect(lint(text).findings.filter { $0.rule == "missing-strings" } == [], "\(key)")
        }
    }

    @Test func aVariantWithoutIntroOffersNeedsNoTerms() throws {
        let text = try clean(replacing: #""offerDetailsWithIntro": "{{ product.offer_period }} free, then {{ product.price_per_period }}""#,
                             with: #""cta": "Continue""#)
        #expect(lint(text).findings.map(\.rule) == ["intro-terms"])
        let noOffer = try replacingOnce(#""introductoryOffer": { "mode": "freeTrial", "period": "P1W" }"#,
                                        with: #""level": 1"#, in: text)
        #expect(lint(noOffer).findings == [])
    }

    // MARK: legal-links and restore (warnings)

    @Test func aSubscriptionPaywallWithoutTermsOrPrivacy() throws {
        let text = try clean(replacing: #""termsUrl": "https://example.com/terms", "privacyUrl": "https://example.com/privacy","#,
                             with: "")
        let place = position(of: #"{ "id": "main""#, in: text)
        #expect(lint(text).findings == [
            Diagnostic(.warning, path: "$.paywalls[0]", position: place,
                       message: "paywall \"main\" sells subscriptions (\"pass.monthly\") but links no terms of use; add \"termsUrl\"",
                       rule: "legal-links"),
            Diagnostic(.warning, path: "$.paywalls[0]", position: place,
                       message: "paywall \"main\" sells subscriptions (\"pass.monthly\") but links no privacy policy; add \"privacyUrl\"",
                       rule: "legal-links"),
        ])
    }

    @Test func aBlankTermsUrlIsReportedOnTheKey() throws {
        let text = try clean(replacing: #""termsUrl": "https://example.com/terms""#, with: #""termsUrl": " ""#)
        let finding = try onlyFinding(text)
        #expect(finding.path == "$.paywalls[0].termsUrl")
        let key = try #require(position(of: #""termsUrl": " ""#, in: text))
        #expect(finding.position == SourcePosition(line: key.line, column: key.column + #""termsUrl": "#.count))
        #expect(finding.rule == "legal-links" && finding.severity == .warning)
    }

    @Test func aPaywallOfConsumablesNeedsNoLegalLinks() throws {
        let paywall = #"[ { "id": "shop", "placement": "store_open", "variants": [ { "id": "A", "products": ["gems"] } ] } ]"#
        let text = try lintable(smallCatalog(products: "[ \(Self.gems) ]", paywalls: paywall))
        #expect(lint(text).findings == [])
        let hidden = try replacingOnce(#""placement": "store_open","#, with: #""placement": "store_open", "showsRestore": false,"#, in: text)
        #expect(lint(hidden).findings == [], "consumables are not restored")
    }

    @Test func hidingRestoreOnASubscriptionPaywall() throws {
        let text = try clean(replacing: #""placement": "store_open","#, with: #""placement": "store_open", "showsRestore": false,"#)
        #expect(try onlyFinding(text) == Diagnostic(
            .warning, path: "$.paywalls[0].showsRestore", position: position(of: "false", in: text),
            message: "showsRestore is false, but players need \"Restore purchases\" to get \"pass.monthly\" back on a new device; set it to true (the default)",
            rule: "restore"))
    }

    @Test func hidingRestoreOnANonConsumablePaywall() throws {
        let removeAds = #"{ "id": "remove_ads", "type": "nonConsumable", "name": { "en": "No ads" }, "prices": { "USA": "2.99" } }"#
        let paywall = #"[ { "id": "shop", "placement": "store_open", "showsRestore": false, "variants": [ { "id": "A", "products": ["remove_ads"] } ] } ]"#
        let text = try lintable(smallCatalog(products: "[ \(removeAds) ]", paywalls: paywall))
        let finding = try onlyFinding(text)
        #expect(finding.rule == "restore" && finding.path == "$.paywalls[0].showsRestore")
    }

    // MARK: sku-case (warning)

    @Test func skusThatDifferOnlyByCase() throws {
        let text = try clean(replacing: "\(Self.gems),", with: "\(Self.gems), \(Self.gems.replacingOccurrences(of: #""id": "gems""#, with: #""id": "GEMS""#)),")
        #expect(try onlyFinding(text) == Diagnostic(
            .warning, path: "$.products[1].id", position: position(of: #""GEMS""#, in: text),
            message: "SKU \"GEMS\" differs only by case from \"gems\" at $.products[0].id; SKUs are case-sensitive, so one typo sells the other: rename one",
            rule: "sku-case"))
    }

    // MARK: paywall-product (error; a missing product is a load error)

    @Test(arguments: ["draft", "unavailable"])
    func aPaywallShowsAProductThatCannotBeBought(status: String) throws {
        let text = try clean(replacing: #"{ "id": "gems", "type": "consumable","#,
                             with: #"{ "id": "gems", "type": "consumable", "status": "\#(status)","#)
        #expect(try onlyFinding(text) == Diagnostic(
            .error, path: "$.paywalls[0].variants[0].products[1]", position: position(of: #""gems"]"#, in: text),
            message: "\"gems\" is \(status), so a products request never returns it and this card cannot be bought; make it available or take it off the paywall",
            rule: "paywall-product"))
    }

    @Test func aPaywallShowsAProductThatDoesNotExist() throws {
        let text = try clean(replacing: #""products": ["pass.monthly", "gems"]"#, with: #""products": ["pass.monthly", "gem"]"#)
        #expect(try onlyFinding(text) == Diagnostic(
            .error, path: "$.paywalls[0].variants[0].products[1]", position: position(of: #""gem"]"#, in: text),
            message: "unknown product \"gem\"; did you mean \"gems\"?", rule: "schema"))
    }

    // MARK: unknown-variable (warning)

    @Test func anUnknownVariableNamesTheString() throws {
        let text = try clean(replacing: #""offerDetails": "{{ product.price }}""#, with: #""offerDetails": "{{ product.pric }}""#)
        #expect(try onlyFinding(text) == Diagnostic(
            .warning, path: "$.paywalls[0].variants[0].strings.en.offerDetails",
            position: position(of: #""{{ product.pric }}""#, in: text),
            message: "unknown variable {{ product.pric }} (did you mean {{ product.price }}?) renders empty",
            rule: "unknown-variable"))
    }

    @Test func unknownVariablesInAFeatureAreListedTogether() throws {
        let text = try clean(replacing: #"["Double rewards"]"#, with: #"["Double rewards", "{{ coins }} and {{ gems }}"]"#)
        let finding = try onlyFinding(text)
        #expect(finding.path == "$.paywalls[0].variants[0].strings.en.features[1]")
        #expect(finding.position == position(of: #""{{ coins }}"#, in: text))
        #expect(finding.message.hasPrefix("unknown variables {{ coins }} and {{ gems }} render empty; the variables are product.name, "))
    }

    // MARK: Load errors as findings

    @Test func malformedJSONIsOneSyntaxError() throws {
        let report = lint("{\n  \"a\": 1\n  \"b\": 2\n}")
        #expect(report.findings == [
            Diagnostic(.error, path: "$", position: SourcePosition(line: 3, column: 3),
                       message: "malformed JSON: unexpected '\"'; expected , or } (is a comma missing?)", rule: "syntax"),
        ])
        #expect(report.summary == "catalog.json: 1 error, 0 warnings")
    }

    @Test func schemaErrorsAreErrorFindingsBesideTheRules() throws {
        // Both a misspelt key and enablePayments false: both are listed in one run, so fixing
        // the load error brings no new finding. The product's missing prices is the misspelt
        // key's doing, so missing-price does not say it again.
        var text = try clean(replacing: #""enablePayments": true"#, with: #""enablePayments": false"#)
        text = try replacingOnce(#""prices": { "USA": "0.99" }"#, with: #""prics": { "USA": "0.99" }"#, in: text)
        let report = lint(text)
        #expect(report.findings.map(\.rule) == ["enable-payments", "schema", "schema"])
        // The product's "missing prices" comes first: its { stands left of "prics" on the line.
        #expect(report.findings.map(\.path) == ["$.settings.enablePayments", "$.products[0]", "$.products[0].prics"])
        #expect(report.findings.allSatisfy { $0.severity == .error })
        #expect(report.findings.last?.position == position(of: "\"prics\"", in: text))
        #expect(report.hasErrors && report.errorCount == 3)
    }

    /// The issue's broken file: several load errors, and settings without enablePayments. Every
    /// problem is listed in the first run; fixing the load errors brings no new finding.
    @Test func everyProblemIsListedAtOnce() throws {
        let broken = smallCatalog(
            storefronts: #"[ { "id": "USA", "locale": "en_US", "currency": "USD", "path": "storekit" },"#
                + #" { "id": "DEU", "locale": "de_DE", "currency": "EUR", "path": "storekit", "inApp": true } ]"#,
            products: #"[ { "id": "gems", "type": "consumabel", "prices": { "USA": "0.99" } },"#
                + #" { "id": "pass", "type": "autoRenewable", "group": "pass", "period": "P5X", "name": { "en": "Pass" },"#
                + #" "prices": { "USA": "4,99", "DEU": "4.99" } } ]"#)
        let fixed = smallCatalog(
            storefronts: #"[ { "id": "USA", "locale": "en_US", "currency": "USD", "path": "storekit" },"#
                + #" { "id": "DEU", "locale": "de_DE", "currency": "EUR", "path": "storekit", "inAppPayStation": true } ]"#,
            products: #"[ { "id": "gems", "type": "consumable", "prices": { "USA": "0.99" } },"#
                + #" { "id": "pass", "type": "autoRenewable", "group": "pass", "period": "P5D", "name": { "en": "Pass" },"#
                + #" "prices": { "USA": "4.99", "DEU": "4.99" } } ]"#)
        let groups = #""subscriptionGroups": [ { "id": "pass", "name": { "en": "Pass", "de": "Pass" } } ], "storefronts": "#
        let before = lint(try replacingOnce(#""storefronts": "#, with: groups, in: broken))
        #expect(before.findings.contains { $0.rule == "enable-payments" && $0.message.hasPrefix("enablePayments is missing") })
        let after = lint(try replacingOnce(#""storefronts": "#, with: groups, in: fixed))
        #expect(!after.findings.contains { $0.rule == "schema" }, "\(after.textLines)")
        for finding in after.findings where finding.rule != "schema" {
            #expect(before.findings.contains { $0.rule == finding.rule && $0.path == finding.path && $0.message == finding.message },
                    "new after the fix: \(finding.description)")
        }
        // A value that failed to load is reported once, by the loader: no "needs a period" beside
        // "P5X is not a period", no "no price in USA" beside "4,99 is not a price".
        #expect(before.findings.filter { $0.path.hasPrefix("$.products[1]") }.map(\.path)
            == ["$.products[1].period", "$.products[1].name", "$.products[1].prices.USA"], "\(before.textLines)")
        #expect(!before.findings.contains { $0.message.contains("needs a \"period\"") })
        #expect(!before.findings.contains { $0.rule == "missing-price" && $0.path.hasPrefix("$.products[1]") })
        #expect(!before.findings.contains { $0.message.contains("unknown storefront") })
    }

    @Test func aFindingAboutAValueThatFailedToLoadWaitsForItsError() throws {
        let text = try clean(replacing: #""enablePayments": true"#, with: #""enablePayments": "yes""#)
        #expect(lint(text).findings.map(\.rule) == ["schema"])
    }

    @Test func aProductThatFailedToDecodeDoesNotMoveTheFindingsAfterIt() throws {
        // The first product has no type, so the model's products[0] is the file's products[1].
        let text = try clean(replacing: #"{ "id": "gems", "type": "consumable", "name": { "en": "Gems" },"#,
                             with: #"{ "id": "gems", "name": { "en": "Gems" },"#)
        let report = lint(text)
        // Its missing type, and nothing else: the subscription after it is checked at its own
        // place (and is clean), and the paywall's reference to "gems" is not to an unknown product.
        #expect(report.findings.map(\.path) == ["$.products[0]"], "\(report.textLines)")
        #expect(report.findings.map(\.rule) == ["schema"])
    }

    @Test func theLoadErrorsAreTheLoadersOwn() throws {
        let text = try clean(replacing: #""type": "consumable""#, with: #""type": "consumabel""#)
        let loaderErrors = loadFailure(text)?.diagnostics ?? []
        #expect(!loaderErrors.isEmpty)
        #expect(lint(text).findings.map { Diagnostic($0.severity, path: $0.path, position: $0.position, message: $0.message) }
            == Diagnostic.inFileOrder(loaderErrors))
    }

    @Test func aStoreKitConfigurationIsCheckedByItsImport() throws {
        let root = try #require(storefrontPackageRoot())
        let fixtures = root.appendingPathComponent("Tests/CatalogTests/Fixtures")
        let broken = try String(contentsOf: fixtures.appendingPathComponent("broken.storekit"), encoding: .utf8)
        let report = CatalogLinter.lint(text: broken, file: "broken.storekit")
        let importErrors: [Diagnostic]
        do {
            _ = try CatalogFile.load(text: broken, file: "broken.storekit")
            importErrors = []
        } catch {
            importErrors = error.diagnostics
        }
        #expect(!importErrors.isEmpty)
        let fromImport = report.findings.filter { $0.rule == "schema" }
        #expect(fromImport.map { Diagnostic($0.severity, path: $0.path, position: $0.position, message: $0.message) }
            == importErrors)
    }

    /// What `lint` says of a `.storekit` file is what it says of the catalog.json `storefront
    /// import` writes from it, each finding at the product of the `.storekit` file it is about.
    @Test func aStoreKitConfigurationGetsWhatItsImportWouldGet() throws {
        let root = try #require(storefrontPackageRoot())
        let text = try String(contentsOf: root.appendingPathComponent("Tests/CatalogTests/Fixtures/every-key.storekit"),
                              encoding: .utf8)
        let report = CatalogLinter.lint(text: text, file: "every-key.storekit")
        let imported = CatalogEncoder.encode(try StoreKitImporter.load(text: text, file: "every-key.storekit"))
        let importReport = lint(imported)
        #expect(!importReport.findings.isEmpty)
        #expect(Set(report.findings.map(\.rule)) == Set(importReport.findings.map(\.rule)))
        #expect(report.findings.count == importReport.findings.count)
        for finding in importReport.findings {
            #expect(report.findings.contains { $0.rule == finding.rule && $0.message.hasPrefix(finding.message) },
                    "\(finding.description)")
        }
        // The name missing in German is the second product's, at its place in the .storekit file.
        let name = try #require(report.findings.first { $0.rule == "missing-name" })
        #expect(name.message.hasSuffix("(at $.products[1] of the catalog.json storefront import writes)"))
        let product = try #require(try JSONParser.parse(text).node(at: JSONPath.root / "products" / 1))
        #expect(name.position == product.position && name.path == "$.products[1]")
        // The generated paywall is in no file: its findings are at the file's top.
        #expect(report.findings.filter { $0.rule == "legal-links" }.allSatisfy { $0.path == "$" && $0.position == SourcePosition(line: 1, column: 1) })
    }

    // MARK: Several findings in one file

    static let messy = #"""
        {
          "schemaVersion": 1,
          "app": { "name": "Test", "bundleId": "com.example.test" },
          "settings": { "enablePayments": false },
          "storefronts": [ { "id": "USA", "locale": "en_US", "currency": "USD", "path": "storekit" },
                           { "id": "DEU", "locale": "de_DE", "currency": "EUR", "path": "paystation" } ],
          "subscriptionGroups": [ { "id": "pass", "name": { "en": "Pass" } } ],
          "products": [
            { "id": "gems", "type": "consumable", "name": { "en": "Gems", "de": "Steine" }, "prices": { "USA": "0.99" } },
            { "id": "Gems", "type": "consumable", "status": "draft", "prices": { "USA": "0.99" } },
            { "id": "pass.monthly", "type": "autoRenewable", "group": "pass", "period": "P1M",
              "name": { "en": "Monthly", "de": "Monat" }, "prices": { "USA": "4.99", "DEU": "4.99" },
              "introductoryOffer": { "mode": "freeTrial", "period": "P1W" } }
          ],
          "paywalls": [
            { "id": "main", "placement": "store_open", "showsRestore": false,
              "variants": [ { "id": "A", "products": ["pass.monthly", "Gems"],
                "strings": { "en": { "title": "Hi {{ product.nam }}", "offerDetails": "{{ foo }}" } } } ] }
          ]
        }
        """#

    @Test func severalFindingsAreAllListedInFileOrder() throws {
        let report = lint(Self.messy)
        #expect(report.findings.map(\.path) == [
            "$.settings.enablePayments",
            "$.subscriptionGroups[0].name",
            "$.products[0].prices",
            "$.products[1].id",
            "$.paywalls[0]",
            "$.paywalls[0]",
            "$.paywalls[0].showsRestore",
            "$.paywalls[0].variants[0].products[1]",
            "$.paywalls[0].variants[0].strings",
            "$.paywalls[0].variants[0].strings.en",
            "$.paywalls[0].variants[0].strings.en.title",
            "$.paywalls[0].variants[0].strings.en.offerDetails",
        ])
        #expect(report.findings.map(\.rule) == [
            "enable-payments", "missing-name", "missing-price", "sku-case", "legal-links", "legal-links", "restore",
            "paywall-product", "missing-strings", "intro-terms", "unknown-variable", "unknown-variable",
        ])
        let places = report.findings.compactMap(\.position)
        #expect(places.count == report.findings.count)
        #expect(zip(places, places.dropFirst()).allSatisfy { ($0.line, $0.column) <= ($1.line, $1.column) })
        #expect(report.findings[0].position == SourcePosition(line: 4, column: 35))
        #expect((report.errorCount, report.warningCount) == (3, 9))
        #expect(report.summary == "catalog.json: 3 errors, 9 warnings")
        #expect(report.textLines.count == 13)
        #expect(report.textLines[0]
            == "catalog.json:4:35: error: $.settings.enablePayments: enablePayments is false, so the SDK ignores every purchase (a silent no-op); set it to true")
        #expect(report.textLines.last == "catalog.json: 3 errors, 9 warnings")
    }

    @Test func everyRuleHasATestThatFiresIt() throws {
        var fired = Set(lint(Self.messy).findings.compactMap(\.rule))
        fired.insert(lint("[").findings.first?.rule ?? "")
        fired.insert(lint(try clean(replacing: #""schemaVersion": 1"#, with: #""schemaVersion": 2"#)).findings.first?.rule ?? "")
        fired.insert(lint(try clean(replacing: #""enablePayments": true"#,
                                    with: #""enablePayments": true, "paymentsRedirectUrl": "back""#)).findings.first?.rule ?? "")
        fired.insert(lint(try clean(replacing: #""title": "Go""#, with: #""title": "Go\u001b""#)).findings.first?.rule ?? "")
        fired.insert(CatalogLinter.lint(data: Data([0x7B, 0xFF]), file: "catalog.json").findings.first?.rule ?? "")
        fired.insert(LintReport.unreadable(file: "catalog.json", "no such file").findings.first?.rule ?? "")
        fired.formUnion(try PlayCatalogTests.firedRules())
        fired.formUnion(LinkAndBundleIdTests.firedRules())
        fired.formUnion(WinBackCriteriaTests.firedRules())
        // Theme rules fire in the theme linter's tests (TerminalUITests).
        #expect(fired == Set(LintRule.allCases.filter { !$0.isForThemes }.map(\.id)))
    }

    @Test func warningsOnlyIsNotAnError() throws {
        let text = try clean(replacing: #""offerDetails": "{{ product.price }}""#, with: #""offerDetails": "{{ x }}""#)
        let report = lint(text)
        #expect(!report.hasErrors && report.warningCount == 1)
        #expect(report.summary == "catalog.json: 0 errors, 1 warning")
    }

    @Test func findingsWithoutAPlaceGoLast() {
        let early = Diagnostic(.warning, path: "$.a", position: SourcePosition(line: 2, column: 9), message: "a")
        let late = Diagnostic(.error, path: "$.b", position: SourcePosition(line: 10, column: 1), message: "b")
        let sameLine = Diagnostic(.error, path: "$.c", position: SourcePosition(line: 2, column: 3), message: "c")
        let nowhere = Diagnostic(.error, path: "$.d", position: nil, message: "d")
        #expect(Diagnostic.inFileOrder([nowhere, late, early, sameLine]) == [sameLine, early, late, nowhere])
    }

    // MARK: JSON

    @Test func theJSONFormHasCountsAndEveryFindingsFields() throws {
        let report = lint(Self.messy)
        let data = Data(report.jsonText.utf8)
        let document = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect(Set(document.keys) == ["file", "errors", "warnings", "findings"])
        #expect(document["file"] as? String == "catalog.json")
        #expect(document["errors"] as? Int == 3)
        #expect(document["warnings"] as? Int == 9)
        let findings = try #require(document["findings"] as? [[String: Any]])
        #expect(findings.count == 12)
        let first = try #require(findings.first)
        #expect(Set(first.keys) == ["severity", "path", "line", "column", "message", "rule"])
        #expect(first["severity"] as? String == "error")
        #expect(first["path"] as? String == "$.settings.enablePayments")
        #expect(first["line"] as? Int == 4)
        #expect(first["column"] as? Int == 35)
        #expect(first["rule"] as? String == "enable-payments")
        #expect(findings.map { $0["rule"] as? String } == report.findings.map(\.rule))
    }

    @Test func theJSONFormHasSortedKeysAndNullsForUnknownPlaces() throws {
        let report = LintReport(file: "shop/catalog.json", findings: [
            Diagnostic(.error, path: "$.x", position: nil, message: "somewhere"),
        ])
        #expect(report.jsonText == """
            {
              "errors" : 1,
              "file" : "shop/catalog.json",
              "findings" : [
                {
                  "column" : null,
                  "line" : null,
                  "message" : "somewhere",
                  "path" : "$.x",
                  "rule" : null,
                  "severity" : "error"
                }
              ],
              "warnings" : 0
            }
            """)
        #expect(report.textLines == ["shop/catalog.json: error: $.x: somewhere", "shop/catalog.json: 1 error, 0 warnings"])
    }

    @Test func aCleanReportInJSON() throws {
        let report = try CatalogLinter.lint(text: defaultCatalogText(), file: "catalog.json")
        let document = try #require(try JSONSerialization.jsonObject(with: Data(report.jsonText.utf8)) as? [String: Any])
        #expect(document["errors"] as? Int == 0 && document["warnings"] as? Int == 0)
        #expect((document["findings"] as? [Any])?.isEmpty == true)
    }

    // MARK: The loader entry and the path helper the linter uses

    @Test func theLoadOutcomeKeepsTheTreeAndTheCatalog() throws {
        let text = try defaultCatalogText()
        let outcome = CatalogLoader.loadOutcome(text: text, file: "catalog.json")
        let catalog = try loadDefaultCatalog()
        let root = try JSONParser.parse(text)
        #expect(outcome.diagnostics == [])
        #expect(outcome.catalog == catalog)
        #expect(outcome.root == root)
        let broken = CatalogLoader.loadOutcome(text: "{", file: "x.json")
        #expect(broken.root == nil && broken.catalog == nil && broken.diagnostics.count == 1)
        let invalid = CatalogLoader.loadOutcome(text: smallCatalog(products: "[]").replacingOccurrences(of: "USD", with: "XXX"),
                                                file: "x.json")
        #expect(invalid.root != nil && invalid.catalog == nil && invalid.diagnostics.map(\.path) == ["$.storefronts[0].currency"])
    }

    @Test func pathsPrintAsTheLoaderSpellsThem() {
        let path = JSONPath.root / "paywalls" / 0 / "variants" / 2 / "strings" / "pt-BR" / "features" / 1
        #expect(path.description == #"$.paywalls[0].variants[2].strings["pt-BR"].features[1]"#)
        #expect(JSONPath.root.description == "$")
    }

    @Test func theNearestNodeIsTheDeepestThatExists() throws {
        let text = "{\n  \"a\": [ { \"b\": true } ]\n}"
        let root = try JSONParser.parse(text)
        let full = JSONPath.root / "a" / 0 / "b"
        #expect(root.node(at: full)?.value == .bool(true))
        #expect(root.node(at: full)?.position == SourcePosition(line: 2, column: 17))
        let missing = JSONPath.root / "a" / 0 / "c" / "d"
        #expect(root.node(at: missing) == nil)
        let nearest = root.nearestNode(to: missing)
        #expect(nearest.path == JSONPath.root / "a" / 0)
        #expect(nearest.node.position == SourcePosition(line: 2, column: 10))
        #expect(root.nearestNode(to: JSONPath.root / "a" / 5).path == JSONPath.root / "a")
        #expect(root.nearestNode(to: JSONPath.root / 0).path == JSONPath.root, "an index into an object goes no further")
    }
}
