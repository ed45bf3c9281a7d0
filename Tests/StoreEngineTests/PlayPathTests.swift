import Catalog
import Foundation
import Ledger
import Testing
@testable import StoreEngine

extension StoreReport {
    /// Google Play's sheet, when it is the one open.
    var playSheet: PlaySession? {
        if case .play(let session)? = sheet { return session }
        return nil
    }
}

extension StoreHarness {
    /// Opens Google Play's sheet for `productId`.
    @discardableResult
    func openPlay(_ productId: String, in storefrontId: String = "USA") throws -> PlaySession {
        let report = try store.beginPurchase(of: productId, in: storefrontId, on: .play)
        return try #require(report.playSheet, "Google Play's sheet did not open: \(report.notice?.text ?? "no notice")")
    }

    @discardableResult
    func sendPlay(_ input: PlayInput) throws -> StoreReport {
        try store.send(.play(input))
    }

    /// What Google Play keeps in the ledger for this harness's store.
    var playRecords: PlayPurchaseRecords { PlayPurchaseRecords(ledger: ledger, now: now) }
}

/// Google Play Billing through the engine, on a real ledger file: the sheet opens on a
/// `purchasing` transaction, each response code ends (or keeps) it as the library's guide says,
/// the test instruments charge, decline or hold it pending, the signed purchase is verified
/// before granting, and an unacknowledged purchase is refunded at its deadline.
@Suite("Google Play: purchases through Google Play's sheet")
struct PlayPathTests {
    @Test func theSheetOpensOnAPurchasingTransactionWithAnOrderId() throws {
        try withStore { harness in
            let sheet = try harness.openPlay(SKU.gems100, in: "DEU")
            #expect(sheet.formattedPrice == "1,09\u{a0}€")
            #expect(sheet.language == "de")
            #expect(sheet.instrument == .approves && sheet.response == .ok && sheet.appAcknowledges)
            let record = try #require(try harness.ledger.transaction(id: sheet.transactionId))
            #expect(record.state == .purchasing && record.integrationPath == "play")
            #expect(record.pathReference?.hasPrefix("GPA.") == true)
            #expect(record.pathReference?.dropFirst(4).allSatisfy { $0.isNumber || $0 == "-" } == true)
        }
    }

    @Test func approvedPurchaseIsSignedVerifiedGrantedAndConsumed() throws {
        try withStore { harness in
            let sheet = try harness.openPlay(SKU.gems100)
            let report = try harness.sendPlay(.buy)
            #expect(report.notice?.tone == .success, "\(report.notice?.text ?? "")")
            #expect(report.snapshot.balances == ["gems": 100])
            let record = try #require(try harness.ledger.transaction(id: sheet.transactionId))
            #expect(record.state == .purchased && record.finishedAt != nil)
            let purchase = try #require(try harness.playRecords.purchase(of: sheet.transactionId))
            #expect(purchase.state == .purchased && purchase.consumed && purchase.acknowledged)
            #expect(purchase.orderId == record.pathReference)
            #expect(purchase.obfuscatedAccountId == PlayPath.accountId("player-1"))
            #expect(purchase.obfuscatedAccountId != "player-1", "the account id is a one-way form of the player id")
            #expect(purchase.originalJson.contains("\"orderId\":\"\(purchase.orderId)\""))
            #expect(purchase.originalJson.contains("\"purchaseState\":0"))
            // The signature verifies with the public key the Play Console would show.
            let base64 = try #require(try PlayPurchaseRecords.publicKey(in: harness.ledger))
            #expect(try harness.playRecords.licenseKey().publicKeyBase64() == base64)
            #expect(try PlayPath().verificationProblem(of: purchase, with: harness.playRecords) == nil)
        }
    }

    @Test func aNonConsumableIsAcknowledgedNotConsumed() throws {
        try withStore { harness in
            let sheet = try harness.openPlay(SKU.removeAds)
            try harness.sendPlay(.buy)
            let purchase = try #require(try harness.playRecords.purchase(of: sheet.transactionId))
            #expect(purchase.acknowledged && !purchase.consumed)
            #expect(try harness.allEventKinds().contains("play.ack"))
            #expect(harness.store.currentReport().snapshot.owns(productId: SKU.removeAds))
        }
    }

