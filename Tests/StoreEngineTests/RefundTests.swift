import Catalog
import Foundation
import Ledger
import Testing
@testable import StoreEngine

/// Refunds on every path: the store revokes a finished purchase with a date and a reason, the
/// grant stops counting at once (currency, access, ownership), the signed transaction carries
/// the revocation, and all of it is read back from the ledger at the next launch.
@Suite("Refunds")
struct RefundTests {
    /// A finished purchase of `productId` on `path`: Pay Station in the USA (the sandbox card),
    /// StoreKit in Japan (Buy on the App Store sheet). Returns the transaction's id.
    private static func purchase(_ productId: String, on path: IntegrationPath, _ harness: StoreHarness) throws -> String {
        let id: String
        switch path {
        case .storekit:
            id = try harness.buyThroughStoreKit(productId).transactionId
        default:
            id = try harness.buy(productId).session.transactionId
        }
        let summary = try harness.summary(of: id)
        try #require(summary.state == .purchased && summary.isFinished, "the purchase did not finish: \(summary.displayState)")
        return id
    }

    private static let paths: [IntegrationPath] = [.paystation, .storekit]

    /// The name the store of `path` gives a refund.
    private static func refundKind(on path: IntegrationPath) -> EventKind {
        path == .paystation ? .xsollaRefund : .refund
    }

    // MARK: What a refund takes away

    /// A refunded free trial was still used: the next purchase of the plan is at full price.
    @Test(arguments: paths)
    func aRefundedTrialIsNotOfferedAgain(_ path: IntegrationPath) throws {
        try withStore { harness in
            let trial = try Self.purchase(SKU.monthlyPass, on: path, harness)
            #expect(try harness.summary(of: trial).offerType == "introductory")
            _ = try harness.store.act(.refund(.other), on: trial)
            #expect(harness.store.currentReport().snapshot.entitlement(id: "premium")?.isActive != true)
            let again = try Self.purchase(SKU.monthlyPass, on: path, harness)
            let summary = try harness.summary(of: again)
            #expect(summary.offerType == nil)
            #expect(summary.charge != "0")
        }
    }

    @Test(arguments: paths)
    func aConsumableRefundLowersTheBalance(_ path: IntegrationPath) throws {
        try withStore { harness in
            let first = try Self.purchase(SKU.gems100, on: path, harness)
            let second = try Self.purchase(SKU.gems100, on: path, harness)
            #expect(try harness.ledger.balances() == ["gems": 200])
            let report = try harness.store.act(.refund(.other), on: first)
            #expect(report.notice == StoreNotice(.info, "Refunded Pouch of Gems: -100 gems."))
            #expect(report.snapshot.balances == ["gems": 100])
            #expect(try harness.ledger.balances() == ["gems": 100])
            #expect(try harness.ledger.grant(forTransaction: first)?.revokedAt != nil)
            #expect(try harness.ledger.grant(forTransaction: second)?.revokedAt == nil)
            // The last of them too: nothing left.
            let last = try harness.store.act(.refund(.developerIssue), on: second)
            #expect(last.snapshot.balances["gems", default: 0] == 0)
            #expect(try harness.ledger.balances()["gems", default: 0] == 0)
        }
    }

    @Test(arguments: paths)
    func aSubscriptionRefundEndsAccessAtOnce(_ path: IntegrationPath) throws {
        try withStore { harness in
            let id = try Self.purchase(SKU.monthlyPass, on: path, harness)
            let before = harness.store.currentReport().snapshot
            #expect(before.entitlement(id: "premium")?.isActive == true)
            #expect(before.owns(productId: SKU.monthlyPass))
            let report = try harness.store.act(.refund(.other), on: id)
            #expect(report.notice?.text.contains("premium access removed") == true, "\(report.notice?.text ?? "")")
            // No time passes: access goes with the refund, not at the end of the period.
            #expect(report.snapshot.entitlement(id: "premium")?.isActive != true)
            #expect(!report.snapshot.owns(productId: SKU.monthlyPass))
        }
    }

