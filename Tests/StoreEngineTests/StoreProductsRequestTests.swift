import Catalog
import Foundation
import Ledger
@testable import StoreEngine
import Testing

// The products request as the program makes it, one attempt per call, on a real ledger: what it
// answers, what it logs, and how a flaky network fails and retries.

@Suite("Store.requestProducts")
struct StoreProductsRequestTests {
    @Test func aReliableNetworkAnswersAtTheFirstAttempt() throws {
        let catalog = try ProductsFixture.catalog(requested: ProductsFixture.mixedRequest)
        try withStore(catalog: catalog) { harness in
            // Every draw would fail a flaky attempt: a reliable network must not ask.
            let script = GeneratorScript([0, 0, 0, 0])
            let store = try harness.makeStore(drawingFrom: script)
            #expect(store.networkCondition == .reliable)

            let outcome = try store.productsOutcome(attempt: 1)

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
            let outcome = try harness.store.productsOutcome(attempt: 1)
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

            let outcome = try harness.store.productsOutcome(attempt: 1)
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
            let store = try harness.makeStore(drawingFrom: script)
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
            let store = try harness.makeStore(drawingFrom: script)

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
            let outcomes = try harness.runProductsRequest(on: try harness.makeStore(drawingFrom: script))
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
            let store = try harness.makeStore(drawingFrom: script)
            store.networkCondition = .flaky
            let outcome = try store.productsOutcome(attempt: 1)
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
            let store = try Store(catalog: catalog, ledger: harness.ledger, userId: harness.userId,
                                  wallTime: { [clock = harness.clock] in clock.date }, generator: SeededGenerator(seed: seed))
            let outcomes = try harness.runProductsRequest(on: store)
            var expected: [ProductsOutcome] = fails.enumerated().filter { $0.element }.map {
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
