import Foundation
import Testing

extension EndToEnd {
    /// Issue 7 item 7 end to end: scenarios make a ledger with `--state-dir` (a cancelled
    /// payment, a paid one in Germany, a free trial, a declined card), and `storefront history`
    /// with `--catalog` tells it as the app does: `cancelled`, not `failed (paymentCancelled)`;
    /// charges in the storefront's format; `--json` with `amountCharged`, `displayState` and
    /// `offerType`. No terminal needed: the binary runs as a child process.
    @Suite("history: what was charged")
    struct HistoryCharges {
        /// The four purchases, each a scenario of its own, all on one state directory.
        static func scenarios(catalog: String) -> [(name: String, text: String)] {
            let head = "catalog \(catalog)\n"
            return [
                ("cancel", head + """
                    storefront DEU
                    select com.example.stardust.gems_550
                    buy
                    paystation close
                    expect transaction last cancelled finished
                    """),
                ("paid", head + """
                    storefront DEU
                    select com.example.stardust.gems_550
                    buy
                    paystation card 4111111111111111
                    advance 3s
                    expect transaction last purchased finished
                    """),
                ("trial", head + """
                    storefront USA
                    select com.example.stardust.pass.monthly
                    buy
                    paystation card 4111111111111111
                    advance 3s
                    expect transaction last purchased finished
                    expect offer last introductory
                    """),
                ("declined", head + """
                    storefront USA
                    select com.example.stardust.gems_100
                    buy
                    paystation card 4111111111111178
                    expect transaction last failed finished
                    """),
            ]
        }

        /// Runs the scenarios on a fresh state directory and returns it.
        private func ledger(in directory: TemporaryDirectory) throws -> String {
            let state = directory.path + "/state"
            var files: [String] = []
            for scenario in Self.scenarios(catalog: BuiltBinary.catalog) {
                let file = directory.path + "/\(scenario.name).scenario"
                try scenario.text.write(toFile: file, atomically: true, encoding: .utf8)
                files.append(file)
            }
            let run = try Finished.run(try BuiltBinary.path(), ["scenario"] + files + ["--state-dir", state])
            #expect(run.status == 0, "\(run.standardOutput)\(run.standardError)")
            return state
        }

        private func history(_ state: String, json: Bool = false) throws -> Finished {
            try Finished.run(try BuiltBinary.path(),
                             ["history"] + (json ? ["--json"] : []) + ["--state-dir", state, "--catalog", BuiltBinary.catalog])
        }

        @Test func textSaysCancelledAndChargesInTheStorefrontsFormat() throws {
            let directory = try TemporaryDirectory()
            defer { directory.remove() }
            let result = try history(try ledger(in: directory))
            #expect(result.status == 0, "\(result.standardError)")
            let lines = result.standardOutput.split(separator: "\n").map(String.init)
            let rows = lines.filter { $0.hasPrefix("txn-") }
            #expect(rows.count == 4, "\(result.standardOutput)")
            let cancelled = try #require(rows.first { $0.hasPrefix("txn-000001") })
            #expect(cancelled.contains("  no charge  cancelled  "), "\(cancelled)")
            #expect(!result.standardOutput.contains("paymentCancelled"))
            #expect(!result.standardOutput.contains("failed (paymentCancelled)"))
            let paid = try #require(rows.first { $0.hasPrefix("txn-000002") })
            #expect(paid.contains("  DEU  5,49\u{A0}€  purchased  "), "\(paid.unicodeScalars.map { $0.value })")
            let trial = try #require(rows.first { $0.hasPrefix("txn-000003") })
            #expect(trial.contains("  $0.00  purchased  ") && trial.contains("introductory offer"), "\(trial)")
            let declined = try #require(rows.first { $0.hasPrefix("txn-000004") })
            #expect(declined.contains("  no charge  failed (payment declined)  "), "\(declined)")
            #expect(!result.standardOutput.contains("5.49 EUR") && !result.standardOutput.contains("4.99 USD"))
        }

        @Test func jsonHasTheChargeTheStateAndTheOffer() throws {
            let directory = try TemporaryDirectory()
            defer { directory.remove() }
            let result = try history(try ledger(in: directory), json: true)
            #expect(result.status == 0, "\(result.standardError)")
            let object = try #require(try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any])
            let rows = try #require(object["transactions"] as? [[String: Any]])
            let byId = Dictionary(uniqueKeysWithValues: rows.compactMap { row in (row["id"] as? String).map { ($0, row) } })
            #expect(byId.count == 4)
            #expect(byId["txn-000001"]?["displayState"] as? String == "cancelled")
            #expect(byId["txn-000001"]?["amountCharged"] as? String == "0")
            #expect(byId["txn-000002"]?["displayState"] as? String == "purchased")
            #expect(byId["txn-000002"]?["amountCharged"] as? String == "5.49")
            #expect(byId["txn-000003"]?["amountCharged"] as? String == "0")
            #expect(byId["txn-000003"]?["offerType"] as? String == "introductory")
            #expect(byId["txn-000003"]?["price"] as? String == "4.99")  // the list price stays on record
            #expect(byId["txn-000004"]?["displayState"] as? String == "failed")
            #expect(byId["txn-000004"]?["amountCharged"] as? String == "0")
            for row in rows { #expect(row["amountCharged"] != nil && row["displayState"] != nil, "\(row)") }
        }

        /// What waits, what a restore restores, and a refund, in `history --json`.
        @Test func jsonSaysWhatIsPendingRestoredAndRefunded() throws {
            let directory = try TemporaryDirectory()
            defer { directory.remove() }
            let state = directory.path + "/state"
            let file = directory.path + "/lifecycle.scenario"
            try """
                catalog \(BuiltBinary.catalog)
                storefront JPN
                select com.example.stardust.remove_ads
                buy
                storekit confirm
                refund last developerIssue
                select com.example.stardust.gems_100
                buy
                storekit ask-to-buy
                storefront USA
                select com.example.stardust.remove_ads
                buy
                paystation card 4111111111111111
                advance 3s
                restore
                expect transaction last restored finished
                """.write(toFile: file, atomically: true, encoding: .utf8)
            let run = try Finished.run(try BuiltBinary.path(), ["scenario", file, "--state-dir", state])
            #expect(run.status == 0, "\(run.standardOutput)\(run.standardError)")
            let result = try history(state, json: true)
            let object = try #require(try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any])
            let rows = try #require(object["transactions"] as? [[String: Any]])
            let byId = Dictionary(uniqueKeysWithValues: rows.compactMap { row in (row["id"] as? String).map { ($0, row) } })
            #expect(byId["txn-000001"]?["displayState"] as? String == "refunded")
            #expect(byId["txn-000001"]?["revocationReason"] as? String == "developerIssue")
            #expect(byId["txn-000001"]?["revokedAt"] is String)
            #expect(byId["txn-000002"]?["pending"] as? String == "askToBuy")
            #expect(byId["txn-000002"]?["state"] as? String == "deferred")
            #expect(byId["txn-000004"]?["state"] as? String == "restored")
            #expect(byId["txn-000004"]?["originalTransactionId"] as? String == "txn-000003")
            #expect(byId["txn-000004"]?["amountCharged"] as? String == "0")
        }
    }
}
