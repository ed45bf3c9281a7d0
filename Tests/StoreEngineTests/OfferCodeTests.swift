import Catalog
import Foundation
import Ledger
import Testing
@testable import StoreEngine

/// Codes typed on a store's own sheet, through the engine on a real ledger: a code the store
/// takes opens its purchase sheet at the code's offer and completes as every purchase does, the
/// code noted in the commit that opens it; a code it refuses opens nothing, and is refused in
/// its words. What is checked is what the ledger committed.
@Suite("Offer codes: redeemed and refused")
struct OfferCodeTests {
    static let spring = "SPRING50"
    static let oneTime = "STARDUST7K2Q"

    /// The repository's catalog with its custom code SPRING50 changed by `change`.
    static func catalog(changingSpring change: (inout CustomCode) -> Void) throws -> ProductCatalog {
        var catalog = try defaultCatalog()
        let index = try #require(catalog.products.firstIndex { $0.id == SKU.monthlyPass })
        var offers = catalog.products[index].codeOffers
        change(&offers[0].codes.custom[0])
        catalog.products[index].codeOffers = offers
        return catalog
    }

    // MARK: The App Store

    @Test func aCustomCodeOpensTheAppStoreSheetAtItsOfferAndIsSignedAsAnOfferCode() throws {
        try withStore { harness in
            let report = try harness.store.redeemOfferCode("spring50", in: "JPN", on: .storekit)
            #expect(report.codeRefusal == nil)
            let sheet = try #require(report.storeKitSheet, "no sheet: \(report.notice?.text ?? "")")
            #expect(sheet.productId == SKU.monthlyPass)
            #expect(sheet.formattedPrice == "¥400")
            #expect(sheet.offerCode == Self.spring)
            let opened = try #require(try harness.ledger.transaction(id: sheet.transactionId))
            #expect(opened.state == .purchasing)
            #expect(opened.offerType == "code" && opened.offerId == "spring_code")
            #expect(try harness.ledger.redemption(ofTransaction: sheet.transactionId)?.code == Self.spring)
            #expect(try harness.ledger.uses(ofCode: Self.spring) == 1)
            let kinds = try harness.eventKinds(of: sheet.transactionId)
            #expect(isSubsequence(["code.redeemed", "purchase.started"], of: kinds), "\(kinds)")

            try harness.send(.pressButton(.buy))
            let paid = try #require(try harness.ledger.transaction(id: sheet.transactionId))
            #expect(paid.state == .purchased && paid.finishedAt != nil)
            let payload = try jwsPayload(paid.signedTransaction)
            #expect(payload["offerType"] as? Int == 3)
            #expect(payload["offerIdentifier"] as? String == "spring_code")
            #expect(payload["price"] as? Int == 400_000)
            // The redeemed transaction reaches the app on Transaction.updates, not from purchase().
            #expect(try harness.events(.transactionUpdate).last?.message
                    == "Transaction.updates: \(sheet.transactionId) redeemed with offer code SPRING50, verified")
            #expect(try harness.events(.purchaseResult).isEmpty)
            // Its store's notice of a code redeemed, not of a subscription bought.
            let redeemed = try #require(try harness.events(.offerRedeemed).last)
            #expect(redeemed.transactionId == sheet.transactionId)
            #expect(redeemed.message.hasPrefix("INITIAL_BUY · monthly for 400 JPY (code offer spring_code)"), "\(redeemed.message)")
            #expect(try harness.events(.subscribed).isEmpty)
        }
    }

    /// The sheet opens (1), Buy commits the payment (1), the app delivers (1): as any purchase.
    @Test func aRedeemedCodeCommitsThreeTimesAndARefusalOnce() throws {
        try withStore { harness in
            let store = harness.store
            var mark = store.commitCount
            _ = try store.redeemOfferCode("NOPE", in: "JPN", on: .storekit)
            #expect(store.commitCount - mark == 1, "the refusal's event")
            mark = store.commitCount
            _ = try store.redeemOfferCode(Self.spring, in: "JPN", on: .storekit)
            let opening = store.commitCount - mark
            mark = store.commitCount
            try harness.send(.pressButton(.buy))
            #expect(opening == 1, "the transaction, its code and the sheet's events")
            #expect(store.commitCount - mark == 2, "the payment, then the delivery")
        }
    }

    @Test func anUnknownCodeOpensNothingAndIsRefusedInTheAppStoresWords() throws {
        try withStore { harness in
            let report = try harness.store.redeemOfferCode("SPRING5O\u{1B}[2J", in: "JPN", on: .storekit)
            #expect(report.codeRefusal == .unknown)
            #expect(report.notice == StoreNotice(.error, "This code is not valid."))
            #expect(report.sheet == nil)
            #expect(try harness.ledger.transactionCount(user: harness.userId) == 0)
            let refused = try #require(try harness.events(.offerCodeRefused).last)
            // What the player typed is quoted, its controls escaped.
            #expect(refused.message == #""SPRING5O\u001B[2J": This code is not valid. (unknown)"#, "\(refused.message)")
        }
    }

    @Test func aOneTimeCodeRedeemsOnceAndACancelledSheetGivesItBack() throws {
        try withStore { harness in
            let first = try #require(try harness.store.redeemOfferCode(Self.oneTime, in: "JPN", on: .storekit).storeKitSheet)
            #expect(first.formattedPrice == "¥0", "a free month")
            try harness.send(.pressButton(.cancel))
            #expect(try harness.ledger.transaction(id: first.transactionId)?.state == .failed)
            #expect(try harness.events(.paymentCancelled).last?.message
                    == "the offer code redemption sheet was dismissed: nothing redeemed, the code still unused")
            #expect(try harness.ledger.uses(ofCode: Self.oneTime) == 0)

            let again = try #require(try harness.store.redeemOfferCode(Self.oneTime, in: "JPN", on: .storekit).storeKitSheet)
            try harness.send(.pressButton(.buy))
            #expect(try harness.ledger.transaction(id: again.transactionId)?.offerId == "free_month")

            let other = try harness.secondStore(userId: "player-2")
            let used = try other.redeemOfferCode(Self.oneTime.lowercased(), in: "JPN", on: .storekit)
            #expect(used.codeRefusal == .used)
            #expect(used.notice?.text == "This code has already been redeemed.")
            #expect(used.sheet == nil)
        }
    }

    @Test func aCustomCodeStopsAtItsLimitAndAnOfferRedeemsOncePerPlayer() throws {
        try withStore(catalog: try Self.catalog { $0.limit = 1 }) { harness in
            _ = try harness.store.redeemOfferCode(Self.spring, in: "JPN", on: .storekit)
            try harness.send(.pressButton(.buy))
            let other = try harness.secondStore(userId: "player-2")
            #expect(try other.redeemOfferCode(Self.spring, in: "JPN", on: .storekit).codeRefusal == .limitReached)
        }
        try withStore { harness in
            _ = try harness.store.redeemOfferCode(Self.spring, in: "JPN", on: .storekit)
            try harness.send(.pressButton(.buy))
            try harness.relaunch()
            let twice = try harness.store.redeemOfferCode(Self.spring, in: "JPN", on: .storekit)
            #expect(twice.codeRefusal == .offerRedeemed)
            #expect(twice.notice?.text == "You've already redeemed this offer.")
        }
    }

    /// SPRING50 works through the last day of its expiry, in UTC (the test clock starts on
    /// 2025-09-19 at 18:40).
    @Test func aCodeExpiresAtTheEndOfItsLastDay() throws {
        try withStore(catalog: try Self.catalog { $0.expires = CodeExpiry("2025-09-19") }) { harness in
            let open = try harness.store.redeemOfferCode(Self.spring, in: "JPN", on: .storekit)
            #expect(open.storeKitSheet != nil)
            try harness.send(.pressButton(.cancel))
            harness.clock.advance(by: 5 * 3600 + 20 * 60)
            let expired = try harness.store.redeemOfferCode(Self.spring, in: "JPN", on: .storekit)
            #expect(expired.codeRefusal == .expired)
            #expect(expired.notice?.text == "This code has expired.")
        }
    }

    /// SPRING50's offer is for new and expired subscribers: not while a plan of the group runs,
    /// and again once it has expired, as a resubscription.
    @Test func aSubscriberIsNotEligibleUntilTheSubscriptionExpires() throws {
        try withStore { harness in
            let (weekly, _) = try harness.buyThroughStoreKit(SKU.weeklyPass)
            let running = try harness.store.redeemOfferCode(Self.spring, in: "JPN", on: .storekit)
            #expect(running.codeRefusal == .notEligible)
            #expect(running.notice?.text == "You're not eligible for this offer.")
            _ = try harness.store.act(.expire, on: weekly)
            let lapsed = try #require(try harness.store.redeemOfferCode(Self.spring, in: "JPN", on: .storekit).storeKitSheet)
            try harness.send(.pressButton(.buy))
            let redeemed = try #require(try harness.events(.offerRedeemed).last)
            #expect(redeemed.transactionId == lapsed.transactionId)
            #expect(redeemed.message.hasPrefix("RESUBSCRIBE · "), "\(redeemed.message)")
        }
    }

    /// The free month admits anyone: a weekly subscriber redeems it for the monthly pass, a
    /// higher level, as an upgrade at once; a yearly subscriber, whose change would wait for the
    /// renewal, is refused.
    @Test func aSubscriberRedeemsACodeForAHigherLevelOnly() throws {
        try withStore { harness in
            let (weekly, _) = try harness.buyThroughStoreKit(SKU.weeklyPass)
            let sheet = try #require(try harness.store.redeemOfferCode(Self.oneTime, in: "JPN", on: .storekit).storeKitSheet)
            try harness.send(.pressButton(.buy))
            let upgrade = try #require(try harness.events(.offerRedeemed).last)
            #expect(upgrade.message.hasPrefix("UPGRADE · "), "\(upgrade.message)")
            #expect(try harness.events(.didChangeRenewalPref).isEmpty)
            #expect(try harness.ledger.transaction(id: sheet.transactionId)?.state == .purchased)
            #expect(harness.store.currentReport().snapshot.subscriptions.first { $0.originalTransactionId == weekly }?.isLive == false)
        }
        try withStore { harness in
            try harness.buyThroughStoreKit("com.example.stardust.pass.yearly")
            let refused = try harness.store.redeemOfferCode(Self.oneTime, in: "JPN", on: .storekit)
            #expect(refused.codeRefusal == .subscribed)
            #expect(refused.notice?.text == "This offer cannot be redeemed with your current subscription.")
        }
    }

    @Test func aCodeWhoseProductIsNotSoldInTheStorefrontIsRefused() throws {
        var catalog = try defaultCatalog()
        let index = try #require(catalog.products.firstIndex { $0.id == SKU.monthlyPass })
        catalog.products[index].codeOffers[0].prices["JPN"] = nil
        try withStore(catalog: catalog) { harness in
            let report = try harness.store.redeemOfferCode(Self.spring, in: "JPN", on: .storekit)
            #expect(report.codeRefusal == .notSold)
            #expect(report.notice?.text == "This offer isn't available in your country or region.")
        }
    }

    @Test func theXeeSDKRedeemsTheAppStoresCodes() throws {
        try withStore { harness in
            let sheet = try #require(try harness.store.redeemOfferCode(Self.spring, in: "USA", on: .xee).storeKitSheet)
            #expect(sheet.path == .xee && sheet.formattedPrice == "$2.49")
        }
    }

    // MARK: Paths without codes, and bad calls

    @Test func payStationHasNoOfferCodes() throws {
        try withStore { harness in
            let report = try harness.store.redeemOfferCode(Self.spring, in: "USA", on: .paystation)
            #expect(report.codeRefusal == .noCodes)
            #expect(report.notice?.text == "Pay Station has no offer codes; codes are redeemed on the App Store and on Google Play.")
            #expect(report.sheet == nil)
            #expect(try harness.ledger.transactionCount(user: harness.userId) == 0)
        }
    }

    @Test func anUnknownStorefrontIsAnError() throws {
        _ = try withStore { harness in
            #expect(throws: StoreError.unknownStorefront("ATL")) {
                try harness.store.redeemOfferCode(Self.spring, in: "ATL", on: .storekit)
            }
        }
    }

    // MARK: Google Play

    @Test func aPromoCodeGivesASubscriptionsFreeTrialAndGooglesAPIShowsThePromotion() throws {
        try PlayDeveloperAPIHandlerTests.withAPI { servers, keys, harness in
            let report = try harness.store.redeemOfferCode("playmonth", in: "USA", on: .play)
            let sheet = try #require(report.playSheet, "no sheet: \(report.notice?.text ?? "")")
            #expect(sheet.formattedPrice == "$0.00")
            #expect(sheet.offerLine == "1 month free, then $4.99/month")
            try harness.sendPlay(.buy)
            let record = try #require(try harness.ledger.transaction(id: sheet.transactionId))
            #expect(record.state == .purchased && record.amountCharged == "0")
            #expect(record.offerType == "promoCode" && record.offerId == "launch-month")
            let purchased = try #require(try harness.events(.subscriptionPurchased).last)
            #expect(purchased.message.hasSuffix(", promotion launch-month"), "\(purchased.message)")
            #expect(try harness.events(.offerRedeemed).isEmpty, "Google Play posts its own name")

            let token = try #require(try harness.playRecords.purchase(of: sheet.transactionId)?.purchaseToken)
            let bearer = try PlayDeveloperAPIHandlerTests.bearer(servers, keys)
            let answer = try PlayDeveloperAPIHandlerTests.response(
                servers.answer(PlayDeveloperAPIHandlerTests.get("/subscriptionsv2/tokens/\(token)", bearer)))
            let body = try #require(try JSONSerialization.jsonObject(with: answer.body) as? [String: Any])
            let item = try #require((body["lineItems"] as? [[String: Any]])?.first)
            #expect((item["signupPromotion"] as? [String: Any]).flatMap { $0["vanityCode"] as? [String: Any] }?["promotionCode"]
                    as? String == "PLAYMONTH")
            #expect((item["offerDetails"] as? [String: Any])?["offerId"] == nil, "a promotion is no offer on the base plan")
        }
    }

    @Test func aOneTimePromoCodeGivesAOneTimeProductAsAPromoPurchase() throws {
        try PlayDeveloperAPIHandlerTests.withAPI { servers, keys, harness in
            let sheet = try #require(try harness.store.redeemOfferCode("GEMS4K9P2", in: "USA", on: .play).playSheet)
            #expect(sheet.formattedPrice == "$0.00" && sheet.offerLine == nil)
            try harness.sendPlay(.buy)
            #expect(harness.store.currentReport().snapshot.balances["gems"] == 550)
            let token = try #require(try harness.playRecords.purchase(of: sheet.transactionId)?.purchaseToken)
            let bearer = try PlayDeveloperAPIHandlerTests.bearer(servers, keys)
            let answer = try PlayDeveloperAPIHandlerTests.response(servers.answer(
                PlayDeveloperAPIHandlerTests.get("/products/com.example.stardust.gems_550/tokens/\(token)", bearer)))
            let body = try #require(try JSONSerialization.jsonObject(with: answer.body) as? [String: Any])
            #expect(body["purchaseType"] as? Int == 1, "Promo")
            let again = try harness.secondStore(userId: "player-2").redeemOfferCode("gems4k9p2", in: "USA", on: .play)
            #expect(again.codeRefusal == .used)
            #expect(again.notice?.text == "This code has already been used.")
        }
    }

    @Test func aPlayPlayerWithAPlanOfTheGroupIsRefused() throws {
        try withStore { harness in
            try harness.openPlay(SKU.weeklyPass)
            try harness.sendPlay(.buy)
            let report = try harness.store.redeemOfferCode("PLAYMONTH", in: "USA", on: .play)
            #expect(report.codeRefusal == .subscribed)
            #expect(report.notice?.text == "You're already subscribed to this item.")
            // The App Store's codes are not Google Play's.
            #expect(try harness.store.redeemOfferCode(Self.spring, in: "USA", on: .play).codeRefusal == .unknown)
        }
    }
}
