import Foundation
import Testing

extension EndToEnd {
    /// Xsolla's webhooks, end to end: scenarios on the Pay Station path post them to a receiver
    /// (`Tests/Support/receive_xsolla.py`) that checks each signature with Python's own SHA-1,
    /// as Xsolla tells a backend to, and answers as the test says.
    @Suite("Xsolla webhooks, and webhook mode with a real backend")
    struct XsollaWebhooks {
        static let secret = "xsolla-project-secret"

        /// The repository's catalog with the project's secret key and, when asked, webhook mode.
        static func catalog(in directory: String, webhookMode: Bool) throws -> String {
            var text = try String(contentsOfFile: BuiltBinary.catalog, encoding: .utf8)
            text = text.replacingOccurrences(
                of: #""enablePayments": true"#,
                with: #""enablePayments": true, "notifications": {"xsollaSecretKey": "\#(secret)"}"#)
            if webhookMode {
                text = text.replacingOccurrences(of: #""prewarm": true"#, with: #""prewarm": true, "webhookMode": true"#)
            }
            let path = directory + "/catalog.json"
            try text.write(toFile: path, atomically: true, encoding: .utf8)
            return path
        }

        /// The scenario's run, what the receiver got, and what `history --json` then says of
        /// the notifications.
        private static func run(_ lines: String, answers: [String], webhookMode: Bool = false)
            throws -> (received: [[String: Any]], transcript: String, status: Int32, kept: [[String: Any]]) {
            let directory = try TemporaryDirectory()
            defer { directory.remove() }
            let receiver = try NotificationReceiver(script: "receive_xsolla.py", in: directory.path, python: "/usr/bin/python3",
                                                    arguments: [secret] + answers)
            defer { receiver.stop() }
            let scenario = directory.path + "/xsolla.scenario"
            try """
                catalog \(try catalog(in: directory.path, webhookMode: webhookMode))
                notifications xsolla http://127.0.0.1:\(receiver.port)/xsolla
                storefront USA
                \(lines)
                """.write(toFile: scenario, atomically: true, encoding: .utf8)
            let run = try Finished.run(try BuiltBinary.path(), ["scenario", scenario, "--state-dir", directory.path + "/state"])
            let history = try Finished.run(try BuiltBinary.path(), ["history", "--json", "--state-dir", directory.path + "/state"])
            let document = try? JSONSerialization.jsonObject(with: Data(history.standardOutput.utf8)) as? [String: Any]
            return (try receiver.received(), run.standardOutput + run.standardError, run.status,
                    document?["notifications"] as? [[String: Any]] ?? [])
        }

        @Test func aPurchaseAndItsRefundPostXsollasWebhooksSignedAndInOrder() throws {
            let got = try Self.run("""
                select com.example.stardust.remove_ads
                buy
                paystation card 4111111111111111
                advance 2s
                expect transaction last purchased finished
                expect notification xsolla order_paid delivered
                refund last
                expect notification xsolla order_canceled delivered
                """, answers: [])
            try #require(got.status == 0, "\(got.transcript)")
            #expect(got.received.map { $0["type"] as? String } == ["payment", "order_paid", "refund", "order_canceled"],
                    "\(got.received)")
            #expect(got.received.allSatisfy { $0["signed"] as? Bool == true && $0["error"] == nil }, "\(got.received)")
            let order = try #require(got.received[1]["body"] as? [String: Any])
            #expect((order["items"] as? [[String: Any]])?.first?["sku"] as? String == "com.example.stardust.remove_ads")
        }

        /// A subscription's whole life on Pay Station reaches the backend in order, each signed.
        @Test func aSubscriptionsLifecyclePostsXsollasWebhooksInOrder() throws {
            let got = try Self.run("""
                select com.example.stardust.pass.weekly
                buy
                paystation card 4111111111111111
                advance 2s
                expect transaction last purchased finished
                expect notification xsolla create_subscription delivered
                advance 3m
                expect notification xsolla update_subscription delivered
                cancel-renewal
                expect notification xsolla non_renewal_subscription delivered
                advance 3m
                expect notification xsolla cancel_subscription delivered
                """, answers: [])
            try #require(got.status == 0, "\(got.transcript)")
            #expect(got.received.map { $0["type"] as? String } == [
                "payment", "create_subscription", "payment", "update_subscription", "non_renewal_subscription",
                "cancel_subscription",
            ], "\(got.received)")
            #expect(got.received.allSatisfy { $0["signed"] as? Bool == true }, "\(got.received)")
            let created = try #require(got.received[1]["body"] as? [String: Any])
            let subscription = try #require(created["subscription"] as? [String: Any])
            #expect(subscription["plan_id"] as? String == "com.example.stardust.pass.weekly")
            #expect(subscription["date_next_charge"] is String)
            let ended = try #require(got.received.last?["body"] as? [String: Any])
            #expect((ended["subscription"] as? [String: Any])?["date_end"] is String, "\(ended)")
        }

