import Foundation
import Testing

extension EndToEnd {
    /// The App Store's signed transactions as a team's backend checks them, with Apple's own
    /// app-store-server-library: every App Store, Xee and Pay Station scenario of Tests/Scenarios
    /// (and the subscription and refund ones) runs on a state directory of its own, which starts
    /// with the keys `storefront keys` made once (SharedKeys), and each JWS `history --json`
    /// exports goes through Apple's `SignedDataVerifier` with the root `keys` wrote (online
    /// checks off, so the chain is checked at the payload's `signedDate`): what storefront says
    /// verifies, Apple's library verifies and decodes as the ledger has it; what storefront says
    /// was altered, Apple's library refuses; and the root of a state directory with keys of its
    /// own refuses them all.
    @Suite("App Store signed data verifies with Apple's app-store-server-library")
    struct AppStoreSignatures {
        @Test func everySignedTransactionOfEveryAppStoreScenarioVerifiesWithApplesLibrary() throws {
            let directory = try TemporaryDirectory()
            defer { directory.remove() }
            let binary = try BuiltBinary.path()
            let folder = BuiltBinary.root + "/Tests/Scenarios"
            let prefixes = ["storekit-", "xee-", "paystation-", "subscription-", "refund-"]
            let scenarios = try FileManager.default.contentsOfDirectory(atPath: folder)
                .filter { name in name.hasSuffix(".scenario") && prefixes.contains { name.hasPrefix($0) } }.sorted()
            try #require(scenarios.count >= 40, "the App Store scenarios: \(scenarios)")
            // A root of a state directory that signed none of them: `keys` makes its keys anew.
            let stranger = try Self.keys(state: directory.path + "/stranger", out: directory.path + "/stranger-keys")
            try #require(try Data(contentsOf: URL(fileURLWithPath: stranger.root))
                         != Data(contentsOf: URL(fileURLWithPath: try SharedKeys.made().root)), "another root")

            var runs: [[String: Any]] = []
            var rowsByRun: [[[String: Any]]] = []
            var subscriptionsByRun: [[[String: Any]]] = []
            var appAppleIds: [Int] = []
            for scenario in scenarios {
                let state = directory.path + "/" + scenario
                // Made once, not for each of 48 directories: a second of RSA keys each. Checked
                // against these root and id, a scenario that signed with other keys fails.
                let keys = try SharedKeys.copy(into: state)
                let run = try Finished.run(binary, ["scenario", folder + "/" + scenario, "--state-dir", state, "--quiet"])
                try #require(run.status == 0, "\(scenario): \(run.standardOutput)\(run.standardError)")
                let history = try Finished.run(binary, ["history", "--json", "--state-dir", state])
                try #require(history.status == 0, "\(scenario): \(history.standardError)")
                let file = directory.path + "/\(scenario).json"
                try history.standardOutput.write(toFile: file, atomically: true, encoding: .utf8)
                runs.append(["history": file, "root": keys.root, "otherRoot": stranger.root, "appAppleId": keys.appAppleId])
                appAppleIds.append(keys.appAppleId)
                let document = try #require(try JSONSerialization.jsonObject(with: Data(history.standardOutput.utf8)) as? [String: Any])
                rowsByRun.append((document["transactions"] as? [[String: Any]] ?? []).filter { $0["signedTransaction"] is String })
                let players = document["players"] as? [[String: Any]] ?? []
                subscriptionsByRun.append(players.flatMap { $0["subscriptions"] as? [[String: Any]] ?? [] })
            }