    @Test(arguments: paths)
    func aNonConsumableRefundLocksItAgainAndItCanBeBoughtAgain(_ path: IntegrationPath) throws {
        try withStore { harness in
            let id = try Self.purchase(SKU.removeAds, on: path, harness)
            #expect(harness.store.currentReport().snapshot.owns(productId: SKU.removeAds))
            let report = try harness.store.act(.refund(.developerIssue), on: id)
            #expect(report.notice?.text.contains("no_ads locked again") == true, "\(report.notice?.text ?? "")")
            #expect(!report.snapshot.owns(productId: SKU.removeAds))
            #expect(report.snapshot.entitlement(id: "no_ads")?.isActive != true)

            let again = try Self.purchase(SKU.removeAds, on: path, harness)
            #expect(again != id)
            let snapshot = harness.store.currentReport().snapshot
            #expect(snapshot.owns(productId: SKU.removeAds))
            #expect(try harness.ledger.grant(forTransaction: again)?.revokedAt == nil)
        }
    }

    // MARK: What the refunded transaction says

    @Test(arguments: paths)
    func theRefundIsRecordedOnTheTransactionAndLogged(_ path: IntegrationPath) throws {
        try withStore { harness in
            let id = try Self.purchase(SKU.gems100, on: path, harness)
            harness.clock.advance(by: 3600)
            let refundTime = harness.now
            _ = try harness.store.act(.refund(.developerIssue), on: id)

            let summary = try harness.summary(of: id)
            #expect(summary.state == .purchased, "a refunded transaction keeps its state")
            #expect(summary.revokedAt == refundTime)
            #expect(summary.revocationReason == "developerIssue")
            #expect(summary.displayState == "refunded")
            let charge = summary.chargeText
            #expect(charge.hasSuffix("refunded"), "\(charge)")
            #expect(charge == (path == .storekit ? "¥160 refunded" : "$0.99 refunded"))
            // Only the App Store reverses a refund it gave.
            #expect(summary.actions == (path == .storekit ? [.reverseRefund] : []))

            // The store's own notification: the App Store's REFUND, Xsolla's refund webhook.
            let refund = try #require(try harness.events(Self.refundKind(on: path)).last)
            #expect(refund.transactionId == id)
            #expect(refund.message.contains("developerIssue"), "\(refund.message)")
            #expect(refund.time == refundTime)
            let kinds = try harness.eventKinds(of: id)
            #expect(kinds.filter { $0 == Self.refundKind(on: path).rawValue }.count == 1, "logged once, by one name")
            if path == .storekit {
                // StoreKit delivers the revoked transaction, and the app reads its entitlements again.
                #expect(isSubsequence(["REFUND", "transaction.update", "entitlements.current"], of: kinds), "\(kinds)")
            } else {
                #expect(kinds.last == "refund", "\(kinds)")
                #expect(!kinds.contains("transaction.update"))
            }
        }
    }

    /// The signed transaction is signed again with StoreKit's revocation fields, and still
    /// verifies with the ledger's key.
    @Test(arguments: [(IntegrationPath.paystation, RefundReason.developerIssue), (.paystation, .other),
                      (.storekit, .developerIssue), (.storekit, .other)])
    func theSignedTransactionCarriesTheRevocation(_ path: IntegrationPath, _ reason: RefundReason) throws {
        try withStore { harness in
            let id = try Self.purchase(SKU.gems100, on: path, harness)
            let paid = try #require(try harness.ledger.transaction(id: id))
            let before = try jwsPayload(paid.signedTransaction)
            #expect(before["revocationDate"] == nil && before["revocationReason"] == nil)

            harness.clock.advance(by: 90)
            _ = try harness.store.act(.refund(reason), on: id)
            let record = try #require(try harness.ledger.transaction(id: id))
            #expect(record.signedTransaction != paid.signedTransaction, "signed again")
            let revokedAt = try #require(record.revokedAt)
            let fields = try jwsPayload(record.signedTransaction)
            let expectedDate = Int64((revokedAt.timeIntervalSince1970 * 1000).rounded())
            #expect((fields["revocationDate"] as? NSNumber)?.int64Value == expectedDate)
            #expect((fields["revocationReason"] as? NSNumber)?.intValue == (reason == .developerIssue ? 1 : 0))
            // What was bought is unchanged.
            #expect(fields["transactionId"] as? String == AppStoreIdentifiers.transactionId(of: id))
            #expect(fields["productId"] as? String == SKU.gems100)
            #expect((fields["price"] as? NSNumber)?.int64Value == (before["price"] as? NSNumber)?.int64Value)
            #expect(fields["purchaseDate"] as? NSNumber == before["purchaseDate"] as? NSNumber)
            #expect(harness.store.signatureProblem(record) == nil)
            #expect(try harness.summary(of: id).signedTransaction == record.signedTransaction)
        }
    }

