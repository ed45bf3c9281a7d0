/// Turns the text of a `catalog.json` into a `Catalog`, or into every problem it has.
/// Pure: the caller reads the file and passes its text and name.
public enum CatalogLoader {
    /// Everything one pass over the text found: the parsed tree (so later checks such as lint can
    /// name lines and columns without parsing again), the catalog when there were no errors, and
    /// every diagnostic, warnings included.
    public struct Outcome: Sendable, Equatable {
        public var file: String
        /// Nil when the text is not JSON.
        public var root: JSONNode?
        /// Nil when any diagnostic is an error.
        public var catalog: ProductCatalog?
        /// In file order (`Diagnostic.inFileOrder`).
        public var diagnostics: [Diagnostic]
        /// What did load when something did not, for lint to check beside the load errors; the
        /// same as `catalog` when there were none.
        var decoded: ProductCatalog?
        /// Where the parts of `decoded` stand in the text, and which of them failed.
        var places: SourcePlaces?
    }

    /// - Parameter file: the name used in messages, such as `catalog.json`.
    public static func load(text: String, file: String) throws(CatalogLoadError) -> ProductCatalog {
        let outcome = loadOutcome(text: text, file: file)
        guard let catalog = outcome.catalog else {
            throw CatalogLoadError(file: file, diagnostics: outcome.diagnostics)
        }
        return catalog
    }

    /// Like `load`, but never throws: the caller gets the tree and the diagnostics as well.
    public static func loadOutcome(text: String, file: String) -> Outcome {
        let root: JSONNode
        do {
            root = try JSONParser.parse(text)
        } catch {
            return Outcome(file: file, root: nil, catalog: nil, diagnostics: [error.diagnostic])
        }
        let diagnostics = DiagnosticList()
        let catalog = CatalogDecoder(diagnostics: diagnostics).decode(root)
        var places = SourcePlaces(root: root, diagnostics: diagnostics)
        if let catalog {
            CatalogValidator(catalog: catalog, places: places, diagnostics: diagnostics).validate()
            // The validator's errors are failed values too.
            places = places.updated(from: diagnostics)
        }
        // A catalog that decoded with errors is half-read; nobody should act on it.
        let usable = diagnostics.hasErrors ? nil : catalog
        return Outcome(file: file, root: root, catalog: usable, diagnostics: Diagnostic.inFileOrder(diagnostics.items),
                       decoded: catalog, places: places)
    }
}
