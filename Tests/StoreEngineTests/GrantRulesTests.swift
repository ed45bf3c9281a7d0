import Catalog
import Foundation
import Ledger
import Testing
@testable import StoreEngine

/// The completion's pure rules, without a store: what a paid transaction grants, and why one
/// must not be granted.
@Suite("Completion: the grant rules")
struct GrantRulesTests {
    private static func rules() throws -> GrantRules {
        GrantRules(catalog: try defaultCatalog(), renewalRate: .realTime)
    }

    private static func paid(_ productId: String, quantity: Int = 1, at time: Date) -> TransactionRecord {
        var record = RedeliveryTests.gemsTransaction(at: time)
        record.productId = productId
        record.quantity = quantity
        record.state = .purchased
        record.purchasedAt = time
        return record
    }

    @Test func aConsumableGrantsItsCurrencyTimesTheQuantity() throws {
        let rules = try Self.rules()
        let time = try utc(2026, 1, 8)
        let record = Self.paid(SKU.gems100, quantity: 3, at: time)
        let grant = try #require(rules.grant(for: record, product: rules.catalog.product(id: SKU.gems100), at: time))
        #expect(grant.kind == .currency && grant.key == "gems" && grant.amount == 300 && grant.expiresAt == nil)
    }

    @Test func aSubscriptionRunsItsCalendarMonthFromWhenItWasPaid() throws {
        let rules = try Self.rules()
        let paidAt = try utc(2026, 1, 31)
        let record = Self.paid(SKU.monthlyPass, at: paidAt)
        // Delivered a week late (after a crash), it still runs from the day it was paid.
        let grant = try #require(rules.grant(for: record, product: rules.catalog.product(id: SKU.monthlyPass),
                                             at: paidAt.addingTimeInterval(7 * 86_400)))
        #expect(grant.kind == .accessLevel && grant.key == "premium")
        #expect(grant.expiresAt == (try utc(2026, 2, 28)), "the last day of February")
    }

    @Test func aRestoredTransactionGrantsNothingNew() throws {
        let rules = try Self.rules()
        let time = try utc(2026, 1, 8)
        var record = Self.paid(SKU.removeAds, at: time)
        #expect(rules.grant(for: record, product: rules.catalog.product(id: SKU.removeAds), at: time)?.kind == .nonConsumable)
        record.state = .restored
        #expect(rules.grant(for: record, product: rules.catalog.product(id: SKU.removeAds), at: time) == nil)
    }

    @Test func validationNamesWhatIsWrong() throws {
        let rules = try Self.rules()
        let record = Self.paid(SKU.gems100, at: try utc(2026, 1, 8))
        #expect(rules.validationProblem(record, for: "player-1", signatureProblem: nil) == nil)
        #expect(rules.validationProblem(record, for: "player-1", signatureProblem: "altered") == "altered")
        #expect(rules.validationProblem(record, for: "player-2", signatureProblem: nil) == "made by another user")
        var other = record
        other.productId = "com.example.gone"
        #expect(rules.validationProblem(other, for: "player-1", signatureProblem: nil)
            == "product com.example.gone is not in the catalog")
        other = record
        other.storefront = "ATL"
        #expect(rules.validationProblem(other, for: "player-1", signatureProblem: nil) == "storefront ATL is not in the catalog")
        other = record
        other.currency = "EUR"
        #expect(rules.validationProblem(other, for: "player-1", signatureProblem: nil) == "currency EUR does not match")
    }
}