            let verdicts = try Self.python(runs: runs, in: directory)
            try #require(verdicts.count == scenarios.count)
            var verified = 0
            var familyShared = 0
            var renewalInfos = 0
            var appTransactions = 0
            for (index, scenario) in scenarios.enumerated() {
                let rows = rowsByRun[index]
                let transactionVerdicts = verdicts[index].filter { $0["renewalOf"] == nil && $0["appTransactionOf"] == nil }
                // Each player with App Store transactions has an app transaction, which verifies, Apple's way.
                let appStorePlayers = Set(rows.compactMap { $0["userId"] as? String })
                let appVerdicts = verdicts[index].filter { $0["appTransactionOf"] != nil }
                #expect(Set(appVerdicts.compactMap { $0["appTransactionOf"] as? String }) == appStorePlayers, "\(scenario)")
                for verdict in appVerdicts {
                    let fields = verdict["fields"] as? [String: Any] ?? [:]
                    #expect(verdict["verified"] as? Bool == true, "\(scenario): app transaction: \(verdict)")
                    #expect(fields["bundleId"] as? String != nil && fields["appAppleId"] as? Int == appAppleIds[index],
                            "\(scenario): \(fields)")
                    #expect(["Sandbox", "Production"].contains(fields["receiptType"] as? String ?? ""), "\(fields)")
                    #expect((fields["appTransactionId"] as? String)?.count == 18 && fields["originalPlatform"] as? String == "iOS")
                    #expect((fields["originalPurchaseDate"] as? Int ?? .max) <= (fields["receiptCreationDate"] as? Int ?? 0), "\(fields)")
                    appTransactions += 1
                }
                #expect(transactionVerdicts.count == rows.count, "\(scenario): one verdict per signed transaction")
                // Every App Store subscription's renewal info verifies and names it, Apple's way.
                for verdict in verdicts[index] where verdict["renewalOf"] != nil {
                    let original = verdict["renewalOf"] as? String ?? ""
                    let subscription = try #require(subscriptionsByRun[index].first { $0["originalTransactionId"] as? String == original })
                    let fields = verdict["fields"] as? [String: Any] ?? [:]
                    #expect(verdict["verified"] as? Bool == true, "\(scenario): renewal info of \(original): \(verdict)")
                    #expect(fields["productId"] as? String == subscription["productId"] as? String, "\(scenario): \(fields)")
                    #expect((fields["originalTransactionId"] as? String)?.hasPrefix("2000000") == true, "\(fields)")
                    #expect(fields["autoRenewStatus"] as? Int == ((subscription["autoRenew"] as? Bool == true) ? 1 : 0), "\(scenario): \(fields)")
                    renewalInfos += 1
                }
                let storeKitSubscriptions = subscriptionsByRun[index].filter { $0["store"] as? String != "Google Play" }
                #expect(storeKitSubscriptions.allSatisfy { $0["signedRenewalInfo"] is String }, "\(scenario)")
                for verdict in transactionVerdicts {
                    let id = verdict["id"] as? String ?? ""
                    let row = try #require(rows.first { $0["id"] as? String == id }, "\(scenario): \(id)")
                    let storefrontSays = row["verification"] as? String ?? ""
                    #expect(verdict["otherRootRefused"] as? Bool == true, "\(scenario): \(id) verifies with another root")
                    if storefrontSays == "verified" {
                        #expect(verdict["verified"] as? Bool == true,
                                "\(scenario): \(id) refused by Apple's library: \(verdict["status"] ?? "")")
                        let fields = verdict["fields"] as? [String: Any] ?? [:]
                        // Apple's shape of the ledger's id: txn-000042 is 2000000000000042.
                        let number = try #require(Int(id.dropFirst("txn-".count)), "\(id)")
                        #expect(fields["transactionId"] as? String == String(2_000_000_000_000_000 + number), "\(scenario): \(fields)")
                        #expect(fields["productId"] as? String == row["productId"] as? String, "\(scenario): \(id)")
                        // A family member's share is signed as Apple signs one (the *-family-sharing scenarios).
                        let ownership = row["familySharing"] as? String == "familyShared" ? "FAMILY_SHARED" : "PURCHASED"
                        #expect(fields["inAppOwnershipType"] as? String == ownership, "\(scenario): \(id)")
                        if ownership == "FAMILY_SHARED", verdict["verified"] as? Bool == true { familyShared += 1 }
                        #expect(["Sandbox", "Production"].contains(fields["environment"] as? String ?? ""), "\(fields)")
                        #expect(["PURCHASE", "RENEWAL"].contains(fields["transactionReason"] as? String ?? ""), "\(fields)")
                        #expect(fields["signedDate"] is Int && fields["purchaseDate"] is Int && fields["price"] is Int)
                        if verdict["verified"] as? Bool == true { verified += 1 }
                    } else {
                        // What storefront found altered (QA's tampered outcome), Apple's library refuses too.
                        #expect(verdict["verified"] as? Bool == false, "\(scenario): \(id) says \(storefrontSays)")
                        #expect(verdict["status"] as? String == "VERIFICATION_FAILURE", "\(scenario): \(verdict)")
                    }
                }
            }
            // 93 when written: the renewals of the subscription scenarios make most of them.
            #expect(verified > 80, "\(verified) transactions verified")
            #expect(renewalInfos > 20, "\(renewalInfos) subscriptions' renewal info verified")
            #expect(familyShared >= 4, "\(familyShared) family members' shares verified")
            #expect(appTransactions >= scenarios.count / 2, "\(appTransactions) app transactions verified")
        }

        // MARK: Helpers

        /// `storefront keys` on `state`: the root certificate's file and the app's Apple id it printed.
        static func keys(state: String, out: String) throws -> (root: String, appAppleId: Int) {
            let run = try Finished.run(try BuiltBinary.path(), [
                "keys", "--out", out, "--state-dir", state, "--catalog", BuiltBinary.root + "/catalog.json",
            ])
            try #require(run.status == 0, "keys: \(run.standardOutput)\(run.standardError)")
            let line = try #require(run.standardOutput.components(separatedBy: "\n").first { $0.contains("app Apple id") })
            let number = try #require(Int(line.split(separator: " ").last ?? ""), "\(line)")
            return (out + "/storefront-root.cer", number)
        }

        /// Tests/Support/verify_app_store_data.py in the virtualenv `make pyte` makes.
        static func python(runs: [[String: Any]], in directory: TemporaryDirectory) throws -> [[[String: Any]]] {
            let python = BuiltBinary.root + "/.build/pyte-venv/bin/python"
            guard FileManager.default.isExecutableFile(atPath: python) else {
                throw EndToEndStop(plain: "\(python) is missing: run `make pyte` in \(BuiltBinary.root) "
                                   + "(a virtualenv with Apple's app-store-server-library)")
            }
            let file = directory.path + "/runs.json"
            try JSONSerialization.data(withJSONObject: runs).write(to: URL(fileURLWithPath: file))
            let run = try Finished.run(python, [BuiltBinary.root + "/Tests/Support/verify_app_store_data.py", file])
            guard run.status == 0 else {
                throw EndToEndStop(plain: "verify_app_store_data.py exited \(run.status): \(run.standardError)")
            }
            let object = try #require(try JSONSerialization.jsonObject(with: Data(run.standardOutput.utf8)) as? [String: Any])
            return try #require(object["runs"] as? [[[String: Any]]])
        }
    }
}

