import Foundation
import StoreEngine
import Testing

/// Event kinds in two vocabularies, SDK calls and the subscription lifecycle, and the tone the
/// Events pane gives each.
@Suite("Event kinds")
struct EventKindTests {
    @Test(arguments: [EventKind.redirectRejected, .payStationDeclined, .payStationWrongCode, .validationFailed,
                      .didFailToRenew, .refund, .xsollaRefund, .voidedPurchaseNotification, .ledgerUnreadable, .accountStale,
                      .playResponse, .playVerifyFailed, .oneTimeProductCanceled, .subscriptionOnHold, .subscriptionRevoked,
                      .subscriptionPendingPurchaseCanceled, .payStationUserRefused, .payStationTroubled, .offerCodeRefused, .revoke])
    func refusalsAndDeclinesStandOut(_ kind: EventKind) {
        #expect(kind.tone == .failure)
    }

    @Test func aGrantReadsAsSuccess() {
        #expect(EventKind.granted.tone == .success)
    }

    @Test func everythingElseIsNeutral() {
        let loud: Set<EventKind> = [.redirectRejected, .payStationDeclined, .payStationWrongCode, .validationFailed,
                                    .didFailToRenew, .refund, .xsollaRefund, .voidedPurchaseNotification, .granted,
                                    .ledgerUnreadable, .accountStale, .playResponse, .playVerifyFailed,
                                    .oneTimeProductCanceled, .subscriptionOnHold, .subscriptionRevoked,
                                    .subscriptionPendingPurchaseCanceled, .notificationFailed, .payStationUserRefused,
                                    .payStationTroubled, .offerCodeRefused, .revoke]
        for kind in EventKind.sdkCalls + EventKind.lifecycle where !loud.contains(kind) {
            #expect(kind.tone == .neutral, "\(kind)")
        }
        // A cancel is the player's choice, not a failure.
        #expect(EventKind.paymentCancelled.tone == .neutral)
    }

    @Test func theTwoVocabulariesDoNotOverlap() {
        #expect(Set(EventKind.sdkCalls).isDisjoint(with: EventKind.lifecycle))
        #expect(EventKind.lifecycle.allSatisfy { $0.isLifecycle })
        #expect(!EventKind.sdkCalls.contains { $0.isLifecycle })
        #expect(Set(EventKind.sdkCalls).count == EventKind.sdkCalls.count)
    }

    /// Each store's own spelling: the App Store's and Google Play's notification types in
    /// capitals, Xsolla's webhooks in lower case with underscores; the engine's own step for
    /// what a store tells no one; none of the generic names earlier builds logged on every path.
    @Test func lifecycleNamesAreTheStoresOwn() {
        #expect(EventKind.oneTimeCharge.rawValue == "ONE_TIME_CHARGE")
        #expect(EventKind.didChangeRenewalStatus.rawValue == "DID_CHANGE_RENEWAL_STATUS")
        #expect(EventKind.xsollaNonRenewalSubscription.rawValue == "non_renewal_subscription")
        #expect(EventKind.voidedPurchaseNotification.rawValue == "voidedPurchaseNotification")
        for kind in EventKind.lifecycle where kind != .subscriptionChanged && kind != .voidedPurchaseNotification {
            let text = kind.rawValue
            #expect(text == text.uppercased() || text == text.lowercased(), "\(text)")
            #expect(!text.contains("."), "\(text)")
        }
        #expect(EventKind.lifecycle.allSatisfy { EventKind.retiredLifecycleNames[$0.rawValue] == nil || $0 == .priceIncrease })
        #expect(EventKind(rawValue: "RENEWAL").isLifecycle, "an older ledger's lifecycle is still filed as lifecycle")
    }

    @Test func aKindANewerBuildWroteStillReads() {
        let future = EventKind(rawValue: "SUBSCRIPTION_ITEMS_CHANGED")
        #expect(future.description == "SUBSCRIPTION_ITEMS_CHANGED")
        #expect(future.tone == .neutral)
        #expect(!future.isLifecycle, "only the names this build knows")
        #expect(EventKind(rawValue: "grant") == .granted)
    }

    @Test func theEventsPaneListsNewestFirstWithIncreasingIds() throws {
        try withStore { harness in
            try harness.buy(SKU.gems100)
            let events = harness.store.currentReport().snapshot.events
            #expect(events.map(\.kind.rawValue) == (try harness.allEventKinds()).reversed())
            #expect(events.map(\.id) == events.map(\.id).sorted(by: >))
        }
    }
}
