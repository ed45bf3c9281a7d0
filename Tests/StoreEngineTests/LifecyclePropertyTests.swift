import Catalog
import Foundation
import Ledger
import TestFixtures
import Testing
@testable import StoreEngine

/// Issue 10's property: 10,000 seeded random sequences of purchases (StoreKit and Pay Station,
/// bought, cancelled, asked to buy), calendar advances and transaction-manager actions, on a real
/// ledger file, with invariants checked after every step:
/// - the access level is active exactly when an unrevoked grant of it has not expired, or its
///   subscription is in its grace period;
/// - each balance is its unrevoked currency grants (nothing is spent);
/// - nothing in the ledger changes without an event;
/// - a second store on the same file (the ledger reopened) tells the same story.
/// Each sequence is a player of its own on one ledger per slice; the slices run side by side.
@Suite("Lifecycle property")
struct LifecyclePropertyTests {
    /// 10,000 in full (`make property-test`), 1,000 in `make test` (`PROPERTY_CASES`).
    static let sequences = propertyCases(upTo: 10_000)
    static let slices = 4
    static let steps = 6
    static let playersPerLedger = 50
    static let start = Date(timeIntervalSinceReferenceDate: 800_000_000)

    /// What a player's part of the ledger holds, to tell whether a step changed anything.
    struct LedgerState: Equatable {
        var transactions: [String]
        var grants: [String]
        var subscriptions: [String]

        init(_ ledger: LedgerDatabase, user: String) throws {
            transactions = try ledger.transactions(newestFirst: 10_000, user: user)
                .map { "\($0.id) \($0.state.rawValue) \($0.finishedAt != nil) \($0.revokedAt != nil) \($0.signedTransaction ?? "")" }
            grants = try ledger.grants(user: user)
                .map { "\($0.transactionId) \($0.key) \($0.amount) \($0.expiresAt?.timeIntervalSince1970 ?? 0) \($0.revokedAt != nil)" }
            subscriptions = try ledger.subscriptions(user: user).map {
                "\($0.originalTransactionId) \($0.latestTransactionId) \($0.autoRenew) \($0.billingIssue) "
                    + "\($0.billingIssueAt?.timeIntervalSince1970 ?? 0) \($0.endedAt?.timeIntervalSince1970 ?? 0) "
                    + "\($0.pendingProductId ?? "") \($0.priceIncrease ?? "")"
            }
        }
    }

    @Test(arguments: 0..<slices)
    func randomSequencesKeepTheInvariants(slice: Int) throws {
        var catalog = try defaultCatalog()
        catalog.settings.payStation.redirect.delaySeconds = 1
        let perSlice = Self.sequences / Self.slices
        var checked = 0
        // A new ledger file every few dozen players, so reading a player's rows stays cheap.
        for batch in stride(from: 0, to: perSlice, by: Self.playersPerLedger) {
            try withTemporaryLedgerPath { path in
                let ledger = try LedgerDatabase(path: path)
                for sequence in batch..<min(perSlice, batch + Self.playersPerLedger) {
                    let seed = UInt64(slice * perSlice + sequence)
                    checked += try Self.run(seed: seed, catalog: catalog, ledger: ledger, path: path)
                }
            }
        }
        // Every sequence ran all its steps, and every step was checked.
        #expect(checked == perSlice * Self.steps)
    }

    /// One player's sequence; the number of steps checked.
    static func run(seed: UInt64, catalog: ProductCatalog, ledger: LedgerDatabase, path: String) throws -> Int {
        var random = SeededGenerator(seed: seed)
        let user = "player-\(seed)"
        let wall = start
        let store = try Store(catalog: catalog, ledger: ledger, userId: user, clock: .paused(at: start), rate: .paused,
                              wallTime: { wall }, generator: SeededGenerator(seed: seed))
        _ = try store.launch()  // Pay Station pre-warms here, as the app does
        var checked = 0
        for step in 0..<steps {
            let before = try LedgerState(ledger, user: user)
            let eventsBefore = try ledger.events(newestFirst: 1).first?.id ?? 0
            let what = try act(Int.random(in: 0..<10, using: &random), store: store, random: &random)
            let context = "seed \(seed), step \(step): \(what)"
            let after = try LedgerState(ledger, user: user)
            let eventsAfter = try ledger.events(newestFirst: 1).first?.id ?? 0
            if after != before {
                #expect(eventsAfter > eventsBefore, "the ledger changed without an event (\(context))")
            }
            try checkAccessAndBalances(store: store, ledger: ledger, user: user, catalog: catalog, context)
            checked += 1
        }
        // The ledger, reopened by another store, tells the same story.
        let reopened = try Store(catalog: catalog, ledger: LedgerDatabase(path: path), userId: user, rate: .paused,
                                 wallTime: { wall }, generator: SeededGenerator(seed: seed))
        let mine = store.currentReport().snapshot
        let theirs = reopened.currentReport().snapshot
        #expect(theirs.transactions == mine.transactions, "seed \(seed): the transactions differ after reopening")
        #expect(theirs.balances == mine.balances, "seed \(seed): the balances differ after reopening")
        #expect(theirs.entitlements == mine.entitlements, "seed \(seed): the entitlements differ after reopening")
        #expect(theirs.subscriptions == mine.subscriptions, "seed \(seed): the subscriptions differ after reopening")
        return checked
    }

