import Catalog
import Foundation
import Host
import StoreEngine

/// `storefront promote SKU`: the App Store starts a promoted in-app purchase of SKU, as a tap
/// on the app's product page would: the URL Apple's testing instructions use
/// (`itms-services://?action=purchaseIntent…`) goes to the app running on the state directory,
/// or is kept for its next launch, as `open-url` does. The catalog names the app's bundle id
/// and must sell the SKU; the app's delegate then shows the sheet or holds the product.
enum PromoteCommand {
    static func run(_ options: Options) throws(CommandFailure) {
        let sku = options.positional[0]
        let catalogPath = options.catalogPath ?? "catalog.json"
        let catalog = try Environment.loadCatalog(at: catalogPath)
        guard let product = catalog.product(id: sku) else {
            let hint = catalog.didYouMean(product: sku).map { ControlCharacters.escaped($0) } ?? "storefront lint lists the products it sells."
            throw CommandFailure(.usage, "\(catalogPath) has no product \(ControlCharacters.escaped(sku)); \(hint)")
        }
        guard product.status == .available else {
            throw CommandFailure(.usage, "\(sku) is \(product.status.rawValue) in \(catalogPath): the App Store promotes "
                + "only available products.")
        }
        let url = PromotedPurchaseURL(bundleId: catalog.app.bundleId, productId: sku).text
        try OpenURLCommand.deliver(url, options, handed: { "Promoted \(sku) to the storefront running on \($0)." },
                                   kept: { directory, ledger in
                                       "No storefront runs on \(directory): the promoted purchase of \(sku) is kept in "
                                           + "\(ledger) for the next launch."
                                   })
    }
}
