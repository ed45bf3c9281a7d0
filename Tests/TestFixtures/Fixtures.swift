import Catalog
import Foundation
import StoreEngine

// What the component and program tests share: the repository's catalog, a fixed moment and
// the products answer for the whole catalog. A target of its own so each test target does not
// keep a copy.

/// The package root, found from this file's path.
public let packageRoot: URL = {
    var directory = URL(fileURLWithPath: #filePath).resolvingSymlinksInPath().deletingLastPathComponent()
    while directory.path != "/" {
        if FileManager.default.fileExists(atPath: directory.appendingPathComponent("Package.swift").path) { return directory }
        directory.deleteLastPathComponent()
    }
    return URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
}()

/// The default catalog.json, loaded as the app loads it.
public let defaultCatalog: ProductCatalog = {
    let url = packageRoot.appendingPathComponent("catalog.json")
    let text = (try? String(contentsOf: url, encoding: .utf8)) ?? ""
    do {
        return try CatalogLoader.load(text: text, file: "catalog.json")
    } catch {
        fatalError("catalog.json does not load: \(error)")
    }
}()

/// A fixed moment, so times on screen never change between runs: 2026-11-18 11:06:40 UTC.
public let fixedNow = Date(timeIntervalSince1970: 1_795_000_000)

public let utc = TimeZone(identifier: "UTC")!

/// Product ids of the default catalog.
public enum SKU {
    public static let gems100 = "com.example.stardust.gems_100"
    public static let gems550 = "com.example.stardust.gems_550"
    public static let removeAds = "com.example.stardust.remove_ads"
    public static let weeklyPass = "com.example.stardust.pass.weekly"
    public static let monthlyPass = "com.example.stardust.pass.monthly"
    public static let yearlyPass = "com.example.stardust.pass.yearly"
}

/// What the mocked store answers to a products request for the whole of `catalog`.
public func fullProductsAnswer(_ catalog: ProductCatalog = defaultCatalog) -> ProductsResponse {
    ProductsAnswer.answer(requesting: catalog.products.map(\.id), projectId: catalog.settings.projectId, catalog: catalog)
}
