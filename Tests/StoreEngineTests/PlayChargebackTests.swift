import Catalog
import Foundation
import Ledger
import Testing
@testable import StoreEngine

/// A chargeback on Google Play, on a real ledger: the transaction manager offers it on Google
/// Play's purchases only; it revokes as a refund does, records its reason, is listed by Google as
/// a chargeback (voidedSource 2, voidedReason 7) and posts Google's `voidedPurchaseNotification`,
/// a subscription's after its `SUBSCRIPTION_REVOKED`. A refund posts what it posted before.
@Suite("Google Play: a purchase voided as a chargeback")
struct PlayChargebackTests {
    private typealias Outbox = PlayNotificationOutboxTests

    private static func withPlayStore(_ body: (StoreHarness) throws -> Void) throws {
        try Outbox.withPlayStore(body)
    }

    /// Bought with the approving instrument, its purchase notification handed over.
    private static func buy(_ productId: String, _ harness: StoreHarness) throws -> String {
        let transaction = try Outbox.buy(productId, harness)
        _ = try harness.store.runDue()
        return transaction
    }

    /// The developer notification a delivery carries in its Pub/Sub data.
    private static func notification(in delivery: OutboxDelivery) throws -> PlayDeveloperNotification {
        try Outbox.read(delivery).1
    }

    /// `action` on `transaction`: its report, and every delivery handed over by it and what was due after.
    private static func act(_ action: TransactionAction, on transaction: String,
                            _ harness: StoreHarness) throws -> (StoreReport, [OutboxDelivery]) {
        let report = try harness.store.act(action, on: transaction)
        return (report, report.deliveries + (try harness.store.runDue().deliveries))
    }

