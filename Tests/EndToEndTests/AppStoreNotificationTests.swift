import Foundation
import Testing

extension EndToEnd {
    /// The App Store's test notifications, end to end: the running app (`--api`,
    /// `--apple-notifications`) posts each TEST notification to a receiver that reads it with
    /// Apple's `verify_and_decode_notification`; Apple's `AppStoreServerAPIClient` requests two,
    /// reads their status (the receiver answered the first 500: `UNSUCCESSFUL_HTTP_RESPONSE_CODE`,
    /// the second `SUCCESS`) and the notification history (all, only failures, by type), and gets
    /// Apple's errors for a malformed token, an unknown one and a history that ends before it
    /// starts. Then the app without a URL: Apple's 4040007.
    @Suite("App Store test notifications with Apple's library", .needsTmux)
    struct AppStoreNotifications {
        @Test func aTestNotificationReachesTheBackendVerifiedAndItsHistoryIsApples() throws {
            let directory = try TemporaryDirectory()
            defer { directory.remove() }
            let state = directory.path + "/state"
            let python = try BuiltBinary.libraryPython(for: "Apple's app-store-server-library")
            let keysFolder = directory.path + "/keys"
            let receiver = try NotificationReceiver(in: directory.path, state: state, keys: keysFolder, python: python, answers: [500])
            defer { receiver.stop() }
            let port = receiver.port

            let app = try TmuxSession(stateDirectory: state, arguments: [
                "--api", "127.0.0.1:0", "--apple-notifications", "http://127.0.0.1:\(port)/apple",
            ])
            defer { app.close() }
            let screen = try app.waitUntil("the app says where the API answers") { $0.bottomLine.contains("server APIs answer on") }
            let base = try #require(screen.bottomLine.firstMatch(of: #/http://127\.0\.0\.1:\d+/#).map { String($0.output) })
            let call = try Finished.run(python, [BuiltBinary.root + "/Tests/Support/call_test_notifications.py", base, keysFolder,
                                                 "com.example.stardust"])
            try #require(call.status == 0, "\(call.standardOutput)\(call.standardError)")
            let result = try #require(try JSONSerialization.jsonObject(with: Data(call.standardOutput.utf8)) as? [String: Any])

            let tests = try #require(result["tests"] as? [[String: Any]])
            #expect(tests.map { $0["type"] as? String } == ["TEST", "TEST"])
            #expect(tests.map { $0["attempts"] as? [String] } == [["UNSUCCESSFUL_HTTP_RESPONSE_CODE"], ["SUCCESS"]], "\(tests)")
            let uuids = tests.compactMap { $0["uuid"] as? String }
            #expect(Set(uuids).count == 2 && tests.allSatisfy { ($0["token"] as? String)?.hasPrefix(($0["uuid"] as? String) ?? "-") == true })
            // What the backend got is what the API says was sent: the same notifications, verified by Apple's library.
            let got = try receiver.received()
            #expect(got.map { $0["uuid"] as? String } == uuids, "\(got)")
            #expect(got.allSatisfy { $0["error"] == nil && $0["type"] as? String == "TEST" && $0["version"] as? String == "2.0"
                && $0["environment"] as? String == "Sandbox" && $0["path"] as? String == "/apple"
                && $0["contentType"] as? String == "application/json" }, "\(got)")
            #expect(got.map { $0["answered"] as? Int } == [500, 200])

            let history = try #require(result["history"] as? [[String: Any]])
            #expect(history.map { $0["uuid"] as? String } == uuids, "\(history)")
            #expect(history.map { $0["attempts"] as? [String] } == [["UNSUCCESSFUL_HTTP_RESPONSE_CODE"], ["SUCCESS"]])
            #expect(result["historyHasMore"] as? Bool == false)
            #expect(result["failures"] as? [String] == [uuids[0]])
            #expect(result["typed"] as? Int == 2)
            for (name, status, code) in [("malformedToken", 400, 4000020), ("unknownToken", 404, 4040008), ("backwards", 400, 4000013)] {
                let error = try #require(result[name] as? [String: Any], "\(name)")
                #expect(error["status"] as? Int == status && error["errorCode"] as? Int == code, "\(name): \(error)")
            }
            try app.waitUntil("the Events pane shows each delivery") { screen in
                let events = screen.pane("Events") ?? []
                return events.contains { $0.contains("notif.delivered") } && events.contains { $0.contains("notif.failed") }
            }
            try app.quit()

