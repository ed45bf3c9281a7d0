import Catalog
import Foundation
import Ledger
import Testing
@testable import StoreEngine

/// The Xee SDK's face as the guide's app calls it, on a real ledger: the paywall of a
/// placement and its variant's products, what `makePurchase` returns, `getProfile`, the
/// delegate, promoted purchases, the server's environment, a local StoreKit configuration,
/// and a refund reaching the profile by notification.
@Suite("Xee SDK")
struct XeeSDKTests {
    /// Records what the SDK tells the app, and answers promoted purchases as told.
    final class RecordingDelegate: XeeDelegate {
        var profiles: [XeeProfile] = []
        var asked: [String] = []
        var shows: Bool

        init(shows: Bool) { self.shows = shows }

        func didLoadLatestProfile(_ profile: XeeProfile) { profiles.append(profile) }

        func shouldAddStorePayment(for productId: String) -> Bool {
            asked.append(productId)
            return shows
        }
    }

    private static func wait(_ seconds: TimeInterval, _ harness: StoreHarness) throws -> StoreReport {
        harness.clock.advance(by: seconds)
        return try harness.store.runDue()
    }

    /// The variant the default catalog assigns `player-1`, found the way the paywall finds it.
    private static func assigned(_ harness: StoreHarness) throws -> PaywallVariant {
        try #require(harness.catalog.paywalls.first?.assignedVariant(forUser: harness.userId))
    }

    // MARK: getPaywall, getPaywallVariantProducts

