import Foundation
import Testing
@testable import Catalog

/// What current Xcode writes must open: `_timeRate` holds raw `SKTestSession.TimeRate` values
/// (0, 1–6, 10–15, 1000–1005), and a setting the catalog keeps but does not use never blocks an
/// import (a warning instead). The import keeps every value catalog.json can load back.
@Suite("StoreKit: files from current Xcode open")
struct StoreKitCurrentXcodeTests {
    private func file(settings: String) -> String {
        """
        {
          "settings": \(settings),
          "products": [ { "productID": "gems", "type": "Consumable", "displayPrice": "0.99" } ]
        }
        """
    }

    private func outcome(_ text: String) -> (catalog: ProductCatalog?, diagnostics: [Diagnostic]) {
        let outcome = StoreKitImporter.loadOutcome(text: text, file: "t.storekit")
        return (outcome.catalog, outcome.diagnostics)
    }

    @Test(arguments: [0, 1, 6, 10, 11, 12, 13, 14, 15, 1000, 1001, 1002, 1003, 1004, 1005])
    func everyTimeRateXcodeWritesImportsAndLoadsBack(rate: Int) throws {
        let catalog = try StoreKitImporter.load(text: file(settings: #"{ "_timeRate": \#(rate) }"#), file: "t.storekit")
        #expect(catalog.settings.storeKit.timeRate == rate)
        let reloaded = try CatalogLoader.load(text: CatalogEncoder.encode(catalog), file: "imported.json")
        #expect(reloaded.settings.storeKit.timeRate == rate)
    }

    @Test(arguments: [
        (#""_timeRate": 7"#, "$.settings._timeRate",
         "7 is not a time rate Xcode writes (0, 1–6, 10–15 or 1000–1005); it is ignored, since storefront keeps this setting but does not use it"),
        (#""_timeRate": "fast""#, "$.settings._timeRate",
         "expected a whole number, found a string; it is ignored, since storefront keeps this setting but does not use it"),
        (#""_askToBuyEnabled": "yes""#, "$.settings._askToBuyEnabled",
         "expected true or false, found a string; it is ignored, since storefront keeps this setting but does not use it"),
        (#""_storeKitErrors": { "name": "Purchase" }"#, "$.settings._storeKitErrors",
         "expected an array, found an object; it is ignored, since storefront keeps this setting but does not use it"),
        (#""_storeKitErrors": [ { "enabled": true } ]"#, "$.settings._storeKitErrors[0]",
         #"missing required key "name" (a string); it is ignored, since storefront keeps this setting but does not use it"#),
    ])
    func aSettingTheCatalogDoesNotUseNeverBlocksTheImport(setting: String, path: String, message: String) throws {
        let text = file(settings: "{ \(setting) }")
        let result = outcome(text)
        let catalog = try #require(result.catalog, "\(result.diagnostics.map(\.description))")
        #expect(catalog.settings.storeKit.timeRate == nil && !catalog.settings.storeKit.askToBuyEnabled)
        #expect(result.diagnostics.map(\.severity) == [.warning])
        #expect(result.diagnostics.map(\.path) == [path])
        #expect(result.diagnostics.map(\.message) == [message])
        #expect(result.diagnostics.first?.position != nil)
    }

    @Test func lintShowsTheWarningsOfAnImport() {
        let report = CatalogLinter.lint(text: file(settings: #"{ "_timeRate": 2000 }"#), file: "t.storekit")
        let fromImport = report.findings.filter { $0.rule == "schema" }
        #expect(fromImport.map(\.severity) == [.warning])
        #expect(fromImport.map(\.path) == ["$.settings._timeRate"])
        #expect(!report.hasErrors)
    }

    @Test func catalogJSONAcceptsXcodesTimeRatesAndNothingElse() throws {
        let good = smallCatalog().replacingOccurrences(of: #""storefronts": "#,
                                                       with: #""settings": { "storeKit": { "timeRate": 1005 } }, "storefronts": "#)
        #expect(try CatalogLoader.load(text: good, file: "catalog.json").settings.storeKit.timeRate == 1005)
        let bad = good.replacingOccurrences(of: "1005", with: "999")
        let error = try #require(loadFailure(bad))
        #expect(error.diagnostics.map(\.path) == ["$.settings.storeKit.timeRate"])
        #expect(error.diagnostics.map(\.message) == ["999 is not a time rate Xcode writes; expected 0, 1–6, 10–15 or 1000–1005"])
    }
}
