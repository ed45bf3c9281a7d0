import Foundation

/// Turns the text of an Xcode StoreKit configuration file (`.storekit`) into a `Catalog`, or into
/// every problem it has, so the products a team already tests in Xcode open here as they are
/// (a `.storekit` file loads as a catalog too). Pure: the caller reads the file.
///
/// Apple publishes no schema. The mapping follows real files (../shared/fixtures/storekit,
/// formats 2.0 to 5.0): keys it does not use are ignored rather than rejected, because every Xcode
/// release adds some; keys it uses are type-checked and reported with JSON path and line:column,
/// as `CatalogLoader` does.
public enum StoreKitImporter {
    /// The app name when the file name gives none.
    public static let defaultAppName = "StoreKit configuration"
    /// A `.storekit` file does not name the app's bundle id.
    public static let defaultBundleId = "com.example.storekit"
    /// Xcode's default storefront and locale when the file's `settings` name none.
    public static let defaultStorefront = "USA"
    public static let defaultLocale = "en_US"

    /// - Parameter file: the name used in messages and for the app name, such as `Products.storekit`.
    public static func load(text: String, file: String) throws(CatalogLoadError) -> ProductCatalog {
        let outcome = loadOutcome(text: text, file: file)
        guard let catalog = outcome.catalog else {
            throw CatalogLoadError(file: file, diagnostics: outcome.diagnostics)
        }
        return catalog
    }

    /// What one import found: the catalog when nothing was an error, and every diagnostic,
    /// warnings included (a setting that was ignored), for lint to show.
    public struct Outcome: Sendable, Equatable {
        public var catalog: ProductCatalog?
        /// In file order (`Diagnostic.inFileOrder`).
        public var diagnostics: [Diagnostic]
        /// What did import when something did not, with the file's path of each product and
        /// group, for lint to check beside the errors.
        var decoded: StoreKitDecoder.Decoded?
        /// The file's values, and which of them failed.
        var places: SourcePlaces?
    }

    public static func loadOutcome(text: String, file: String) -> Outcome {
        let root: JSONNode
        do {
            root = try JSONParser.parse(text)
        } catch {
            return Outcome(catalog: nil, diagnostics: [error.diagnostic])
        }
        let diagnostics = DiagnosticList()
        let decoded = StoreKitDecoder(diagnostics: diagnostics, appName: appName(forFile: file), file: file).decode(root)
        return Outcome(catalog: diagnostics.hasErrors ? nil : decoded?.catalog,
                       diagnostics: Diagnostic.inFileOrder(diagnostics.items), decoded: decoded,
                       places: SourcePlaces(root: root, diagnostics: diagnostics))
    }

    /// `Products` for `Store/Products.storekit`: the configuration is usually named after the app
    /// or its store, which is the best name there is.
    static func appName(forFile file: String) -> String {
        var name = Substring(file.split(separator: "/").last ?? "")
        if hasStoreKitExtension(String(name)) { name = name.dropLast(storeKitExtension.count) }
        let trimmed = name.trimmingCharacters(in: .whitespacesAndNewlines)
        return trimmed.isEmpty ? defaultAppName : trimmed
    }

    static let storeKitExtension = ".storekit"

    /// Whether `file` names a StoreKit configuration; Finder and Xcode do not care about case.
    static func hasStoreKitExtension(_ file: String) -> Bool {
        file.count >= storeKitExtension.count && file.suffix(storeKitExtension.count).lowercased() == storeKitExtension
    }
}
