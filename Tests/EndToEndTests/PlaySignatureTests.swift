import Foundation
import Testing

extension EndToEnd {
    /// Google Play's purchases as Google signs them, checked as an Android app checks them: every
    /// Google Play scenario of Tests/Scenarios runs on a state directory kept for the test, which
    /// starts with the keys `storefront keys` made once (SharedKeys: the licence key is one of
    /// them, and every directory must print it), then each purchase `history --json` exports (`originalJson`, `signature`) verifies with Python's
    /// `cryptography` (PKCS #1 v1.5, SHA-1) against the Base64 licence key `public-key --path play`
    /// prints, as the Play Billing samples' `Security.verifyPurchase` does; none carries an App
    /// Store JWS; renewals keep the token and number their orders `..0`, `..1`; `--csv` says the
    /// same. An altered JSON or signature reads `not verified` in `history`.
    @Suite("Google Play's signed purchases verify as an Android app verifies them")
    struct PlaySignatures {
        @Test func everyPurchaseOfEveryGooglePlayScenarioVerifiesWithSHA1RSAInPython() throws {
            let directory = try TemporaryDirectory()
            defer { directory.remove() }
            let binary = try BuiltBinary.path()
            let folder = BuiltBinary.root + "/Tests/Scenarios"
            let scenarios = try FileManager.default.contentsOfDirectory(atPath: folder)
                .filter { $0.hasSuffix(".scenario") && ($0.hasPrefix("play-") || $0 == "relaunch-play.scenario") }.sorted()
            try #require(scenarios.count >= 10, "the Google Play scenarios: \(scenarios)")
            var verifiedPurchases = 0
            for scenario in scenarios {
                let state = directory.path + "/" + scenario
                // Made once, not an RSA key for each directory.
                let keys = try SharedKeys.copy(into: state)
                let run = try Finished.run(binary, ["scenario", folder + "/" + scenario, "--state-dir", state, "--quiet"])
                try #require(run.status == 0, "\(scenario): \(run.standardOutput)\(run.standardError)")
                let checked = try Self.check(state: state, in: directory, named: scenario, licenceKey: keys.licenceKey)
                verifiedPurchases += checked
            }
            // The subscriptions' renewals alone make dozens.
            #expect(verifiedPurchases > 40, "\(verifiedPurchases) purchases verified")
        }

        @Test func anAlteredPurchaseOrSignatureReadsNotVerified() throws {
            let directory = try TemporaryDirectory()
            defer { directory.remove() }
            let state = directory.path + "/state"
            let run = try Finished.run(try BuiltBinary.path(), [
                "scenario", BuiltBinary.root + "/Tests/Scenarios/play-subscription-lifecycle.scenario", "--state-dir", state,
                "--quiet",
            ])
            try #require(run.status == 0, "\(run.standardOutput)\(run.standardError)")
            let before = try Self.historyText(state)
            let purchases = before.filter { $0.hasPrefix("txn-") }
            #expect(!purchases.isEmpty && purchases.allSatisfy { $0.hasSuffix("Google Play  verified") }, "\(before)")

            // The first purchase's JSON claims a hundred, under Google's signature; the second
            // keeps its JSON but carries another purchase's signature.
            try Self.sqlite(state, """
                UPDATE path_records SET value = json_set(value, '$.originalJson',
                    replace(json_extract(value, '$.originalJson'), '"quantity":1', '"quantity":100'))
                    WHERE path = 'play' AND key = 'txn-000001';
                UPDATE path_records SET value = json_set(value, '$.signature',
                    (SELECT json_extract(value, '$.signature') FROM path_records WHERE path = 'play' AND key = 'txn-000003'))
                    WHERE path = 'play' AND key = 'txn-000002';
                """)
            let after = try Self.historyText(state)
            let first = try #require(after.first { $0.hasPrefix("txn-000001 ") })
            #expect(first.hasSuffix("not verified: SHA1withRSA does not match the purchase's JSON"), "\(first)")
            let second = try #require(after.first { $0.hasPrefix("txn-000002 ") })
            #expect(second.hasSuffix("not verified: SHA1withRSA does not match the purchase's JSON"), "\(second)")
            let third = try #require(after.first { $0.hasPrefix("txn-000003 ") })
            #expect(third.hasSuffix("  verified"), "\(third)")

            // Python agrees: exactly those two fail, as an Android app would refuse them.
            let history = try Finished.run(try BuiltBinary.path(), ["history", "--json", "--state-dir", state])
            let file = directory.path + "/history.json"
            try history.standardOutput.write(toFile: file, atomically: true, encoding: .utf8)
            let key = try Finished.run(try BuiltBinary.path(), ["public-key", "--path", "play", "--state-dir", state])
            let verdicts = try Self.python(history: file, key: key.standardOutput)
            #expect(verdicts.filter { !$0.verified }.map(\.id).sorted() == ["txn-000001", "txn-000002"])
        }

