import Catalog
import Program
import StoreEngine
import TerminalUI
import TestFixtures
import Testing

/// In the running app: keys, ticks and engine reports that leave the paywall's inputs alone
/// keep the very same cached shop; a report with a new history rebuilds it.
///
/// Identity is read from the arrays' storage while the test holds the old shop, which keeps
/// the old buffers alive: a rebuild cannot reuse their addresses.
@Suite("The cached shop in the app")
struct ShopCacheInAppTests {
    private func isSameBuild(_ before: Shop, _ after: Shop) -> Bool {
        func storage<T>(_ array: [T]) -> UnsafeRawPointer? {
            array.withUnsafeBufferPointer { $0.baseAddress.map(UnsafeRawPointer.init) }
        }
        precondition(!before.plans.isEmpty && !before.shopIndices.isEmpty, "empty arrays share storage")
        return storage(before.plans) == storage(after.plans) && storage(before.shopIndices) == storage(after.shopIndices)
    }

    @Test(arguments: [
        Message.key(.down), .key(.up), .key(.tab), .key(.character("t")), .key(.character("?")), .key(.enter),
        .key(.escape), .tick(fixedNow.addingTimeInterval(5)), .resize(width: 120, height: 40),
        .mouse(MouseEvent(.wheelDown, x: 1, y: 1)), .selectItem(index: 3), .restore,
        report(purchasedGemsSnapshot(), notice: StoreNotice(.success, "Purchased Pouch of Gems: +100 gems.")),
        report(sheet: sheetShowing(payStationSession())),
    ])
    func messagesThatChangeNoInputKeepTheShop(message: Message) {
        var app = makeApp()
        let before = app.paywall.shop
        _ = app.update(message)
        let kept = isSameBuild(before, app.paywall.shop)
        #expect(kept, "the shop was built again")
    }

    @Test func aReportWithANewHistoryRebuildsTheShop() {
        var app = makeApp()
        let before = app.paywall.shop
        app.receive(report(StoreSnapshot(history: SubscriberHistory(subscribedGroups: ["stardust_pass"]))))
        let kept = isSameBuild(before, app.paywall.shop)
        #expect(!kept, "the shop should have been built again")
        #expect(app.paywall.shop != before)
    }

    @Test(arguments: [Key.character("s"), .character("v"), .character("e"), .character("i")])
    func keysThatChangeAnInputRebuildTheShop(key: Key) {
        var app = makeApp()
        let before = app.paywall.shop
        app.receive(.key(key))
        let kept = isSameBuild(before, app.paywall.shop)
        #expect(!kept, "the shop should have been built again")
    }
}
