import Catalog
import Foundation
import StoreEngine
@testable import TerminalUI
import TestFixtures

// Shared pieces of the component tests (the catalog and the fixed moment are TestFixtures'). The
// components are tested alone here; whole screens and the root update are in ProgramTests.

/// A paywall model as the app holds it once the products request has answered.
func answeredModel(storefront: String = "USA", user: String = "snapshot-user") -> PaywallModel {
    var model = PaywallModel(catalog: defaultCatalog, storefrontId: storefront, userId: user)
    model.update(.productsLoading(attempt: 1))
    model.update(.productsAnswered(fullProductsAnswer()))
    return model
}
