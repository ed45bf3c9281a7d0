import Catalog
import Foundation
import Ledger
import Testing
@testable import StoreEngine

/// The lifecycle events QA knows from RevenueCat: `INITIAL_PURCHASE` for an auto-renewable
/// subscription, `NON_RENEWING_PURCHASE` for everything else, logged once, in the same commit as
/// the grant, and never again when the transaction is delivered again.
@Suite("Store: lifecycle events")
struct LifecycleEventTests {
    static let seasonPass = "com.example.stardust.season_pass"

    /// The default catalog plus a non-renewing subscription, which it lacks.
    static func catalogWithSeasonPass() throws -> Catalog {
        var catalog = try defaultCatalog()
        // A decimal string, as the catalog keeps prices: a float literal would not be 9.99.
        let price = try #require(Decimal(string: "9.99"))
        catalog.products.append(Product(id: seasonPass, type: .nonRenewing, name: LocalizedText(["en": "Season Pass"]),
                                        prices: ["USA": price], period: SubscriptionPeriod(value: 3, unit: .month)))
        return catalog
    }

    @Test func anAutoRenewablePurchaseIsAnInitialPurchase() throws {
        try withStore(catalog: regularPriceCatalog()) { harness in
            let (session, _) = try harness.buy(SKU.monthlyPass)
            let kinds = try harness.eventKinds(of: session.transactionId)
            let grant = try #require(kinds.firstIndex(of: "grant"))
            #expect(kinds[grant + 1] == "INITIAL_PURCHASE", "right after the grant")
            #expect(!kinds.contains("NON_RENEWING_PURCHASE"))
            // Paid 30 s after 18:40:00 on 19 September (30 s at the form); its month runs from the
            // payment, not from the redirect 2 s later.
            let event = try #require(try harness.events(.initialPurchase).first)
            #expect(event.message == "monthly for 4.99 USD until 2025-10-19T18:40:30Z")
            #expect(harness.store.currentReport().snapshot.events.contains { $0.kind == .initialPurchase })
        }
    }

    @Test(arguments: [SKU.gems100, SKU.removeAds, LifecycleEventTests.seasonPass])
    func everythingElseIsANonRenewingPurchase(_ productId: String) throws {
        try withStore(catalog: Self.catalogWithSeasonPass()) { harness in
            let (session, notice) = try harness.buy(productId)
            #expect(notice.tone == .success)
            let kinds = try harness.eventKinds(of: session.transactionId)
            #expect(kinds.filter { EventKind(rawValue: $0).isLifecycle } == ["NON_RENEWING_PURCHASE"])
            let grant = try #require(kinds.firstIndex(of: "grant"))
            #expect(kinds[grant + 1] == "NON_RENEWING_PURCHASE")
        }
    }

    @Test func aNonRenewingSubscriptionGrantsItsPeriodWithoutRenewing() throws {
        try withStore(catalog: Self.catalogWithSeasonPass()) { harness in
            let (session, _) = try harness.buy(Self.seasonPass)
            let grant = try #require(try harness.ledger.grant(forTransaction: session.transactionId))
            #expect(grant.kind == .accessLevel)
            #expect(grant.key == Self.seasonPass, "a product outside any group is its own access level")
            let paidAt = try #require(try harness.ledger.transaction(id: session.transactionId)?.purchasedAt)
            #expect(paidAt < grant.grantedAt, "paid before the redirect brought it back")
            #expect(grant.expiresAt == SimulatedCalendar.end(of: SubscriptionPeriod(value: 3, unit: .month),
                                                             from: paidAt))
            let message = try #require(try harness.events(.nonRenewingPurchase).first).message
            #expect(message == "season_pass for 9.99 USD")
        }
    }

    @Test func aFailedPurchaseHasNoLifecycleEvent() throws {
        try withStore { harness in
            try harness.buy(SKU.monthlyPass, card: Cards.declined)
            #expect(try harness.allEventKinds().allSatisfy { !EventKind(rawValue: $0).isLifecycle })
        }
    }

    @Test func redeliveryAfterTheGrantLogsNoSecondLifecycleEvent() throws {
        try withStore { harness in
            // The crashed run committed grant and lifecycle event together, then died before finishing.
            let time = harness.now
            let crashed = try Ledger(path: harness.path)
            let id = String(format: "txn-%06d", try crashed.nextValue(ofSequence: "transaction"))
            try crashed.insert(TransactionRecord(id: id, productId: SKU.monthlyPass, userId: "player-1", storefront: "USA",
                                                 integrationPath: "paystation", state: .purchasing, quantity: 1,
                                                 price: "4.99", currency: "USD", createdAt: time, updatedAt: time))
            try crashed.updateState(ofTransaction: id, to: .purchased, error: nil, at: time)
            try crashed.inTransaction {
                try crashed.recordGrant(GrantRecord(transactionId: id, kind: .accessLevel, key: "premium", amount: 1,
                                                    expiresAt: time.addingTimeInterval(30 * 86_400), grantedAt: time))
                try crashed.appendEvent(kind: "grant", message: "premium access", transactionId: id, at: time)
                try crashed.appendEvent(kind: "INITIAL_PURCHASE", message: "monthly", transactionId: id, at: time)
            }

            try harness.relaunch()
            try harness.store.deliverUnfinished()
            #expect(try harness.ledger.transaction(id: id)?.isFinished == true)
            #expect(try harness.events(.initialPurchase).count == 1)
            #expect(try harness.events(.granted).count == 1)
        }
    }

    @Test func redeliveryBeforeTheGrantLogsItOnceWithTheGrant() throws {
        try withStore { harness in
            // The crashed run recorded the purchase and died before granting.
            let time = harness.now
            let crashed = try Ledger(path: harness.path)
            let id = String(format: "txn-%06d", try crashed.nextValue(ofSequence: "transaction"))
            try crashed.insert(TransactionRecord(id: id, productId: SKU.monthlyPass, userId: "player-1", storefront: "USA",
                                                 integrationPath: "paystation", state: .purchasing, quantity: 1,
                                                 price: "4.99", currency: "USD", createdAt: time, updatedAt: time))
            try crashed.updateState(ofTransaction: id, to: .purchased, error: nil, at: time)

            try harness.relaunch()
            try harness.store.deliverUnfinished()
            try harness.relaunch()
            try harness.store.deliverUnfinished()
            #expect(try harness.eventKinds(of: id) == [
                "transaction.redelivered", "transaction.signed", "transaction.validated", "grant", "INITIAL_PURCHASE",
                "transaction.finished",
            ])
        }
    }
}

/// A player who subscribes again after an earlier subscription in the group lapsed is a
/// resubscribe, which RevenueCat reports as `RENEWAL`, not a second `INITIAL_PURCHASE`.
@Suite("Store: resubscribing")
struct ResubscribeTests {
    @Test func aSecondSubscriptionInTheGroupIsARenewal() throws {
        try withStore { harness in
            let (first, _) = try harness.buy(SKU.monthlyPass)
            try harness.cancelRenewal(of: first.transactionId)
            try harness.wait(40 * 86_400)
            #expect(harness.store.currentReport().snapshot.entitlement(id: "premium")?.isActive == false)
            let (second, _) = try harness.buy(SKU.monthlyPass)
            #expect(try harness.eventKinds(of: first.transactionId).contains("INITIAL_PURCHASE"))
            let kinds = try harness.eventKinds(of: second.transactionId)
            #expect(kinds.contains("RENEWAL"))
            #expect(!kinds.contains("INITIAL_PURCHASE"))
            #expect(harness.store.currentReport().snapshot.entitlement(id: "premium")?.isActive == true)
        }
    }
}
