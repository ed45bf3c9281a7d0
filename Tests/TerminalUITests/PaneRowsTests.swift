import Catalog
import Foundation
import StoreEngine
import TestFixtures
import Testing
@testable import TerminalUI

/// The rows of the live panes, from the engine's typed summaries: the words, and the role that
/// colours each row (a decline stands out, a cancel does not).
@Suite("Pane rows")
struct PaneRowsTests {
    private let clock = WallClock(timeZone: utc)

    private func transaction(_ state: TransactionSummary.State, failure: FailureReason? = nil, finished: Bool = true,
                             product: String = SKU.gems100) -> TransactionSummary {
        TransactionSummary(id: "txn-000001", productId: product, userId: "u", storefront: "USA", path: .paystation,
                           state: state, failure: failure, price: "0.99", currency: "USD", createdAt: fixedNow,
                           updatedAt: fixedNow, finishedAt: finished ? fixedNow : nil)
    }

    @Test func aFinishedPurchaseReadsAsSuccess() {
        let row = PaneRows.transaction(transaction(.purchased))
        #expect(row.text == "txn-000001 gems_100    purchased  ✓ $0.99")
        #expect(row.role == .success)
    }

    @Test func anUnfinishedPurchaseIsMarkedAsPending() {
        let row = PaneRows.transaction(transaction(.purchasing, finished: false))
        #expect(row.text.hasPrefix("txn-000001 gems_100    purchasing …"))
        #expect(row.role == .warning)
    }

    /// `paymentCancelled` is the player's choice, not an error to show.
    @Test func aCancelledPaymentIsMutedAndSaysCancelled() {
        let row = PaneRows.transaction(transaction(.failed, failure: .paymentCancelled))
        #expect(row.text.contains("cancelled"))
        #expect(!row.text.contains("failed"))
        #expect(row.role == .muted)
    }

    @Test func aDeclineIsAnError() {
        let row = PaneRows.transaction(transaction(.failed, failure: .paymentDeclined))
        #expect(row.text.contains("failed"))
        #expect(row.role == .error)
    }

    /// A narrow row keeps the id and the charge; the SKU and the state give way.
    @Test func narrowRowsKeepTheIdAndTheCharge() {
        let listed = transaction(.purchased)
        let fit = TransactionColumns(fitting: [listed]).fitted(to: 28)
        #expect(PaneRows.transaction(listed, fit: fit).text == "txn-000001 g… purch… ✓ $0.99")
    }

    /// A ledger can hold a product a later catalog dropped: the row shows the id it has.
    @Test func aProductNotInTheCatalogShowsItsId() {
        let row = PaneRows.transaction(transaction(.purchased, product: "old_item"))
        #expect(row.text == "txn-000001 old_item    purchased  ✓ $0.99")
    }

    @Test func balancesComeFirstThenAccess() {
        let snapshot = StoreSnapshot(balances: ["gems": 100, "coins": 5], entitlements: [
            Entitlement(id: "no_ads", kind: .nonConsumable, productId: SKU.removeAds, expiresAt: nil, isActive: true),
            Entitlement(id: "premium", kind: .accessLevel, productId: SKU.monthlyPass,
                        expiresAt: fixedNow.addingTimeInterval(30 * 86_400), isActive: true),
        ])
        let rows = PaneRows.entitlements(snapshot, clock: clock)
        #expect(rows.map(\.text) == ["coins: 5", "gems: 100", "no_ads owned", "premium active to 2026-12-18"])
        #expect(rows.map(\.role) == [.price, .price, .success, .success])
    }

    /// A renewing plan says so with its date; Xee's rows add where the profile's last change
    /// came from.
    @Test func aRenewingLevelSaysRenewsAndXeeAddsItsSource() {
        let snapshot = StoreSnapshot(entitlements: [
            Entitlement(id: "premium", kind: .accessLevel, productId: SKU.monthlyPass,
                        expiresAt: fixedNow.addingTimeInterval(30 * 86_400), isActive: true, source: "notification",
                        willRenew: true),
            Entitlement(id: "vip", kind: .accessLevel, productId: SKU.monthlyPass,
                        expiresAt: fixedNow.addingTimeInterval(30 * 86_400), isActive: true, source: "restore"),
        ])
        let rows = PaneRows.entitlements(snapshot, clock: clock)
        #expect(rows.map(\.text) == ["premium active · renews 2026-12-18 · notification", "vip active to 2026-12-18 · restore"])
    }

    /// On Xee the server's profile speaks for the level: a refund the store made is not shown
    /// before its notification has reached the server.
    @Test func theStoresStatusDoesNotOverrideTheXeeProfile() {
        var premium = Entitlement(id: "premium", kind: .accessLevel, productId: SKU.monthlyPass,
                                  expiresAt: fixedNow.addingTimeInterval(30 * 86_400), isActive: true, source: "verified with Apple",
                                  willRenew: true)
        premium.subscription = SubscriptionSummary(
            originalTransactionId: "txn-000001", latestTransactionId: "txn-000001", productId: SKU.monthlyPass,
            level: "premium", status: .revoked, expiresAt: fixedNow, autoRenew: false, billingIssue: false,
            renewals: 0, periodType: "normal")
        let xee = PaneRows.entitlements(StoreSnapshot(entitlements: [premium]), clock: clock)
        #expect(xee.map(\.text) == ["premium active · renews 2026-12-18 · verified with Apple"])
        premium.source = nil
        #expect(PaneRows.entitlements(StoreSnapshot(entitlements: [premium]), clock: clock).map(\.text) == ["premium refunded"])
    }

