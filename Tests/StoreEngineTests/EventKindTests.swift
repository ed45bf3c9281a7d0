import Foundation
import StoreEngine
import Testing

/// Event kinds in two vocabularies, SDK calls and the subscription lifecycle, and the tone the
/// Events pane gives each.
@Suite("Event kinds")
struct EventKindTests {
    @Test(arguments: [EventKind.redirectRejected, .payStationDeclined, .payStationWrongCode, .validationFailed, .billingIssue,
                      .refund, .ledgerUnreadable, .accountStale, .playResponse, .playVerifyFailed, .oneTimeProductCanceled,
                      .subscriptionOnHold, .subscriptionRevoked])
    func refusalsAndDeclinesStandOut(_ kind: EventKind) {
        #expect(kind.tone == .failure)
    }

    @Test func aGrantReadsAsSuccess() {
        #expect(EventKind.granted.tone == .success)
    }

    @Test func everythingElseIsNeutral() {
        let loud: Set<EventKind> = [.redirectRejected, .payStationDeclined, .payStationWrongCode, .validationFailed, .billingIssue,
                                    .refund, .granted, .ledgerUnreadable, .accountStale, .playResponse, .playVerifyFailed,
                                    .oneTimeProductCanceled, .subscriptionOnHold, .subscriptionRevoked]
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

    @Test func lifecycleNamesAreRevenueCats() {
        #expect(EventKind.initialPurchase.rawValue == "INITIAL_PURCHASE")
        #expect(EventKind.nonRenewingPurchase.rawValue == "NON_RENEWING_PURCHASE")
        #expect(EventKind.lifecycle.allSatisfy { $0.rawValue == $0.rawValue.uppercased() })
    }

    @Test func aKindANewerBuildWroteStillReads() {
        let future = EventKind(rawValue: "SUBSCRIPTION_DEFERRED")
        #expect(future.description == "SUBSCRIPTION_DEFERRED")
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
