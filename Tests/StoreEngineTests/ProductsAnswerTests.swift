import Catalog
import StoreEngine
import Testing

// The mocked store's side of the products request (pure): what it sells and why it refuses the rest.

@Suite("ProductsAnswer: products and invalidProductIdentifiers")
struct ProductsAnswerTests {
    @Test func everyProductOfTheDefaultCatalogIsSold() throws {
        let catalog = try defaultCatalog()
        let response = ProductsAnswer.answer(requesting: catalog.products.map(\.id),
                                             projectId: catalog.settings.projectId, catalog: catalog)
        #expect(!catalog.products.isEmpty)
        #expect(response.products == catalog.products)
        #expect(response.invalidProductIdentifiers.isEmpty)
        #expect(response.reasons.isEmpty)
    }

    @Test func everyProductRequestedGivesTheAvailableVirtualItems() throws {
        let catalog = try ProductsFixture.catalog()
        let response = ProductsAnswer.answer(requesting: catalog.products.map(\.id),
                                             projectId: ProductsFixture.projectId, catalog: catalog)
        let sellable = catalog.products.filter { $0.status == .available && $0.itemType == .virtualItem }
        #expect(sellable.count == catalog.products.count - 4)
        #expect(response.products == sellable)
        #expect(response.invalidProductIdentifiers == [ProductsFixture.draft, ProductsFixture.unavailable,
                                                       ProductsFixture.currencyPackage, ProductsFixture.bundle])
        #expect(Set(response.reasons.keys) == Set(response.invalidProductIdentifiers))
    }

    @Test func anUnknownSKUIsInvalid() throws {
        let response = try ProductsFixture.answer([SKU.gems100, ProductsFixture.unknown])
        #expect(response.products.map(\.id) == [SKU.gems100])
        #expect(response.invalidProductIdentifiers == [ProductsFixture.unknown])
        #expect(response.reasons == [ProductsFixture.unknown: "unknown SKU"])
    }

    @Test(arguments: [
        (ProductsFixture.caseMismatched, SKU.gems100),
        ("COM.EXAMPLE.STARDUST.GEMS_100", SKU.gems100),
        ("com.example.stardust.Remove_Ads", SKU.removeAds),
        ("com.example.stardust.pass.Monthly", SKU.monthlyPass),
    ])
    func aCaseMismatchedSKUIsInvalidAndNamesTheRealOne(requested: String, real: String) throws {
        let response = try ProductsFixture.answer([requested])
        #expect(response.products.isEmpty, "SKUs are case-sensitive")
        #expect(response.invalidProductIdentifiers == [requested])
        let reason = try #require(response.reasons[requested])
        #expect(reason.contains(real))
        #expect(reason != "unknown SKU")
    }

    @Test(arguments: [
        (ProductsFixture.draft, "status draft"),
        (ProductsFixture.unavailable, "status unavailable"),
    ])
    func aProductThatIsNotAvailableIsInvalid(sku: String, reason: String) throws {
        let response = try ProductsFixture.answer([sku, SKU.removeAds])
        #expect(response.products.map(\.id) == [SKU.removeAds])
        #expect(response.invalidProductIdentifiers == [sku])
        #expect(response.reasons[sku] == reason)
    }

    @Test(arguments: [
        (ProductsFixture.currencyPackage, ItemType.virtualCurrencyPackage),
        (ProductsFixture.bundle, ItemType.bundle),
    ])
    func aProductThatIsNotAVirtualItemIsInvalid(sku: String, itemType: ItemType) throws {
        let response = try ProductsFixture.answer([SKU.gems100, sku])
        #expect(response.products.map(\.id) == [SKU.gems100])
        #expect(response.invalidProductIdentifiers == [sku])
        let reason = try #require(response.reasons[sku])
        #expect(reason.contains(itemType.rawValue))
        #expect(!reason.hasPrefix("status"))
    }

    @Test func invalidIdentifiersFollowTheRequestOrder() throws {
        let request = [ProductsFixture.bundle, ProductsFixture.unknown, SKU.gems100, ProductsFixture.draft,
                       ProductsFixture.caseMismatched, ProductsFixture.unavailable, SKU.removeAds,
                       ProductsFixture.currencyPackage]
        let invalid = [ProductsFixture.bundle, ProductsFixture.unknown, ProductsFixture.draft,
                       ProductsFixture.caseMismatched, ProductsFixture.unavailable, ProductsFixture.currencyPackage]
        let forwards = try ProductsFixture.answer(request)
        #expect(forwards.invalidProductIdentifiers == invalid)
        #expect(Set(forwards.reasons.keys) == Set(invalid))
        #expect(forwards.products.map(\.id) == [SKU.gems100, SKU.removeAds])

        let backwards = try ProductsFixture.answer(request.reversed())
        #expect(backwards.invalidProductIdentifiers == invalid.reversed())
    }

    @Test(arguments: [Int?.some(999_999), Int?.some(ProductsFixture.projectId + 1), Int?.none])
    func aWrongProjectSellsNothing(projectId: Int?) throws {
        let request = [SKU.gems100, ProductsFixture.unknown, SKU.removeAds, ProductsFixture.draft]
        let response = try ProductsFixture.answer(request, projectId: projectId)
        #expect(response.products.isEmpty)
        #expect(response.invalidProductIdentifiers == request)
        #expect(Set(response.reasons.keys) == Set(request))
        // The right project, for contrast: the same request sells two products.
        #expect(try ProductsFixture.answer(request).products.count == 2)
    }

    @Test func aWrongProjectWithDuplicatesDoesNotTrap() throws {
        let request = [SKU.gems100, SKU.gems100]
        let response = try ProductsFixture.answer(request, projectId: 1)
        #expect(response.products.isEmpty)
        #expect(Set(response.invalidProductIdentifiers) == [SKU.gems100])
        #expect(response.reasons.count == 1)
    }

    /// SKProductsRequest, which the SDK mirrors, takes a `Set` of identifiers and answers with one
    /// product per valid identifier: asking twice must not sell a product twice.
    @Test func duplicatesInTheRequestAnswerOnce() throws {
        let request = [SKU.gems100, ProductsFixture.unknown, SKU.gems100, ProductsFixture.draft,
                       ProductsFixture.unknown, SKU.removeAds]
        let response = try ProductsFixture.answer(request)
        // Each reason is kept whatever happens to the duplicates.
        #expect(response.reasons == [ProductsFixture.unknown: "unknown SKU", ProductsFixture.draft: "status draft"])
        #expect(response.products.map(\.id) == [SKU.gems100, SKU.removeAds])
        #expect(response.invalidProductIdentifiers == [ProductsFixture.unknown, ProductsFixture.draft])
    }
}
