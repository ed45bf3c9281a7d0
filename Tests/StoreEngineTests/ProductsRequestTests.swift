import Catalog
import Foundation
import Ledger
import StoreEngine
import Testing

// The Pay Station products request of DESIGN.md §3: the store answers with the products it sells
// and the `invalidProductIdentifiers` it does not (unknown, case-mismatched, unavailable or draft,
// and non-virtualItem SKUs; a wrong projectId connects fine and sells nothing). On a flaky network
// an attempt fails when the store's generator draws an even number, and the app retries after
// 0.5 s, 2 s and 4 s before giving up.

// MARK: - Fixtures

/// The default catalog plus one product for each way a known SKU is refused.
private enum ProductsFixture {
    static let projectId = 254_321
    static let draft = "com.example.stardust.skin_nebula"
    static let unavailable = "com.example.stardust.gems_5000"
    static let currencyPackage = "com.example.stardust.stardust_coins"
    static let bundle = "com.example.stardust.starter_bundle"
    static let unknown = "com.example.stardust.gems_999"
    static let caseMismatched = "com.example.stardust.GEMS_100"

    static func catalog(requested: [String]? = nil, network: NetworkCondition = .reliable) throws -> Catalog {
        var catalog = try defaultCatalog()
        catalog.settings.projectId = projectId
        catalog.settings.requestedProducts = requested
        catalog.settings.network = network
        catalog.products += [
            Product(id: draft, type: .nonConsumable, status: .draft, prices: ["USA": 2]),
            Product(id: unavailable, type: .consumable, status: .unavailable, prices: ["USA": 50],
                    grants: .currency("gems", amount: 5000)),
            Product(id: currencyPackage, type: .consumable, itemType: .virtualCurrencyPackage, prices: ["USA": 5]),
            Product(id: bundle, type: .nonConsumable, itemType: .bundle, prices: ["USA": 10]),
        ]
        return catalog
    }

    /// A mix: two sellable SKUs among one of each kind of invalid identifier.
    static let mixedRequest = [SKU.gems100, unknown, draft, SKU.removeAds, caseMismatched, bundle]
    static let mixedInvalid = [unknown, draft, caseMismatched, bundle]

    static func answer(_ identifiers: [String], projectId: Int? = projectId) throws -> ProductsResponse {
        ProductsAnswer.answer(requesting: identifiers, projectId: projectId, catalog: try catalog())
    }
}

/// The values a `ScriptedGenerator` hands out, shared with the test so it can count the draws
/// (the store keeps its own copy of the generator).
private final class GeneratorScript {
    let values: [UInt64]
    private(set) var drawn = 0

    init(_ values: [UInt64]) {
        self.values = values
    }

    /// The scripted values, then 1 (odd: the network works) once the script runs out.
    func next() -> UInt64 {
        defer { drawn += 1 }
        return drawn < values.count ? values[drawn] : 1
    }
}

/// A generator that yields exactly the scripted sequence: even values make a flaky attempt fail.
private struct ScriptedGenerator: RandomNumberGenerator {
    let script: GeneratorScript

    mutating func next() -> UInt64 {
        script.next()
    }
}

private extension StoreHarness {
    /// A second store on the harness's ledger and clock, drawing from `script`.
    func makeStore(drawingFrom script: GeneratorScript) -> Store {
        Store(catalog: catalog, ledger: ledger, userId: userId, now: { [clock] in clock.date },
              generator: ScriptedGenerator(script: script))
    }

    /// The products request as the app runs it: attempt 1, then after each failure wait the
    /// retry delay on the clock and try again, until an answer or a failure without a retry.
    func runProductsRequest(on store: Store) throws -> [Store.ProductsOutcome] {
        var outcomes: [Store.ProductsOutcome] = []
        for attempt in 1...10 {
            let outcome = try store.requestProducts(attempt: attempt)
            outcomes.append(outcome)
            guard case .failed(_, let retryAfter?) = outcome else { break }
            clock.advance(by: retryAfter)
        }
        return outcomes
    }

    /// The products events, oldest first.
    func productsEvents() throws -> [EventRecord] {
        try ledger.events(newestFirst: 10_000).reversed().filter { $0.kind.hasPrefix("products.") }
    }
}

private enum ProductsEvent {
    static let request = StoreEventKind.productsRequested.rawValue
    static let failed = StoreEventKind.productsFailed.rawValue
    static let answered = StoreEventKind.productsAnswered.rawValue
}

// MARK: - The store's answer

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

// MARK: - Retries

@Suite("RetrySchedule")
struct RetryScheduleTests {
    @Test(arguments: zip(0...5, [nil, 0.5, 2, 4, nil, nil] as [Double?]))
    func delayAfterAnAttempt(attempt: Int, delay: Double?) {
        #expect(RetrySchedule.delay(after: attempt) == delay)
    }

    @Test func halfASecondThenTwoSecondsDoublingThreeRetries() {
        #expect(RetrySchedule.delays.count == 3)
        #expect(RetrySchedule.delays.first == 0.5)
        #expect(RetrySchedule.delays.dropFirst() == [2, 4])
    }
}