    /// Every code but OK: nothing is charged or granted; transient ones keep the sheet (and the
    /// transaction purchasing) to try again, the rest end the purchase.
    @Test(arguments: PlayResponseCode.allCases.filter { $0 != .ok })
    func eachResponseCodeIsHandledAsTheGuideSays(_ code: PlayResponseCode) throws {
        try withStore { harness in
            let sheet = try harness.openPlay(SKU.gems100)
            try harness.sendPlay(.respond(code))
            let report = try harness.sendPlay(.buy)
            let record = try #require(try harness.ledger.transaction(id: sheet.transactionId))
            #expect(report.snapshot.balances["gems", default: 0] == 0)
            #expect(try harness.playRecords.purchase(of: sheet.transactionId) == nil, "Google Play charged nothing")
            switch code {
            case .serviceUnavailable, .networkError, .error:
                #expect(record.state == .purchasing)
                #expect(report.playSheet?.lastResult == code)
                #expect(report.playSheet?.response == .ok, "trying again answers OK")
            case .serviceDisconnected:
                #expect(record.state == .purchasing)
                #expect(report.playSheet?.reconnecting == true)
            case .userCanceled:
                #expect(record.state == .failed && record.error == FailureReason.userCancelled.recorded)
                #expect(report.sheet == nil)
            default:
                #expect(record.state == .failed && record.finishedAt != nil)
                #expect(record.error == code.rawValue)
                #expect(report.notice?.text.contains(code.rawValue) == true, "\(report.notice?.text ?? "")")
                #expect(report.sheet == nil)
            }
        }
    }

    @Test func aTransientErrorThenBuyAgainGoesThrough() throws {
        try withStore { harness in
            try harness.openPlay(SKU.gems100)
            try harness.sendPlay(.respond(.networkError))
            try harness.sendPlay(.buy)
            let report = try harness.sendPlay(.buy)
            #expect(report.snapshot.balances == ["gems": 100])
        }
    }

    @Test func aDisconnectionReconnectsWithBackoff() throws {
        try withStore(rate: .paused) { harness in
            try harness.openPlay(SKU.gems100)
            try harness.sendPlay(.disconnect)
            #expect(harness.store.currentReport().playSheet?.reconnecting == true)
            // Buy waits while the app reconnects: two attempts fail (1 s, 2 s), the third (4 s) connects.
            #expect(try harness.sendPlay(.buy).snapshot.balances["gems", default: 0] == 0)
            _ = try harness.store.advance(to: harness.now.addingTimeInterval(3))
            #expect(harness.store.currentReport().playSheet?.reconnecting == true)
            _ = try harness.store.advance(to: harness.now.addingTimeInterval(4))
            #expect(harness.store.currentReport().playSheet?.reconnecting == false)
            let attempts = try harness.events(.playConnection).map(\.message)
            #expect(attempts.contains { $0.contains("attempt 1") && $0.contains("trying again in 2 s") })
            #expect(attempts.contains { $0.contains("attempt 3") && $0.contains("onBillingSetupFinished(OK)") })
            #expect(try harness.sendPlay(.buy).snapshot.balances == ["gems": 100])
        }
    }

    @Test func declinedInstrumentChargesNothing() throws {
        try withStore { harness in
            let sheet = try harness.openPlay(SKU.gems100)
            try harness.sendPlay(.choose(.declines))
            let report = try harness.sendPlay(.buy)
            #expect(report.notice?.tone == .error)
            #expect(try harness.ledger.transaction(id: sheet.transactionId)?.state == .failed)
            #expect(report.snapshot.balances["gems", default: 0] == 0)
        }
    }

    @Test(arguments: [true, false])
    func aSlowCardLeavesItPendingUntilItSettles(approves: Bool) throws {
        try withStore(rate: .paused) { harness in
            let sheet = try harness.openPlay(SKU.removeAds)
            try harness.sendPlay(.choose(approves ? .slowApproves : .slowDeclines))
            try harness.sendPlay(.buy)
            let pending = try #require(try harness.playRecords.purchase(of: sheet.transactionId))
            #expect(pending.state == .pending)
            #expect(!pending.originalJson.contains("orderId"), "Google Play gives an order id only once it is PURCHASED")
            // Pending, as an Ask to Buy is: nothing charged, nothing logged as charged.
            let waiting = try #require(harness.store.currentReport().snapshot.transactions.first)
            #expect(waiting.state == .deferred && waiting.pending == .slowCard && waiting.displayState == "pending (slow card)")
            #expect(waiting.chargeText == "no charge" && waiting.orderId == nil)
            #expect(try !harness.allEventKinds().contains("play.charged"))
            #expect(!harness.store.currentReport().snapshot.owns(productId: SKU.removeAds))
            _ = try harness.store.advance(to: harness.now.addingTimeInterval(PlayInstrument.slowCardSeconds))
            let record = try #require(try harness.ledger.transaction(id: sheet.transactionId))
            #expect(record.state == (approves ? .purchased : .failed))
            #expect(harness.store.currentReport().snapshot.owns(productId: SKU.removeAds) == approves)
            #expect(try harness.playRecords.purchase(of: sheet.transactionId)?.acknowledged == approves)
            #expect(try harness.allEventKinds().contains("play.charged") == approves)
        }
    }

