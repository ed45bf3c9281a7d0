import Foundation
import Testing

extension EndToEnd {
    /// The Google Play Developer API the running app serves (`--api`), called by Google's own
    /// client (`google-api-python-client`'s `build('androidpublisher', 'v3', …)`, its endpoint
    /// pointed at the app) with the service account `storefront keys` wrote, whose token
    /// `google-auth` fetches from the app's token endpoint: purchases read, acknowledged and
    /// consumed, a subscription read, deferred, cancelled and revoked, the voided list, and Google's
    /// errors; the acknowledgement shows in the Events pane and the ledger keeps it.
    @Suite("Google Play Developer API with Google's client", .needsTmux)
    struct PlayDeveloperAPI {
        static let removeAds = "com.example.stardust.remove_ads"
        static let gems = "com.example.stardust.gems_100"
        static let monthly = "com.example.stardust.pass.monthly"
        static let chargedBack = "com.example.stardust.gems_550"

        @Test func googlesClientReadsAndChangesWhatTheLedgerHolds() throws {
            let directory = try TemporaryDirectory()
            defer { directory.remove() }
            let state = directory.path + "/state"
            let binary = try BuiltBinary.path()
            // Three purchases the app leaves unacknowledged, for the backend to settle.
            let setup = directory.path + "/setup.scenario"
            try """
            catalog \(BuiltBinary.catalog)
            storefront USA
            path play
            play auto-acknowledge off
            select \(Self.removeAds)
            buy
            play instrument approves
            select \(Self.gems)
            buy
            play instrument approves
            select \(Self.monthly)
            buy
            play instrument approves
            select \(Self.chargedBack)
            buy
            play instrument approves
            play chargeback last
            """.write(toFile: setup, atomically: true, encoding: .utf8)
            // The keys made once (SharedKeys), which `keys` writes out below.
            try SharedKeys.copy(into: state)
            let run = try Finished.run(binary, ["scenario", setup, "--state-dir", state, "--quiet"])
            try #require(run.status == 0, "\(run.standardOutput)\(run.standardError)")
            let tokens = try Self.tokens(binary: binary, state: state)

            // The scenario's player, so the subscription's changes are the app's player's.
            let app = try TmuxSession(stateDirectory: state, arguments: ["--api", "127.0.0.1:0", "--user", "qa"])
            defer { app.close() }
            let screen = try app.waitUntil("the app says where the APIs answer") { $0.bottomLine.contains("server APIs answer on") }
            let base = try #require(screen.bottomLine.firstMatch(of: #/http://127\.0\.0\.1:\d+/#).map { String($0.output) },
                                    "\(screen.bottomLine)")
            let keysFolder = directory.path + "/keys"
            let keys = try Finished.run(binary, ["keys", "--out", keysFolder, "--state-dir", state, "--catalog", BuiltBinary.catalog,
                                                 "--api", String(base.dropFirst("http://".count))])
            try #require(keys.status == 0, "\(keys.standardError)")

            let ads = try #require(tokens[Self.removeAds]), gems = try #require(tokens[Self.gems])
            let monthly = try #require(tokens[Self.monthly]), chargedBack = try #require(tokens[Self.chargedBack])
            let python = try BuiltBinary.libraryPython(for: "google-api-python-client, google-auth")
            /// Each call's result by its name: `{"ok": body}` or `{"status", "reason"}`.
            func google(_ calls: [[String: Any]], plan name: String) throws -> [String: [String: Any]] {
                let plan = directory.path + "/\(name).json"
                try JSONSerialization.data(withJSONObject: ["calls": calls]).write(to: URL(fileURLWithPath: plan))
                let called = try Finished.run(python, [BuiltBinary.root + "/Tests/Support/call_play_api.py", base,
                                                       keysFolder + "/service-account.json", "com.example.stardust", plan])
                try #require(called.status == 0, "\(called.standardOutput)\(called.standardError)")
                return try #require(try JSONSerialization.jsonObject(with: Data(called.standardOutput.utf8)) as? [String: [String: Any]])
            }

