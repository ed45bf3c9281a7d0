/// Loads a catalog file of either kind by its name: an Xcode StoreKit configuration
/// (`*.storekit`, any case) through `StoreKitImporter`, anything else as catalog.json through
/// `CatalogLoader`. `--catalog` and `lint` take both, so the choice lives in one place.
public enum CatalogFile {
    /// - Parameter file: the file's name or path; it picks the format and names it in messages.
    public static func load(text: String, file: String) throws(CatalogLoadError) -> ProductCatalog {
        if isStoreKitConfiguration(file) {
            return try StoreKitImporter.load(text: text, file: file)
        }
        return try CatalogLoader.load(text: text, file: file)
    }

    /// Whether `file` names an Xcode StoreKit configuration.
    public static func isStoreKitConfiguration(_ file: String) -> Bool {
        StoreKitImporter.hasStoreKitExtension(file)
    }
}
