import Foundation
import Testing

extension EndToEnd {
    /// A full disk under the real app (issue 7, item 13), made with SQLite's page limit through
    /// the test-only `STOREFRONT_TEST_LEDGER_SPARE_PAGES=0`: the ledger may not grow past its size
    /// at launch. Nothing is shown before it is committed, `q` quits from the open sheet, and once
    /// there is space again (a launch without the limit) nothing unpaid is granted.
    @Suite("A full disk", .needsTmux)
    struct FullDisk {
        /// Where the disk fills is arithmetic on a fresh ledger, whose every table is one 4 KiB
        /// page: a user id this long makes the transaction row and the invoice row (which hold it)
        /// nearly fill their pages but still fit, and makes the redirect URL that Pay Station's
        /// status commit logs (`user_id=…`) too long for what is left of the events page. So the
        /// purchase opens, and the payment's status is the write that fails. (Ids from about
        /// 3,550 to 3,900 characters do; this one is in the middle. Should the rows change size,
        /// move it so that the sheet still opens and the payment is still refused.) `x`, because
        /// this id is assigned variant A, the cards template the steps below read.
        static let user = String(repeating: "x", count: 3720)

        @Test("a payment whose status cannot be saved goes back to the form; q quits from the sheet; then nothing unpaid is granted")
        func paymentOnAFullDisk() throws {
            let state = try TemporaryDirectory()
            defer { state.remove() }
            let full = try TmuxSession(stateDirectory: state.path, arguments: ["--user", Self.user],
                                       environment: ["STOREFRONT_TEST_LEDGER_SPARE_PAGES": "0"])
            defer { full.close() }
            try full.waitForLaunch()
            try Purchases.openPayStation(full)
            try full.pay(withCard: Purchases.succeeds)
            let notice = "Not saved, the disk is full: free some space and try again, or press q to quit ("
            let refused = try full.waitUntil("the payment is refused as not saved, back on the card form") { screen in
                screen.bottomLine.hasPrefix(notice) && screen.sheetLine(startingWith: "▸ CVV") != nil
            }
            #expect(!refused.shows("Payment successful"), "nothing claims a payment the ledger does not hold")
            // What a reader of the file finds: opened, not paid (the sheet covers the panes).
            let history = try Finished.run(try BuiltBinary.path(), ["history", "--state-dir", state.path])
            #expect(history.standardOutput.contains("gems_100  USA  $0.99 due  purchasing  unfinished"), "\(history.standardOutput)")
            #expect(!history.standardOutput.contains("balance"))

            // q quits, the sheet still open: the notice said so.
            full.sendKeys("q")
            try full.waitUntil("the app quits from the open sheet with EXIT=0") { $0.contains("EXIT=0") }
            full.close()

            // Space again: the unpaid purchase is closed, nothing granted, and buying works.
            let freed = try TmuxSession(stateDirectory: state.path, arguments: ["--user", Self.user])
            defer { freed.close() }
            try freed.waitUntil("the relaunch closes the unpaid purchase and grants nothing") { screen in
                screen.pane("Transactions")?.first?.hasPrefix("txn-000001 gems_100    failed") == true
                    && screen.pane("Entitlements")?.first == "Nothing owned yet."
            }
            try Purchases.openPayStation(freed)
            try freed.pay(withCard: Purchases.succeeds)
            try freed.waitUntil("the payment succeeds") { $0.shows("✓ Payment successful (status done)") }
            freed.sendKeys("Enter")
            let bought = try freed.waitUntil("the purchase is granted once") { screen in
                screen.pane("Transactions")?.first.map { $0.hasPrefix("txn-000002 gems_100") && $0.hasSuffix("purchased ✓ $0.99") } == true
                    && screen.pane("Entitlements")?.first == "gems: 100"
            }
            #expect(bought.pane("Entitlements")?.filter { $0.hasPrefix("gems:") } == ["gems: 100"])
            try freed.quit()
        }
    }
}
