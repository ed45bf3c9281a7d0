import Catalog
import Foundation
import Ledger
import Testing
@testable import StoreEngine

// The Pay Station products request: the store answers with the products it sells
// and the `invalidProductIdentifiers` it does not (unknown, case-mismatched, unavailable or draft,
// and non-virtualItem SKUs; a wrong projectId connects fine and sells nothing). On a flaky network
// an attempt fails when the store's generator draws an even number, and the app retries after
// 0.5 s, 2 s and 4 s before giving up.
//
// This file holds the fixtures the three products suites share.

/// The default catalog plus one product for each way a known SKU is refused.
enum ProductsFixture {
    static let projectId = 254_321
    static let draft = "com.example.stardust.skin_nebula"
    static let unavailable = "com.example.stardust.gems_5000"
    static let currencyPackage = "com.example.stardust.stardust_coins"
    static let bundle = "com.example.stardust.starter_bundle"
    static let unknown = "com.example.stardust.gems_999"
    static let caseMismatched = "com.example.stardust.GEMS_100"

    static func catalog(requested: [String]? = nil, network: NetworkCondition = .reliable) throws -> ProductCatalog {
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
final class GeneratorScript {
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
struct ScriptedGenerator: RandomNumberGenerator {
    let script: GeneratorScript

    mutating func next() -> UInt64 {
        script.next()
    }
}

extension StoreHarness {
    /// A second store on the harness's ledger and clock, drawing from `script`.
    func makeStore(drawingFrom script: GeneratorScript) throws -> Store {
        try Store(catalog: catalog, ledger: ledger, userId: userId, wallTime: { [clock] in clock.date },
                  generator: ScriptedGenerator(script: script))
    }

    /// The products request as the app runs it: attempt 1, then after each failure wait the
    /// retry delay on the clock and try again, until an answer or a failure without a retry.
    func runProductsRequest(on store: Store) throws -> [ProductsOutcome] {
        var outcomes: [ProductsOutcome] = []
        for attempt in 1...10 {
            let outcome = try store.productsOutcome(attempt: attempt)
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

enum ProductsEvent {
    static let request = EventKind.productsRequested.rawValue
    static let failed = EventKind.productsFailed.rawValue
    static let answered = EventKind.productsAnswered.rawValue
}

extension Store {
    /// One attempt of the products request on Pay Station, answered with its outcome alone.
    func productsOutcome(attempt: Int) throws -> ProductsOutcome {
        let report = try requestProducts(on: .paystation, attempt: attempt)
        let reply = try #require(report.products, "a products request reports its outcome")
        #expect(reply.path == .paystation, "the reply names the path that asked")
        return reply.outcome
    }
}