        // MARK: Checks

        /// Checks one scenario's kept state, whose licence key must be `licenceKey`; returns how
        /// many purchases verified.
        private static func check(state: String, in directory: TemporaryDirectory, named scenario: String,
                                  licenceKey: String) throws -> Int {
            let binary = try BuiltBinary.path()
            let history = try Finished.run(binary, ["history", "--json", "--state-dir", state])
            try #require(history.status == 0, "\(scenario): \(history.standardError)")
            let file = directory.path + "/\(scenario).json"
            try history.standardOutput.write(toFile: file, atomically: true, encoding: .utf8)
            let document = try #require(try JSONSerialization.jsonObject(with: Data(history.standardOutput.utf8)) as? [String: Any])
            let rows = try #require(document["transactions"] as? [[String: Any]])
            let play = rows.filter { $0["path"] as? String == "play" }
            let players = document["players"] as? [[String: Any]] ?? []
            let subscriptionProducts = Set(players.flatMap { $0["subscriptions"] as? [[String: Any]] ?? [] }
                .compactMap { $0["productId"] as? String })
            #expect(play.allSatisfy { $0["signedTransaction"] == nil }, "\(scenario): no App Store JWS on a Google Play purchase")
            // Every purchase Google Play charged carries its signed form, as the app got it.
            let charged = play.filter { $0["state"] as? String == "purchased" }
            #expect(charged.allSatisfy { $0["originalJson"] is String && $0["signature"] is String
                && $0["purchaseToken"] is String && $0["purchaseState"] as? String == "PURCHASED"
                && $0["signatureAlgorithm"] as? String == "SHA1withRSA" && $0["isAcknowledged"] is Bool },
                    "\(scenario): \(charged)")
            #expect(charged.allSatisfy { $0["verification"] as? String == "verified" }, "\(scenario)")

