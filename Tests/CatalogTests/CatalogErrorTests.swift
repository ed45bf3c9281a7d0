import Foundation
import Testing
@testable import Catalog

/// Errors in a catalog: every one reported at once, each with its JSON path and line:column.
@Suite("Catalog errors")
struct CatalogErrorTests {
    /// The default catalog with one exact replacement.
    private func defaultCatalog(replacing old: String, with new: String) throws -> String {
        try replacingOnce(old, with: new, in: defaultCatalogText())
    }

    @Test func malformedJSONNamesTheLineAndColumn() throws {
        let error = try #require(loadFailure("{\n  \"a\": 1\n  \"b\": 2\n}"))
        #expect(error.diagnostics == [
            Diagnostic(.error, path: "$", position: SourcePosition(line: 3, column: 3),
                       message: "malformed JSON: unexpected '\"'; expected , or } (is a comma missing?)"),
        ])
        #expect(error.description == """
            catalog.json:3:3: error: $: malformed JSON: unexpected '"'; expected , or } (is a comma missing?)
            catalog.json: 1 error; fix it and run again.
            """)
    }

    @Test func malformedDefaultCatalogNamesTheLineAndColumn() throws {
        let text = try defaultCatalog(replacing: "\"schemaVersion\": 1,", with: "\"schemaVersion\": 1")
        let error = try #require(loadFailure(text))
        let place = try #require(position(of: "\"app\"", in: text))
        #expect(place == SourcePosition(line: 3, column: 3))
        #expect(error.errors.count == 1)
        #expect(error.description.hasPrefix(
            "catalog.json:\(place.line):\(place.column): error: $: malformed JSON: unexpected '\"'; expected , or }"))
    }

    @Test func theFileNameInMessagesIsTheOneGiven() throws {
        do {
            _ = try CatalogLoader.load(text: "[1,]", file: "Stores/shop.json")
            Issue.record("loaded")
        } catch {
            #expect(error.file == "Stores/shop.json")
            #expect(error.description == """
                Stores/shop.json:1:4: error: $: malformed JSON: trailing comma before ]
                Stores/shop.json: 1 error; fix it and run again.
                """)
        }
    }

    @Test func aMisspeltKeySuggestsTheRightOne() throws {
        let text = try defaultCatalog(replacing: #""prices": {\#n        "USA": "0.99","#,
                                      with: #""prics": {\#n        "USA": "0.99","#)
        let error = try #require(loadFailure(text))
        #expect(error.diagnostics == [
            Diagnostic(.error, path: "$.products[0]",
                       position: position(of: #"{\#n      "id": "com.example.stardust.gems_100""#, in: text),
                       message: "missing required key \"prices\" (an object)"),
            Diagnostic(.error, path: "$.products[0].prics", position: position(of: "\"prics\"", in: text),
                       message: "unknown key \"prics\"; did you mean \"prices\"?"),
        ])
    }

    @Test func aKeyFarFromAnyKnownOneListsThemAll() throws {
        let text = smallCatalog(storefronts:
            #"[ { "id": "USA", "locale": "en_US", "currency": "USD", "path": "storekit", "zzzzzz": 1 } ]"#)
        let error = try #require(loadFailure(text))
        #expect(error.diagnostics.map(\.path) == ["$.storefronts[0].zzzzzz"])
        #expect(error.diagnostics.first?.message
            == "unknown key \"zzzzzz\"; expected one of currency, id, inAppPayStation, locale, path")
        #expect(error.diagnostics.first?.position == position(of: "\"zzzzzz\"", in: text))
    }

    @Test func aWrongTypeNamesTheSetting() throws {
        let text = try defaultCatalog(replacing: #""enablePayments": true"#, with: #""enablePayments": "yes""#)
        let error = try #require(loadFailure(text))
        #expect(error.diagnostics == [
            Diagnostic(.error, path: "$.settings.enablePayments", position: position(of: "\"yes\"", in: text),
                       message: "expected true or false, found a string"),
        ])
        let place = try #require(position(of: "\"yes\"", in: text))
        #expect(error.description.hasPrefix(
            "catalog.json:\(place.line):\(place.column): error: $.settings.enablePayments: expected true or false"))
    }

    /// `signedData` reads as the store's data is signed, and a wrong one names its choices and place.
    @Test func signedDataIsAppStoreOrXcode() throws {
        let xcode = try defaultCatalog(replacing: #""enablePayments": true"#, with: #""enablePayments": true, "signedData": "xcode""#)
        #expect(try CatalogLoader.load(text: xcode, file: "catalog.json").settings.signedData == .xcode)
        #expect(try loadDefaultCatalog().settings.signedData == .appStore, "the App Store's chain unless asked")
        let text = try defaultCatalog(replacing: #""enablePayments": true"#, with: #""enablePayments": true, "signedData": "Xcode""#)
        let error = try #require(loadFailure(text))
        #expect(error.diagnostics == [
            Diagnostic(.error, path: "$.settings.signedData", position: position(of: "\"Xcode\"", in: text),
                       message: "unknown value \"Xcode\"; did you mean \"xcode\"?"),
        ])
    }

    /// `api` is where the app serves the stores' APIs; a wrong one says what it takes, where.
    @Test func apiIsAnAddressAndAPort() throws {
        let served = try defaultCatalog(replacing: #""enablePayments": true"#, with: #""enablePayments": true, "api": "127.0.0.1:8790""#)
        #expect(try CatalogLoader.load(text: served, file: "catalog.json").settings.api == ServedAddress(host: "127.0.0.1", port: 8790))
        let bare = try defaultCatalog(replacing: #""enablePayments": true"#, with: #""enablePayments": true, "api": "127.0.0.1""#)
        #expect(try CatalogLoader.load(text: bare, file: "catalog.json").settings.api?.port == 8780, "the default port")
        #expect(try loadDefaultCatalog().settings.api == nil, "no API unless asked")
        for wrong in ["localhost:8780", "127.0.0.1:99999", "::1", "127.0.0.1:80:1", "127.0.0.256"] {
            let text = try defaultCatalog(replacing: #""enablePayments": true"#, with: #""enablePayments": true, "api": "\#(wrong)""#)
            let error = try #require(loadFailure(text), "\(wrong)")
            #expect(error.diagnostics == [
                Diagnostic(.error, path: "$.settings.api", position: position(of: "\"\(wrong)\"", in: text),
                           message: "expected an IPv4 address and a port, such as 127.0.0.1:8780, found \"\(wrong)\""),
            ])
        }
    }

    /// `notifications.apple` is where the App Store posts; a wrong URL says what it takes, where.
    @Test func notificationsAreHTTPURLs() throws {
        let set = try defaultCatalog(replacing: #""enablePayments": true"#,
                                     with: #""enablePayments": true, "notifications": {"apple": "http://127.0.0.1:9000/apple"}"#)
        let loaded = try CatalogLoader.load(text: set, file: "catalog.json")
        #expect(loaded.settings.notifications.apple?.text == "http://127.0.0.1:9000/apple")
        // Written back as read (a save, `storefront import`).
        #expect(CatalogEncoder.encode(loaded).contains(#""notifications": {"#))
        #expect(try loadDefaultCatalog().settings.notifications.apple == nil, "nothing posted unless asked")
        let wrong = try defaultCatalog(replacing: #""enablePayments": true"#,
                                       with: #""enablePayments": true, "notifications": {"apple": "ftp://x"}"#)
        let error = try #require(loadFailure(wrong))
        #expect(error.diagnostics == [
            Diagnostic(.error, path: "$.settings.notifications.apple", position: position(of: "\"ftp://x\"", in: wrong),
                       message: "ftp://x is not an http:// or https:// URL with a host (for example http://127.0.0.1:9000/apple)"),
        ])
        let unknown = try defaultCatalog(replacing: #""enablePayments": true"#,
                                         with: #""enablePayments": true, "notifications": {"google": "http://x"}"#)
        #expect(try #require(loadFailure(unknown)).diagnostics.first?.path == "$.settings.notifications.google")
    }

    /// Google Play's and Xsolla's URLs, Xsolla's secret key and webhook mode read, write back,
    /// and a wrong one names its place.
    @Test func eachStoresNotificationsAndWebhookModeRoundTrip() throws {
        let set = try defaultCatalog(replacing: #""enablePayments": true"#, with: #"""
            "enablePayments": true, "notifications": {"play": "http://127.0.0.1:9000/play",
            "xsolla": "https://backend.example/xsolla", "xsollaSecretKey": "s3cret"}
            """#)
            .replacingOccurrences(of: #""prewarm": true"#, with: #""prewarm": true, "webhookMode": true"#)
        let loaded = try CatalogLoader.load(text: set, file: "catalog.json")
        #expect(loaded.settings.notifications.play?.text == "http://127.0.0.1:9000/play")
        #expect(loaded.settings.notifications.xsolla?.text == "https://backend.example/xsolla")
        #expect(loaded.settings.notifications.xsollaSecretKey == "s3cret")
        #expect(loaded.settings.payStation.webhookMode)
        let again = try CatalogLoader.load(text: CatalogEncoder.encode(loaded), file: "catalog.json")
        #expect(again.settings.notifications == loaded.settings.notifications)
        #expect(again.settings.payStation == loaded.settings.payStation)
        let wrong = try defaultCatalog(replacing: #""enablePayments": true"#,
                                       with: #""enablePayments": true, "notifications": {"xsolla": "backend"}"#)
        #expect(try #require(loadFailure(wrong)).diagnostics.first?.path == "$.settings.notifications.xsolla")
    }

    /// Google Play's push audience reads and writes back; empty or not a string is an error at
    /// its place, line and column.
    @Test func thePushAudienceRoundTripsAndAWrongOneNamesItsPlace() throws {
        let set = try defaultCatalog(replacing: #""enablePayments": true"#, with: #"""
            "enablePayments": true, "notifications": {"play": "http://127.0.0.1:9000/play",
            "playAudience": "https://backend.example/play"}
            """#)
        let loaded = try CatalogLoader.load(text: set, file: "catalog.json")
        #expect(loaded.settings.notifications.playAudience == "https://backend.example/play")
        #expect(CatalogEncoder.encode(loaded).contains(#""playAudience": "https://backend.example/play""#))
        #expect(try CatalogLoader.load(text: CatalogEncoder.encode(loaded), file: "catalog.json").settings.notifications
                == loaded.settings.notifications)
        #expect(try loadDefaultCatalog().settings.notifications.playAudience == nil, "no token unless asked")
        for (value, message) in [(#""""#, "must not be empty"), ("42", "expected a string, found a number")] {
            let member = #""playAudience": "#
            let wrong = try defaultCatalog(replacing: #""enablePayments": true"#,
                                           with: #""enablePayments": true, "notifications": {"# + member + value + "}")
            var place = try #require(position(of: member + value, in: wrong))
            place.column += member.count
            let error = try #require(loadFailure(wrong), "\(value)")
            #expect(error.diagnostics == [
                Diagnostic(.error, path: "$.settings.notifications.playAudience", position: place, message: message),
            ])
        }
    }

    @Test(arguments: [
        ("nonconsumable", "unknown value \"nonconsumable\"; did you mean \"nonConsumable\"?"),
        ("subscription", "unknown value \"subscription\"; expected one of consumable, nonConsumable, autoRenewable, nonRenewing"),
    ])
    func anUnknownProductType(type: String, message: String) throws {
        let text = try defaultCatalog(replacing: #""type": "nonConsumable""#, with: "\"type\": \"\(type)\"")
        let error = try #require(loadFailure(text))
        #expect(error.diagnostics == [
            Diagnostic(.error, path: "$.products[3].type", position: position(of: "\"\(type)\"", in: text),
                       message: message),
        ])
    }

    @Test func aDuplicateProductId() throws {
        let text = try defaultCatalog(replacing: #""id": "com.example.stardust.gems_550""#,
                                      with: #""id": "com.example.stardust.gems_100""#)
        let error = try #require(loadFailure(text))
        #expect(error.diagnostics == [
            Diagnostic(.error, path: "$.products[1].id",
                       position: position(of: "\"com.example.stardust.gems_100\"", in: text, occurrence: 2),
                       message: "duplicate product id \"com.example.stardust.gems_100\""),
        ])
    }

    @Test func aDuplicateJSONKey() throws {
        let text = try defaultCatalog(replacing: "\"schemaVersion\": 1,", with: "\"schemaVersion\": 1, \"schemaVersion\": 1,")
        let error = try #require(loadFailure(text))
        #expect(error.diagnostics == [
            Diagnostic(.error, path: "$.schemaVersion", position: position(of: "\"schemaVersion\"", in: text, occurrence: 2),
                       message: "duplicate key \"schemaVersion\""),
        ])
    }

    @Test(arguments: [(#""-0.99""#, "price -0.99 is negative"), ("-1", "price -1 is negative")])
    func aNegativePrice(price: String, message: String) throws {
        let text = try defaultCatalog(replacing: #""USA": "0.99""#, with: "\"USA\": \(price)")
        let error = try #require(loadFailure(text))
        #expect(error.diagnostics == [
            Diagnostic(.error, path: "$.products[0].prices.USA", position: position(of: "\"USA\": \(price)", in: text)
                .map { SourcePosition(line: $0.line, column: $0.column + 7) }, message: message),
        ])
    }

    @Test(arguments: ["4,99", "abc", "1e3", "", "4.", ".99", " 4.99", "+4.99", "4.99.1", "0x10", "١٫٢", "$4.99"])
    func aGarbagePrice(price: String) throws {
        let text = try defaultCatalog(replacing: #""USA": "0.99""#, with: "\"USA\": \"\(price)\"")
        let error = try #require(loadFailure(text))
        let key = try #require(position(of: "\"USA\": \"\(price)\"", in: text))
        #expect(error.diagnostics == [
            Diagnostic(.error, path: "$.products[0].prices.USA",
                       position: SourcePosition(line: key.line, column: key.column + 7),
                       message: "\"\(price)\" is not a price; write a decimal such as \"4.99\""),
        ])
    }

    @Test(arguments: [
        ("1e3", "\"1e3\" is not a price; write a decimal such as \"4.99\""),
        ("1E3", "\"1E3\" is not a price; write a decimal such as \"4.99\""),
        ("true", "expected a price as a decimal string such as \"4.99\", found a boolean"),
        ("null", "expected a price as a decimal string such as \"4.99\", found null"),
        ("[4.99]", "expected a price as a decimal string such as \"4.99\", found an array"),
    ])
    func aPriceThatIsNotADecimalString(value: String, message: String) throws {
        let text = try defaultCatalog(replacing: #""USA": "0.99""#, with: "\"USA\": \(value)")
        let error = try #require(loadFailure(text))
        #expect(error.diagnostics == [
            Diagnostic(.error, path: "$.products[0].prices.USA", position: position(of: "\"USA\": \(value)", in: text)
                .map { SourcePosition(line: $0.line, column: $0.column + 7) }, message: message),
        ])
    }

    @Test func anUnknownCurrency() throws {
        let text = try defaultCatalog(replacing: #""currency": "JPY""#, with: #""currency": "XXY""#)
        let error = try #require(loadFailure(text))
        #expect(error.diagnostics == [
            Diagnostic(.error, path: "$.storefronts[2].currency", position: position(of: "\"XXY\"", in: text),
                       message: "unknown currency \"XXY\"; use an ISO 4217 code such as USD or EUR"),
        ])
    }

    @Test func anUnknownLocale() throws {
        let text = try defaultCatalog(replacing: #""locale": "de_DE""#, with: #""locale": "xx_YY""#)
        let error = try #require(loadFailure(text))
        #expect(error.diagnostics == [
            Diagnostic(.error, path: "$.storefronts[1].locale", position: position(of: "\"xx_YY\"", in: text),
                       message: "unknown locale \"xx_YY\"; use an identifier such as en_US or de_DE"),
        ])
    }

    @Test(arguments: ["US", "usa", "USAA", "U1A", "ÜSA", "Usa"])
    func aStorefrontIdThatIsNotAlpha3(id: String) throws {
        let text = smallCatalog(
            storefronts: "[ { \"id\": \"\(id)\", \"locale\": \"en_US\", \"currency\": \"USD\", \"path\": \"storekit\" } ]",
            products: "[ { \"id\": \"gems\", \"type\": \"consumable\", \"prices\": { \"\(id)\": \"0.99\" } } ]")
        let error = try #require(loadFailure(text))
        #expect(error.diagnostics == [
            Diagnostic(.error, path: "$.storefronts[0].id", position: position(of: "\"\(id)\"", in: text),
                       message: "storefront id \"\(id)\" is not an ISO 3166 alpha-3 code such as USA or DEU"),
        ])
    }

    @Test func aPriceForAnUnknownStorefront() throws {
        let text = try defaultCatalog(replacing: #""prices": {\#n        "USA": "0.99","#,
                                      with: #""prices": {\#n        "ESP": "0.89",\#n        "USA": "0.99","#)
        let error = try #require(loadFailure(text))
        #expect(error.diagnostics == [
            Diagnostic(.error, path: "$.products[0].prices.ESP", position: position(of: #""0.89""#, in: text),
                       message: "price for unknown storefront \"ESP\""),
        ])
    }

    @Test func aPaywallReferencingAnUnknownProduct() throws {
        let text = try defaultCatalog(
            replacing: #""com.example.stardust.pass.monthly",\#n            "com.example.stardust.pass.yearly"\#n          ]"#,
            with: #""com.example.stardust.pass.monthly",\#n            "com.example.stardust.pass.yealy"\#n          ]"#)
        let error = try #require(loadFailure(text))
        #expect(error.diagnostics == [
            Diagnostic(.error, path: "$.paywalls[0].variants[1].products[1]",
                       position: position(of: "\"com.example.stardust.pass.yealy\"", in: text),
                       message: "unknown product \"com.example.stardust.pass.yealy\"; did you mean \"com.example.stardust.pass.yearly\"?"),
        ])
    }

    @Test func aHighlightOutsideTheVariant() throws {
        // Variant A's highlight: the one after its weekly plan (variant C highlights the yearly too).
        let text = try defaultCatalog(
            replacing: #""com.example.stardust.pass.weekly"\#n          ],\#n          "highlight": "com.example.stardust.pass.yearly""#,
            with: #""com.example.stardust.pass.weekly"\#n          ],\#n          "highlight": "com.example.stardust.gems_100""#)
        let error = try #require(loadFailure(text))
        #expect(error.diagnostics == [
            Diagnostic(.error, path: "$.paywalls[0].variants[0].highlight",
                       position: position(of: "\"com.example.stardust.gems_100\"", in: text, occurrence: 2),
                       message: "highlight \"com.example.stardust.gems_100\" is not one of this variant's products"),
        ])
    }

    @Test func anAutoRenewableWithoutAPeriod() throws {
        let text = try defaultCatalog(replacing: #""level": 3,\#n      "period": "P1W","#, with: #""level": 3,"#)
        let error = try #require(loadFailure(text))
        #expect(error.diagnostics == [
            Diagnostic(.error, path: "$.products[4]",
                       position: position(of: #"{\#n      "id": "com.example.stardust.pass.weekly""#, in: text),
                       message: "an autoRenewable product needs a \"period\" such as P1M"),
        ])
    }

    @Test func aBadPeriod() throws {
        let text = try defaultCatalog(replacing: #""level": 3,\#n      "period": "P1W""#,
                                      with: #""level": 3,\#n      "period": "P1Q""#)
        let error = try #require(loadFailure(text))
        // Once: the product is then left without a period, but that is the same problem.
        #expect(error.diagnostics == [Diagnostic(
            .error, path: "$.products[4].period", position: position(of: "\"P1Q\"", in: text),
            message: "\"P1Q\" is not a period; write an ISO 8601 duration such as P1W, P1M, P3M or P1Y")])
    }

    @Test func aBadOfferPeriod() throws {
        let text = try defaultCatalog(
            replacing: #""introductoryOffer": {\#n        "mode": "freeTrial",\#n        "period": "P1W",\#n        "periods": 1\#n      }\#n    }\#n  ]"#,
            with: #""introductoryOffer": {\#n        "mode": "freeTrial",\#n        "period": "P0W",\#n        "periods": 1\#n      }\#n    }\#n  ]"#)
        let error = try #require(loadFailure(text))
        #expect(error.diagnostics == [
            Diagnostic(.error, path: "$.products[6].introductoryOffer.period", position: position(of: "\"P0W\"", in: text),
                       message: "\"P0W\" is not a period; write an ISO 8601 duration such as P1W, P1M, P3M or P1Y"),
        ])
    }

    @Test func severalErrorsAreAllListed() throws {
        var text = try defaultCatalogText()
        text = try replacingOnce(#""enablePayments": true"#, with: #""enablePayments": "yes""#, in: text)
        text = try replacingOnce(#""currency": "JPY""#, with: #""currency": "XXY""#, in: text)
        text = try replacingOnce(#""prices": {\#n        "USA": "0.99","#, with: #""prics": {\#n        "USA": "0.99","#,
                                 in: text)
        text = try replacingOnce(#""id": "com.example.stardust.gems_550""#, with: #""id": "com.example.stardust.gems_100""#,
                                 in: text)
        text = try replacingOnce(#""level": 3,\#n      "period": "P1W""#, with: #""level": 3,\#n      "period": "P1Q""#,
                                 in: text)
        text = try replacingOnce(#""com.example.stardust.pass.monthly",\#n            "com.example.stardust.pass.yearly"\#n          ]"#,
                                 with: #""com.example.stardust.pass.monthly",\#n            "com.example.stardust.pass.yealy"\#n          ]"#,
                                 in: text)
        let error = try #require(loadFailure(text))
        #expect(error.errors.count == 7)
        // In file order, as they are printed.
        #expect(error.diagnostics.map(\.path) == [
            "$.settings.enablePayments",
            "$.storefronts[2].currency",
            "$.products[0]",
            "$.products[0].prics",
            "$.products[1].id",
            "$.products[4].period",
            "$.paywalls[0].variants[1].products[1]",
        ])
        #expect(error.diagnostics.allSatisfy { $0.position != nil && $0.severity == .error })
        let lines = error.description.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines.count == 8)
        for (line, diagnostic) in zip(lines, error.diagnostics) {
            let place = try #require(diagnostic.position)
            #expect(line == "catalog.json:\(place.line):\(place.column): error: \(diagnostic.path): \(diagnostic.message)")
        }
        #expect(lines.last == "catalog.json: 7 errors; fix them and run again.")
    }

    @Test func aRootThatIsNotAnObject() throws {
        let error = try #require(loadFailure("\n  [1, 2]"))
        #expect(error.diagnostics == [
            Diagnostic(.error, path: "$", position: SourcePosition(line: 2, column: 3),
                       message: "expected an object, found an array"),
        ])
    }

    @Test func anUnsupportedSchemaVersion() throws {
        let text = try defaultCatalog(replacing: "\"schemaVersion\": 1,", with: "\"schemaVersion\": 2,")
        let error = try #require(loadFailure(text))
        #expect(error.diagnostics == [
            Diagnostic(.error, path: "$.schemaVersion", position: SourcePosition(line: 2, column: 20),
                       message: "schema version 2 is not supported; this storefront reads version 1"),
        ])
    }

    @Test func missingRequiredParts() throws {
        let error = try #require(loadFailure("{ \"schemaVersion\": 1 }"))
        let root = SourcePosition(line: 1, column: 1)
        #expect(error.diagnostics == [
            Diagnostic(.error, path: "$", position: root, message: "missing required key \"app\" (an object)"),
            Diagnostic(.error, path: "$", position: root, message: "missing required key \"storefronts\" (an array)"),
            Diagnostic(.error, path: "$", position: root, message: "missing required key \"products\" (an array)"),
        ])
        #expect(error.description.hasSuffix("catalog.json: 3 errors; fix them and run again."))
    }

    /// Rules the validator checks across products, each in a small catalog.
    @Test(arguments: [
        (#"[ { "id": "gems", "type": "consumable", "grants": { "entitlement": "vip" }, "prices": { "USA": "1" } } ]"#,
         "$.products[0].grants", "a consumable grants a currency amount, not an entitlement"),
        (#"[ { "id": "gems", "type": "consumable", "prices": { "USA": "1" }, "introductoryOffer": { "mode": "freeTrial", "period": "P1W" } } ]"#,
         "$.products[0]", "only autoRenewable products have offers"),
        (#"[ { "id": "pass", "type": "autoRenewable", "period": "P1M", "prices": { "USA": "1" } } ]"#,
         "$.products[0]", "an autoRenewable product needs a \"group\""),
        (#"[ { "id": "pass", "type": "autoRenewable", "period": "P1M", "group": "nope", "prices": { "USA": "1" } } ]"#,
         "$.products[0].group", "unknown subscription group \"nope\""),
        (#"[ { "id": "gems", "type": "consumable", "grants": { "currency": "gems" }, "prices": { "USA": "1" } } ]"#,
         "$.products[0].grants", "missing required key \"amount\" (a whole number)"),
        (#"[ { "id": "gems", "type": "consumable", "grants": {}, "prices": { "USA": "1" } } ]"#,
         "$.products[0].grants", "grants needs \"currency\" with \"amount\", or \"entitlement\""),
        (#"[ { "id": "gems", "type": "consumable", "level": 0, "prices": { "USA": "1" } } ]"#,
         "$.products[0].level", "0 is out of range; expected 1 to 100"),
        (#"[ { "id": "", "type": "consumable", "prices": { "USA": "1" } } ]"#,
         "$.products[0].id", "must not be empty"),
    ])
    func productRules(products: String, path: String, message: String) throws {
        let error = try #require(loadFailure(smallCatalog(products: products)))
        #expect(error.diagnostics.map(\.path) == [path])
        #expect(error.diagnostics.map(\.message) == [message])
        #expect(error.diagnostics.first?.position != nil)
    }

    @Test func keysThatAreNotPlainNamesAreQuotedInPaths() {
        #expect(ObjectReader.path("$", key: "payments.redirectUrl") == #"$["payments.redirectUrl"]"#)
        #expect(ObjectReader.path("$.strings", key: "pt-BR") == #"$.strings["pt-BR"]"#)
        #expect(ObjectReader.path("$", key: "") == #"$[""]"#)
        #expect(ObjectReader.path("$.products[0]", key: "prices") == "$.products[0].prices")
    }

    @Test func spellingSuggestions() {
        #expect(Spelling.closest(to: "prics", among: ["prices", "period", "name"]) == "prices")
        #expect(Spelling.closest(to: "PRICES", among: ["prices"]) == "prices")
        #expect(Spelling.closest(to: "colour", among: ["prices", "period"]) == nil)
        #expect(Spelling.distance("kitten", "sitting") == 3)
        #expect(Spelling.distance("", "abc") == 3)
        #expect(Spelling.distance("same", "same") == 0)
    }

    @Test func aDiagnosticWithoutAPositionNamesOnlyTheFile() {
        let diagnostic = Diagnostic(.warning, path: "$.paywalls[0]", position: nil, message: "unused")
        #expect(diagnostic.formatted(file: "catalog.json") == "catalog.json: warning: $.paywalls[0]: unused")
        let error = CatalogLoadError(file: "catalog.json", diagnostics: [diagnostic])
        #expect(error.errors.isEmpty)
        #expect(error.description.hasPrefix("catalog.json: warning: $.paywalls[0]: unused\n"))
    }
}
