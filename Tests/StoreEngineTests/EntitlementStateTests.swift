import Foundation
import Testing
@testable import StoreEngine

/// One description of an entitlement's state, which the Entitlements pane and `history` both
/// read: its words, with the dates written as the caller asks, and its tone.
@Suite("Entitlement state")
struct EntitlementStateTests {
    private let now = Date(timeIntervalSince1970: 1_800_000_000)

    private func level(active: Bool = true, willRenew: Bool = false, source: String? = nil,
                       status: SubscriptionStatus? = nil) -> Entitlement {
        var entitlement = Entitlement(id: "premium", kind: .accessLevel, productId: "pass", expiresAt: now,
                                      isActive: active, source: source, willRenew: willRenew)
        entitlement.subscription = status.map {
            SubscriptionSummary(originalTransactionId: "txn-1", latestTransactionId: "txn-1", productId: "pass",
                                level: "premium", status: $0, expiresAt: now, autoRenew: true, billingIssue: false,
                                renewals: 0, periodType: "normal")
        }
        return entitlement
    }

    private func state(_ entitlement: Entitlement) -> EntitlementState {
        entitlement.state(writingDates: { "D\(Int($0.timeIntervalSince1970))" })
    }

    @Test func eachStateHasItsWordsAndTone() {
        var owned = Entitlement(id: "no_ads", kind: .nonConsumable, productId: "no_ads", expiresAt: nil, isActive: true)
        owned.stores = [.xsolla]
        #expect(state(owned) == EntitlementState("owned · Xsolla", .active))
        #expect(state(level(willRenew: true)) == EntitlementState("active · renews D1800000000", .active))
        #expect(state(level()) == EntitlementState("active to D1800000000", .active))
        #expect(state(level(status: .inGracePeriod))
            == EntitlementState("active in grace to D1800000000 · billing issue", .attention))
        #expect(state(level(active: false, status: .inBillingRetryPeriod))
            == EntitlementState("inactive · billing retry", .failing))
        #expect(state(level(active: false, status: .revoked)) == EntitlementState("refunded", .ended))
        #expect(state(level(active: false)) == EntitlementState("expired D1800000000", .ended))
    }

    /// On Xee the server's profile decides: its source is named and the store's status is not.
    @Test func xeeNamesTheSourceAndWaitsForTheServer() {
        var xee = level(source: "notification", status: .revoked)
        xee.stores = [.appStore]
        #expect(state(xee) == EntitlementState("active to D1800000000 · notification · App Store", .active))
        xee.serverWait = ServerWait(poll: 2, polls: 5)
        #expect(state(xee) == EntitlementState("waiting for the server 2/5 · App Store", .attention))
        xee.serverWait = ServerWait(poll: nil, polls: 5)
        #expect(state(xee).words == "waiting for the server · App Store")
    }
}