            let key = try Finished.run(binary, ["public-key", "--path", "play", "--state-dir", state])
            try #require(key.status == 0, "\(scenario): \(key.standardError)")
            #expect(key.standardOutput.trimmingCharacters(in: .whitespacesAndNewlines) == licenceKey,
                    "\(scenario): the licence key is not the one copied in")
            let verdicts = try python(history: file, key: key.standardOutput)
            #expect(verdicts.count == play.filter { $0["originalJson"] != nil }.count)
            for verdict in verdicts {
                #expect(verdict.verified, "\(scenario): \(verdict.id) does not verify with SHA1withRSA in Python")
                let row = try #require(play.first { $0["id"] as? String == verdict.id })
                #expect(verdict.fields["productId"] as? String == row["productId"] as? String, "\(scenario): \(verdict.id)")
                #expect(verdict.fields["purchaseToken"] as? String == row["purchaseToken"] as? String)
                #expect((verdict.fields["packageName"] as? String)?.hasPrefix("com.example.") == true)
                #expect(verdict.fields["quantity"] as? Int == 1)
                #expect(verdict.fields["acknowledged"] as? Bool == row["isAcknowledged"] as? Bool)
                #expect(verdict.fields["obfuscatedAccountId"] is String)
                #expect(verdict.fields["purchaseTime"] is Int)
                if row["purchaseState"] as? String == "PURCHASED" {
                    #expect(verdict.fields["orderId"] as? String == row["orderId"] as? String, "\(scenario): \(verdict.id)")
                    #expect(verdict.fields["purchaseState"] as? Int == 0)
                } else {
                    // Pending when it was signed: Google Play gives no order id before PURCHASED.
                    #expect(verdict.fields["orderId"] == nil, "\(scenario): \(verdict.id)")
                    #expect(verdict.fields["purchaseState"] as? Int == 4)
                }
                // `autoRenewing` is a subscription's field only.
                let subscription = subscriptionProducts.contains(row["productId"] as? String ?? "")
                #expect((verdict.fields["autoRenewing"] is Bool) == subscription, "\(scenario): \(verdict.id)")
            }
            // A renewal keeps its subscription's token, and its order is the first's with `..N`.
            for renewal in play where renewal["originalTransactionId"] != nil && renewal["state"] as? String == "purchased" {
                let original = try #require(play.first { $0["id"] as? String == renewal["originalTransactionId"] as? String })
                #expect(renewal["purchaseToken"] as? String == original["purchaseToken"] as? String)
                let order = try #require(renewal["orderId"] as? String, "\(scenario): \(renewal["id"] ?? "")")
                let base = try #require(original["orderId"] as? String)
                #expect(order.hasPrefix(base + ".."), "\(scenario): \(order) renews \(base)")
                #expect(Int(order.dropFirst(base.count + 2)) != nil, "\(scenario): \(order)")
            }
            try checkCSV(state: state, rows: play, named: scenario)
            return verdicts.count
        }

        /// `--csv` has the same purchases in its own columns.
        private static func checkCSV(state: String, rows: [[String: Any]], named scenario: String) throws {
            let csv = try Finished.run(try BuiltBinary.path(), ["history", "--csv", "--state-dir", state])
            #expect(csv.status == 0, "\(csv.standardError)")
            let table = try CSVTable(csv.standardOutput)
            for row in rows {
                let line = try #require(table.rows.first { table.value("id", in: $0) == row["id"] as? String })
                for field in ["purchaseToken", "purchaseState", "originalJson", "signature"] {
                    #expect(table.value(field, in: line) == (row[field] as? String ?? ""), "\(scenario): \(field)")
                }
                #expect(table.value("isAcknowledged", in: line) == (row["isAcknowledged"] as? Bool).map { $0 ? "true" : "false" } ?? "")
            }
        }

        private struct Verdict {
            var id: String
            var verified: Bool
            var fields: [String: Any]
        }

        /// Tests/Support/verify_play_purchases.py in the virtualenv `make pyte` makes.
        private static func python(history file: String, key: String) throws -> [Verdict] {
            let python = BuiltBinary.root + "/.build/pyte-venv/bin/python"
            guard FileManager.default.isExecutableFile(atPath: python) else {
                throw EndToEndStop(plain: "\(python) is missing: run `make pyte` in \(BuiltBinary.root) "
                                   + "(a virtualenv with cryptography, which verifies Google Play's signatures)")
            }
            let run = try Finished.run(python, [BuiltBinary.root + "/Tests/Support/verify_play_purchases.py", file, key])
            guard run.status == 0 else {
                throw EndToEndStop(plain: "verify_play_purchases.py exited \(run.status): \(run.standardError)")
            }
            let object = try #require(try JSONSerialization.jsonObject(with: Data(run.standardOutput.utf8)) as? [String: Any])
            let purchases = try #require(object["purchases"] as? [[String: Any]])
            return try purchases.map { purchase in
                Verdict(id: try #require(purchase["id"] as? String), verified: purchase["verified"] as? Bool == true,
                        fields: purchase["fields"] as? [String: Any] ?? [:])
            }
        }

        private static func historyText(_ state: String) throws -> [String] {
            let run = try Finished.run(try BuiltBinary.path(), ["history", "--state-dir", state])
            #expect(run.status == 0, "\(run.standardError)")
            return run.standardOutput.components(separatedBy: "\n")
        }

        /// Edits the ledger as someone with the file would, with Python's sqlite3.
        private static func sqlite(_ state: String, _ script: String) throws {
            let run = try Finished.run("/usr/bin/env", [
                "python3", "-c", "import sqlite3, sys; c = sqlite3.connect(sys.argv[1]); c.executescript(sys.argv[2]); c.commit()",
                state + "/storefront.sqlite", script,
            ])
            try #require(run.status == 0, "\(run.standardError)")
        }
    }
}

/// A CSV document as RFC 4180 writes it (quoted fields, doubled quotes, CRLF rows), by header.
private struct CSVTable {
    var header: [String]
    var rows: [[String]]

    init(_ text: String) throws {
        var records: [[String]] = []
        var record: [String] = []
        var field = ""
        var quoted = false
        var characters = Array(text.unicodeScalars)[...]
        while let character = characters.popFirst() {
            if quoted {
                if character == "\"" {
                    if characters.first == "\"" { field.unicodeScalars.append("\""); characters.removeFirst() } else { quoted = false }
                } else {
                    field.unicodeScalars.append(character)
                }
                continue
            }
            switch character {
            case "\"": quoted = true
            case ",": record.append(field); field = ""
            case "\r": break
            case "\n": record.append(field); records.append(record); record = []; field = ""
            default: field.unicodeScalars.append(character)
            }
        }
        header = try #require(records.first)
        rows = Array(records.dropFirst())
    }

    func value(_ column: String, in row: [String]) -> String? {
        header.firstIndex(of: column).flatMap { row.indices.contains($0) ? row[$0] : nil }
    }
}
