import Foundation
import Testing

extension EndToEnd {
    /// `storefront history` tells the same story as the panes, from the ledger alone: the same
    /// output from any folder, amounts as each storefront charged them, entitlements and
    /// subscriptions with their store, verification, and refunds (prorated ones too), as text,
    /// `--json` and `--csv`. No terminal needed: the binary runs as a child process.
    @Suite("history: the whole story")
    struct HistoryStory {
        /// A German purchase on Pay Station; on StoreKit in Japan a monthly plan renewed once and
        /// upgraded to the yearly (a prorated refund), a Remove Ads refunded, gems tampered with;
        /// then a player whose id needs quoting in a spreadsheet.
        static let scenario = """
            storefront DEU
            select com.example.stardust.gems_550
            buy
            paystation card 4111111111111111
            advance 3s
            storefront JPN
            rate real
            select com.example.stardust.pass.monthly
            buy
            storekit confirm
            advance 10d
            upgrade com.example.stardust.pass.yearly
            storekit confirm
            expect event DID_CHANGE_RENEWAL_PREF
            select com.example.stardust.remove_ads
            buy
            storekit confirm
            refund last developerIssue
            select com.example.stardust.gems_100
            buy
            storekit confirm
            tamper last
            user "ana, \\"the tester\\""
            storefront USA
            select com.example.stardust.remove_ads
            buy
            paystation card 4111111111111111
            advance 3s
            expect transaction last purchased finished
            """

        /// Runs the scenario on a fresh state directory in `directory` and returns the state directory.
        private func ledger(in directory: TemporaryDirectory) throws -> String {
            let state = directory.path + "/state"
            let file = directory.path + "/story.scenario"
            try ("catalog \(BuiltBinary.catalog)\n" + Self.scenario).write(toFile: file, atomically: true, encoding: .utf8)
            let run = try Finished.run(try BuiltBinary.path(), ["scenario", file, "--state-dir", state])
            #expect(run.status == 0, "\(run.standardOutput)\(run.standardError)")
            return state
        }

        private func history(_ state: String, _ flags: [String] = [], in folder: String) throws -> Finished {
            let result = try Finished.run(try BuiltBinary.path(), ["history"] + flags + ["--state-dir", state], in: folder)
            #expect(result.status == 0, "\(result.standardError)")
            return result
        }