            // Without a URL, the App Store has nowhere to post: Apple's 4040007.
            let bare = try TmuxSession(stateDirectory: state, arguments: ["--api", "127.0.0.1:0"])
            defer { bare.close() }
            let bareScreen = try bare.waitUntil("the app says where the API answers") { $0.bottomLine.contains("server APIs answer on") }
            let bareBase = try #require(bareScreen.bottomLine.firstMatch(of: #/http://127\.0\.0\.1:\d+/#).map { String($0.output) })
            let refused = try Finished.run(python, ["-c", """
                import glob, os, sys
                from appstoreserverlibrary.api_client import APIException, AppStoreServerAPIClient
                from appstoreserverlibrary.models.Environment import Environment
                keys = sys.argv[2]
                read = lambda name: open(os.path.join(keys, name)).read().strip()
                key = open(glob.glob(os.path.join(keys, "SubscriptionKey_*.p8"))[0], "rb").read()
                client = AppStoreServerAPIClient(key, read("KEY_ID"), read("ISSUER_ID"), "com.example.stardust", Environment.SANDBOX)
                client._base_url = sys.argv[1]
                try:
                    client.request_test_notification()
                    print("no error")
                except APIException as error:
                    print(error.http_status_code, error.raw_api_error)
                """, bareBase, keysFolder])
            #expect(refused.standardOutput.trimmingCharacters(in: .whitespacesAndNewlines) == "404 4040007",
                    "\(refused.standardOutput)\(refused.standardError)")
            try bare.quit()
        }

        /// A URL that is not http(s) is refused before the app starts, naming the option.
        @Test func aBadNotificationURLIsRefused() throws {
            let refused = try Finished.run(try BuiltBinary.path(), ["--apple-notifications", "ftp://example.com/x"])
            #expect(refused.status == 64, "\(refused.standardError)")
            #expect(refused.standardError.contains("--apple-notifications: ftp://example.com/x is not an http:// or https:// URL"),
                    "\(refused.standardError)")
        }
    }
}

extension EndToEnd.AppStoreNotifications {
    /// A scenario's purchases post what Apple posts for them, in order, each verified with
    /// Apple's library down to its transaction and renewal info: `SUBSCRIBED` · `INITIAL_BUY`,
    /// `DID_RENEW`, `ONE_TIME_CHARGE`, `REFUND` (its transaction revoked).
    @Test func aScenariosLifecyclePostsApplesNotificationsInOrder() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let state = directory.path + "/state"
        let binary = try BuiltBinary.path()
        let (got, url) = try Self.received(running: "storekit-server-api.scenario", in: directory, state: state) { source, url in
            source.replacingOccurrences(of: "catalog ../../catalog.json", with: "catalog \(BuiltBinary.catalog)\n"
                                        + "notifications apple \(url)")
                .appending("""

                    expect notification apple SUBSCRIBED INITIAL_BUY delivered
                    expect notification apple DID_RENEW attempt 1
                    expect notification apple REFUND answered 200

                    """)
        }
        #expect(got.allSatisfy { $0["error"] == nil }, "\(got)")
        let kinds = got.map { [$0["type"] as? String, $0["subtype"] as? String].compactMap { $0 }.joined(separator: " ") }
        #expect(kinds == ["SUBSCRIBED INITIAL_BUY", "DID_RENEW", "ONE_TIME_CHARGE", "REFUND"], "\(got)")
        #expect(got.prefix(2).allSatisfy { $0["status"] as? Int == 1 && $0["autoRenewStatus"] as? Int == 1 }, "\(got)")
        #expect(got.map { $0["productId"] as? String } == ["com.example.stardust.pass.weekly", "com.example.stardust.pass.weekly",
                                                            "com.example.stardust.gems_100", "com.example.stardust.gems_100"])
        #expect(got.last?["revoked"] as? Bool == true && got.dropLast().allSatisfy { $0["revoked"] as? Bool == false })
        #expect(Set(got.compactMap { $0["uuid"] as? String }).count == 4)

        // `history` tells the same: each notification, where it went and how its attempt went.
        let history = try Finished.run(binary, ["history", "--json", "--state-dir", state])
        let document = try #require(try JSONSerialization.jsonObject(with: Data(history.standardOutput.utf8)) as? [String: Any])
        let kept = try #require(document["notifications"] as? [[String: Any]])
        #expect(kept.map { $0["notificationUUID"] as? String } == got.map { $0["uuid"] as? String }, "\(kept)")
        #expect(kept.allSatisfy { ($0["attempts"] as? [[String: Any]])?.map { $0["result"] as? String } == ["SUCCESS"]
            && $0["deliveredAt"] != nil && $0["store"] as? String == "appStore" }, "\(kept)")
        let text = try Finished.run(binary, ["history", "--state-dir", state])
        #expect(text.standardOutput.contains("appStore SUBSCRIBED INITIAL_BUY to \(url): delivered (SUCCESS)"),
                "\(text.standardOutput)")
    }
}

