import Catalog
import Foundation
import Program
import StoreEngine
import TerminalUI
import TestFixtures
import Testing

/// Each state a subscription goes through, as the whole screen shows it at 120x40 (golden
/// files): subscribed, auto-renew off, in grace after a failed renewal, in billing retry,
/// recovered, a downgrade pending, refunded. The Weekly and Monthly Passes through StoreKit in
/// Japan, periods on the calendar, the clock moved by the scenario's own `advance`.
@Suite("Lifecycle snapshots")
struct LifecycleSnapshotTests {
    private static func subscribed(_ product: String) throws -> HeadlessHarness {
        let harness = try HeadlessHarness(storefront: "JPN", width: 120, height: 40)
        harness.program.send(.started)
        harness.program.send(.setRenewalRate(.realTime))
        harness.select(product: product)
        harness.press(.enter)
        try #require(harness.storeKitSession != nil)
        harness.type("b")
        try #require(harness.app.snapshot.subscriptions.last?.status == .subscribed)
        return harness
    }

    private static func act(_ action: TransactionAction, _ harness: HeadlessHarness) throws {
        let latest = try #require(harness.app.snapshot.subscriptions.last?.latestTransactionId)
        harness.program.send(.act(action, transactionId: latest))
    }

    private static func premiumRow(_ harness: HeadlessHarness) -> String {
        harness.screen.split(separator: "\n").first { $0.contains("│ premium ") }.map(String.init) ?? ""
    }

    @Test func aWeeklyPlanThroughAutoRenewOffGraceRetryRecoveryAndRefund() throws {
        let harness = try Self.subscribed(SKU.weeklyPass)
        #expect(Self.premiumRow(harness).contains("premium active · renews"))
        assertSnapshot(harness.program.draw(), named: "lifecycle-subscribed-120x40")

        try Self.act(.cancelRenewal, harness)
        #expect(Self.premiumRow(harness).contains("premium active to"))
        assertSnapshot(harness.program.draw(), named: "lifecycle-auto-renew-off-120x40")

        try Self.act(.enableRenewal, harness)
        try Self.act(.billingIssue(true), harness)
        harness.program.advance(by: 7 * 86_400)
        #expect(Self.premiumRow(harness).contains("premium active in grace to"))
        assertSnapshot(harness.program.draw(), named: "lifecycle-grace-120x40")

        harness.program.advance(by: 6 * 86_400)
        #expect(Self.premiumRow(harness).contains("premium inactive · billing retry"))
        assertSnapshot(harness.program.draw(), named: "lifecycle-billing-retry-120x40")

        try Self.act(.billingIssue(false), harness)
        #expect(harness.app.snapshot.subscriptions.last?.status == .subscribed)
        assertSnapshot(harness.program.draw(), named: "lifecycle-recovered-120x40")

        try Self.act(.refund(.other), harness)
        #expect(Self.premiumRow(harness).contains("premium refunded"))
        assertSnapshot(harness.program.draw(), named: "lifecycle-refunded-120x40")
    }

    @Test func aDowngradeShowsPendingUntilTheRenewal() throws {
        let harness = try Self.subscribed(SKU.monthlyPass)
        harness.select(product: SKU.weeklyPass)
        harness.press(.enter)
        #expect(harness.app.sheet == nil, "a downgrade opens no sheet")
        #expect(harness.app.snapshot.subscriptions.last?.pendingProductId == SKU.weeklyPass)
        assertSnapshot(harness.program.draw(), named: "lifecycle-downgrade-pending-120x40")
        harness.program.advance(by: 7 * 86_400)  // the free week ends: the renewal is the weekly plan
        #expect(harness.app.snapshot.subscriptions.last?.productId == SKU.weeklyPass)
        assertSnapshot(harness.program.draw(), named: "lifecycle-downgraded-120x40")
    }

    @Test func anUpgradeAtOnce() throws {
        let harness = try Self.subscribed(SKU.monthlyPass)
        harness.program.advance(by: 3 * 86_400)
        harness.select(product: "com.example.stardust.pass.yearly")
        harness.press(.enter)
        try #require(harness.storeKitSession != nil)
        harness.type("b")
        #expect(harness.app.snapshot.events.contains { $0.kind == .didChangeRenewalPref && $0.message.hasPrefix("UPGRADE · ") })
        #expect(harness.app.snapshot.subscriptions.map(\.status) == [.expired, .subscribed])
        assertSnapshot(harness.program.draw(), named: "lifecycle-upgraded-120x40")
    }

    @Test func aTrialConvertsAndAPriceIncreaseIsCharged() throws {
        let harness = try Self.subscribed(SKU.monthlyPass)
        try Self.act(.requestPriceIncrease, harness)
        try Self.act(.answerPriceIncrease(accept: true), harness)
        harness.program.advance(by: 7 * 86_400)  // the free week converts, at the new price
        #expect(harness.app.snapshot.transactions.first?.amountCharged == 1_000)
        assertSnapshot(harness.program.draw(), named: "lifecycle-trial-converted-price-increased-120x40")
    }

    @Test func billingRetryRunsOutAndThePlanExpires() throws {
        let harness = try Self.subscribed(SKU.weeklyPass)
        try Self.act(.billingIssue(true), harness)
        harness.program.advance(by: 70 * 86_400)
        #expect(harness.app.snapshot.subscriptions.last?.status == .expired)
        #expect(Self.premiumRow(harness).contains("premium expired"))
        assertSnapshot(harness.program.draw(), named: "lifecycle-expired-after-retry-120x40")
    }
}
