import Foundation
import Testing
@testable import Catalog

/// The root of the storefront package: the directory with `catalog.json` and a `Package.swift`
/// naming the package "storefront". First two levels above this file's directory as the
/// compiler saw it; failing that (a scratch package that links this directory in), walking up
/// from the file's resolved path.
func storefrontPackageRoot(filePath: String = #filePath) -> URL? {
    let file = URL(fileURLWithPath: filePath)
    let twoUp = file.deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    if isStorefrontRoot(twoUp) { return twoUp }
    var directory = file.resolvingSymlinksInPath().deletingLastPathComponent()
    for _ in 0..<32 where directory.path != "/" {
        if isStorefrontRoot(directory) { return directory }
        directory = directory.deletingLastPathComponent()
    }
    return nil
}

private func isStorefrontRoot(_ directory: URL) -> Bool {
    let catalog = directory.appendingPathComponent("catalog.json").path
    guard FileManager.default.fileExists(atPath: catalog),
          let manifest = try? String(contentsOf: directory.appendingPathComponent("Package.swift"), encoding: .utf8)
    else { return false }
    return manifest.contains("name: \"storefront\"")
}

/// The text of the default `catalog.json`.
func defaultCatalogText() throws -> String {
    let root = try #require(storefrontPackageRoot(), "no storefront package root above \(#filePath)")
    return try String(contentsOf: root.appendingPathComponent("catalog.json"), encoding: .utf8)
}

func loadDefaultCatalog() throws -> ProductCatalog {
    try CatalogLoader.load(text: defaultCatalogText(), file: "catalog.json")
}

/// The load error for `text`; records an issue and returns nil when it loads.
func loadFailure(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) -> CatalogLoadError? {
    do {
        _ = try CatalogLoader.load(text: text, file: "catalog.json")
        Issue.record("the catalog loaded, but it should have failed", sourceLocation: sourceLocation)
        return nil
    } catch {
        return error
    }
}

/// The syntax error for `text`; records an issue and returns nil when it parses.
func syntaxError(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) -> JSONParser.SyntaxError? {
    do {
        _ = try JSONParser.parse(text)
        Issue.record("the text parsed, but it should have failed", sourceLocation: sourceLocation)
        return nil
    } catch {
        return error
    }
}

/// `text` with `old`, which must occur exactly once, replaced by `new`: mutations of the default
/// catalog fail loudly when the catalog changes under them.
func replacingOnce(_ old: String, with new: String, in text: String,
                   sourceLocation: SourceLocation = #_sourceLocation) throws -> String {
    let occurrences = text.components(separatedBy: old).count - 1
    try #require(occurrences == 1, "\"\(old)\" occurs \(occurrences) times", sourceLocation: sourceLocation)
    return text.replacingOccurrences(of: old, with: new)
}

/// The 1-based line and column (in Unicode scalars) where the `occurrence`th `needle` starts.
func position(of needle: String, in text: String, occurrence: Int = 1) -> SourcePosition? {
    var searchStart = text.startIndex
    var found: Range<String.Index>?
    for _ in 0..<occurrence {
        guard let range = text.range(of: needle, range: searchStart..<text.endIndex) else { return nil }
        found = range
        searchStart = range.upperBound
    }
    guard let found else { return nil }
    var line = 1
    var column = 1
    for scalar in text.unicodeScalars[..<found.lowerBound] {
        if scalar == "\n" {
            line += 1
            column = 1
        } else {
            column += 1
        }
    }
    return SourcePosition(line: line, column: column)
}

/// A small valid catalog whose parts a test replaces.
func smallCatalog(
    storefronts: String = #"[ { "id": "USA", "locale": "en_US", "currency": "USD", "path": "storekit" } ]"#,
    products: String = #"[ { "id": "gems", "type": "consumable", "prices": { "USA": "0.99" } } ]"#,
    paywalls: String = "[]"
) -> String {
    """
    {
      "schemaVersion": 1,
      "app": { "name": "Test", "bundleId": "com.example.test" },
      "storefronts": \(storefronts),
      "products": \(products),
      "paywalls": \(paywalls)
    }
    """
}

enum Storefronts {
    static let usa = Storefront(id: "USA", locale: "en_US", currency: "USD", path: .paystation)
    static let deu = Storefront(id: "DEU", locale: "de_DE", currency: "EUR", path: .paystation, inAppPayStation: true)
    static let jpn = Storefront(id: "JPN", locale: "ja_JP", currency: "JPY", path: .storekit)
}

/// A decimal from the literal text of a test, never through Double, which is not exact.
func decimal(_ text: String) -> Decimal {
    guard let value = Decimal(string: text, locale: Locale(identifier: "en_US_POSIX")) else {
        preconditionFailure("\(text) is not a decimal")
    }
    return value
}
