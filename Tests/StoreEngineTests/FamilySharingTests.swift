import Catalog
import Foundation
import Ledger
import Testing
@testable import StoreEngine

/// Family Sharing on a real ledger: the players of one state directory are one family. A
/// family-shareable purchase on the App Store is shared, in its payment's commit, with every other
/// member, each holding a share of their own signed `FAMILY_SHARED`, which their app delivers at
/// launch; stopping sharing or a refund revokes the shares, and the App Store posts `REVOKE` of
/// each. What is checked is what the ledger committed and what the outbox holds.
@Suite("Family Sharing: shares, their signatures, their notifications, their end")
struct FamilySharingTests {
    static let url = "http://127.0.0.1:9/apple"

    /// `ana` buys (the harness's player); the other members are launched before, in the order given.
    private static func withFamily(_ members: [String] = ["ben"], _ body: (StoreHarness, [String: Store]) throws -> Void) throws {
        try withStore(userId: "ana") { harness in
            _ = harness.store.setNotificationURL(url, for: .appStore)
            var stores: [String: Store] = [:]
            for member in members { stores[member] = try relaunch(member, in: harness).0 }
            try body(harness, stores)
        }
    }

    /// A member's app launched again on the ledger, as a new process, posting to the same URL.
    private static func relaunch(_ member: String, in harness: StoreHarness) throws -> (Store, StoreReport) {
        let store = try harness.secondStore(userId: member)
        _ = store.setNotificationURL(url, for: .appStore)
        return (store, try store.launch())
    }

    /// The App Store notifications the outbox holds, as (type, subtype, transaction).
    private static func notifications(in ledger: LedgerDatabase) throws -> [(String, String?, String?)] {
        try ledger.allNotifications().map { ($0.type, $0.subtype, $0.transactionId) }
    }

    /// The signed transaction a notification carries, decoded by hand.
    private static func signedTransaction(inNotificationOf transactionId: String, type: String,
                                          in ledger: LedgerDatabase) throws -> [String: Any] {
        let notification = try #require(try ledger.allNotifications().last { $0.type == type && $0.transactionId == transactionId })
        let payload = try jwsPayload(AppStoreServerAPI.signedPayload(ofBody: notification.body))
        let data = try #require(payload["data"] as? [String: Any])
        return try jwsPayload(data["signedTransactionInfo"] as? String)
    }

    // MARK: Shared with the family

