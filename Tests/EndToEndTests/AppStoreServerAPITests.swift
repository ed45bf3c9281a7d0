import Foundation
import Testing

extension EndToEnd {
    /// The App Store Server API the running app serves (`--api`), called by Apple's own
    /// `AppStoreServerAPIClient` with the key `storefront keys` wrote, its base URL pointed at
    /// the app: transaction info, the whole history page by page, every subscription's status,
    /// the refund history, each JWS verified with Apple's `SignedDataVerifier`; and Apple's
    /// errors for an unknown id, a malformed one, a bad revision, a foreign key and another
    /// app's token. Then Send Consumption Information (v1 and v2), which the app keeps as an
    /// event, and Extend a Subscription Renewal Date, which the app makes.
    @Suite("App Store Server API with Apple's client", .needsTmux)
    struct AppStoreServerAPI {
        @Test func applesClientGetsAndVerifiesWhatTheLedgerHolds() throws {
            let directory = try TemporaryDirectory()
            defer { directory.remove() }
            let state = directory.path + "/state"
            let binary = try BuiltBinary.path()
            // The keys made once (SharedKeys), which `keys` writes out below.
            try SharedKeys.copy(into: state)
            let run = try Finished.run(binary, [
                "scenario", BuiltBinary.root + "/Tests/Scenarios/storekit-server-api.scenario", "--state-dir", state, "--quiet",
            ])
            try #require(run.status == 0, "\(run.standardOutput)\(run.standardError)")
            let keysFolder = directory.path + "/keys"
            let keys = try Finished.run(binary, ["keys", "--out", keysFolder, "--state-dir", state, "--catalog", BuiltBinary.catalog])
            try #require(keys.status == 0, "\(keys.standardError)")
            let appAppleId = try String(contentsOfFile: keysFolder + "/APP_APPLE_ID", encoding: .utf8)
                .trimmingCharacters(in: .whitespacesAndNewlines)
            let history = try Finished.run(binary, ["history", "--json", "--state-dir", state])
            let document = try #require(try JSONSerialization.jsonObject(with: Data(history.standardOutput.utf8)) as? [String: Any])
            let signed = try #require(document["transactions"] as? [[String: Any]]).filter { $0["signedTransaction"] != nil }
            let ids = signed.compactMap { $0["id"] as? String }
            try #require(ids.count >= 3, "a purchase, its renewal and a refunded consumable: \(ids)")
            let refunded = signed.filter { $0["revokedAt"] != nil }.compactMap { $0["id"] as? String }
            try #require(refunded.count == 1, "the consumable refunded: \(refunded)")

            // Port 0: the system picks a free one, and the app says which. The scenario's player,
            // so the extension is made on the running app's player's subscription; wide enough for
            // three panes (its entitlements show), tall enough for every call the checks read.
            let app = try TmuxSession(stateDirectory: state, width: 200, height: 60, arguments: ["--api", "127.0.0.1:0", "--user", "qa"])
            defer { app.close() }
            let screen = try app.waitUntil("the app says where the API answers") { $0.bottomLine.contains("server APIs answer on") }
            let base = try #require(screen.bottomLine.firstMatch(of: #/http://127\.0\.0\.1:\d+/#).map { String($0.output) },
                                    "\(screen.bottomLine)")

            let python = try BuiltBinary.libraryPython(for: "Apple's app-store-server-library")
            let first = "2000000000000001"
            let call = try Finished.run(python, [BuiltBinary.root + "/Tests/Support/call_app_store_api.py", base, keysFolder,
                                                 "com.example.stardust", appAppleId, first])
            try #require(call.status == 0, "\(call.standardOutput)\(call.standardError)")
            let result = try #require(try JSONSerialization.jsonObject(with: Data(call.standardOutput.utf8)) as? [String: Any])

            #expect(result["info"] as? String == first)
            // The customer's history, oldest first, is every App Store transaction of the ledger, in Apple's ids.
            let expected = ids.map(Self.appleId).sorted()
            #expect((result["history"] as? [String])?.sorted() == expected, "\(result)")
            #expect(result["historyEnvironment"] as? String == "Sandbox")
            #expect((result["historyAppAppleId"] as? Int).map(String.init) == appAppleId)
            let statuses = try #require(result["statuses"] as? [[String: Any]])
            #expect(statuses.count == 1, "one subscription: \(statuses)")
            #expect(statuses.first?["originalTransactionId"] as? String == first)
            #expect(statuses.first?["renewalOriginal"] as? String == first && statuses.first?["transactionOriginal"] as? String == first)
            #expect((1...5).contains(statuses.first?["status"] as? Int ?? 0))
            #expect((statuses.first?["group"] as? String)?.count == 8)

            // Get Refund History: the refunded consumable, signed again with its revocation.
            let refunds = try #require(result["refunds"] as? [[String: Any]])
            #expect(refunds.map { $0["transactionId"] as? String } == refunded.map(Self.appleId), "\(refunds)")
            #expect(refunds.allSatisfy { $0["revocationDate"] is Int && $0["revocationReason"] as? Int == 0 }, "\(refunds)")
            let refundUnknown = try #require(result["refundUnknown"] as? [String: Any])
            #expect(refundUnknown["status"] as? Int == 404 && refundUnknown["errorCode"] as? Int == 4040010, "\(refundUnknown)")
            let refundRevision = try #require(result["refundRevision"] as? [String: Any])
            #expect(refundRevision["status"] as? Int == 400 && refundRevision["errorCode"] as? Int == 4000005, "\(refundRevision)")

