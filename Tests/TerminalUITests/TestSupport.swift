import Catalog
import Foundation
import StoreEngine
@testable import TerminalUI

// Shared pieces of the component tests: the repository's catalog and a fixed moment. The
// components are tested alone here; whole screens and the root update are in ProgramTests.

/// The package root, found from this file's path.
let packageRoot: URL = {
    var directory = URL(fileURLWithPath: #filePath).resolvingSymlinksInPath().deletingLastPathComponent()
    while directory.path != "/" {
        if FileManager.default.fileExists(atPath: directory.appendingPathComponent("Package.swift").path) { return directory }
        directory.deleteLastPathComponent()
    }
    return URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
}()

/// The default catalog.json, loaded as the app loads it.
let defaultCatalog: Catalog = {
    let url = packageRoot.appendingPathComponent("catalog.json")
    let text = (try? String(contentsOf: url, encoding: .utf8)) ?? ""
    do {
        return try CatalogLoader.load(text: text, file: "catalog.json")
    } catch {
        fatalError("catalog.json does not load: \(error)")
    }
}()

/// A fixed moment, so times on screen never change between runs: 2026-11-18 11:06:40 UTC.
let fixedNow = Date(timeIntervalSince1970: 1_795_000_000)

let utc = TimeZone(identifier: "UTC")!

/// Product ids of the default catalog.
enum SKU {
    static let gems100 = "com.example.stardust.gems_100"
    static let gems550 = "com.example.stardust.gems_550"
    static let removeAds = "com.example.stardust.remove_ads"
    static let weeklyPass = "com.example.stardust.pass.weekly"
    static let monthlyPass = "com.example.stardust.pass.monthly"
    static let yearlyPass = "com.example.stardust.pass.yearly"
}

/// What the mocked store answers to a products request for the whole default catalog.
func fullProductsAnswer(_ catalog: Catalog = defaultCatalog) -> ProductsResponse {
    ProductsAnswer.answer(requesting: catalog.products.map(\.id), projectId: catalog.settings.projectId, catalog: catalog)
}

/// A paywall model as the app holds it once the products request has answered.
func answeredModel(storefront: String = "USA", user: String = "snapshot-user") -> PaywallModel {
    var model = PaywallModel(catalog: defaultCatalog, storefrontId: storefront, userId: user)
    model.update(.productsLoading(attempt: 1))
    model.update(.productsAnswered(fullProductsAnswer()))
    return model
}