extension EndToEnd.AppStoreNotifications {
    /// The refund sheet's notifications, read by Apple's library: a consumable's
    /// `CONSUMPTION_REQUEST` with the player's reason, `REFUND_DECLINED`, then for a second
    /// purchase `REFUND` and `REFUND_REVERSED`, its transaction no longer revoked.
    @Test func aRefundRequestsNotificationsAreApples() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let state = directory.path + "/state"
        let python = try BuiltBinary.libraryPython(for: "Apple's app-store-server-library")
        let receiver = try NotificationReceiver(in: directory.path, state: state, keys: directory.path + "/keys", python: python)
        defer { receiver.stop() }
        let source = try String(contentsOfFile: BuiltBinary.root + "/Tests/Scenarios/storekit-refund-request.scenario", encoding: .utf8)
        let scenario = directory.path + "/refund.scenario"
        try source.replacingOccurrences(of: "catalog ../../catalog.json", with: "catalog \(BuiltBinary.catalog)")
            .replacingOccurrences(of: "http://127.0.0.1:9/apple", with: "http://127.0.0.1:\(receiver.port)/apple")
            .replacingOccurrences(of: " failed\n", with: " delivered\n")
            .write(toFile: scenario, atomically: true, encoding: .utf8)
        let run = try Finished.run(try BuiltBinary.path(), ["scenario", scenario, "--state-dir", state, "--quiet"])
        try #require(run.status == 0, "\(run.standardOutput)\(run.standardError)")

