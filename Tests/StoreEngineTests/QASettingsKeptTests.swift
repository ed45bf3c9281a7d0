import Catalog
import Foundation
import Ledger
import Testing
@testable import StoreEngine

/// Issue 33 item 17: QA's settings are kept with the state directory's ledger, the way Google
/// Play's auto-acknowledge always was: the path chosen with `i` (which a relaunch forgot) and
/// the Xee server's five settings (which a relaunch put back to the catalog's).
@Suite("QA's settings: kept in the ledger across launches")
struct QASettingsKeptTests {
    @Test func thePathChosenIsKeptAcrossARelaunch() throws {
        try withStore { harness in
            #expect(harness.store.keptPath == nil, "a new ledger keeps no path: each storefront's own")
            _ = try harness.store.keepPath(.play)
            try harness.relaunch()
            #expect(harness.store.keptPath == .play)
            // Back to each storefront's own path is kept too.
            _ = try harness.store.keepPath(nil)
            try harness.relaunch()
            #expect(harness.store.keptPath == nil)
        }
    }

    @Test func keepingThePathAgainWritesNothing() throws {
        try withStore { harness in
            _ = try harness.store.keepPath(.xee)
            let commits = harness.store.commitCount
            _ = try harness.store.keepPath(.xee)
            #expect(harness.store.commitCount == commits)
        }
    }

    @Test func theXeeServersSettingsAreKeptAcrossARelaunch() throws {
        try withStore { harness in
            let chosen = XeeServerSettings(hasInAppPurchaseKey: false, apple: .unverifiable, deviceOS: .ios14,
                                           environment: .unknown, promotedPurchases: .hold)
            _ = try harness.store.configureXee(chosen)
            try harness.relaunch()
            _ = try harness.store.launch()
            #expect(harness.store.xeeServer == chosen)
            #expect(try harness.store.launch().xeeServer == chosen, "the report the app reads says so")
        }
    }

    /// A kept row this build cannot read leaves the catalog's settings, and says so.
    @Test func anUnreadableKeptRowLeavesTheCatalogs() throws {
        try withStore { harness in
            try harness.ledger.setSetting(XeePath.serverSetting, to: "key=maybe")
            try harness.relaunch()
            _ = try harness.store.launch()
            #expect(harness.store.xeeServer == XeeServerSettings(harness.catalog.settings.xee))
            #expect(try harness.events(.ledgerUnreadable).contains { $0.message.contains("Xee server's settings") })
        }
    }

    @Test func theKeptTextReadsBackAndRefusesWhatItDoesNotKnow() {
        for key in [true, false] {
            for apple in XeeServerSettings.AppleAnswer.allCases {
                for os in XeeServerSettings.DeviceOS.allCases {
                    let settings = XeeServerSettings(hasInAppPurchaseKey: key, apple: apple, deviceOS: os,
                                                     environment: .unknown, promotedPurchases: .show)
                    #expect(XeeServerSettings(kept: settings.kept) == settings)
                }
            }
        }
        #expect(XeeServerSettings(kept: "") == nil)
        #expect(XeeServerSettings(kept: "key=on apple=reachable os=13 environment=known promoted=show") == nil)
        #expect(XeeServerSettings(kept: "key=on apple=reachable os=15 environment=known") == nil)
    }
}