            let unknown = try #require(result["unknown"] as? [String: Any])
            #expect(unknown["status"] as? Int == 404 && unknown["errorCode"] as? Int == 4040010, "\(unknown)")
            let malformed = try #require(result["malformed"] as? [String: Any])
            #expect(malformed["status"] as? Int == 400 && malformed["errorCode"] as? Int == 4000006, "\(malformed)")
            let foreign = try #require(result["foreignKey"] as? [String: Any])
            #expect(foreign["raised"] as? Bool == true && foreign["status"] as? Int == 401, "\(foreign)")
            let otherApp = try #require(result["otherApp"] as? [String: Any])
            #expect(otherApp["raised"] as? Bool == true && otherApp["status"] as? Int == 401, "\(otherApp)")
            // Send Consumption Information: refused without consent, else 202 and kept on the transaction.
            let unconsented = try #require(result["consumptionUnconsented"] as? [String: Any])
            #expect(unconsented["status"] as? Int == 400 && unconsented["errorCode"] as? Int == 4000035, "\(unconsented)")
            #expect((result["consumption"] as? [String: Any])?["raised"] as? Bool == false, "\(result)")
            try app.waitUntil("the Events pane shows the consumption information") { screen in
                let lines = screen.pane("Events") ?? []
                return lines.contains { $0.contains("consumption.sent Send Consum") }
                    && lines.contains { $0.contains("api.call 202 PUT /inApps/v1/") }
            }
            // v2: the same, with Apple's newer body.
            let unconsentedV2 = try #require(result["consumptionV2Unconsented"] as? [String: Any])
            #expect(unconsentedV2["status"] as? Int == 400 && unconsentedV2["errorCode"] as? Int == 4000035, "\(unconsentedV2)")
            #expect((result["consumptionV2"] as? [String: Any])?["raised"] as? Bool == false, "\(result)")
            try app.waitUntil("the Events pane shows the v2 consumption information") { screen in
                (screen.pane("Events") ?? []).contains { $0.contains("api.call 202 PUT /inApps/v2/") }
            }

            // Extend a Subscription Renewal Date: three days on the renewal date Get All
            // Subscription Statuses reads back; the same request identifier again extends nothing.
            let tooLong = try #require(result["extendTooLong"] as? [String: Any])
            #expect(tooLong["status"] as? Int == 400 && tooLong["errorCode"] as? Int == 4000009, "\(tooLong)")
            let unknownOriginal = try #require(result["extendUnknown"] as? [String: Any])
            #expect(unknownOriginal["status"] as? Int == 404 && unknownOriginal["errorCode"] as? Int == 4040005, "\(unknownOriginal)")
            let before = try #require(result["expiryBefore"] as? Int)
            let extended = try #require(result["extended"] as? [String: Any])
            #expect(extended["success"] as? Bool == true && extended["originalTransactionId"] as? String == first, "\(extended)")
            #expect(extended["effectiveDate"] as? Int == before + 3 * 86_400_000, "\(extended) from \(before)")
            #expect((result["extendedAgain"] as? [String: Any])?["effectiveDate"] as? Int == extended["effectiveDate"] as? Int)
            #expect(result["expiryAfter"] as? Int == before + 3 * 86_400_000, "\(result)")
            try app.waitUntil("the Events pane shows the extension") { screen in
                (screen.pane("Events") ?? []).contains { $0.contains("RENEWAL_EXTENDED") }
            }

            // Each call is a line in the Events pane, with its status.
            try app.waitUntil("the Events pane lists the calls") { screen in
                let lines = screen.pane("Events") ?? []
                return ["api.call 200 GET /inApps/v1/", "api.call 200 GET /inApps/v2/", "api.call 404 GET /inApps/v1/",
                        "api.call 400 GET /inApps/v1/", "api.call 401 GET /inApps/v1/"]
                    .allSatisfy { call in lines.contains { $0.contains(call) } }
            }
            try app.quit()
        }

        /// The catalog's `settings.api` serves the APIs without `--api`; `--api` given wins.
        @Test func theCatalogsSettingServesTheAPIs() throws {
            let directory = try TemporaryDirectory()
            defer { directory.remove() }
            let text = try String(contentsOfFile: BuiltBinary.catalog, encoding: .utf8)
            let catalog = directory.path + "/catalog.json"
            let served = text.replacingOccurrences(of: #""enablePayments": true"#, with: #""enablePayments": true, "api": "127.0.0.1:0""#)
            try #require(served != text, "the catalog's settings have enablePayments")
            try served.write(toFile: catalog, atomically: true, encoding: .utf8)
            let app = try TmuxSession(stateDirectory: directory.path + "/state", arguments: ["--catalog", catalog])
            defer { app.close() }
            let screen = try app.waitUntil("the app says where the APIs answer") { $0.bottomLine.contains("server APIs answer on") }
            #expect(screen.statusBar.contains("API 127.0.0.1:"), "\(screen.statusBar)")
            try app.quit()
            let refused = try Finished.run(try BuiltBinary.path(), ["--catalog", catalog, "--api", "localhost"])
            #expect(refused.status == 64 && refused.standardError.contains("--api takes an IPv4 address and a port"),
                    "\(refused.standardError)")
        }

        /// Apple's id of a ledger's transaction (`txn-000003` is 2000000000000003).
        static func appleId(_ ledgerId: String) -> String {
            String(2_000_000_000_000_000 + Int(ledgerId.dropFirst("txn-".count))!)
        }
    }
}
