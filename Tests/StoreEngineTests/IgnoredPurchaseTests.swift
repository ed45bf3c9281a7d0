import Catalog
import Foundation
import Ledger
import StoreEngine
import Testing

/// `add(payment)` that the SDK ignores: payments disabled, a product it cannot sell, a storefront
/// without a price. Nothing opens, no transaction is made, and only the reason is logged.
@Suite("Store: purchases the SDK ignores")
struct IgnoredPurchaseTests {
    @Test func withPaymentsDisabledAPurchaseIsIgnored() throws {
        var catalog = try defaultCatalog()
        catalog.settings.enablePayments = false
        try withStore(catalog: catalog) { harness in
            let report = try harness.store.beginPurchase(of: SKU.gems100, in: "USA", on: .paystation)
            #expect(report.sheet == nil)
            let notice = try #require(report.notice)
            #expect(notice.tone == .info)
            #expect(notice.text.contains("enablePayments"))
            #expect(try harness.ledger.transactionCount() == 0)
            #expect(try harness.allEventKinds() == ["purchase.ignored"])
        }
    }

    @Test func unknownOrUnavailableProductsAndMissingPricesAreIgnored() throws {
        var catalog = try defaultCatalog()
        let index = try #require(catalog.products.firstIndex { $0.id == SKU.removeAds })
        catalog.products[index].status = .unavailable
        // A storefront no product has a price in.
        catalog.storefronts.append(Storefront(id: "MRS", locale: "en_US", currency: "USD", path: .paystation))
        try withStore(catalog: catalog) { harness in
            let store = harness.store
            #expect(try store.beginPurchase(of: "com.example.stardust.nope", in: "USA", on: .paystation).sheet == nil)
            #expect(try store.beginPurchase(of: SKU.removeAds, in: "USA", on: .paystation).sheet == nil)
            let noPrice = try store.beginPurchase(of: SKU.gems100, in: "MRS", on: .paystation)
            #expect(noPrice.sheet == nil)
            #expect(noPrice.notice?.text.contains("no price in MRS") == true)
            #expect(try harness.ledger.transactionCount() == 0)
            #expect(try harness.allEventKinds() == ["purchase.ignored", "purchase.ignored", "purchase.ignored"])
        }
    }
}
