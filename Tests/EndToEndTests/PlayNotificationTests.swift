import Foundation
import Testing

extension EndToEnd {
    /// Google Play's real-time developer notifications, end to end: a scenario on the Play path
    /// with `notifications play URL` posts each one as a Pub/Sub push subscription does, to a
    /// plain receiver (`Tests/Support/receive_pubsub.py`) that decodes the envelope and its
    /// base64 data; the purchase tokens are those `storefront history --json` exports.
    @Suite("Google Play notifications as Pub/Sub pushes them")
    struct PlayNotifications {
        @Test func aScenariosPurchasesPostGooglesNotificationsInOrder() throws {
            let directory = try TemporaryDirectory()
            defer { directory.remove() }
            let state = directory.path + "/state"
            let binary = try BuiltBinary.path()
            let keys = try Finished.run(binary, ["keys", "--out", directory.path + "/keys", "--state-dir", state,
                                                 "--catalog", BuiltBinary.catalog])
            try #require(keys.status == 0, "\(keys.standardError)")
            let account = try Data(contentsOf: URL(fileURLWithPath: directory.path + "/keys/service-account.json"))
            let project = try #require((try JSONSerialization.jsonObject(with: account) as? [String: Any])?["project_id"] as? String)
            let receiver = try NotificationReceiver(script: "receive_pubsub.py", in: directory.path, python: "/usr/bin/python3",
                                                    arguments: [])
            defer { receiver.stop() }
            let scenario = directory.path + "/play-notified.scenario"
            try """
                catalog \(BuiltBinary.catalog)
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
                """.write(toFile: scenario, atomically: true, encoding: .utf8)
            let run = try Finished.run(binary, ["scenario", scenario, "--state-dir", state, "--quiet"])
            try #require(run.status == 0, "\(run.standardOutput)\(run.standardError)")

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

        /// A URL that is not http(s) is refused before the app starts, naming the option.
        @Test func aBadPlayNotificationURLIsRefused() throws {
            let refused = try Finished.run(try BuiltBinary.path(), ["--play-notifications", "http://127.0.0.1:99999/play"])
            #expect(refused.status == 64, "\(refused.standardError)")
            #expect(refused.standardError.contains("--play-notifications: http://127.0.0.1:99999/play has port 99999"),
                    "\(refused.standardError)")
        }
    }
}
