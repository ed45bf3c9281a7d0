import Testing
@testable import Catalog

/// A missing required key is reported at the object that should hold it: its path, and the
/// line and column where that object opens (themes follow the same rule: ThemeFileTests).
@Suite("Missing keys have a place")
struct MissingKeyPlaceTests {
    @Test(arguments: [
        (#""app": { "name": "Test", "bundleId": "com.example.test" },"#, "", "$", "{\n  \"schemaVersion\"", "\"app\""),
        (#""currency": "USD", "#, "", "$.storefronts[0]", #"{ "id": "USA""#, "\"currency\""),
        (#", "prices": { "USA": "0.99" }"#, "", "$.products[0]", #"{ "id": "gems""#, "\"prices\""),
        (#""type": "consumable", "#, "", "$.products[0]", #"{ "id": "gems""#, "\"type\""),
    ])
    func theObjectThatShouldHoldItIsNamed(old: String, new: String, path: String, opening: String, key: String) throws {
        let text = try replacingOnce(old, with: new, in: smallCatalog())
        let error = try #require(loadFailure(text))
        let missing = try #require(error.diagnostics.first { $0.message.hasPrefix("missing required key \(key)") },
                                   "\(error.description)")
        #expect(missing.path == path)
        #expect(missing.position == position(of: opening, in: text))
    }
}