    @Test func aPurchaseIsSharedWithEveryMemberInItsPaymentsCommit() throws {
        try Self.withFamily(["ben", "cy"]) { harness, _ in
            let commits = harness.store.commitCount
            let (id, _) = try harness.buyThroughStoreKit(SKU.removeAds)
            #expect(harness.store.commitCount - commits == 3, "opened, paid (with the shares), finished: a purchase as any")
            let shares = try harness.ledger.familyShares(ofPurchase: id)
            #expect(shares.map(\.userId) == ["ben", "cy"])
            let purchase = try #require(try harness.ledger.transaction(id: id))
            for share in shares {
                #expect(share.isFamilyShared && share.state == .purchased && share.finishedAt == nil)
                #expect(share.originalTransactionId == id && share.amountCharged == "0" && share.productId == SKU.removeAds)
                #expect(share.storefront == purchase.storefront && share.currency == purchase.currency)
                // Signed as Apple signs a family member's transaction, and it verifies.
                #expect(harness.store.signatureProblem(share) == nil)
                let signed = try jwsPayload(share.signedTransaction)
                #expect(signed["inAppOwnershipType"] as? String == "FAMILY_SHARED")
                #expect(signed["transactionId"] as? String == AppStoreIdentifiers.transactionId(of: share.id))
                #expect(signed["originalTransactionId"] as? String == AppStoreIdentifiers.transactionId(of: id))
                #expect(signed["price"] as? Int == 0 && signed["transactionReason"] as? String == "PURCHASE")
                #expect(signed["appAccountToken"] as? String == AccountToken.uuid(forUser: share.userId))
            }
            #expect(try jwsPayload(purchase.signedTransaction)["inAppOwnershipType"] as? String == "PURCHASED")
            // The App Store posts each member's sale beside the purchaser's, with the member's transaction.
            let posted = try Self.notifications(in: harness.ledger)
            #expect(posted.filter { $0.0 == "ONE_TIME_CHARGE" }.compactMap(\.2).sorted() == ([id] + shares.map(\.id)).sorted())
            let bens = try Self.signedTransaction(inNotificationOf: shares[0].id, type: "ONE_TIME_CHARGE", in: harness.ledger)
            #expect(bens["inAppOwnershipType"] as? String == "FAMILY_SHARED")
            // The purchaser's own panes show the sharing, never a member's rows or events.
            let report = harness.store.currentReport()
            #expect(report.snapshot.transactions.map(\.id) == [id])
            #expect(report.snapshot.transactions.first?.familySharing == .sharedWithFamily)
            #expect(report.snapshot.events.contains { $0.kind == .familyShared && $0.message.contains("ben and cy") })
            #expect(!report.snapshot.events.contains { $0.transactionId.map(shares.map(\.id).contains) == true })

            // Ben's next launch delivers his share: validated, granted, finished, nothing charged.
            let (_, launched) = try Self.relaunch("ben", in: harness)
            #expect(launched.notice == StoreNotice(.success, "Family Sharing shares Remove Ads: no_ads unlocked. Nothing was charged."))
            let bensShare = try #require(launched.snapshot.transactions.first)
            #expect(bensShare.familySharing == .familyShared && bensShare.isFinished)
            #expect(bensShare.displayState == "family shared" && bensShare.chargeText == "no charge" && bensShare.amountCharged == 0)
            let noAds = try #require(launched.snapshot.entitlement(id: "no_ads"))
            #expect(noAds.isActive && noAds.isFamilyShared)
            #expect(noAds.state { EventDate.string(from: $0) }.words == "owned · family shared · App Store")
        }
    }

    @Test func aMemberWhoJoinsLaterGetsWhatIsStillSharedAtTheirLaunch() throws {
        try Self.withFamily([]) { harness, _ in
            let (id, _) = try harness.buyThroughStoreKit(SKU.removeAds)
            #expect(try harness.ledger.familyShares(ofPurchase: id).isEmpty, "no one else in the family yet")
            let (store, launched) = try Self.relaunch("ben", in: harness)
            let share = try #require(try harness.ledger.familyShares(ofPurchase: id).first)
            #expect(share.userId == "ben" && share.finishedAt != nil, "shared and delivered by the launch")
            #expect(launched.snapshot.owns(productId: SKU.removeAds))
            #expect(try harness.ledger.familyMembers() == ["ben"])
            #expect(try Self.notifications(in: harness.ledger).contains { $0.0 == "ONE_TIME_CHARGE" && $0.2 == share.id })
            // A second launch finds nothing new to share.
            _ = try store.launch()
            #expect(try harness.ledger.familyShares(ofPurchase: id).count == 1)
        }
    }

