import Testing
@testable import Catalog

/// Every load error has a place: a JSON path and a line:column, found by the file's index and
/// never by looking an id up (an id, or a key, can be written twice), and said once.
@Suite("Every error has a place")
struct ErrorPlaceTests {
    private static let usa = #"{ "id": "USA", "locale": "en_US", "currency": "USD", "path": "storekit" }"#

    /// Broken catalogs, each with what makes it broken.
    static let broken: [(String, String)] = [
        ("no storefronts", #"{ "schemaVersion": 1, "app": { "name": "T", "bundleId": "com.example.t" },"#
            + #" "products": [ { "id": "gems", "type": "consumable", "prices": { "USA": "0.99" } } ] }"#),
        ("storefronts not an array", smallCatalog(storefronts: "{}")),
        ("no storefront at all", smallCatalog(storefronts: "[]")),
        ("a key written twice, then a price for an unknown storefront", smallCatalog(
            storefronts: "[ \(usa) ]",
            products: #"[ { "id": "gems", "id": "gems2", "type": "consumable", "prices": { "USA": "0.99", "XYZ": "1" } } ]"#)),
        ("a product id written twice, then a price for an unknown storefront", smallCatalog(
            products: #"[ { "id": "gems", "type": "consumable", "prices": { "USA": "0.99" } },"#
                + #" { "id": "gems", "type": "consumable", "prices": { "USA": "0.99", "XYZ": "1" } } ]"#)),
        ("a product that does not decode before one with an unknown group", smallCatalog(
            products: #"[ { "id": "broken", "prices": {} },"#
                + #" { "id": "pass", "type": "autoRenewable", "group": "nope", "period": "P1M", "prices": { "USA": "1" } } ]"#)),
    ]

    @Test(arguments: broken)
    func everyErrorNamesItsLineAndColumn(_ what: String, _ text: String) throws {
        let error = try #require(loadFailure(text), "\(what)")
        #expect(!error.diagnostics.isEmpty)
        for diagnostic in error.diagnostics {
            #expect(diagnostic.position != nil, "\(what): \(diagnostic.description)")
            #expect(diagnostic.path.hasPrefix("$"))
        }
        #expect(error.description.split(separator: "\n").dropLast().allSatisfy { $0.hasPrefix("catalog.json:") && $0.dropFirst(13).first?.isNumber == true },
                "\(error.description)")
    }

    @Test func aCatalogWithoutStorefrontsIsOneErrorAtItsTop() throws {
        let text = try #require(Self.broken.first?.1)
        let error = try #require(loadFailure(text))
        // Its prices name storefronts that are not there, but that is the same problem.
        #expect(error.diagnostics == [
            Diagnostic(.error, path: "$", position: SourcePosition(line: 1, column: 1),
                       message: "missing required key \"storefronts\" (an array)"),
        ])
    }

    @Test func anEmptyListOfStorefrontsIsReportedAtTheList() throws {
        let text = smallCatalog(storefronts: "[]")
        let error = try #require(loadFailure(text))
        #expect(error.diagnostics == [
            Diagnostic(.error, path: "$.storefronts", position: position(of: "[]", in: text),
                       message: "a catalog needs at least one storefront"),
        ])
    }

    @Test func aPriceForAnUnknownStorefrontAfterAKeyWrittenTwice() throws {
        let text = Self.broken[3].1
        let error = try #require(loadFailure(text))
        #expect(error.diagnostics == [
            Diagnostic(.error, path: "$.products[0].id", position: position(of: #""id": "gems2""#, in: text),
                       message: "duplicate key \"id\""),
            Diagnostic(.error, path: "$.products[0].prices.XYZ", position: position(of: #""1""#, in: text),
                       message: "price for unknown storefront \"XYZ\""),
        ])
    }

    @Test func aPriceForAnUnknownStorefrontIsNamedOnItsOwnProductWhenIdsRepeat() throws {
        let text = Self.broken[4].1
        let error = try #require(loadFailure(text))
        #expect(error.diagnostics.map(\.path) == ["$.products[1].id", "$.products[1].prices.XYZ"])
        #expect(error.diagnostics.last?.position == position(of: #""1""#, in: text))
    }

    @Test func aProductThatDoesNotDecodeDoesNotShiftThePlacesAfterIt() throws {
        let text = Self.broken[5].1
        let error = try #require(loadFailure(text))
        #expect(error.diagnostics.map(\.path) == ["$.products[0]", "$.products[1].group"])
        #expect(error.diagnostics.last?.position == position(of: #""nope""#, in: text))
    }

    @Test func aPriceForAStorefrontThatDidNotDecodeIsNotUnknown() throws {
        let text = smallCatalog(
            storefronts: #"[ { "id": "USA", "locale": "en_US", "currency": "USD", "path": "storekit" },"#
                + #" { "id": "DEU", "locale": "de_DE", "path": "storekit" } ]"#,
            products: #"[ { "id": "gems", "type": "consumable", "prices": { "USA": "0.99", "DEU": "0.99", "DEX": "1" } } ]"#)
        let error = try #require(loadFailure(text))
        #expect(error.diagnostics.map(\.message) == [
            "missing required key \"currency\" (a string)",
            "price for unknown storefront \"DEX\"; did you mean \"DEU\"?",
        ])
    }

    @Test func errorsArePrintedInLineOrder() throws {
        // The validator finds the currency after the decoder found the period, a line below it.
        let text = smallCatalog(
            storefronts: #"[ { "id": "USA", "locale": "en_US", "currency": "XXY", "path": "storekit" } ]"#,
            products: #"[ { "id": "pass", "type": "autoRenewable", "group": "g", "period": "P5X", "prices": { "USA": "1" } } ]"#)
        let error = try #require(loadFailure(text))
        let lines = error.description.split(separator: "\n").dropLast().map(String.init)
        #expect(lines.count == 3)
        let places = error.diagnostics.compactMap(\.position)
        #expect(places.count == 3 && places == places.sorted { ($0.line, $0.column) < ($1.line, $1.column) })
        #expect(lines.first?.contains("unknown currency") == true)
    }
}