        @Test func webhookModeTheBackendRefusesThePlayerAndNothingIsCharged() throws {
            let got = try Self.run("""
                select com.example.stardust.gems_100
                buy
                expect notification xsolla user_validation answered 400 INVALID_USER
                expect screen contains "Payment is not available for this account"
                expect screen contains "INVALID_USER"
                expect transaction last failed finished
                expect balance gems 0
                key esc
                expect event paystation.userRefused
                """, answers: ["400:INVALID_USER"], webhookMode: true)
            try #require(got.status == 0, "\(got.transcript)")
            #expect(got.received.map { $0["type"] as? String } == ["user_validation"], "\(got.received)")
            #expect(got.received.first?["signed"] as? Bool == true)
        }

        @Test func webhookModeGrantsOnlyWhenTheBackendTakesAPaymentItFailedFirst() throws {
            let got = try Self.run("""
                select com.example.stardust.gems_100
                buy
                expect notification xsolla user_validation delivered
                paystation card 4111111111111111
                expect notification xsolla payment answered 500
                expect screen contains "status troubled"
                expect transaction last deferred unfinished
                expect balance gems 0
                key esc
                advance 5m
                expect notification xsolla payment delivered
                expect notification xsolla payment attempt 2
                expect transaction last purchased finished
                expect balance gems 100
                expect notification xsolla order_paid delivered
                """, answers: ["204", "500"], webhookMode: true)
            try #require(got.status == 0, "\(got.transcript)")
            #expect(got.received.map { $0["type"] as? String } == ["user_validation", "payment", "payment", "order_paid"],
                    "\(got.received)")
            #expect(got.received.map { $0["answered"] as? Int } == [204, 500, 204, 204], "\(got.received)")
            #expect(got.received.allSatisfy { $0["signed"] as? Bool == true }, "\(got.received)")
            // A retry is the same webhook again.
            #expect(NSDictionary(dictionary: got.received[1]["body"] as? [String: Any] ?? [:])
                    .isEqual(to: got.received[2]["body"] as? [String: Any] ?? ["": 0]))
        }

        /// A backend that hangs past the courier's 30 s, resets the connection, closes it before
        /// answering, then answers 500: each attempt is kept under its result and the webhook is
        /// sent again on Xsolla's schedule (5, 5, then 15 minutes on) until the fifth is taken.
        /// The receiver, the Server pane's details and `history --json` tell the same story.
        @Test func aBackendThatHangsResetsClosesAndFailsGetsThePaymentAgainUntilItTakesIt() throws {
            let got = try Self.run("""
                select com.example.stardust.gems_100
                buy
                paystation card 4111111111111111
                advance 2s
                expect transaction last purchased finished
                expect notification xsolla payment attempt 1
                advance 5m
                expect notification xsolla payment attempt 2
                advance 5m
                expect notification xsolla payment attempt 3
                advance 15m
                expect notification xsolla payment answered 500
                advance 15m
                expect notification xsolla payment delivered
                expect notification xsolla payment attempt 5
                expect notification xsolla order_paid delivered
                key tab tab tab tab
                expect screen contains "order_paid"
                expect screen contains "#5"
                """, answers: ["0", "reset", "close", "500"])
            try #require(got.status == 0, "\(got.transcript)")
            #expect(got.received.map { $0["type"] as? String } == ["payment", "payment", "payment", "payment", "payment", "order_paid"],
                    "\(got.received)")
            // Every resend is the same signed body again.
            #expect(got.received.allSatisfy { $0["signed"] as? Bool == true }, "\(got.received)")
            #expect(Set(got.received.prefix(5).compactMap { ($0["body"] as? [String: Any]).map { NSDictionary(dictionary: $0) } }).count == 1)
            let payment = try #require(got.kept.first { $0["type"] as? String == "payment" })
            let attempts = try #require(payment["attempts"] as? [[String: Any]])
            #expect(attempts.map { $0["result"] as? String } == ["TIMED_OUT", "SOCKET_ISSUE", "PREMATURE_CLOSE", "HTTP_500", "SUCCESS"],
                    "\(attempts)")
            #expect(attempts.map { $0["httpStatus"] as? Int } == [nil, nil, nil, 500, 204], "\(attempts)")
        }

        /// QA's `W` turns webhook mode on for a catalog that has it off: the next page asks the backend.
        @Test func theWKeyTurnsWebhookModeOn() throws {
            let got = try Self.run("""
                size 120x40
                key W
                expect screen contains "webhook mode is on"
                select com.example.stardust.gems_100
                buy
                expect notification xsolla user_validation delivered
                paystation card 4111111111111111
                expect notification xsolla payment delivered
                advance 2s
                expect transaction last purchased finished
                """, answers: [])
            try #require(got.status == 0, "\(got.transcript)")
            #expect(got.received.map { $0["type"] as? String } == ["user_validation", "payment", "order_paid"],
                    "\(got.received)")
        }

        /// A URL that is not http(s) is refused before the app starts, naming the option.
        @Test func aBadXsollaNotificationURLIsRefused() throws {
            let refused = try Finished.run(try BuiltBinary.path(), ["--xsolla-notifications", "mailto:backend"])
            #expect(refused.status == 64, "\(refused.standardError)")
            #expect(refused.standardError.contains("--xsolla-notifications: mailto:backend is not an http:// or https:// URL"),
                    "\(refused.standardError)")
        }
    }
}
