import Catalog
import Foundation
import Ledger
import Testing
@testable import StoreEngine

/// The account keeps what the grants give as a running tally, updated as grants, refunds, plan
/// changes and renewals are recorded. These check it against the same account read from scratch
/// from the ledger after every step of seeded random sequences (purchases on every path, refunds
/// and the transaction manager's other actions, restores, renewal rates changed under running
/// periods, the clock moved through renewals and expiries), for what the game unlocked and for what each store alone knows; and the balances
/// against the ledger's own grants, summed here.
@Suite("Account: the running tally")
struct AccountTallyTests {
    static let sequences = 120
    static let steps = 14
    static let playersPerLedger = 40
    static let start = Date(timeIntervalSinceReferenceDate: 800_000_000)
    static let scopes: [Marketplace?] = [nil] + Marketplace.builtIn.map(Optional.some)

    @Test func theTallyKeptStepByStepIsTheOneReadFromScratch() throws {
        var catalog = try defaultCatalog()
        catalog.settings.payStation.redirect.delaySeconds = 1
        var checked = 0
        for batch in stride(from: 0, to: Self.sequences, by: Self.playersPerLedger) {
            try withTemporaryLedgerPath { path in
                let ledger = try LedgerDatabase(path: path)
                for sequence in batch..<min(Self.sequences, batch + Self.playersPerLedger) {
                    checked += try Self.run(seed: UInt64(1_000 + sequence), catalog: catalog, ledger: ledger, path: path)
                }
            }
        }
        // Every step of every sequence was compared.
        #expect(checked == Self.sequences * Self.steps)
    }

    /// One player's sequence; the number of steps compared.
    static func run(seed: UInt64, catalog: ProductCatalog, ledger: LedgerDatabase, path: String) throws -> Int {
        var random = SeededGenerator(seed: seed)
        var rates = SeededGenerator(seed: seed + 1_000_000)
        let user = "player-\(seed)"
        let wall = start
        let store = try Store(catalog: catalog, ledger: ledger, userId: user, clock: .paused(at: start), rate: .paused,
                              wallTime: { wall }, generator: SeededGenerator(seed: seed))
        _ = try store.launch()
        var checked = 0
        for step in 0..<steps {
            let what = try act(Int.random(in: 0..<12, using: &random), store: store, random: &random)
            try compare(store, with: ledger, user: user, catalog: catalog, "seed \(seed), step \(step): \(what)")
            checked += 1
            // Midway, the running periods rescaled to another renewal rate and back: their grants'
            // expiries move twice. Back to real time, so that the steps after renew no faster;
            // drawn apart, so the sequence's own steps stay those of its seed.
            if step == steps / 2 {
                let rate = RenewalRate.allCases[Int.random(in: 0..<RenewalRate.allCases.count, using: &rates)]
                _ = try store.setTimeRate(.running(rate), keepingClockPaused: true)
                _ = try store.setTimeRate(.running(.realTime), keepingClockPaused: true)
                try compare(store, with: ledger, user: user, catalog: catalog, "seed \(seed): renewal rate \(rate.rawValue) and back")
            }
        }
        // A relaunch reads the same account.
        let reopened = try Store(catalog: catalog, ledger: LedgerDatabase(path: path), userId: user, rate: .paused,
                                 wallTime: { wall }, generator: SeededGenerator(seed: seed))
        #expect(reopened.currentReport().snapshot == store.currentReport().snapshot, "seed \(seed): after a relaunch")
        return checked
    }

    /// The lifecycle property's steps, and two of this suite's: a restore, and a purchase
    /// through Xee, whose server keeps the access.
    static func act(_ choice: Int, store: Store, random: inout SeededGenerator) throws -> String {
        switch choice {
        case 10:
            let path = [IntegrationPath.storekit, .paystation, .xee][Int.random(in: 0..<3, using: &random)]
            _ = try store.restore(on: path)
            return "restore on \(path)"
        case 11:
            let product = [SKU.weeklyPass, SKU.monthlyPass, SKU.removeAds][Int.random(in: 0..<3, using: &random)]
            let report = try store.beginPurchase(of: product, in: "USA", on: .xee)
            guard report.sheet != nil else { return "Xee \(product): no sheet (\(report.notice?.text ?? ""))" }
            _ = try store.send(.storeKit(.pressButton(.buy)))
            _ = try store.advance(to: store.now().addingTimeInterval(30))
            return "Xee \(product)"
        default:
            return try LifecyclePropertyTests.act(choice, store: store, random: &random)
        }
    }