    /// A purchase whose JSON was altered after Google signed it is neither granted nor
    /// acknowledged; Google Play refunds it at its deadline.
    @Test func aTamperedPurchaseIsRefusedAndNeverGranted() throws {
        try withStore(rate: .paused) { harness in
            let sheet = try harness.openPlay(SKU.removeAds)
            try harness.sendPlay(.choose(.slowApproves))
            try harness.sendPlay(.buy)
            // Charged, but the app went away before it heard (the transaction still purchasing, as
            // an approving instrument leaves it): and the JSON is forged meanwhile.
            try harness.ledger.updateState(ofTransaction: sheet.transactionId, to: .purchasing, error: nil, at: harness.now)
            var purchase = try #require(try harness.playRecords.purchase(of: sheet.transactionId))
            purchase.state = .purchased
            purchase.originalJson = purchase.json().replacingOccurrences(of: "remove_ads", with: "gems_10000")
            try harness.playRecords.save(purchase)
            #expect(try PlayPath().verificationProblem(of: purchase, with: harness.playRecords) != nil)
            try harness.relaunch(rate: .paused)
            _ = try harness.store.launch()
            let record = try #require(try harness.ledger.transaction(id: sheet.transactionId))
            #expect(record.state == .purchasing && record.finishedAt == nil)
            #expect(!harness.store.currentReport().snapshot.owns(productId: SKU.removeAds))
            #expect(try harness.allEventKinds().contains("play.unverified"))
            #expect(try harness.ledger.grant(forTransaction: sheet.transactionId) == nil)
        }
    }

    @Test func anUntamperedPurchaseLeftUndeliveredIsDeliveredAtLaunch() throws {
        try withStore(rate: .paused) { harness in
            let sheet = try harness.openPlay(SKU.removeAds)
            try harness.sendPlay(.choose(.slowApproves))
            try harness.sendPlay(.buy)
            // Charged at once, the app gone before onPurchasesUpdated reached it.
            try harness.ledger.updateState(ofTransaction: sheet.transactionId, to: .purchasing, error: nil, at: harness.now)
            var purchase = try #require(try harness.playRecords.purchase(of: sheet.transactionId))
            purchase.state = .purchased
            purchase.originalJson = purchase.json()
            purchase.signature = try harness.playRecords.licenseKey().sign(Data(purchase.originalJson.utf8))
                .base64EncodedString()
            try harness.playRecords.save(purchase)
            try harness.relaunch(rate: .paused)
            _ = try harness.store.launch()
            #expect(try harness.ledger.transaction(id: sheet.transactionId)?.state == .purchased)
            #expect(harness.store.currentReport().snapshot.owns(productId: SKU.removeAds))
        }
    }

