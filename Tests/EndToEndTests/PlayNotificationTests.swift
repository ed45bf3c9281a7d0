import Foundation
import Testing

extension EndToEnd {
    /// Google Play's real-time developer notifications, end to end: a scenario on the Play path
    /// with `notifications play URL` posts each one as a Pub/Sub push subscription does, to a
    /// plain receiver (`Tests/Support/receive_pubsub.py`) that decodes the envelope and its
    /// base64 data; the purchase tokens are those `storefront history --json` exports.
    @Suite("Google Play notifications as Pub/Sub pushes them")
    struct PlayNotifications {
        /// `storefront keys --out DIR/keys` for the state directory `DIR/state`, which it returns
        /// (given the keys made once: SharedKeys).
        private static func writeKeys(in directory: TemporaryDirectory) throws -> String {
            let state = directory.path + "/state"
            try SharedKeys.copy(into: state)
            let keys = try Finished.run(try BuiltBinary.path(), ["keys", "--out", directory.path + "/keys", "--state-dir", state,
                                                                 "--catalog", BuiltBinary.catalog])
            try #require(keys.status == 0, "\(keys.standardError)")
            return state
        }

        /// A field of the service account's key file `keys` wrote.
        private static func serviceAccount(_ field: String, in directory: TemporaryDirectory) throws -> String? {
            let account = try Data(contentsOf: URL(fileURLWithPath: directory.path + "/keys/service-account.json"))
            return (try JSONSerialization.jsonObject(with: account) as? [String: Any])?[field] as? String
        }

        /// Runs `lines` after the catalog's line as a scenario on `state`; every line must hold.
        private static func runScenario(_ lines: String, in directory: TemporaryDirectory, state: String) throws {
            let scenario = directory.path + "/play.scenario"
            try ("catalog \(BuiltBinary.catalog)\n" + lines).write(toFile: scenario, atomically: true, encoding: .utf8)
            let run = try Finished.run(try BuiltBinary.path(), ["scenario", scenario, "--state-dir", state, "--quiet"])
            try #require(run.status == 0, "\(run.standardOutput)\(run.standardError)")
        }

        @Test func aScenariosPurchasesPostGooglesNotificationsInOrder() throws {
            let directory = try TemporaryDirectory()
            defer { directory.remove() }
            let state = try Self.writeKeys(in: directory)
            let binary = try BuiltBinary.path()
            let project = try #require(try Self.serviceAccount("project_id", in: directory))
            let receiver = try NotificationReceiver(script: "receive_pubsub.py", in: directory.path, python: "/usr/bin/python3",
                                                    arguments: [])
            defer { receiver.stop() }
            try Self.runScenario("""
                notifications play http://127.0.0.1:\(receiver.port)/play
                storefront USA
                path play
                select com.example.stardust.pass.monthly
                buy
                play instrument approves
                expect event SUBSCRIPTION_PURCHASED
                advance 3m
                expect event SUBSCRIPTION_RENEWED
                select com.example.stardust.gems_100
                buy
                play instrument approves
                expect event ONE_TIME_PRODUCT_PURCHASED
                """, in: directory, state: state)

            let got = try receiver.received()
            #expect(got.allSatisfy { $0["error"] == nil && $0["contentType"] as? String == "application/json" }, "\(got)")
            #expect(got.allSatisfy { $0["subscription"] as? String == "projects/\(project)/subscriptions/storefront-play" }, "\(got)")
            let notifications = got.compactMap { $0["notification"] as? [String: Any] }
            let subscription = notifications.compactMap { $0["subscriptionNotification"] as? [String: Any] }
            let oneTime = notifications.compactMap { $0["oneTimeProductNotification"] as? [String: Any] }
            #expect(subscription.map { $0["notificationType"] as? Int } == [4, 2], "\(got)")
            #expect(oneTime.map { $0["notificationType"] as? Int } == [1], "\(got)")
            // In order: the subscription's two, then the product's.
            #expect(notifications.count == 3 && notifications.last?["oneTimeProductNotification"] != nil, "\(got)")
            #expect(notifications.allSatisfy { $0["version"] as? String == "1.0" && $0["packageName"] as? String == "com.example.stardust"
                                               && Int64($0["eventTimeMillis"] as? String ?? "") != nil }, "\(got)")
            #expect(subscription.allSatisfy { $0["subscriptionId"] as? String == "com.example.stardust.pass.monthly" }, "\(got)")
            #expect(oneTime.first?["sku"] as? String == "com.example.stardust.gems_100", "\(got)")
            let ids = got.compactMap { $0["messageId"] as? String }
            #expect(Set(ids).count == 3 && ids.allSatisfy { !$0.isEmpty && $0.allSatisfy(\.isNumber) }, "\(ids)")