extension EndToEnd.AppStoreSignatures {
    /// `signed-data xcode`: the data a backend's Xcode branch reads, one self-signed certificate
    /// and environment `Xcode`, which Apple's library decodes in `Environment.XCODE` and its
    /// sandbox branch refuses (one certificate is no chain); the App Store sheet says `Xcode`, as
    /// the data does. `signed-data app-store` after a relaunch signs with the chain again. Each
    /// player's app transaction follows their newest data: Xcode's for one, the chain's for another.
    @Test func xcodeStyleDataDecodesInApplesXcodeBranchAndNotInItsSandboxBranch() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let state = directory.path + "/state"
        let keys = try SharedKeys.copy(into: state)
        let script = directory.path + "/xcode.scenario"
        try """
            catalog \(BuiltBinary.catalog)
            signed-data xcode
            storefront JPN
            select com.example.stardust.gems_100
            buy
            expect screen contains "App Store · Xcode"
            storekit confirm
            expect transaction last purchased finished
            user second-player
            signed-data app-store
            select com.example.stardust.gems_100
            buy
            expect screen contains "App Store · Sandbox"
            storekit confirm
            expect transaction last purchased finished
            """.write(toFile: script, atomically: true, encoding: .utf8)
        let binary = try BuiltBinary.path()
        let run = try Finished.run(binary, ["scenario", script, "--state-dir", state])
        try #require(run.status == 0, "\(run.standardOutput)\(run.standardError)")
        let history = try Finished.run(binary, ["history", "--json", "--state-dir", state])
        let file = directory.path + "/history.json"
        try history.standardOutput.write(toFile: file, atomically: true, encoding: .utf8)
        let verdicts = try Self.python(runs: [["history": file, "root": keys.root, "otherRoot": keys.root,
                                               "appAppleId": keys.appAppleId]], in: directory)
        let byId = Dictionary(uniqueKeysWithValues: try #require(verdicts.first).compactMap { verdict in
            (verdict["id"] as? String).map { ($0, verdict) }
        })
        let xcode = try #require(byId["txn-000001"], "\(verdicts)")
        #expect(xcode["verified"] as? Bool == true, "\(xcode)")
        #expect((xcode["fields"] as? [String: Any])?["environment"] as? String == "Xcode")
        #expect(xcode["sandboxStatus"] as? String == "INVALID_CHAIN_LENGTH", "\(xcode)")
        let appStore = try #require(byId["txn-000002"], "\(verdicts)")
        #expect(appStore["verified"] as? Bool == true && appStore["sandboxStatus"] == nil, "\(appStore)")
        #expect((appStore["fields"] as? [String: Any])?["environment"] as? String == "Sandbox")
        // Each player's app transaction is signed as their newest App Store data: the first
        // player's as Xcode signs (decoded by Apple's Xcode branch), the second's with the chain.
        let apps = Dictionary(uniqueKeysWithValues: try #require(verdicts.first).compactMap { verdict in
            (verdict["appTransactionOf"] as? String).map { ($0, verdict) }
        })
        #expect(apps.count == 2, "\(apps)")
        let xcodeApp = try #require(apps.values.first { ($0["fields"] as? [String: Any])?["receiptType"] as? String == "Xcode" },
                                    "\(apps)")
        #expect(xcodeApp["verified"] as? Bool == true && xcodeApp["appTransactionOf"] as? String != "second-player", "\(xcodeApp)")
        #expect((apps["second-player"]?["fields"] as? [String: Any])?["receiptType"] as? String == "Sandbox", "\(apps)")
    }
}
