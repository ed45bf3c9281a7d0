import Foundation
import Testing

extension EndToEnd {
    /// A ledger in `state` with one purchase in it (the Pouch of Gems on Pay Station, paid with
    /// the card that succeeds), as the app leaves it when it quits: all of it in the file (the
    /// write-ahead log folded in and gone), so an edit of the file is an edit of the ledger,
    /// and the quit's fingerprint beside it. Returns the ledger's path.
    static func ledgerWithAPurchase(in state: String) throws -> String {
        let app = try TmuxSession(stateDirectory: state)
        defer { app.close() }
        try app.waitForLaunch()
        try Purchases.openPayStation(app)
        try app.pay(withCard: Purchases.succeeds)
        try app.waitUntil("the purchase is granted") { $0.pane("Entitlements")?.first == "gems: 100" }
        try app.quit()
        let ledger = state + "/storefront.sqlite"
        guard !FileManager.default.fileExists(atPath: ledger + "-wal") else {
            throw EndToEndStop("the app's quit left its ledger in the write-ahead log")
        }
        guard FileManager.default.fileExists(atPath: ledger + "-checked") else {
            throw EndToEndStop("the app's quit kept no fingerprint of its ledger")
        }
        return ledger
    }
}