    static let products = [SKU.gems100, SKU.removeAds, SKU.weeklyPass, SKU.monthlyPass, "com.example.stardust.pass.yearly"]

    /// One random step; what it did, for messages.
    static func act(_ choice: Int, store: Store, random: inout SeededGenerator) throws -> String {
        let product = products[Int.random(in: 0..<products.count, using: &random)]
        switch choice {
        case 0, 1:
            // StoreKit in Japan: bought, cancelled, or asked of a parent.
            let report = try store.beginPurchase(of: product, in: "JPN", on: .storekit)
            guard report.sheet != nil else { return "StoreKit \(product): no sheet (\(report.notice?.text ?? ""))" }
            let button: StoreKitSession.Button = [.buy, .buy, .buy, .cancel, .askToBuy][Int.random(in: 0..<5, using: &random)]
            _ = try store.send(.storeKit(.pressButton(button)))
            return "StoreKit \(product) \(button)"
        case 2:
            // Pay Station in the USA: paid with the sandbox card, then the redirect.
            let report = try store.beginPurchase(of: product, in: "USA", on: .paystation)
            guard case .payStation? = report.sheet else { return "Pay Station \(product): no page" }
            for field in ["4111111111111111", "1240", "123"] {
                for character in field { _ = try store.send(.payStation(.type(character))) }
                _ = try store.send(.payStation(.submit))
            }
            _ = try store.advance(to: store.now().addingTimeInterval(5))
            return "Pay Station \(product)"
        case 3, 4, 5:
            let choices: [TimeInterval] = [60, 3600, 86_400, 3 * 86_400, 8 * 86_400, 20 * 86_400, 40 * 86_400]
            let seconds = choices[Int.random(in: 0..<choices.count, using: &random)]
            _ = try store.advance(to: store.now().addingTimeInterval(seconds))
            return "advance \(Int(seconds)) s"
        default:
            // A manager action on a random transaction that has any.
            let candidates = store.currentReport().snapshot.transactions.filter { !$0.actions.isEmpty }
            guard !candidates.isEmpty else { return "no action applies" }
            let transaction = candidates[Int.random(in: 0..<candidates.count, using: &random)]
            let action = transaction.actions[Int.random(in: 0..<transaction.actions.count, using: &random)]
            _ = try store.act(action, on: transaction.id)
            return "\(action.title) on \(transaction.id)"
        }
    }

    /// Access from the ledger's rows, worked out here rather than by `Account`, and balances.
    static func checkAccessAndBalances(store: Store, ledger: LedgerDatabase, user: String, catalog: ProductCatalog,
                                       _ context: String) throws {
        let now = store.now()
        let grants = try ledger.grants(user: user).filter { $0.revokedAt == nil }
        let granted = grants.contains { $0.kind == .accessLevel && $0.key == "premium" && ($0.expiresAt ?? .distantFuture) > now }
        let inGrace = try ledger.subscriptions(user: user).contains { subscription in
            guard subscription.endedAt == nil, let failed = subscription.billingIssueAt else { return false }
            let period = catalog.product(id: subscription.productId)?.period
            return now < store.renewalRate.graceEnd(for: period, from: failed)
        }
        let snapshot = store.currentReport().snapshot
        #expect((snapshot.entitlement(id: "premium")?.isActive ?? false) == (granted || inGrace),
                "premium active: \(snapshot.entitlement(id: "premium")?.isActive ?? false), the ledger says \(granted || inGrace) (\(context))")
        var balances: [String: Int] = [:]
        for grant in grants where grant.kind == .currency { balances[grant.key, default: 0] += grant.amount }
        #expect(snapshot.balances.filter { $0.value != 0 } == balances.filter { $0.value != 0 }, "balances (\(context))")
    }
}