    @Test func aChargebackIsOfferedOnGooglePlaysPurchasesOnly() throws {
        try withStore { harness in
            let play = try Self.buy(SKU.removeAds, harness)
            let (appStore, _) = try harness.buyThroughStoreKit(SKU.gems100)
            let menu = try harness.summary(of: play).actions
            #expect(menu.contains(.chargeback))
            #expect(TransactionAction.chargeback.title(on: .play) == "Void as a chargeback (the bank takes the payment back)")
            #expect(try harness.summary(of: appStore).actions.contains(.chargeback) == false)
            // Asked for anyway (a script), it changes nothing and says why.
            let refused = try harness.store.act(.chargeback, on: appStore)
            #expect(refused.notice?.text.contains("its store reports no chargebacks; nothing changed") == true,
                    "\(refused.notice?.text ?? "")")
            #expect(try harness.ledger.transaction(id: appStore)?.revokedAt == nil)
        }
    }

    @Test func aChargebackRevokesRecordsItsReasonAndIsListedAsGooglesChargeback() throws {
        try Self.withPlayStore { harness in
            let transaction = try Self.buy(SKU.removeAds, harness)
            let purchase = try #require(try harness.playRecords.purchase(of: transaction))
            let (report, deliveries) = try Self.act(.chargeback, on: transaction, harness)
            #expect(report.notice?.text.hasPrefix("Charged back Remove Ads") == true, "\(report.notice?.text ?? "")")
            #expect(!report.snapshot.owns(productId: SKU.removeAds))
            let record = try #require(try harness.ledger.transaction(id: transaction))
            #expect(record.revokedAt == harness.now && record.revocationReason == "chargeback")
            #expect(try harness.summary(of: transaction).actions.isEmpty, "voided once")

            // Google's voidedPurchaseNotification: a one-time product, refunded in full.
            #expect(deliveries.map(\.type) == ["voidedPurchaseNotification"])
            let posted = try Self.notification(in: try #require(deliveries.first))
            #expect(posted.voidedPurchaseNotification == .init(purchaseToken: purchase.purchaseToken, orderId: purchase.orderId,
                                                                productType: 2, refundType: 1))

            // The voided list, as the API and the app's view have it.
            let listed = try #require(try harness.sendPlay(.listVoidedPurchases).voidedPurchases)
            #expect(listed == [VoidedPurchase(purchase, transactionId: transaction, voidedAt: harness.now, reason: "chargeback",
                                              isSubscription: false)])
            #expect(listed.first?.voidedSource == 2 && listed.first?.voidedReason == 7)
            #expect(listed.first?.sourceWords == "2 (Google)" && listed.first?.reasonWords == "7 (Chargeback)")
        }
    }

    /// Charged back before it was acknowledged: Google does not refund it again at the deadline.
    @Test func aChargebackBeforeTheAcknowledgementDeadlineIsVoidedOnce() throws {
        try Self.withPlayStore { harness in
            try harness.sendPlay(.setAppAcknowledges(false))
            let transaction = try Self.buy(SKU.removeAds, harness)
            let (_, deliveries) = try Self.act(.chargeback, on: transaction, harness)
            #expect(deliveries.map(\.type) == ["voidedPurchaseNotification"])
            let later = try harness.store.advance(to: harness.now.addingTimeInterval(600)).deliveries
                + harness.store.runDue().deliveries
            #expect(later.isEmpty, "\(later.map(\.type))")
            #expect(try harness.events(.voidedPurchaseNotification).count == 1)
            let listed = try #require(try harness.sendPlay(.listVoidedPurchases).voidedPurchases)
            #expect(listed.map { [$0.voidedSource, $0.voidedReason] } == [[2, 7]], "\(listed)")
        }
    }

    /// A subscription charged back is revoked (`SUBSCRIPTION_REVOKED`) and voided (productType
    /// 1); refunded, it is revoked only, as before.
    @Test(arguments: [true, false])
    func aSubscriptionChargedBackIsRevokedThenVoided(chargeback: Bool) throws {
        try Self.withPlayStore { harness in
            let transaction = try Self.buy(SKU.monthlyPass, harness)
            let purchase = try #require(try harness.playRecords.purchase(of: transaction))
            let (report, deliveries) = try Self.act(chargeback ? .chargeback : .refund(.other), on: transaction, harness)
            #expect(report.snapshot.subscriptions.last?.status == .revoked)
            guard chargeback else {
                #expect(deliveries.map(\.type) == ["SUBSCRIPTION_REVOKED"])
                return
            }
            #expect(deliveries.map(\.type) == ["SUBSCRIPTION_REVOKED", "voidedPurchaseNotification"])
            let voided = try Self.notification(in: deliveries[1]).voidedPurchaseNotification
            #expect(voided == .init(purchaseToken: purchase.purchaseToken, orderId: purchase.orderId, productType: 1, refundType: 1))
            let listed = try #require(try harness.sendPlay(.listVoidedPurchases).voidedPurchases)
            #expect(listed.count == 1 && listed.first?.isSubscription == true && listed.first?.voidedReason == 7)
        }
    }

    /// A renewal charged back is named by its own order id, in the list and the notification.
    @Test func aRenewalChargedBackCarriesItsOwnOrderId() throws {
        try Self.withPlayStore { harness in
            let first = try Self.buy(SKU.monthlyPass, harness)
            let expires = try #require(harness.store.currentReport().snapshot.subscriptions.last?.expiresAt)
            _ = try harness.store.advance(to: expires.addingTimeInterval(1))
            _ = try harness.store.runDue()
            let renewal = try #require(harness.store.currentReport().snapshot.subscriptions.last?.latestTransactionId)
            #expect(renewal != first)
            let order = try #require(try harness.ledger.transaction(id: renewal)?.pathReference)
            let (_, deliveries) = try Self.act(.chargeback, on: renewal, harness)
            let voided = try #require(deliveries.first { $0.type == "voidedPurchaseNotification" })
            #expect(try Self.notification(in: voided).voidedPurchaseNotification?.orderId == order)
            #expect(try harness.sendPlay(.listVoidedPurchases).voidedPurchases?.map(\.orderId) == [order])
        }
    }
}