    // MARK: What a refund does not apply to

    @Test(arguments: paths)
    func refundingTwiceChangesNothing(_ path: IntegrationPath) throws {
        try withStore { harness in
            let id = try Self.purchase(SKU.gems100, on: path, harness)
            _ = try Self.purchase(SKU.gems100, on: path, harness)
            _ = try harness.store.act(.refund(.other), on: id)
            let record = try harness.ledger.transaction(id: id)
            let events = try harness.allEventKinds()
            harness.clock.advance(by: 60)
            for reason in RefundReason.allCases {
                let report = try harness.store.act(.refund(reason), on: id)
                #expect(report.notice?.text.contains("does not apply") == true, "\(report.notice?.text ?? "")")
                #expect(report.notice?.text.contains(", which is refunded;") == true)
            }
            #expect(try harness.ledger.transaction(id: id) == record)
            #expect(try harness.allEventKinds() == events)
            #expect(try harness.ledger.balances() == ["gems": 100])
        }
    }

    @Test func refundingAFailedTransactionDoesNotApply() throws {
        try withStore { harness in
            let declined = try harness.buy(SKU.gems100, card: Cards.declined).session.transactionId
            let (cancelled, _) = try harness.buyThroughStoreKit(SKU.gems100, pressing: .cancel)
            for id in [declined, cancelled] {
                let events = try harness.allEventKinds()
                let report = try harness.store.act(.refund(.other), on: id)
                #expect(report.notice?.text.contains("does not apply") == true, "\(report.notice?.text ?? "")")
                #expect(try harness.ledger.transaction(id: id)?.revokedAt == nil)
                #expect(try harness.allEventKinds() == events)
            }
        }
    }

    @Test(arguments: [StoreKitSession.Button.askToBuy, .interrupt])
    func refundingAPendingTransactionDoesNotApply(_ button: StoreKitSession.Button) throws {
        try withStore { harness in
            let (id, _) = try harness.buyThroughStoreKit(SKU.gems100, pressing: button)
            let report = try harness.store.act(.refund(.other), on: id)
            #expect(report.notice?.text.contains("does not apply") == true)
            let record = try #require(try harness.ledger.transaction(id: id))
            #expect(record.state == .deferred && record.revokedAt == nil)
            #expect(try harness.events(.refund).isEmpty)
        }
    }

    @Test func refundingWhileStillPurchasingDoesNotApply() throws {
        try withStore { harness in
            let sheet = try harness.openStoreKit(SKU.gems100)
            let report = try harness.store.act(.refund(.other), on: sheet.transactionId)
            #expect(report.notice?.text.contains("does not apply") == true)
            #expect(report.storeKitSheet == sheet)
            #expect(try harness.events(.refund).isEmpty)
        }
    }

    // MARK: After a relaunch