    /// Charged, then the app went away before it heard; it comes back after the 3 minutes:
    /// Google Play refunded the purchase meanwhile, and the app is not given it.
    @Test func aPurchaseDeliveredToNoAppBeforeItsDeadlineIsRefunded() throws {
        try withStore { harness in
            let sheet = try harness.openPlay(SKU.removeAds)
            try harness.sendPlay(.choose(.slowApproves))
            try harness.sendPlay(.buy)
            _ = try harness.wait(PlayInstrument.slowCardSeconds - 1)
            // Settled PURCHASED by Google Play while the app was gone, its deadline kept.
            var purchase = try #require(try harness.playRecords.purchase(of: sheet.transactionId))
            purchase.state = .purchased
            purchase.originalJson = purchase.json()
            purchase.signature = try harness.playRecords.licenseKey().sign(Data(purchase.originalJson.utf8))
                .base64EncodedString()
            try harness.playRecords.save(purchase)
            try harness.ledger.inTransaction {
                _ = try harness.ledger.scheduleDueWork(DueWorkRecord(
                    userId: harness.userId, path: "play", kind: "acknowledgementDeadline",
                    payload: #"{"transactionId":"\#(sheet.transactionId)"}"#, dueAt: harness.now.addingTimeInterval(180)))
            }
            harness.clock.advance(by: 240)
            try harness.relaunch()
            _ = try harness.store.launch()
            _ = try harness.store.runDue()
            let record = try #require(try harness.ledger.transaction(id: sheet.transactionId))
            #expect(record.state == .failed && record.finishedAt != nil, "\(record.state)")
            #expect(try harness.ledger.grant(forTransaction: sheet.transactionId) == nil)
            #expect(try harness.playRecords.purchase(of: sheet.transactionId)?.refunded == true)
        }
    }

    @Test func anUnacknowledgedPurchaseIsRefundedAfterThreeMinutes() throws {
        try withStore(rate: .paused) { harness in
            try harness.sendPlay(.setAppAcknowledges(false))
            let sheet = try harness.openPlay(SKU.removeAds)
            #expect(!sheet.appAcknowledges)
            try harness.sendPlay(.buy)
            #expect(harness.store.currentReport().snapshot.owns(productId: SKU.removeAds))
            _ = try harness.store.advance(to: harness.now.addingTimeInterval(179))
            #expect(harness.store.currentReport().snapshot.owns(productId: SKU.removeAds))
            _ = try harness.store.advance(to: harness.now.addingTimeInterval(1))
            let record = try #require(try harness.ledger.transaction(id: sheet.transactionId))
            #expect(record.revokedAt != nil)
            #expect(!harness.store.currentReport().snapshot.owns(productId: SKU.removeAds))
            #expect(try harness.playRecords.purchase(of: sheet.transactionId)?.refunded == true)
            #expect(try harness.allEventKinds().contains("voidedPurchaseNotification"))
        }
    }

    @Test func anAcknowledgedPurchaseIsKept() throws {
        try withStore(rate: .paused) { harness in
            try harness.sendPlay(.setAppAcknowledges(false))
            let sheet = try harness.openPlay(SKU.removeAds)
            try harness.sendPlay(.buy)
            _ = try harness.store.advance(to: harness.now.addingTimeInterval(60))
            try harness.sendPlay(.acknowledge(transactionId: nil))
            _ = try harness.store.advance(to: harness.now.addingTimeInterval(600))
            #expect(try harness.ledger.transaction(id: sheet.transactionId)?.revokedAt == nil)
            #expect(harness.store.currentReport().snapshot.owns(productId: SKU.removeAds))
        }
    }

    @Test func consumingIsIdempotent() throws {
        try withStore { harness in
            try harness.sendPlay(.setAppAcknowledges(false))
            let sheet = try harness.openPlay(SKU.gems100)
            try harness.sendPlay(.buy)
            // Unconsumed, Google Play does not sell it again.
            let again = try harness.openPlay(SKU.gems100)
            let refused = try harness.sendPlay(.buy)
            #expect(try harness.ledger.transaction(id: again.transactionId)?.error == "ITEM_ALREADY_OWNED")
            #expect(refused.snapshot.balances == ["gems": 100])
            let first = try harness.sendPlay(.consume(transactionId: nil))
            #expect(first.notice?.tone == .success)
            let eventsAfterFirst = try harness.events(.playConsumed).count
            let second = try harness.sendPlay(.consume(transactionId: sheet.transactionId))
            #expect(second.notice?.text.contains("already consumed") == true)
            #expect(try harness.events(.playConsumed).count == eventsAfterFirst + 1, "logged, nothing else")
            #expect(second.snapshot.balances == ["gems": 100])
            #expect(try harness.playRecords.purchase(of: sheet.transactionId)?.consumed == true)
        }
    }

    /// As on the other paths: the sheet opens (1); Buy commits Google Play's charge (1) and the
    /// app's delivery with its acknowledgement (1).
    @Test(arguments: [SKU.gems100, SKU.removeAds, SKU.monthlyPass])
    func aPurchaseCommitsThreeTimes(of product: String) throws {
        try withStore { harness in
            let store = harness.store
            var mark = store.commitCount
            try harness.openPlay(product)
            let opened = store.commitCount - mark
            mark = store.commitCount
            let bought = try harness.sendPlay(.buy)
            let commits: [Int] = [opened, store.commitCount - mark]
            #expect(commits == [1, 2], "open, then the charge and the delivery")
            #expect(bought.notice?.tone == .success, "\(bought.notice?.text ?? "")")
        }
    }

    @Test func keptDueWorkReadsBack() throws {
        for work in [PlayDueWork.pendingSettles(transactionId: "txn-000001", approves: true),
                     .pendingSettles(transactionId: "txn-000002", approves: false),
                     .acknowledgementDeadline(transactionId: "txn-000003")] {
            let kept = try #require(work.kept)
            #expect(try PlayDueWork(kept) == work)
        }
        #expect(PlayDueWork.reconnect(attempt: 1).kept == nil)
        #expect(throws: DueWorkPayloadError.self) { try PlayDueWork(DueWorkPayload(kind: "later", fields: [:])) }
    }
}