    @Test func onlyTheAppStoreSharesAndOnlyWhatTheCatalogMarks() throws {
        try Self.withFamily { harness, _ in
            // Xsolla shares nothing; a consumable or an unshared plan is not shared either.
            _ = try harness.buy(SKU.removeAds)
            let (gems, _) = try harness.buyThroughStoreKit(SKU.gems100)
            let (weekly, _) = try harness.buyThroughStoreKit(SKU.weeklyPass)
            let ids = try harness.ledger.transactions(newestFirst: 10).map(\.id)
            for id in ids { #expect(try harness.ledger.familyShares(ofPurchase: id).isEmpty, "\(id)") }
            #expect(try harness.summary(of: gems).familySharing == nil && harness.summary(of: weekly).familySharing == nil)
            let (_, launched) = try Self.relaunch("ben", in: harness)
            #expect(launched.snapshot.transactions.isEmpty)
        }
    }

    // MARK: Its end

    @Test func stoppingSharingRevokesEveryMembersShareWithREVOKE() throws {
        try Self.withFamily(["ben", "cy"]) { harness, _ in
            let (id, _) = try harness.buyThroughStoreKit(SKU.removeAds)
            _ = try Self.relaunch("ben", in: harness)
            #expect(try harness.summary(of: id).actions.contains(.stopFamilySharing))
            let commits = harness.store.commitCount
            let report = try harness.store.act(.stopFamilySharing, on: id)
            #expect(harness.store.commitCount - commits == 1, "the stop, every revocation and every REVOKE: one commit")
            #expect(report.notice == StoreNotice(.info, "Remove Ads is no longer shared with the family: REVOKE for ben and cy."))
            #expect(try harness.ledger.transaction(id: id)?.familySharingStoppedAt != nil)
            let shares = try harness.ledger.familyShares(ofPurchase: id)
            for share in shares {
                #expect(share.revokedAt != nil && share.finishedAt != nil, "\(share.userId)'s, delivered or not")
                // Ben's was granted (his app delivered it), and that grant is revoked; Cy's never was.
                if let grant = try harness.ledger.grant(forTransaction: share.id) { #expect(grant.revokedAt == share.revokedAt) }
                // Signed again with its revocation, and it still verifies.
                #expect(harness.store.signatureProblem(share) == nil)
                #expect(try jwsPayload(share.signedTransaction)["revocationDate"] is Int)
            }
            let revokes = try Self.notifications(in: harness.ledger).filter { $0.0 == "REVOKE" }
            #expect(revokes.compactMap(\.2).sorted() == shares.map(\.id).sorted())
            let bens = try Self.signedTransaction(inNotificationOf: shares[0].id, type: "REVOKE", in: harness.ledger)
            #expect(bens["inAppOwnershipType"] as? String == "FAMILY_SHARED" && bens["revocationDate"] is Int)
            // The purchaser keeps it; the action is gone, and asked again it changes nothing.
            #expect(harness.store.currentReport().snapshot.owns(productId: SKU.removeAds))
            #expect(try harness.summary(of: id).familySharing == .sharingStopped)
            #expect(try !harness.summary(of: id).actions.contains(.stopFamilySharing))
            #expect(try harness.store.act(.stopFamilySharing, on: id).notice?.isRefusal == true)

            // Ben's app: access gone, his share revoked, the App Store's REVOKE in his Events.
            let (_, bens2) = try Self.relaunch("ben", in: harness)
            #expect(bens2.snapshot.entitlement(id: "no_ads")?.isActive != true)
            #expect(bens2.snapshot.transactions.first?.displayState == "revoked")
            #expect(bens2.snapshot.events.contains { $0.kind == .revoke })
            // A member who joins now gets nothing of it.
            let (_, dees) = try Self.relaunch("dee", in: harness)
            #expect(dees.snapshot.transactions.isEmpty)
        }
    }

    @Test func aRefundOfThePurchaseRevokesTheMembersSharesWithREVOKE() throws {
        try Self.withFamily { harness, _ in
            let (id, _) = try harness.buyThroughStoreKit(SKU.removeAds)
            _ = try harness.store.act(.refund(.developerIssue), on: id)
            let share = try #require(try harness.ledger.familyShares(ofPurchase: id).first)
            #expect(share.revokedAt != nil && share.revocationReason == "developerIssue")
            let posted = try Self.notifications(in: harness.ledger)
            #expect(posted.contains { $0.0 == "REFUND" && $0.2 == id })
            #expect(posted.contains { $0.0 == "REVOKE" && $0.2 == share.id })
            #expect(!posted.contains { $0.0 == "REFUND" && $0.2 == share.id }, "a member is never refunded")
            let (_, bens) = try Self.relaunch("ben", in: harness)
            #expect(!bens.snapshot.owns(productId: SKU.removeAds))
        }
    }

    @Test func aMemberCannotRefundStopOrManageTheirShare() throws {
        try Self.withFamily { harness, _ in
            let (id, _) = try harness.buyThroughStoreKit(SKU.monthlyPass)
            let (bens, launched) = try Self.relaunch("ben", in: harness)
            let share = try #require(launched.snapshot.transactions.first)
            #expect(share.actions == [.tamper, .delete])
            let refused = try bens.act(.stopFamilySharing, on: share.id)
            #expect(refused.notice?.text == "Stop Family Sharing (members lose access) does not apply to \(share.id), a family "
                    + "member's share: only its purchaser stops sharing it; nothing changed.")
            #expect(try bens.act(.refund(.other), on: share.id).notice?.isRefusal == true)
            #expect(try harness.ledger.transaction(id: id)?.familySharingStoppedAt == nil)
        }
    }

    // MARK: A shared subscription

    @Test func aSubscriptionsRenewalsReachTheMembersWithDID_RENEW() throws {
        try Self.withFamily { harness, _ in
            let (id, _) = try harness.buyThroughStoreKit(SKU.monthlyPass)
            let first = try #require(try harness.ledger.familyShares(ofPurchase: id).first)
            #expect(try jwsPayload(first.signedTransaction)["transactionReason"] as? String == "PURCHASE")
            #expect(try Self.notifications(in: harness.ledger).contains { $0.0 == "SUBSCRIBED" && $0.1 == "INITIAL_BUY" && $0.2 == first.id })
            harness.clock.advance(by: 3 * 86_400)
            _ = try harness.store.act(.renew, on: id)
            let shares = try harness.ledger.familyShares(ofPurchase: id)
            #expect(shares.count == 2)
            let renewal = try #require(shares.last)
            let subscription = try #require(harness.store.currentReport().snapshot.subscriptions.first)
            #expect(renewal.periodEnd == subscription.expiresAt, "the member's access ends with the period shared")
            let signed = try jwsPayload(renewal.signedTransaction)
            #expect(signed["transactionReason"] as? String == "RENEWAL" && signed["inAppOwnershipType"] as? String == "FAMILY_SHARED")
            #expect(try Self.notifications(in: harness.ledger).contains { $0.0 == "DID_RENEW" && $0.2 == renewal.id })
            // Auto-renew turned off reaches the member too, on their latest share.
            _ = try harness.store.act(.cancelRenewal, on: id)
            #expect(try Self.notifications(in: harness.ledger).contains { $0.0 == "DID_CHANGE_RENEWAL_STATUS" && $0.2 == renewal.id })
            let (_, bens) = try Self.relaunch("ben", in: harness)
            let premium = try #require(bens.snapshot.entitlement(id: "premium"))
            #expect(premium.isActive && premium.isFamilyShared && !premium.willRenew && premium.expiresAt == subscription.expiresAt)
            #expect(bens.snapshot.subscriptions.isEmpty, "the subscription is the purchaser's")
        }
    }

    /// QA's Expire now ends the members' period with the purchaser's, delivered or not yet.
    @Test func expiringTheSubscriptionNowEndsTheMembersAccessToo() throws {
        try Self.withFamily(["ben", "cy"]) { harness, _ in
            let (id, _) = try harness.buyThroughStoreKit(SKU.monthlyPass)
            _ = try Self.relaunch("ben", in: harness)
            harness.clock.advance(by: 86_400)
            _ = try harness.store.act(.expire, on: id)
            let now = harness.now
            for share in try harness.ledger.familyShares(ofPurchase: id) {
                #expect(share.periodEnd == now, "\(share.userId)'s")
            }
            #expect(try Self.notifications(in: harness.ledger).filter { $0.0 == "EXPIRED" }.count == 3, "the purchaser's, and each member's")
            for member in ["ben", "cy"] {
                let (_, launched) = try Self.relaunch(member, in: harness)
                #expect(launched.snapshot.entitlement(id: "premium")?.isActive == false, "\(member)'s")
            }
        }
    }
}