    /// What a subscription goes through colours its row: grace and a wait for the server want a
    /// look, billing retry has lost access.
    @Test func graceRetryAndTheServersWaitAreColoured() {
        func row(_ status: SubscriptionStatus?, active: Bool, wait: ServerWait? = nil) -> ListPane.Row {
            var premium = Entitlement(id: "premium", kind: .accessLevel, productId: SKU.monthlyPass,
                                      expiresAt: fixedNow.addingTimeInterval(86_400), isActive: active)
            premium.subscription = status.map {
                SubscriptionSummary(originalTransactionId: "txn-000001", latestTransactionId: "txn-000001",
                                    productId: SKU.monthlyPass, level: "premium", status: $0, expiresAt: fixedNow,
                                    autoRenew: true, billingIssue: true, renewals: 0, periodType: "normal")
            }
            premium.serverWait = wait
            premium.stores = [.appStore]
            return PaneRows.entitlements(StoreSnapshot(entitlements: [premium]), clock: clock)[0]
        }
        #expect(row(.inGracePeriod, active: true)
            == ListPane.Row("premium active in grace to 2026-11-19 · billing issue · App Store", .warning))
        #expect(row(.inBillingRetryPeriod, active: false) == ListPane.Row("premium inactive · billing retry · App Store", .error))
        #expect(row(nil, active: false, wait: ServerWait(poll: 1, polls: 3))
            == ListPane.Row("premium waiting for the server 1/3 · App Store", .warning))
    }

    @Test func anExpiredAccessLevelIsMuted() {
        let snapshot = StoreSnapshot(entitlements: [
            Entitlement(id: "premium", kind: .accessLevel, productId: SKU.weeklyPass,
                        expiresAt: fixedNow.addingTimeInterval(-86_400), isActive: false),
        ])
        let rows = PaneRows.entitlements(snapshot, clock: clock)
        #expect(rows == [ListPane.Row("premium expired 2026-11-17", .muted)])
    }

    @Test(arguments: [
        (EventKind.granted, Theme.Role.success), (.redirectRejected, .error), (.payStationDeclined, .error),
        (.refund, .error), (.purchaseStarted, .text), (.oneTimeCharge, .text), (.didFailToRenew, .error),
    ])
    func eventsAreColouredByTone(kind: EventKind, role: Theme.Role) {
        let row = PaneRows.event(EventSummary(id: 1, time: fixedNow, kind: kind, message: "m"), clock: clock)
        #expect(row.role == role)
        #expect(row.text == "11:06:40 \(kind.shortName) m")
    }

    /// Issue 15 item 14: the Events pane names each event in a form that leaves the message
    /// room at 80 columns, one per kind, so no two kinds read alike.
    @Test func everyKindHasAShortDistinctName() {
        let kinds = EventKind.sdkCalls + EventKind.lifecycle + EventKind.client
        for kind in kinds {
            #expect(DisplayWidth.of(kind.shortName) <= EventKind.longestShortName, "\(kind): \(kind.shortName)")
        }
        #expect(Set(kinds.map(\.shortName)).count == Set(kinds).count)
        #expect(EventKind.purchased.shortName == "txn.purchased")
        #expect(EventKind.refund.shortName == "REFUND")
        #expect(EventKind.transactionComplete.shortName == "txnComplete")
        // A kind a newer build logs is shortened by its prefix.
        #expect(EventKind(rawValue: "paystation.threeDSecureFailed").shortName == "ps.threeDSecureFailed")
        #expect(EventKind(rawValue: "something.new").shortName == "something.new")
    }

    /// Once the calendar has moved on, times carry their day; today's say so.
    @Test func timesCarryTheirDayOnceTheCalendarMovedOn() {
        let event = EventSummary(id: 1, time: fixedNow, kind: .finished, message: "finished")
        #expect(PaneRows.event(event, clock: clock, today: fixedNow).text == "today 11:06:40 txn.finished finished")
        #expect(PaneRows.event(event, clock: clock, today: fixedNow.addingTimeInterval(86_400)).text
                == "11-18 11:06:40 txn.finished finished")
        #expect(PaneRows.event(event, clock: clock).text == "11:06:40 txn.finished finished")
    }

    @Test func eachPaneSaysWhatItWillShow() {
        #expect(PaneRows.emptyText(.transactions) == "No transactions yet.")
        #expect(PaneRows.emptyText(.entitlements) == "Nothing owned yet.")
        #expect(PaneRows.emptyText(.events) == "No events yet.")
    }
}
