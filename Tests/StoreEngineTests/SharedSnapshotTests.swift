import Catalog
import Foundation
import Ledger
import Testing
@testable import StoreEngine

/// A report hands up the very arrays of every part of the snapshot that did not change since
/// the last report (`SharedSnapshot`), so the app's comparison of them is one of identity; a
/// part that changed is the new one, as a fresh read has it.
@Suite("Reports share what did not change with the last report")
struct SharedSnapshotTests {
    private static func storage<Element>(_ array: [Element]) -> UnsafeRawPointer? {
        array.withUnsafeBufferPointer { UnsafeRawPointer($0.baseAddress) }
    }

    @Test func unchangedPartsAreTheLastReportsOwnArrays() throws {
        try withTemporaryLedgerPath { path in
            let harness = try StoreHarness(path: path, catalog: try defaultCatalog(), userId: "player-1", rate: .paused)
            _ = harness.store.configureOutbox(OutboxSettings(urls: [.appStore: "http://127.0.0.1:9/apple"]))
            try harness.buyThroughStoreKit(SKU.gems100)
            _ = try harness.store.requestTestNotification(uuid: "first")
            let before = harness.store.currentReport().snapshot
            #expect(!before.transactions.isEmpty && !before.events.isEmpty && !before.notifications.isEmpty)

            // Nothing changed: every part is the last report's own.
            let again = harness.store.currentReport().snapshot
            #expect(Self.storage(again.transactions) == Self.storage(before.transactions))
            #expect(Self.storage(again.events) == Self.storage(before.events))
            #expect(Self.storage(again.notifications) == Self.storage(before.notifications))

            // A notification written: its rows and the events are new, the transactions shared.
            let after = try harness.store.requestTestNotification(uuid: "second").snapshot
            #expect(Self.storage(after.transactions) == Self.storage(before.transactions))
            #expect(Self.storage(after.notifications) != Self.storage(before.notifications))
            #expect(after.notifications.prefix(2).map(\.uuid) == ["second", "first"])
            #expect(after.events.count > before.events.count || after.events != before.events)
            #expect(after.transactions == before.transactions)
        }
    }
}