        let got = try receiver.received()
        #expect(got.allSatisfy { $0["error"] == nil }, "\(got)")
        let kinds = got.compactMap { $0["type"] as? String }.filter { $0 != "ONE_TIME_CHARGE" }
        #expect(kinds == ["CONSUMPTION_REQUEST", "REFUND_DECLINED", "CONSUMPTION_REQUEST", "REFUND", "REFUND_REVERSED"], "\(got)")
        let requests = got.filter { $0["type"] as? String == "CONSUMPTION_REQUEST" }
        #expect(requests.map { $0["consumptionRequestReason"] as? String } == ["FULFILLMENT_ISSUE", "UNSATISFIED_WITH_PURCHASE"],
                "\(requests)")
        let revoked = Dictionary(got.map { ($0["type"] as? String ?? "", $0["revoked"] as? Bool) }, uniquingKeysWith: { $1 })
        #expect(revoked["REFUND"] == true && revoked["REFUND_REVERSED"] == false && revoked["REFUND_DECLINED"] == false)
    }

    /// Family Sharing's notifications (Tests/Scenarios/storekit-family-sharing.scenario, posting
    /// to a backend): each member's sale, renewal and REVOKE beside the purchaser's, every one
    /// verified with Apple's library, its transaction the member's own, `FAMILY_SHARED`.
    @Test func aFamilysNotificationsAreApples() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let (got, _) = try Self.received(running: "storekit-family-sharing.scenario", in: directory, state: directory.path + "/state") {
            source, url in
            source.replacingOccurrences(of: "catalog ../../catalog.json", with: "catalog \(BuiltBinary.catalog)")
                .replacingOccurrences(of: "http://127.0.0.1:9/apple", with: url)
                .replacingOccurrences(of: " failed\n", with: " delivered\n")
        }
        #expect(got.allSatisfy { $0["error"] == nil }, "\(got)")
        let posted = got.map { notification in
            [notification["type"] as? String, notification["subtype"] as? String, notification["ownership"] as? String,
             notification["revoked"] as? Bool == true ? "revoked" : nil].compactMap { $0 }.joined(separator: " ")
        }
        #expect(posted.sorted() == [
            "DID_RENEW FAMILY_SHARED", "DID_RENEW PURCHASED", "ONE_TIME_CHARGE FAMILY_SHARED", "ONE_TIME_CHARGE PURCHASED",
            "REFUND PURCHASED revoked", "REVOKE FAMILY_SHARED revoked", "REVOKE FAMILY_SHARED revoked",
            "SUBSCRIBED INITIAL_BUY FAMILY_SHARED", "SUBSCRIBED INITIAL_BUY PURCHASED",
        ], "\(got)")
        // Each member's notification names the member's transaction, never the purchaser's.
        let purchasers = Set(got.filter { $0["ownership"] as? String == "PURCHASED" }.compactMap { $0["transactionId"] as? String })
        let members = Set(got.filter { $0["ownership"] as? String == "FAMILY_SHARED" }.compactMap { $0["transactionId"] as? String })
        #expect(!members.isEmpty && purchasers.isDisjoint(with: members), "\(got)")
    }
}

extension EndToEnd.AppStoreNotifications {
    /// Runs Tests/Scenarios/`file`, as `edit` has it given the receiver's URL, on `state`, its
    /// App Store notifications posted to a receiver reading them with Apple's library: what the
    /// receiver got, in order, and its URL.
    static func received(running file: String, in directory: TemporaryDirectory, state: String,
                         edit: (_ source: String, _ url: String) -> String) throws -> (got: [[String: Any]], url: String) {
        let python = try BuiltBinary.libraryPython(for: "Apple's app-store-server-library")
        let receiver = try NotificationReceiver(in: directory.path, state: state, keys: directory.path + "/keys", python: python)
        defer { receiver.stop() }
        let source = try String(contentsOfFile: BuiltBinary.root + "/Tests/Scenarios/" + file, encoding: .utf8)
        let scenario = directory.path + "/" + file
        let url = "http://127.0.0.1:\(receiver.port)/apple"
        try edit(source, url).write(toFile: scenario, atomically: true, encoding: .utf8)
        let run = try Finished.run(try BuiltBinary.path(), ["scenario", scenario, "--state-dir", state, "--quiet"])
        try #require(run.status == 0, "\(run.standardOutput)\(run.standardError)")
        return (try receiver.received(), url)
    }
}

/// A team's backend for the tests: `storefront keys` for the state directory (a fresh one,
/// given the keys made once: SharedKeys), then
/// `Tests/Support/receive_notifications.py` listening on a port the system picks, reading each
/// notification with Apple's library and answering `answers` in turn (then 200); or another
/// receiver script (`script:`) that writes one JSON line a request the same way.
struct NotificationReceiver {
    let process: Process
    let port: String
    private let log: String

    init(in directory: String, state: String, keys: String, python: String, answers: [Int] = []) throws {
        try SharedKeys.copy(into: state)
        let made = try Finished.run(try BuiltBinary.path(), ["keys", "--out", keys, "--state-dir", state, "--catalog", BuiltBinary.catalog])
        try #require(made.status == 0, "\(made.standardError)")
        try self.init(script: "receive_notifications.py", in: directory, python: python,
                      arguments: [keys + "/storefront-root.cer", "com.example.stardust"] + answers.map(String.init))
    }