// MARK: - The request on a store

@Suite("Store.requestProducts")
struct StoreProductsRequestTests {
    @Test func aReliableNetworkAnswersAtTheFirstAttempt() throws {
        let catalog = try ProductsFixture.catalog(requested: ProductsFixture.mixedRequest)
        try withStore(catalog: catalog) { harness in
            // Every draw would fail a flaky attempt: a reliable network must not ask.
            let script = GeneratorScript([0, 0, 0, 0])
            let store = harness.makeStore(drawingFrom: script)
            #expect(store.networkCondition == .reliable)

            let outcome = try store.requestProducts(attempt: 1)

            guard case .answered(let response) = outcome else {
                Issue.record("expected an answer, got \(outcome)")
                return
            }
            #expect(response.products.map(\.id) == [SKU.gems100, SKU.removeAds])
            #expect(response.invalidProductIdentifiers == ProductsFixture.mixedInvalid)
            #expect(script.drawn == 0)

            let events = try harness.productsEvents()
            #expect(events.map(\.kind) == [ProductsEvent.request, ProductsEvent.answered])
            #expect(events.allSatisfy { $0.time == harness.clock.date && $0.transactionId == nil })
            let request = try #require(events.first).message
            #expect(request.contains("attempt 1 of 4"))
            #expect(request.contains("6 SKUs"))
            #expect(request.contains("project \(ProductsFixture.projectId)"))

            let answered = try #require(events.last).message
            #expect(answered.hasPrefix("2 products"))
            #expect(answered.contains("invalidProductIdentifiers"))
            #expect(answered.contains("\(ProductsFixture.unknown) (unknown SKU)"))
            #expect(answered.contains("\(ProductsFixture.draft) (status draft)"))
            #expect(answered.contains(SKU.gems100), "the case-mismatched SKU's reason names the real one")
            #expect(answered.contains("item type bundle"))
            // In request order.
            let positions = ProductsFixture.mixedInvalid.compactMap { answered.range(of: "\($0) (")?.lowerBound }
            #expect(positions.count == ProductsFixture.mixedInvalid.count)
            #expect(positions == positions.sorted())
        }
    }

    @Test func anAnswerWithoutInvalidIdentifiersSaysOnlyTheCount() throws {
        let catalog = try ProductsFixture.catalog(requested: [SKU.gems100, SKU.removeAds, SKU.monthlyPass])
        try withStore(catalog: catalog) { harness in
            let outcome = try harness.store.requestProducts(attempt: 1)
            #expect(outcome == .answered(try ProductsFixture.answer([SKU.gems100, SKU.removeAds, SKU.monthlyPass])))
            let answered = try #require(harness.productsEvents().last)
            #expect(answered.kind == ProductsEvent.answered)
            #expect(answered.message == "3 products")
        }
    }

    @Test func requestedIdentifiersDefaultToEveryCatalogProduct() throws {
        let catalog = try ProductsFixture.catalog(requested: nil)
        try withStore(catalog: catalog) { harness in
            #expect(harness.store.requestedIdentifiers == catalog.products.map(\.id))

            let outcome = try harness.store.requestProducts(attempt: 1)
            let expected = ProductsAnswer.answer(requesting: catalog.products.map(\.id),
                                                 projectId: ProductsFixture.projectId, catalog: catalog)
            #expect(outcome == .answered(expected))
            #expect(expected.invalidProductIdentifiers.count == 4)
            let request = try #require(harness.productsEvents().first)
            #expect(request.message.contains("\(catalog.products.count) SKUs"))
        }
    }

    @Test func requestedProductsAreAskedForAsNamed() throws {
        let catalog = try ProductsFixture.catalog(requested: ProductsFixture.mixedRequest)
        try withStore(catalog: catalog) { harness in
            #expect(harness.store.requestedIdentifiers == ProductsFixture.mixedRequest)
        }
    }

    @Test func aFlakyNetworkRetriesAfterHalfASecondTwoAndFourSecondsThenAnswers() throws {
        let catalog = try ProductsFixture.catalog(requested: ProductsFixture.mixedRequest, network: .flaky)
        try withStore(catalog: catalog) { harness in
            let script = GeneratorScript([2, 4, 0xFFFF_FFFF_FFFF_FFFE, 7])
            let store = harness.makeStore(drawingFrom: script)
            #expect(store.networkCondition == .flaky, "the catalog's network setting")
            let start = harness.clock.date

            let outcomes = try harness.runProductsRequest(on: store)

            #expect(outcomes == [
                .failed(attempt: 1, retryAfter: 0.5),
                .failed(attempt: 2, retryAfter: 2),
                .failed(attempt: 3, retryAfter: 4),
                .answered(try ProductsFixture.answer(ProductsFixture.mixedRequest)),
            ])
            #expect(script.drawn == 4, "one coin toss per attempt")

