/// Turns the text of a `catalog.json` into a `Catalog`, or into every problem it has.
/// Pure: the caller reads the file and passes its text and name.
public enum CatalogLoader {
    /// - Parameter file: the name used in messages, such as `catalog.json`.
    public static func load(text: String, file: String) throws(CatalogLoadError) -> Catalog {
        let root: JSONNode
        do {
            root = try JSONParser.parse(text)
        } catch {
            let diagnostic = Diagnostic(.error, path: "$", position: error.position,
                                        message: "malformed JSON: \(error.message)")
            throw CatalogLoadError(file: file, diagnostics: [diagnostic])
        }
        let diagnostics = DiagnosticList()
        let catalog = CatalogDecoder(diagnostics: diagnostics).decode(root)
        if let catalog {
            CatalogValidator(catalog: catalog, root: root, diagnostics: diagnostics).validate()
        }
        guard let catalog, !diagnostics.hasErrors else {
            throw CatalogLoadError(file: file, diagnostics: diagnostics.items)
        }
        return catalog
    }
}