        /// The output with each renewal info's and app transaction's signature left out: each is signed as it is read,
        /// and ECDSA signs with a fresh random number each time, so only its header and payload
        /// are the same from one reading to the next.
        private static func unsigned(_ output: String) -> String {
            output.replacing(#/("signed(?:RenewalInfo|AppTransaction)" : "[^".]*\.[^".]*)\.[^"]*"/#) { match in "\(match.output.1)\"" }
        }

        @Test func theOutputIsTheSameFromAnyFolderAndReadsAsEachStorefrontCharged() throws {
            let directory = try TemporaryDirectory()
            defer { directory.remove() }
            let state = try ledger(in: directory)
            // The project folder has a catalog.json; the temporary one has none.
            for flags in [[], ["--json"], ["--csv"]] {
                let inside = try history(state, flags, in: BuiltBinary.root)
                let outside = try history(state, flags, in: directory.path)
                #expect(Self.unsigned(inside.standardOutput) == Self.unsigned(outside.standardOutput), "\(flags)")
            }
            let text = try history(state, in: directory.path).standardOutput
            let german = try #require(text.split(separator: "\n").first { $0.hasPrefix("txn-000001") })
            #expect(german.contains("  DEU  5,49\u{A0}€  purchased  "), "\(german)")
            #expect(!text.contains("€ 5.49") && !text.contains("EUR 5.49"), "\(text)")
            #expect(text.contains("  JPN  ¥6,000  purchased  "), "\(text)")
        }

        @Test func textTellsEntitlementsSubscriptionsVerificationAndRefunds() throws {
            let directory = try TemporaryDirectory()
            defer { directory.remove() }
            let text = try history(try ledger(in: directory), in: directory.path).standardOutput
            let lines = text.split(separator: "\n").map(String.init)
            // The upgrade's prorated refund of the monthly plan's renewal (txn-000003) is a line of its own.
            let prorated = try #require(lines.first { $0.hasPrefix("refund txn-000003  ") }, "\(text)")
            #expect(prorated.contains("prorated for upgrade"), "\(prorated)")
            #expect(lines.contains { $0.hasPrefix("refund txn-000005  ¥480  developerIssue  ") }, "\(text)")
            let tampered = try #require(lines.first { $0.hasPrefix("txn-000006") })
            #expect(tampered.hasSuffix("App Store  not verified: the signed transaction was altered, so its signature does not verify"),
                    "\(tampered)")
            #expect(lines.first { $0.hasPrefix("txn-000001") }?.hasSuffix("Xsolla  verified") == true, "\(text)")
            #expect(lines.contains { $0.hasPrefix("player qa at ") }, "\(text)")
            #expect(lines.contains { $0.hasPrefix("  entitlement premium: active · renews 2027-01-11T") && $0.hasSuffix(" · App Store") },
                    "\(text)")
            #expect(lines.contains("  entitlement no_ads: owned · Xsolla"), "\(text)")
            #expect(lines.contains { $0.hasPrefix("  subscription txn-000002 com.example.stardust.pass.monthly: expired 2026-01-11T")
                && $0.contains("(upgrade)") }, "\(text)")
            #expect(lines.contains { $0.hasPrefix("  subscription txn-000004 com.example.stardust.pass.yearly: subscribed · renews ") },
                    "\(text)")
        }

        @Test func jsonHasTheSameFacts() throws {
            let directory = try TemporaryDirectory()
            defer { directory.remove() }
            let output = try history(try ledger(in: directory), ["--json"], in: directory.path).standardOutput
            let object = try #require(try JSONSerialization.jsonObject(with: Data(output.utf8)) as? [String: Any])
            let rows = try #require(object["transactions"] as? [[String: Any]])
            let byId = Dictionary(uniqueKeysWithValues: rows.compactMap { row in (row["id"] as? String).map { ($0, row) } })
            #expect(byId["txn-000001"]?["locale"] as? String == "de_DE")
            #expect(byId["txn-000001"]?["charge"] as? String == "5,49\u{A0}€")
            #expect(byId["txn-000001"]?["store"] as? String == "Xsolla")
            #expect(byId["txn-000006"]?["verified"] as? Bool == false)
            #expect(byId["txn-000004"]?["verified"] as? Bool == true)
            #expect(byId["txn-000004"]?["subscriptionStatus"] as? String == "subscribed")
            let refunds = try #require(object["refunds"] as? [[String: Any]])
            let prorated = try #require(refunds.first { $0["prorated"] as? Bool == true })
            #expect(prorated["transactionId"] as? String == "txn-000003")
            #expect(prorated["reason"] as? String == "upgrade")
            let amount = try #require(prorated["amount"] as? String)
            #expect((Decimal(string: amount) ?? 0) > 0 && (Decimal(string: amount) ?? 0) < 800, "\(amount)")
            let players = try #require(object["players"] as? [[String: Any]])
            let qa = try #require(players.first { $0["userId"] as? String == "qa" })
            let entitlements = try #require(qa["entitlements"] as? [[String: Any]])
            #expect(entitlements.first { $0["id"] as? String == "premium" }?["stores"] as? [String] == ["App Store"])
            let subscriptions = try #require(qa["subscriptions"] as? [[String: Any]])
            #expect(subscriptions.map { $0["status"] as? String } == ["expired", "subscribed"])
            #expect(subscriptions.first?["endReason"] as? String == "upgrade")
        }

        @Test func csvIsOneQuotedRowPerTransactionAfterAHeader() throws {
            let directory = try TemporaryDirectory()
            defer { directory.remove() }
            let output = try history(try ledger(in: directory), ["--csv"], in: directory.path).standardOutput
            #expect(output.hasSuffix("\r\n"))
            let rows = output.components(separatedBy: "\r\n").dropLast()
            #expect(rows.count == 1 + 7, "\(output)")
            let header = try #require(rows.first).split(separator: ",").map(String.init)
            #expect(header.first == "id" && header.contains("verification") && header.contains("proratedRefund"))
            // A comma and a quote in a field: quoted, the quote doubled (RFC 4180).
            let ana = try #require(rows.first { $0.hasPrefix("txn-000007,") })
            #expect(ana.contains(",\"ana, \"\"the tester\"\"\",com.example.stardust.remove_ads,"), "\(ana)")
            let yearly = try #require(rows.first { $0.hasPrefix("txn-000004,") })
            #expect(yearly.contains(",\"¥6,000\","), "\(yearly)")
            let renewal = try #require(rows.first { $0.hasPrefix("txn-000003,") })
            let fields = Self.fields(of: renewal)
            #expect(fields.count == header.count, "\(fields)")
            let column = try #require(header.firstIndex(of: "proratedRefundReason"))
            #expect(fields[column] == "upgrade", "\(fields)")
        }

        @Test func jsonAndCSVAtOnceIsAUsageError() throws {
            let directory = try TemporaryDirectory()
            defer { directory.remove() }
            let result = try Finished.run(try BuiltBinary.path(), ["history", "--json", "--csv", "--state-dir", directory.path])
            #expect(result.status == 64)
            #expect(result.standardError.contains("history prints --json or --csv, not both."), "\(result.standardError)")
        }

        @Test func aCatalogThatDoesNotLoadIsNamed() throws {
            let directory = try TemporaryDirectory()
            defer { directory.remove() }
            let state = try ledger(in: directory)
            let broken = directory.path + "/broken.json"
            try "{ \"schemaVersion\": ".write(toFile: broken, atomically: true, encoding: .utf8)
            let result = try Finished.run(try BuiltBinary.path(), ["history", "--catalog", broken, "--state-dir", state])
            #expect(result.status == 65)
            #expect(result.standardError.contains(broken), "\(result.standardError)")
        }

        /// Splits one CSV row, honouring quotes (what a spreadsheet does).
        static func fields(of row: String) -> [String] {
            var fields: [String] = []
            var field = ""
            var quoted = false
            var characters = Array(row)[...]
            while let character = characters.popFirst() {
                switch (character, quoted) {
                case ("\"", true) where characters.first == "\"":
                    field.append("\"")
                    characters.removeFirst()
                case ("\"", _): quoted.toggle()
                case (",", false):
                    fields.append(field)
                    field = ""
                default: field.append(character)
                }
            }
            return fields + [field]
        }
    }
}
