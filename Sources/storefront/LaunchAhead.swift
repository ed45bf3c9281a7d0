import Catalog
import Foundation
import StoreEngine

/// What a launch has done on the second core while its main line loads the catalog and opens
/// the store: each is work the main line would otherwise wait for, begun as soon as what it
/// needs is known, and none writes anything.
///
/// - The ledger's check (the longest by far on a long history without the fingerprint of its
///   last quit: 0.4-0.9 s of `integrity_check` for 100,000 purchases), begun before the catalog
///   loads; the store's open waits for its answer instead of checking again.
/// - Once the app is sure to open (a terminal, a catalog that loads): libcrypto's start, before
///   the store reads its signing key; the local time zone, which the status bar's clock asks
///   for; and ICU's data for the storefront shown, before the first frame formats its prices.
enum LaunchAhead {
    /// Begins the ledger's check, for `openStore(checkedAhead:)`.
    static func beginCheck(on stateDirectory: StateDirectory) -> LedgerCheckAhead {
        stateDirectory.beginCheckingLedger()
    }

    /// Begins the rest; `wait()` on what it returns waits for it, which a launch that gives up
    /// after this point does before it exits, so that no library is torn down under a thread
    /// still starting it.
    static func prepareLibraries(for catalog: ProductCatalog, storefrontId: String?) -> DispatchGroup {
        let group = DispatchGroup()
        let storefront = storefrontId.flatMap(catalog.storefront(matching:)) ?? catalog.storefronts.first
        DispatchQueue.global(qos: .userInitiated).async(group: group) {
            CryptoLibrary.prepare()
            _ = TimeZone.current
        }
        if let storefront {
            DispatchQueue.global(qos: .userInitiated).async(group: group) { PriceFormatter.prepareFormats(for: storefront) }
        }
        return group
    }
}