            // Deferred ten days from the expiry read (and refused from any other), then read back.
            let read = try google([Self.call("read", "subscriptionsv2", "get", ["token": monthly])], plan: "read")
            let readItem = try #require(((read["read"]?["ok"] as? [String: Any])?["lineItems"] as? [[String: Any]])?.first, "\(read)")
            let expiry = try Self.milliseconds(try #require(readItem["expiryTime"] as? String))
            let desired = expiry + 10 * 86_400_000
            func deferral(expected: Int64) -> [String: Any] {
                ["subscriptionId": Self.monthly, "token": monthly,
                 "body": ["deferralInfo": ["expectedExpiryTimeMillis": String(expected), "desiredExpiryTimeMillis": String(desired)]]]
            }
            let deferred = try google([
                Self.call("deferStale", "subscriptions", "defer", deferral(expected: expiry - 60_000)),
                Self.call("defer", "subscriptions", "defer", deferral(expected: expiry)),
                Self.call("deferred", "subscriptionsv2", "get", ["token": monthly]),
            ], plan: "defer")
            #expect(deferred["deferStale"]?["status"] as? Int == 400 && deferred["deferStale"]?["reason"] as? String == "invalid", "\(deferred)")
            #expect((deferred["defer"]?["ok"] as? [String: Any])?["newExpiryTimeMillis"] as? String == String(desired), "\(deferred)")
            let deferredItem = try #require(((deferred["deferred"]?["ok"] as? [String: Any])?["lineItems"] as? [[String: Any]])?.first)
            #expect(try Self.milliseconds(deferredItem["expiryTime"] as? String ?? "") == desired, "\(deferredItem)")
            try app.waitUntil("the Events pane shows the deferral") { screen in
                // A narrow pane shortens it (`SUB_DEFERRED`).
                (screen.pane("Events") ?? []).contains { $0.contains("_DEFERRED") }
            }

            let calls: [[String: Any]] = [
                Self.call("before", "products", "get", ["productId": Self.removeAds, "token": ads]),
                Self.call("consume", "products", "consume", ["productId": Self.gems, "token": gems]),
                Self.call("consumed", "products", "get", ["productId": Self.gems, "token": gems]),
                Self.call("subscription", "subscriptionsv2", "get", ["token": monthly]),
                Self.call("subscriptionAcknowledge", "subscriptions", "acknowledge",
                          ["subscriptionId": Self.monthly, "token": monthly, "body": [:]]),
                Self.call("cancel", "subscriptionsv2", "cancel",
                          ["token": monthly, "body": ["cancellationContext": ["cancellationType": "DEVELOPER_REQUESTED_STOP_PAYMENTS"]]]),
                Self.call("cancelled", "subscriptionsv2", "get", ["token": monthly]),
                Self.call("proratedRevoke", "subscriptionsv2", "revoke", ["token": monthly, "body": ["revocationContext": ["proratedRefund": [:]]]]),
                Self.call("revoke", "subscriptionsv2", "revoke", ["token": monthly, "body": ["revocationContext": ["fullRefund": [:]]]]),
                Self.call("revoked", "subscriptionsv2", "get", ["token": monthly]),
                Self.call("voidedProducts", "voidedpurchases", "list", [:]),
                Self.call("voidedAll", "voidedpurchases", "list", ["type": 1]),
                Self.call("unknown", "products", "get", ["productId": Self.removeAds, "token": "no-such-token"]),
                Self.call("otherProduct", "products", "get", ["productId": Self.gems, "token": ads]),
                Self.call("otherApp", "products", "get", ["packageName": "com.example.other", "productId": Self.removeAds, "token": ads]),
                Self.call("noCredentials", "products", "get", ["productId": Self.removeAds, "token": ads], credentials: "anonymous"),
                Self.call("otherScope", "products", "get", ["productId": Self.removeAds, "token": ads], credentials: "noscope"),
                // Last, so its lines are the Events pane's newest.
                Self.call("acknowledge", "products", "acknowledge", ["productId": Self.removeAds, "token": ads, "body": [:]]),
                Self.call("after", "products", "get", ["productId": Self.removeAds, "token": ads]),
            ]
            let result = try google(calls, plan: "plan")
            func answer(_ name: String) -> [String: Any] { result[name]?["ok"] as? [String: Any] ?? [:] }
            func refusal(_ name: String) -> (Int?, String?) { (result[name]?["status"] as? Int, result[name]?["reason"] as? String) }

            #expect(answer("before")["acknowledgementState"] as? Int == 0, "\(result)")
            #expect(answer("before")["purchaseState"] as? Int == 0 && answer("before")["kind"] as? String == "androidpublisher#productPurchase")
            #expect(result["acknowledge"]?["ok"] != nil, "\(result)")
            #expect(answer("after")["acknowledgementState"] as? Int == 1, "\(result)")
            #expect(answer("consumed")["consumptionState"] as? Int == 1, "\(result)")
            let subscription = answer("subscription")
            #expect(subscription["subscriptionState"] as? String == "SUBSCRIPTION_STATE_ACTIVE", "\(subscription)")
            #expect(subscription["acknowledgementState"] as? String == "ACKNOWLEDGEMENT_STATE_PENDING")
            let item = try #require((subscription["lineItems"] as? [[String: Any]])?.first)
            #expect(item["productId"] as? String == Self.monthly && item["expiryTime"] is String, "\(item)")
            #expect(answer("cancelled")["subscriptionState"] as? String == "SUBSCRIPTION_STATE_CANCELED", "\(result)")
            #expect(answer("cancelled")["acknowledgementState"] as? String == "ACKNOWLEDGEMENT_STATE_ACKNOWLEDGED")
            #expect(refusal("proratedRevoke").0 == 400, "\(result)")
            #expect(result["revoke"]?["ok"] != nil, "\(result)")
            #expect(answer("revoked")["subscriptionState"] as? String == "SUBSCRIPTION_STATE_EXPIRED", "\(result)")
            // The chargeback is Google's (2, 7), then the revoked subscription the developer's; the one-time
            // list (type 0, Google's default) leaves the subscription out.
            let voidedAll = try #require(answer("voidedAll")["voidedPurchases"] as? [[String: Any]], "\(result)")
            #expect(voidedAll.map { $0["purchaseToken"] as? String } == [chargedBack, monthly], "\(voidedAll)")
            #expect(voidedAll.map { [$0["voidedSource"] as? Int, $0["voidedReason"] as? Int] } == [[2, 7], [1, 0]], "\(voidedAll)")
            let voidedProducts = try #require(answer("voidedProducts")["voidedPurchases"] as? [[String: Any]], "\(result)")
            #expect(voidedProducts.map { $0["purchaseToken"] as? String } == [chargedBack], "\(result)")
            #expect(refusal("unknown") == (404, "purchaseTokenNotFound"))
            #expect(refusal("otherProduct") == (400, "purchaseTokenDoesNotMatchProductId"))
            #expect(refusal("otherApp") == (404, "applicationNotFound"))
            #expect(refusal("noCredentials").0 == 401)
            #expect(refusal("otherScope").0 == 403)

            // The acknowledgement is the app's to show and the ledger's to keep.
            try app.waitUntil("the Events pane shows the backend's acknowledgement and the calls") { screen in
                let lines = (screen.pane("Events") ?? []).joined(separator: "\n")
                return lines.contains("api.call 204 POST /andro") && lines.contains("api.call 200 GET /andro")
                    && lines.contains("play.ack purchases.")
            }
            try app.quit()
            let history = try Finished.run(binary, ["history", "--json", "--state-dir", state])
            let document = try #require(try JSONSerialization.jsonObject(with: Data(history.standardOutput.utf8)) as? [String: Any])
            let byProduct = Dictionary((document["transactions"] as? [[String: Any]] ?? []).map { ($0["productId"] as? String ?? "", $0) },
                                       uniquingKeysWith: { first, _ in first })
            #expect(byProduct[Self.removeAds]?["isAcknowledged"] as? Bool == true)
            #expect(byProduct[Self.monthly]?["displayState"] as? String == "refunded" && byProduct[Self.monthly]?["revocationReason"] as? String == "developerIssue", "\(byProduct[Self.monthly] ?? [:])")
        }

        static func call(_ name: String, _ resource: String, _ method: String, _ args: [String: Any],
                         credentials: String = "service") -> [String: Any] {
            ["name": name, "resource": resource, "method": method, "args": args, "credentials": credentials]
        }

        /// Google's RFC 3339 time (`2026-01-15T09:00:00.000Z`) in milliseconds since 1970.
        static func milliseconds(_ time: String) throws -> Int64 {
            let date = try Date(time, strategy: Date.ISO8601FormatStyle(includingFractionalSeconds: true))
            return Int64((date.timeIntervalSince1970 * 1000).rounded())
        }

        /// Each product's purchase token, from `history --json`.
        static func tokens(binary: String, state: String) throws -> [String: String] {
            let history = try Finished.run(binary, ["history", "--json", "--state-dir", state])
            let document = try #require(try JSONSerialization.jsonObject(with: Data(history.standardOutput.utf8)) as? [String: Any])
            var tokens: [String: String] = [:]
            for transaction in document["transactions"] as? [[String: Any]] ?? [] {
                guard let product = transaction["productId"] as? String, let token = transaction["purchaseToken"] as? String else { continue }
                tokens[product] = token
            }
            return tokens
        }
    }
}
