import Catalog
import Foundation

/// `storefront import FILE.storekit`: prints the catalog.json an Xcode StoreKit configuration
/// amounts to, so a team can start a catalog from the products it already tests in Xcode and
/// then add what only catalog.json has (other storefronts, Pay Station settings, paywalls).
enum ImportCommand {
    static func run(_ options: Options) throws(CommandFailure) {
        guard let path = options.positional.first else {
            throw CommandFailure(.usage, "import needs a file: storefront import FILE.storekit")
        }
        guard options.positional.count == 1 else {
            throw CommandFailure(.usage, "import takes one file, not \(options.positional.count). See storefront --help.")
        }
        // Import reads the file it is given, never --catalog: its hints say so.
        let text = try Environment.readCatalogText(at: path, missingHint: "Name the Xcode StoreKit configuration to import: "
                                                   + "storefront import FILE.storekit.", directoryExample: "Configuration.storekit")
        do {
            // The importer whatever the file is called: the command says what the file is.
            let catalog = try StoreKitImporter.load(text: text, file: path)
            print(CatalogEncoder.encode(catalog), terminator: "")
        } catch {
            throw CommandFailure(.dataError, error.description)
        }
    }
}