    /// `Tests/Support/<script> PORT_FILE OUT_FILE arguments…`, once it listens.
    init(script: String, in directory: String, python: String, arguments: [String]) throws {
        log = directory + "/received.jsonl"
        let portFile = directory + "/port"
        process = Process()
        process.executableURL = URL(fileURLWithPath: python)
        process.arguments = [BuiltBinary.root + "/Tests/Support/" + script, portFile, log] + arguments
        try process.run()
        while !FileManager.default.fileExists(atPath: portFile) {
            try #require(process.isRunning, "the receiver stopped before it listened")
            Thread.sleep(forTimeInterval: 0.05)
        }
        port = try String(contentsOfFile: portFile, encoding: .utf8)
    }

    /// What it received, one object a request, in order.
    func received() throws -> [[String: Any]] {
        try String(contentsOfFile: log, encoding: .utf8).split(separator: "\n")
            .compactMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
    }

    /// SIGKILL: the test process may hold SIGTERM blocked, and a child inherits that mask.
    func stop() {
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
    }
}

extension EndToEnd.AppStoreNotifications {
    /// Killed while its notification is being posted (the backend has not answered): the
    /// relaunch posts it again, the same `notificationUUID`, and keeps the answer.
    @Test func aNotificationUnansweredWhenTheAppIsKilledGoesAgainAtTheNextLaunch() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let state = directory.path + "/state"
        let python = try BuiltBinary.libraryPython(for: "Apple's app-store-server-library")
        let keysFolder = directory.path + "/keys"
        // The first post hangs; the next is answered 200.
        let receiver = try NotificationReceiver(in: directory.path, state: state, keys: keysFolder, python: python, answers: [0])
        defer { receiver.stop() }
        let arguments = ["--api", "127.0.0.1:0", "--apple-notifications", "http://127.0.0.1:\(receiver.port)/apple"]
        let app = try TmuxSession(stateDirectory: state, arguments: arguments)
        defer { app.close() }
        let screen = try app.waitUntil("the app says where the API answers") { $0.bottomLine.contains("server APIs answer on") }
        let base = try #require(screen.bottomLine.firstMatch(of: #/http://127\.0\.0\.1:\d+/#).map { String($0.output) })
        let asked = try Finished.run(python, ["-c", """
            import glob, os, sys
            from appstoreserverlibrary.api_client import AppStoreServerAPIClient
            from appstoreserverlibrary.models.Environment import Environment
            keys = sys.argv[2]
            read = lambda name: open(os.path.join(keys, name)).read().strip()
            key = open(glob.glob(os.path.join(keys, "SubscriptionKey_*.p8"))[0], "rb").read()
            client = AppStoreServerAPIClient(key, read("KEY_ID"), read("ISSUER_ID"), "com.example.stardust", Environment.SANDBOX)
            client._base_url = sys.argv[1]
            print(client.request_test_notification().testNotificationToken)
            """, base, keysFolder])
        try #require(asked.status == 0, "\(asked.standardOutput)\(asked.standardError)")
        // Posted and not answered: the receiver has it, the ledger has no attempt.
        while try receiver.received().isEmpty { Thread.sleep(forTimeInterval: 0.05) }
        #expect(kill(try app.appProcess(), SIGKILL) == 0)
        try app.waitUntil("the app is gone") { $0.joined().contains("EXIT=137") }
        app.close()

        let relaunched = try TmuxSession(stateDirectory: state, arguments: arguments)
        defer { relaunched.close() }
        try relaunched.waitUntil("the notification goes again and is delivered") { screen in
            (screen.pane("Events") ?? []).contains { $0.contains("notif.delivered") }
        }
        try relaunched.quit()
        let got = try receiver.received()
        #expect(got.count == 2 && got.map { $0["answered"] as? Int } == [0, 200], "\(got)")
        #expect(got.first?["uuid"] as? String == got.last?["uuid"] as? String)
        let history = try Finished.run(try BuiltBinary.path(), ["history", "--json", "--state-dir", state])
        let document = try #require(try JSONSerialization.jsonObject(with: Data(history.standardOutput.utf8)) as? [String: Any])
        let kept = try #require(document["notifications"] as? [[String: Any]])
        #expect(kept.count == 1 && kept.first?["notificationUUID"] as? String == got.first?["uuid"] as? String)
        #expect((kept.first?["attempts"] as? [[String: Any]])?.map { $0["result"] as? String } == ["SUCCESS"], "\(kept)")
    }
}