            let history = try Finished.run(binary, ["history", "--json", "--state-dir", state])
            let document = try #require(try JSONSerialization.jsonObject(with: Data(history.standardOutput.utf8)) as? [String: Any])
            let transactions = try #require(document["transactions"] as? [[String: Any]])
            func token(of product: String) -> String? {
                transactions.first { $0["productId"] as? String == product && $0["purchaseToken"] != nil }?["purchaseToken"] as? String
            }
            let subscriptionToken = try #require(token(of: "com.example.stardust.pass.monthly"), "\(transactions)")
            #expect(subscription.allSatisfy { $0["purchaseToken"] as? String == subscriptionToken }, "\(got)")
            #expect(oneTime.first?["purchaseToken"] as? String == token(of: "com.example.stardust.gems_100"), "\(got)")
        }

        /// With a push audience, each push carries Google's OIDC token: google-auth's own
        /// `verify_token` accepts it against the local API's certs, `jwt.decode` against the
        /// certs `storefront keys` wrote, and neither a forged one nor another audience passes;
        /// `storefront receive` says the same of it.
        @Test func anAuthenticatedPushCarriesATokenGoogleAuthVerifies() throws {
            let directory = try TemporaryDirectory()
            defer { directory.remove() }
            let python = try BuiltBinary.libraryPython(for: "google-auth")
            let state = try Self.writeKeys(in: directory)
            let certs = directory.path + "/keys/google-oidc-certs.json"
            let written = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: certs))) as? [String: String])
            #expect(written.count == 1 && written.values.allSatisfy { $0.hasPrefix("-----BEGIN PUBLIC KEY-----") }, "\(written)")
            // A port free a moment ago, for the API the receiver fetches the certs from.
            let probe = try Finished.run(python, ["-c", "import socket; s = socket.socket(); s.bind(('127.0.0.1', 0)); print(s.getsockname()[1])"])
            let apiPort = try #require(UInt16(probe.standardOutput.trimmingCharacters(in: .whitespacesAndNewlines)))
            let audience = "https://backend.example/play"
            let receiver = try NotificationReceiver(script: "receive_pubsub_oidc.py", in: directory.path, python: python, arguments: [
                certs, "http://127.0.0.1:\(apiPort)/oauth2/v1/certs", audience,
            ])
            defer { receiver.stop() }
            try Self.runScenario("""
                api 127.0.0.1:\(apiPort)
                notifications play http://127.0.0.1:\(receiver.port)/play audience \(audience)
                storefront USA
                path play
                select com.example.stardust.gems_100
                buy
                play instrument approves
                expect event ONE_TIME_PRODUCT_PURCHASED
                """, in: directory, state: state)

            let got = try receiver.received()
            try #require(got.count == 1, "\(got)")
            let push = got[0]
            #expect(push["error"] == nil && push["authorization"] as? String == "Bearer", "\(push)")
            #expect(push["verifiedByURL"] as? Bool == true, "\(push)")
            #expect(push["verifiedByFile"] as? Bool == true, "\(push)")
            #expect(push["forgedAccepted"] as? Bool == false, "\(push)")
            #expect(push["otherAudienceAccepted"] as? Bool == false, "\(push)")
            let header = try #require(push["header"] as? [String: Any])
            #expect(header["alg"] as? String == "RS256" && header["typ"] as? String == "JWT", "\(header)")
            #expect(written[header["kid"] as? String ?? ""] != nil, "\(header)")
            let claims = try #require(push["claims"] as? [String: Any])
            let email = try Self.serviceAccount("client_email", in: directory)
            #expect(claims["aud"] as? String == audience && claims["iss"] as? String == "https://accounts.google.com", "\(claims)")
            #expect(claims["email"] as? String == email && claims["azp"] as? String == email, "\(claims)")
            #expect(claims["email_verified"] as? Bool == true, "\(claims)")
            let issued = try #require(claims["iat"] as? Int)
            #expect(claims["exp"] as? Int == issued + 3600, "\(claims)")
            #expect(abs(Double(issued) - Date().timeIntervalSince1970) < 600, "iat is the wall clock's: \(claims)")

            // The reference backend checks it against the same certs, and refuses the forged one.
            let token = try #require(push["token"] as? String)
            let parts = token.split(separator: ".")
            let forged = parts[0] + "." + Data(#"{"aud":"anyone"}"#.utf8).base64EncodedString().replacingOccurrences(of: "=", with: "") + "." + parts[2]
            // Run where `keys` wrote: the certs are found there.
            let receive = try Receive.Running(in: directory.path, arguments: [])
            defer { receive.stop() }
            #expect(receive.text.contains("Google Play's push tokens: checked against Google's certs"), "\(receive.text)")
            for bearer in [token, String(forged)] {
                let post = try Finished.run("/usr/bin/python3", ["-c", """
                    import urllib.request, urllib.error
                    body = b'{"message":{"data":"e30=","messageId":"1"},"subscription":"projects/p/subscriptions/s"}'
                    request = urllib.request.Request("http://127.0.0.1:\(receive.port)/play", data=body,
                        headers={"Authorization": "Bearer \(bearer)"})
                    try:
                        print(urllib.request.urlopen(request).status)
                    except urllib.error.HTTPError as error:
                        print(error.code)
                    """])
                #expect(post.standardOutput.hasPrefix(bearer == token ? "204" : "401"), "\(post.standardOutput)\(post.standardError)")
            }
            let lines = receive.text.split(separator: "\n").filter { $0.contains(" → ") }
            #expect(lines.count == 2 && lines[0].contains("signature verified  → 204"), "\(receive.text)")
            #expect(lines.last?.contains("REFUSED: the token's signature does not verify with key") == true, "\(receive.text)")
        }

        /// A URL that is not http(s) is refused before the app starts, naming the option.
        @Test func aBadPlayNotificationURLIsRefused() throws {
            let refused = try Finished.run(try BuiltBinary.path(), ["--play-notifications", "http://127.0.0.1:99999/play"])
            #expect(refused.status == 64, "\(refused.standardError)")
            #expect(refused.standardError.contains("--play-notifications: http://127.0.0.1:99999/play has port 99999"),
                    "\(refused.standardError)")
        }
    }
}