            let events = try harness.productsEvents()
            #expect(events.map(\.kind) == [
                ProductsEvent.request, ProductsEvent.failed,
                ProductsEvent.request, ProductsEvent.failed,
                ProductsEvent.request, ProductsEvent.failed,
                ProductsEvent.request, ProductsEvent.answered,
            ])
            let requests = events.filter { $0.kind == ProductsEvent.request }
            #expect(requests.count == 4)
            #expect(requests.map { String($0.message.prefix { $0 != ":" }) }
                == ["attempt 1 of 4", "attempt 2 of 4", "attempt 3 of 4", "attempt 4 of 4"])
            #expect(requests.map { $0.time.timeIntervalSince(start) } == [0, 0.5, 2.5, 6.5])
            #expect(events.filter { $0.kind == ProductsEvent.failed }.map(\.message) == [
                "network error (flaky network); retrying in 0.5 s",
                "network error (flaky network); retrying in 2 s",
                "network error (flaky network); retrying in 4 s",
            ])
            #expect(events.last?.message.hasPrefix("2 products; invalidProductIdentifiers: ") == true)
        }
    }

    @Test func aFlakyNetworkGivesUpAfterFourAttempts() throws {
        let catalog = try ProductsFixture.catalog(network: .flaky)
        try withStore(catalog: catalog) { harness in
            let script = GeneratorScript([0, 2, 4, 6])
            let store = harness.makeStore(drawingFrom: script)

            let outcomes = try harness.runProductsRequest(on: store)

            #expect(outcomes == [
                .failed(attempt: 1, retryAfter: 0.5),
                .failed(attempt: 2, retryAfter: 2),
                .failed(attempt: 3, retryAfter: 4),
                .failed(attempt: 4, retryAfter: nil),
            ])
            #expect(script.drawn == 4)
            let events = try harness.productsEvents()
            #expect(events.count == 8)
            #expect(events.filter { $0.kind == ProductsEvent.request }.count == 4)
            #expect(events.filter { $0.kind == ProductsEvent.failed }.count == 4)
            #expect(!events.contains { $0.kind == ProductsEvent.answered })
            let last = try #require(events.last)
            #expect(last.kind == ProductsEvent.failed)
            #expect(last.message.contains("giving up after 4 attempts"))
            #expect(!last.message.contains("retrying"))
        }
    }

    @Test func aFlakyNetworkCanAnswerAtTheFirstAttempt() throws {
        let catalog = try ProductsFixture.catalog(network: .flaky)
        try withStore(catalog: catalog) { harness in
            let script = GeneratorScript([0xFFFF_FFFF_FFFF_FFFF])
            let outcomes = try harness.runProductsRequest(on: harness.makeStore(drawingFrom: script))
            #expect(outcomes.count == 1)
            #expect(outcomes.first == .answered(try ProductsFixture.answer(catalog.products.map(\.id))))
            #expect(script.drawn == 1)
            #expect(try harness.productsEvents().map(\.kind) == [ProductsEvent.request, ProductsEvent.answered])
        }
    }

    /// `--network flaky` on the command line overrides a reliable catalog.
    @Test func overridingTheNetworkConditionMakesARequestFlaky() throws {
        try withStore(catalog: try ProductsFixture.catalog(network: .reliable)) { harness in
            let script = GeneratorScript([8])
            let store = harness.makeStore(drawingFrom: script)
            store.networkCondition = .flaky
            let outcome = try store.requestProducts(attempt: 1)
            #expect(outcome == .failed(attempt: 1, retryAfter: 0.5))
            #expect(script.drawn == 1)
            #expect(try harness.productsEvents().map(\.kind) == [ProductsEvent.request, ProductsEvent.failed])
        }
    }

    /// The seeded generator the other tests use: for seeds found by running a copy of it, the
    /// store tosses one value per attempt, in order, and fails exactly on the even ones.
    @Test(arguments: [
        [true, true, true, false],
        [true, true, true, true],
        [false],
        [true, false],
    ])
    func aSeededGeneratorDecidesEachAttempt(fails: [Bool]) throws {
        let seed = try #require((0..<10_000 as Range<UInt64>).first { seed in
            var copy = SeededGenerator(seed: seed)
            return fails.allSatisfy { ($0 ? 0 : 1) == copy.next() % 2 }
        }, "no seed below 10000 gives \(fails)")
        let catalog = try ProductsFixture.catalog(network: .flaky)
        try withStore(catalog: catalog) { harness in
            let store = Store(catalog: catalog, ledger: harness.ledger, userId: harness.userId,
                              now: { [clock = harness.clock] in clock.date }, generator: SeededGenerator(seed: seed))
            let outcomes = try harness.runProductsRequest(on: store)
            var expected: [Store.ProductsOutcome] = fails.enumerated().filter { $0.element }.map {
                .failed(attempt: $0.offset + 1, retryAfter: RetrySchedule.delay(after: $0.offset + 1))
            }
            if fails.last == false {
                expected.append(.answered(try ProductsFixture.answer(catalog.products.map(\.id))))
            }
            #expect(outcomes == expected)
            #expect(try harness.productsEvents().filter { $0.kind == ProductsEvent.request }.count == fails.count)
        }
    }
}
