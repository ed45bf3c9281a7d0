import Catalog
import StoreEngine
import TestFixtures
import Testing
@testable import TerminalUI

/// The cached `Shop` (derived models are rebuilt only when their inputs change).
///
/// Two checks each time. Equality: a keypress leaves the shop as it was, and a change of an
/// input gives the shop a fresh start with that input would build. Identity: an array's
/// storage address, read while the test still holds the old shop. The old buffer is alive, so
/// a rebuilt shop cannot have been given the same address; the same address means the very
/// same buffer, not rebuilt. (Empty arrays share one static buffer, so the shops compared here
/// are never empty.)
@Suite("Paywall model: the cached shop")
struct ShopCacheTests {
    private func storage<T>(_ array: [T]) -> UnsafeRawPointer? {
        array.withUnsafeBufferPointer { $0.baseAddress.map(UnsafeRawPointer.init) }
    }

    /// Whether `after` is the very same cached value as `before`.
    private func isSameBuild(_ before: Shop, _ after: Shop) -> Bool {
        precondition(!before.plans.isEmpty && !before.shopIndices.isEmpty, "empty arrays share storage")
        return storage(before.plans) == storage(after.plans) && storage(before.shopIndices) == storage(after.shopIndices)
    }

    @Test(arguments: [
        PaywallModel.Action.move(by: 1), .move(by: -1), .move(by: 5), .select(index: 4), .select(index: 0),
        .productsLoading(attempt: 2), .productsGaveUp(attempts: 4), .historyChanged(.newPlayer),
    ])
    func actionsThatChangeNoInputKeepTheShop(action: PaywallModel.Action) {
        var model = answeredModel()
        let before = model.shop
        model.update(action)
        #expect(model.shop == before)
        let kept = isSameBuild(before, model.shop)
        #expect(kept, "the shop was built again")
    }

    @Test func aThousandMovesNeverRebuild() {
        var model = answeredModel()
        let before = model.shop
        for step in 0..<1_000 { model.update(.move(by: step % 3 == 0 ? -1 : 1)) }
        let kept = isSameBuild(before, model.shop)
        #expect(kept, "the shop was built again")
    }

    @Test func aStorefrontChangeBuildsTheShopOfThatStorefront() throws {
        var model = answeredModel()
        let before = model.shop
        model.update(.chooseStorefront(index: 1))
        let kept = isSameBuild(before, model.shop)
        #expect(!kept, "the shop should have been built again")
        #expect(model.shop == answeredModel(storefront: "DEU").shop)
        let price = try #require(model.shop.plans.first?.display.pricePerPeriod)
        #expect(price.contains("€"))
    }

    @Test func aVariantPreviewBuildsThatVariantsPlans() throws {
        var model = answeredModel()
        let before = model.shop
        let paywall = try #require(model.paywall)
        let hero = try #require(paywall.variants.firstIndex { $0.template == .hero })
        model.update(.previewVariant(index: hero))
        let kept = isSameBuild(before, model.shop)
        #expect(!kept, "the shop should have been built again")
        #expect(model.shop.presentation?.variant.id == paywall.variants[hero].id)
        // The hero template boxes its highlighted plan first and still sells the others.
        #expect(model.shop.plans.count == paywall.variants[hero].products.count)
        #expect(model.shop.plans.first?.isHighlighted == true)
    }

    @Test func anEligibilityChangeRebuildsTheOffers() {
        var model = answeredModel()
        model.update(.cycleEligibility)  // eligible
        let before = model.shop
        model.update(.cycleEligibility)  // not eligible
        let kept = isSameBuild(before, model.shop)
        #expect(!kept, "the shop should have been built again")
        #expect(model.shop != before)
        #expect(model.shop.plans.first { $0.product.id == SKU.monthlyPass }?.offerLine == nil)
    }

    @Test func aNewHistoryRebuildsTheOffers() {
        var model = answeredModel()
        let before = model.shop
        model.update(.historyChanged(SubscriberHistory(subscribedGroups: ["stardust_pass"])))
        let kept = isSameBuild(before, model.shop)
        #expect(!kept, "the shop should have been built again")
        #expect(model.shop != before)
        #expect(model.shop.plans.allSatisfy { $0.offerLine == nil })
    }

    @Test func aProductsAnswerRebuildsWithWhatWasReturned() throws {
        var model = answeredModel()
        let before = model.shop
        let gems = try #require(defaultCatalog.product(id: SKU.gems100))
        let monthly = try #require(defaultCatalog.product(id: SKU.monthlyPass))
        model.update(.productsAnswered(ProductsResponse(products: [gems, monthly], invalidProductIdentifiers: [])))
        let kept = isSameBuild(before, model.shop)
        #expect(!kept, "the shop should have been built again")
        #expect(model.shop.plans.map(\.product.id) == [SKU.monthlyPass])
        #expect(model.shop.shopIndices.map { defaultCatalog.products[$0].id } == [SKU.gems100])
    }

    @Test func aPathChangeRebuildsWhatIsSold() {
        var model = PaywallModel(catalog: defaultCatalog, storefrontId: "USA", userId: "snapshot-user")
        model.update(.productsAnswered(ProductsResponse(products: [], invalidProductIdentifiers: [])))
        #expect(model.itemCount == 0)
        model.update(.choosePath(.storekit))
        // StoreKit 2 sells every available product, whatever Pay Station's request answered.
        #expect(model.itemCount == defaultCatalog.products.filter { $0.status == .available }.count)
        var fresh = PaywallModel(catalog: defaultCatalog, storefrontId: "USA", userId: "snapshot-user")
        fresh.update(.choosePath(.storekit))
        #expect(model.shop == fresh.shop)
    }
}