    @Test func getPaywallAnswersTheAssignedVariantOfThePlacement() throws {
        try withStore { harness in
            let paywall = try harness.store.xee.getPaywall(placement: "store_open")
            let variant = try Self.assigned(harness)
            #expect(paywall.paywallId == "main")
            #expect(paywall.variantId == variant.id)
            #expect(paywall.variationId == "main.\(variant.id)")
            #expect(paywall.vendorProductIds == variant.products)
            #expect(try harness.events(.xeeGetPaywall).last?.message
                    == "getPaywall(placement: store_open): main, variant \(variant.id), variationId main.\(variant.id)")
        }
    }

    @Test func anUnknownPlacementThrowsAndNamesThePlacementsThereAre() throws {
        try withStore { (harness: StoreHarness) throws -> Void in
            #expect(throws: StoreError.noPaywall(placement: "settings", placements: ["store_open"])) {
                try harness.store.xee.getPaywall(placement: "settings")
            }
            #expect(StoreError.noPaywall(placement: "settings", placements: ["store_open"]).description
                    == "No paywall of the catalog has the placement settings; its placements: store_open.")
            #expect(try harness.events(.xeeGetPaywall).last?.message.hasSuffix("threw: no paywall at this placement") == true)
        }
    }

    @Test func variantProductsComeInTheVariantsOrderEachWithItsVariationId() throws {
        try withStore { harness in
            let paywall = try harness.store.xee.getPaywall(placement: "store_open")
            let products = try harness.store.xee.getPaywallVariantProducts(paywallVariant: paywall, in: "USA")
            #expect(products.map(\.vendorProductId) == paywall.vendorProductIds)
            #expect(products.allSatisfy { $0.variationId == paywall.variationId })
            // A new player is eligible for the monthly and yearly plans' free trials; the weekly
            // plan has no offer.
            for product in products {
                let hasIntro = harness.catalog.product(id: product.vendorProductId)?.introductoryOffer != nil
                #expect((product.subscriptionOffer?.kindName == "intro") == hasIntro, "\(product.vendorProductId)")
            }
            #expect(products.first { $0.vendorProductId == SKU.monthlyPass }?.localizedPrice == "$4.99")
        }
    }

    @Test func subscriptionOfferIsSetOnlyWhileThePlayerIsEligible() throws {
        try withStore { harness in
            _ = try #require(try harness.store.beginPurchase(of: SKU.monthlyPass, in: "USA", on: .xee).storeKitSheet)
            _ = try harness.send(.pressButton(.buy))
            let paywall = try harness.store.xee.getPaywall(placement: "store_open")
            let products = try harness.store.xee.getPaywallVariantProducts(paywallVariant: paywall, in: "USA")
            // The group's trial is used: no product of it carries an introductory offer now.
            #expect(products.allSatisfy { $0.subscriptionOffer == nil })
            #expect(try harness.events(.xeeGetPaywallVariantProducts).last?.message.hasSuffix("subscriptionOffer: none") == true)
        }
    }

    @Test func theVariantsPromotionalOfferIsCarriedToALapsedSubscriber() throws {
        // Variant C presents comeback_50; a player whose plan lapsed is eligible for it.
        var catalog = try defaultCatalog()
        catalog.paywalls[0].variants = catalog.paywalls[0].variants.filter { $0.id == "C" }.map {
            var variant = $0
            variant.weight = 1
            return variant
        }
        try withStore(catalog: catalog) { harness in
            _ = try harness.store.beginPurchase(of: SKU.weeklyPass, in: "USA", on: .xee)
            _ = try harness.send(.pressButton(.buy))
            harness.clock.advance(by: 8 * 86_400)
            let paywall = try harness.store.xee.getPaywall(placement: "store_open")
            let products = try harness.store.xee.getPaywallVariantProducts(paywallVariant: paywall, in: "USA")
            let monthly = try #require(products.first { $0.vendorProductId == SKU.monthlyPass })
            #expect(monthly.subscriptionOffer?.kindName == "promo")
            #expect(monthly.subscriptionOffer?.offer.id == "comeback_50")
        }
    }

    // MARK: makePurchase

    @Test func makePurchaseReturnsSuccessWithTheProfileAndItsShortcuts() throws {
        try withStore { harness in
            let paywall = try harness.store.xee.getPaywall(placement: "store_open")
            let products = try harness.store.xee.getPaywallVariantProducts(paywallVariant: paywall, in: "USA")
            let monthly = try #require(products.first { $0.vendorProductId == SKU.monthlyPass })
            let opened = try harness.store.xee.makePurchase(product: monthly, in: "USA")
            let sheet = try #require(opened.storeKitSheet)
            #expect(opened.xeePurchase == nil, "nothing returned while the sheet is up")
            let result = try #require(try harness.send(.pressButton(.buy)).xeePurchase)
            #expect(result.isPurchaseSuccess && !result.isPurchaseCancelled && !result.isPurchasePending)
            #expect(result.profile?.isActive("premium") == true)
            #expect(result.profile?.accessLevels["premium"]?.source == .verifiedWithApple)
            #expect(result.profile?.accessLevels["premium"]?.willRenew == true)
            #expect(result == .success(profile: try #require(result.profile), transactionId: sheet.transactionId))
            // Item 5: the sale records the paywall's variationId.
            #expect(try harness.ledger.transaction(id: sheet.transactionId)?.variationId == paywall.variationId)
            #expect(try harness.events(.xeeMakePurchase).last?.message
                    == "makePurchase(product: \(SKU.monthlyPass)) returned success (isPurchaseSuccess); profile: premium active")
            #expect(harness.store.currentReport().xeePurchase == nil, "handed over once")
        }
    }

    @Test func withoutTheKeyTheProfileInTheResultDoesNotShowAccessYet() throws {
        try withStore { harness in
            _ = try harness.store.configureXee(XeeServerSettings(hasInAppPurchaseKey: false))
            _ = try harness.store.beginPurchase(of: SKU.monthlyPass, in: "USA", on: .xee)
            let result = try #require(try harness.send(.pressButton(.buy)).xeePurchase)
            #expect(result.isPurchaseSuccess)
            #expect(result.profile?.isActive("premium") == false)
            #expect(try harness.events(.xeeMakePurchase).last?.message.hasSuffix(
                "profile: no access level; no In-App Purchase key: access comes with the notification") == true)
        }
    }

    @Test func cancelledAndPendingPurchasesReturnThoseResults() throws {
        try withStore { harness in
            _ = try harness.store.beginPurchase(of: SKU.monthlyPass, in: "USA", on: .xee)
            let cancelled = try #require(try harness.send(.pressButton(.cancel)).xeePurchase)
            #expect(cancelled == .userCancelled && cancelled.isPurchaseCancelled && cancelled.profile == nil)

            _ = try harness.store.beginPurchase(of: SKU.monthlyPass, in: "USA", on: .xee)
            let pending = try #require(try harness.send(.pressButton(.askToBuy)).xeePurchase)
            #expect(pending == .pending && pending.isPurchasePending)
        }
    }

    /// A purchase a parent approves later arrives on `Transaction.updates`: the Xee server hears
    /// of it as of one paid at the sheet, verified with Apple at once or by its notification.
    @Test("an Ask to Buy approved later unlocks the level, with or without the In-App Purchase key", arguments: [true, false])
    func askToBuyApprovedLaterUnlocks(withKey: Bool) throws {
        try withStore { harness in
            _ = try harness.store.configureXee(XeeServerSettings(hasInAppPurchaseKey: withKey))
            let sheet = try #require(try harness.store.beginPurchase(of: SKU.monthlyPass, in: "USA", on: .xee).storeKitSheet)
            _ = try harness.send(.pressButton(.askToBuy))
            #expect(try harness.store.xee.getProfile().isActive("premium") == false)
            _ = try harness.store.act(.approve, on: sheet.transactionId)
            if withKey {
                #expect(try harness.events(.verifiedWithApple).count == 1)
            } else {
                #expect(try harness.store.xee.getProfile().isActive("premium") == false, "access waits for the notification")
                _ = try Self.wait(4, harness)
            }
            let profile = try harness.store.xee.getProfile()
            #expect(profile.isActive("premium"))
            #expect(profile.accessLevels["premium"]?.vendorProductId == SKU.monthlyPass)
        }
    }

    @Test func aStoreKitErrorThrowsFromMakePurchaseWithNoResult() throws {
        try withStore { harness in
            _ = try harness.store.beginPurchase(of: SKU.monthlyPass, in: "USA", on: .xee)
            _ = try harness.send(.pressButton(.fail))
            let report = try harness.send(.press)
            #expect(report.sheet == nil)
            #expect(report.xeePurchase == nil)
            #expect(try harness.events(.xeeMakePurchase).last?.message.contains(" threw ") == true)
        }
    }

    // MARK: getProfile, the delegate

    @Test func getProfileAndTheDelegateFollowTheNotification() throws {
        try withStore { harness in
            let delegate = RecordingDelegate(shows: true)
            harness.store.xeeDelegate = delegate
            _ = try harness.store.configureXee(XeeServerSettings(hasInAppPurchaseKey: false))
            _ = try harness.store.beginPurchase(of: SKU.weeklyPass, in: "USA", on: .xee)
            _ = try harness.send(.pressButton(.buy))
            #expect(delegate.profiles.isEmpty, "nothing changed on the profile yet")
            #expect(try harness.store.xee.getProfile().isActive("premium") == false)
            _ = try Self.wait(4, harness)
            #expect(delegate.profiles.count == 1)
            #expect(delegate.profiles.last?.accessLevels["premium"]?.source == .notification)
            let profile = try harness.store.xee.getProfile()
            #expect(profile.isActive("premium"))
            #expect(profile.accessLevels["premium"]?.vendorProductId == SKU.weeklyPass)
            #expect(profile.profileId == harness.userId)
            #expect(try harness.events(.xeeDidLoadLatestProfile).count == 1)
            #expect(try harness.events(.xeeGetProfile).last?.message.hasPrefix("getProfile(): premium active until ") == true)
        }
    }

    // MARK: The server's environment, a local StoreKit configuration

    @Test func anUnknownEnvironmentAsksProductionThenTheSandbox() throws {
        try withStore { harness in
            _ = try harness.store.configureXee(XeeServerSettings(environment: .unknown))
            let sheet = try #require(try harness.store.beginPurchase(of: SKU.monthlyPass, in: "USA", on: .xee).storeKitSheet)
            _ = try harness.send(.pressButton(.buy))
            let kinds = try harness.eventKinds(of: sheet.transactionId)
            let production = try #require(kinds.firstIndex(of: "xee.apple.production"))
            let verified = try #require(kinds.firstIndex(of: "VERIFIED_WITH_APPLE"))
            #expect(production < verified)
            #expect(try harness.events(.verifiedWithApple).last?.message.contains("(sandbox, asked second)") == true)
        }
    }

    @Test func aKnownEnvironmentAsksOnce() throws {
        try withStore { harness in
            _ = try harness.store.beginPurchase(of: SKU.monthlyPass, in: "USA", on: .xee)
            _ = try harness.send(.pressButton(.buy))
            #expect(try harness.events(.xeeAppleProduction).isEmpty)
            #expect(try harness.events(.verifiedWithApple).count == 1)
        }
    }

    @Test func aLocalStoreKitConfigurationNeverUnlocks() throws {
        var catalog = try defaultCatalog()
        catalog.origin = .storeKitConfiguration
        try withStore(catalog: catalog) { harness in
            for key in [true, false] {
                _ = try harness.store.configureXee(XeeServerSettings(hasInAppPurchaseKey: key))
                let sheet = try #require(try harness.store.beginPurchase(of: SKU.weeklyPass, in: "USA", on: .xee).storeKitSheet)
                let result = try #require(try harness.send(.pressButton(.buy)).xeePurchase)
                #expect(result.isPurchaseSuccess && result.profile?.isActive("premium") == false)
                #expect(try harness.eventKinds(of: sheet.transactionId).contains("xee.localStoreKit"))
                _ = try Self.wait(60, harness)
                #expect(try harness.ledger.xeeAccess(user: harness.userId).isEmpty, "no notification brings it either")
                harness.clock.advance(by: 8 * 86_400)
            }
            #expect(try harness.store.restore(on: .xee).notice?.text
                    == "Transactions of a local StoreKit configuration unlock nothing on the Xee server. Nothing was charged.")
        }
    }

    // MARK: Refunds reach the profile by notification

    @Test func aRefundTakesTheLevelAwayWhenItsNotificationArrives() throws {
        try withStore { harness in
            let sheet = try #require(try harness.store.beginPurchase(of: SKU.monthlyPass, in: "USA", on: .xee).storeKitSheet)
            _ = try harness.send(.pressButton(.buy))
            #expect(harness.store.currentReport().snapshot.entitlement(id: "premium")?.isActive == true)
            _ = try harness.store.act(.refund(.other), on: sheet.transactionId)
            // Apple has refunded; the server does not know yet.
            #expect(try harness.store.xee.getProfile().isActive("premium"))
            let arrived = try Self.wait(4, harness)
            let premium = try #require(arrived.snapshot.entitlement(id: "premium"))
            #expect(!premium.isActive && !premium.willRenew)
            #expect(premium.source == "notification")
            #expect(arrived.notice?.text == "The REFUND notification reached the Xee server: premium is no longer active.")
            #expect(try harness.events(.xeeNotification).last?.message == "REFUND notification for \(sheet.transactionId): premium revoked")
        }
    }

    // MARK: Promoted purchases

    private static func promote(_ sku: String, bundle: String = "com.example.stardust",
                                _ harness: StoreHarness) throws -> StoreReport {
        try harness.store.open(url: PromotedPurchaseURL(bundleId: bundle, productId: sku).text)
    }

    @Test func aShownPromotedPurchaseOpensTheSheetAtOnce() throws {
        try withStore { harness in
            let report = try Self.promote(SKU.monthlyPass, harness)
            let sheet = try #require(report.storeKitSheet)
            #expect(sheet.path == .xee && sheet.productId == SKU.monthlyPass)
            #expect(report.heldPromotions.isEmpty)
            let result = try #require(try harness.send(.pressButton(.buy)).xeePurchase)
            #expect(result.isPurchaseSuccess)
            #expect(try harness.events(.xeePromoted).last?.message.contains("answered true: the sheet shows now") == true)
        }
    }

    @Test func aHeldPromotedPurchaseWaitsForMakePurchase() throws {
        try withStore { harness in
            _ = try harness.store.configureXee(XeeServerSettings(promotedPurchases: .hold))
            let held = try Self.promote(SKU.monthlyPass, harness)
            #expect(held.sheet == nil)
            #expect(held.heldPromotions == [SKU.monthlyPass])
            #expect(held.notice?.text == "The App Store promoted Monthly Pass; the app holds it: press p to buy it.")
            #expect(try harness.ledger.transactionCount() == 0, "nothing bought while held")

            let missing = try harness.store.xee.makePurchase(heldPromotion: SKU.weeklyPass)
            #expect(missing.notice?.text == "No promoted purchase of \(SKU.weeklyPass) is held (held: \(SKU.monthlyPass)).")

            let opened = try harness.store.xee.makePurchase(heldPromotion: SKU.monthlyPass)
            #expect(opened.storeKitSheet?.productId == SKU.monthlyPass)
            #expect(opened.heldPromotions.isEmpty)
            #expect(try harness.send(.pressButton(.buy)).xeePurchase?.isPurchaseSuccess == true)
            #expect(try harness.events(.xeePromoted).map(\.message).last == "makePurchase buys the held promoted \(SKU.monthlyPass)")
        }
    }

    @Test func theDelegateDecidesOverTheSetting() throws {
        try withStore { harness in
            let delegate = RecordingDelegate(shows: false)
            harness.store.xeeDelegate = delegate
            let report = try Self.promote(SKU.weeklyPass, harness)
            #expect(delegate.asked == [SKU.weeklyPass])
            #expect(report.sheet == nil && report.heldPromotions == [SKU.weeklyPass])
        }
    }

    @Test(arguments: [
        ("com.example.other", SKU.monthlyPass, "The promoted purchase is for another app (com.example.other); nothing happened."),
        ("com.example.stardust", "com.example.stardust.nothing",
         "The App Store promoted com.example.stardust.nothing, which the catalog does not sell; nothing happened."),
        ("com.example.stardust", "", "The App Store promoted no product, which the catalog does not sell; nothing happened."),
    ])
    func aPromotionTheAppCannotTakeChangesNothing(_ bundle: String, _ sku: String, _ notice: String) throws {
        try withStore { harness in
            let report = try Self.promote(sku, bundle: bundle, harness)
            #expect(report.notice == StoreNotice(.error, notice))
            #expect(report.sheet == nil && report.heldPromotions.isEmpty)
            #expect(try harness.ledger.transactionCount() == 0)
            #expect(try harness.events(.xeePromoted).last?.message.hasPrefix("refused") == true)
        }
    }

    @Test func thePromotedURLReadsBackAndOtherURLsAreNotIt() {
        let url = PromotedPurchaseURL(bundleId: "com.example.stardust", productId: "com.example.stardust.pass.monthly")
        #expect(url.text == "itms-services://?action=purchaseIntent&bundleId=com.example.stardust"
                + "&productIdentifier=com.example.stardust.pass.monthly")
        #expect(PromotedPurchaseURL(parsing: url.text) == url)
        #expect(PromotedPurchaseURL(parsing: "com.example.stardust://xsollaconfirm/payment?invoice_id=1") == nil)
        #expect(PromotedPurchaseURL(parsing: "itms-services://?action=download-manifest") == nil)
    }
}