    /// The store's account against one read from the ledger now, in every scope; the balances
    /// against the ledger's grants.
    static func compare(_ store: Store, with ledger: LedgerDatabase, user: String, catalog: ProductCatalog,
                        _ context: String) throws {
        let now = store.now()
        var fresh = try Account(reading: ledger, user: user, catalog: catalog)
        fresh.renewalRate = store.renewalRate
        let storeOfTransaction = try Dictionary(uniqueKeysWithValues: ledger.transactions(newestFirst: 100_000, user: user)
            .map { ($0.id, IntegrationPath(rawValue: $0.integrationPath)?.marketplace) })
        let grants = try ledger.grants(user: user).filter { $0.kind == .currency && $0.revokedAt == nil }
        for scope in scopes {
            let kept = store.account.snapshot(at: now, in: scope)
            let read = fresh.snapshot(at: now, in: scope)
            let name = scope?.displayName ?? "every store"
            #expect(kept.entitlements == read.entitlements, "entitlements, \(name) (\(context))")
            #expect(kept.balances == read.balances, "balances, \(name) (\(context))")
            #expect(kept.history == read.history, "subscriber history, \(name) (\(context))")
            #expect(kept.subscriptions == read.subscriptions, "subscriptions, \(name) (\(context))")
            #expect(kept == read, "the whole snapshot, \(name) (\(context))")
            var summed: [String: Int] = [:]
            for grant in grants where scope == nil || storeOfTransaction[grant.transactionId] == scope {
                summed[grant.key, default: 0] += grant.amount
            }
            #expect(kept.balances == summed, "balances against the ledger's grants, \(name) (\(context))")
        }
    }

    /// A refund of a purchase the panes no longer list takes its currency off the balances, as a
    /// launch would read them, and what left the window is forgotten without changing the report.
    @Test func aRefundBehindThePanesWindowTakesItsCurrencyOff() throws {
        try withStore { harness in
            let start = harness.now.addingTimeInterval(-Double(Account.listLimit + 50) * 60)
            try SyntheticHistory.write(purchases: Account.listLimit + 50, of: SKU.gems100, in: "JPN", user: harness.userId,
                                       catalog: harness.catalog, toLedgerAt: harness.path, startingAt: start)
            try harness.relaunch()
            let before = harness.store.currentReport().snapshot
            let granted = try #require(try harness.ledger.grant(forTransaction: "synthetic-000000"))
            #expect(!before.transactions.contains { $0.id == "synthetic-000000" })
            #expect(before.balances[granted.key] == granted.amount * (Account.listLimit + 50))

            // Two more through the store push two listed ones out of the window.
            try harness.buyThroughStoreKit(SKU.gems100)
            try harness.buyThroughStoreKit(SKU.gems100)
            _ = try harness.store.act(.refund(.other), on: "synthetic-000000")
            let after = harness.store.currentReport().snapshot
            #expect(after.balances[granted.key] == granted.amount * (Account.listLimit + 51))
            try Self.compare(harness.store, with: harness.ledger, user: harness.userId, catalog: harness.catalog, "after the refund")

            try harness.relaunch()
            #expect(harness.store.currentReport().snapshot == after)
        }
    }

    /// A currency every grant of which was refunded is no balance, not a balance of 0.
    @Test func aCurrencyWhollyRefundedIsNoBalance() throws {
        try withStore { harness in
            let (id, _) = try harness.buyThroughStoreKit(SKU.gems100)
            let key = try #require(try harness.ledger.grant(forTransaction: id)).key
            #expect(harness.store.currentReport().snapshot.balances[key] != nil)
            _ = try harness.store.act(.refund(.other), on: id)
            #expect(harness.store.currentReport().snapshot.balances[key] == nil)
            try harness.relaunch()
            #expect(harness.store.currentReport().snapshot.balances[key] == nil)
        }
    }
}
