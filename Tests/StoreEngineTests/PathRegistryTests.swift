import Catalog
import Testing
@testable import StoreEngine

/// The one list of paths: every path of the catalog's vocabulary is in it once, and what the
/// engine used to know of each path by name (its store, its events) now comes from the path.
@Suite("Paths: the registry")
struct PathRegistryTests {
    @Test func everyPathOfTheCatalogIsRegisteredOnce() {
        let ids = PathRegistry.makePaths().map(\.id)
        #expect(ids.count == Set(ids).count)
        #expect(Set(ids) == Set(IntegrationPath.allCases))
        #expect(PathRegistry.builtIn.map { $0.traits.id } == ids, "a path's traits name the path it makes")
    }

    @Test func eachPathSaysWhichStoreTakesItsPayments() {
        #expect(IntegrationPath.storekit.marketplace == .appStore)
        #expect(IntegrationPath.xee.marketplace == .appStore)
        #expect(IntegrationPath.paystation.marketplace == .xsolla)
        #expect(IntegrationPath.play.marketplace == .googlePlay)
        #expect(IntegrationPath.allCases.filter(\.sellsOnlyRequestedProducts) == [.paystation])
        #expect(IntegrationPath.allCases.filter(\.pausesSubscriptions) == [.play])
    }

    @Test func eachPathsEventsAreInTheEventsPaneGroups() {
        let declared = PathRegistry.eventKinds
        #expect(declared.sdkCalls.contains(.xeeNotification) && declared.sdkCalls.contains(.payStationPaid))
        #expect(declared.sdkCalls.allSatisfy { EventKind.sdkCalls.contains($0) && $0.category == .sdk })
        // Each store's own vocabulary, by the path that logs it: the App Store's on StoreKit and
        // Xee (with Xee's server's verdict), Google Play's, Xsolla's.
        #expect(declared.lifecycle == EventKind.appStoreNotifications + [.verifiedWithApple]
                + EventKind.appStoreNotifications + [.oneTimeProductPurchased, .oneTimeProductCanceled]
                + EventKind.playSubscriptionNotifications + EventKind.xsollaWebhooks)
        #expect(EventKind.lifecycle == [.subscriptionChanged] + EventKind.appStoreNotifications + [.verifiedWithApple]
                + [.oneTimeProductPurchased, .oneTimeProductCanceled] + EventKind.playSubscriptionNotifications
                + EventKind.xsollaWebhooks, "each name once")
        #expect(EventKind.verifiedWithApple.category == .lifecycle)
        #expect(EventKind.payStationDeclined.tone == .failure && EventKind.payStationWrongCode.tone == .failure)
        #expect(EventKind.payStationPaid.tone == .neutral)
        let all = EventKind.sdkCalls + EventKind.lifecycle + EventKind.client
        #expect(all.count == Set(all).count, "no kind is declared twice")
    }
}