    @Test(arguments: paths)
    func aRefundIsStillInForceAfterARelaunch(_ path: IntegrationPath) throws {
        try withStore { harness in
            let gems = try Self.purchase(SKU.gems100, on: path, harness)
            _ = try Self.purchase(SKU.gems100, on: path, harness)
            let ads = try Self.purchase(SKU.removeAds, on: path, harness)
            let pass = try Self.purchase(SKU.monthlyPass, on: path, harness)
            for id in [gems, ads, pass] { _ = try harness.store.act(.refund(.other), on: id) }

            try harness.relaunch()
            try harness.store.deliverUnfinished()
            let snapshot = harness.store.currentReport().snapshot
            #expect(snapshot.balances == ["gems": 100])
            #expect(!snapshot.owns(productId: SKU.removeAds))
            #expect(!snapshot.owns(productId: SKU.monthlyPass))
            #expect(snapshot.entitlements.filter(\.isActive).isEmpty, "\(snapshot.entitlements)")
            for id in [gems, ads, pass] {
                let summary = try #require(snapshot.transactions.first { $0.id == id })
                #expect(summary.displayState == "refunded")
                #expect(summary.revocationReason == "other")
                // The App Store reverses a one-time purchase's refund; a subscription's ended its calendar.
                #expect(summary.actions == (path == .storekit && id != pass ? [.reverseRefund] : []))
            }
            #expect(try harness.events(Self.refundKind(on: path)).count == 3)
            // Not refundable again after the launch either.
            let again = try harness.store.act(.refund(.other), on: gems)
            #expect(again.notice?.text.contains("does not apply") == true)
            // And the refunded non-consumable can be bought again.
            let report = try harness.store.beginPurchase(of: SKU.removeAds, in: path == .storekit ? "JPN" : "USA", on: path)
            #expect(report.sheet != nil, "\(report.notice?.text ?? "")")
        }
    }

    // MARK: TransactionSummary.actions

    @Test func theActionsFollowTheTransactionsState() throws {
        try withStore { harness in
            let refunds: [TransactionAction] = [.refund(.other), .refund(.developerIssue), .tamper, .delete]
            // The App Store's purchases also take a refund request on its own sheet.
            let appStoreRefunds: [TransactionAction] = [.refund(.other), .refund(.developerIssue), .requestRefund, .redeemOfferCode,
                                                        .tamper, .delete]
            let purchased = try harness.buyThroughStoreKit(SKU.gems100).transactionId
            #expect(try harness.summary(of: purchased).actions == appStoreRefunds)

            let payStation = try harness.buy(SKU.gems100).session.transactionId
            #expect(try harness.summary(of: payStation).actions == refunds)

            let cancelled = try harness.buyThroughStoreKit(SKU.gems100, pressing: .cancel).transactionId
            #expect(try harness.summary(of: cancelled).actions.isEmpty)

            let askToBuy = try harness.buyThroughStoreKit(SKU.gems100, pressing: .askToBuy).transactionId
            #expect(try harness.summary(of: askToBuy).actions == [.approve, .decline])

            let interrupted = try harness.buyThroughStoreKit(SKU.gems100, pressing: .interrupt).transactionId
            #expect(try harness.summary(of: interrupted).actions == [.resolve])

            let tampered = try harness.buyThroughStoreKit(SKU.gems100, pressing: .tamper).transactionId
            #expect(try harness.summary(of: tampered).actions.isEmpty, "purchased but never finished")

            let purchasing = try harness.openStoreKit(SKU.gems100).transactionId
            #expect(try harness.summary(of: purchasing).actions.isEmpty)
            try harness.send(.cancel)

            _ = try harness.store.act(.refund(.other), on: purchased)
            #expect(try harness.summary(of: purchased).actions == [.reverseRefund])
            _ = try harness.store.act(.refund(.other), on: payStation)
            #expect(try harness.summary(of: payStation).actions.isEmpty)
        }
    }

    @Test func theActionsHaveTheirMenuTitles() {
        #expect(TransactionAction.approve.title == "Approve (Ask to Buy)")
        #expect(TransactionAction.decline.title == "Decline (Ask to Buy)")
        #expect(TransactionAction.resolve.title == "Resolve the interrupted purchase")
        #expect(TransactionAction.refund(.other).title == "Refund (other)")
        #expect(TransactionAction.refund(.developerIssue).title == "Refund (developerIssue)")
    }
}
