import Foundation
import Testing
@testable import Scenarios

/// `notifications` and `expect notification`: every wrong line says what it takes, and an
/// expectation of a notification never posted says what was posted instead. (Notifications
/// posted and checked for real: AppStoreNotificationTests in EndToEndTests.)
@Suite("Scenarios: the stores' notifications")
struct NotificationScenarioTests {
    @Test("a wrong expect notification line says what it takes", arguments: [
        ("expect notification apple DID_RENEW", "expect notification apple|play|xsolla TYPE [SUBTYPE] delivered|failed|pending"),
        ("expect notification amazon SUBSCRIPTION_RENEWED delivered", "expect notification takes apple, play or xsolla, not amazon"),
        ("expect notification apple did_renew delivered", "TYPE and SUBTYPE in the store's capitals"),
        ("expect notification xsolla ORDER_PAID delivered", "TYPE in Xsolla's words, as order_paid"),
        ("expect notification play SUBSCRIPTION_RENEWED BILLING delivered", "expect notification apple|play|xsolla TYPE"),
        ("webhook-mode maybe", "webhook-mode takes on or off, not maybe"),
        ("notifications amazon http://127.0.0.1:9/", "notifications takes apple (the App Store's), play (Google Play's) or xsolla"),
        ("notifications xsolla http://127.0.0.1:9/ production", "after notifications xsolla URL comes nothing"),
        ("notifications play http://127.0.0.1:9/ audience", "after notifications play URL comes audience AUDIENCE (the push subscription's) or nothing, not audience"),
        ("notifications play http://127.0.0.1:9/ aud https://b", "after notifications play URL comes audience AUDIENCE (the push subscription's) or nothing, not aud https://b"),
        ("notifications play http://127.0.0.1:9/ audience a b", "notifications takes a store and a URL"),
        ("notifications play off audience a", "notifications play off takes nothing after off"),
        ("notifications apple http://127.0.0.1:9/ audience a", "after notifications apple URL comes production (production's retries) or nothing"),
        ("notifications xsolla http://127.0.0.1:9/ audience a", "after notifications xsolla URL comes nothing"),
        ("expect notification apple DID_RENEW attempt 0", "attempt takes a count from 1, not 0"),
        ("expect notification apple DID_RENEW answered 99", "answered takes an HTTP status (100 to 599), not 99"),
        ("expect notification apple A B C delivered", "expect notification apple|play|xsolla TYPE [SUBTYPE]"),
    ])
    func wrongLines(line: String, message: String) throws {
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        let file = try scratch.write("n.scenario", "size 80x24\n\(line)\n")
        let error = try #require(ScenarioRunner.run(file, options: try options(in: scratch)).scriptError)
        #expect(error.line == 2)
        #expect(error.message.contains(message), "\(error.message)")
    }

    @Test func theExpectationsParse() throws {
        #expect(try command("expect notification apple DID_RENEW delivered")
                == .expect(.notification(.appStore, type: "DID_RENEW", subtype: nil, outcome: .delivered)))
        #expect(try command("expect notification apple SUBSCRIBED INITIAL_BUY attempt 2")
                == .expect(.notification(.appStore, type: "SUBSCRIBED", subtype: "INITIAL_BUY", outcome: .attempts(2))))
        #expect(try command("expect notification apple REFUND answered 500")
                == .expect(.notification(.appStore, type: "REFUND", subtype: nil, outcome: .answered(500, code: nil))))
        #expect(try command("expect notification xsolla user_validation answered 400 INVALID_USER")
                == .expect(.notification(.xsolla, type: "user_validation", subtype: nil,
                                         outcome: .answered(400, code: "INVALID_USER"))))
        #expect(try command("expect notification play SUBSCRIPTION_RENEWED attempt 2")
                == .expect(.notification(.googlePlay, type: "SUBSCRIPTION_RENEWED", subtype: nil, outcome: .attempts(2))))
        #expect(try command("webhook-mode on") == .webhookMode(true))
        #expect(try command("notifications play http://127.0.0.1:9/p audience https://backend.example/play")
                == .notifications(.googlePlay, url: "http://127.0.0.1:9/p", productionRetries: false, audience: "https://backend.example/play"))
        #expect(try command("notifications xsolla http://127.0.0.1:9/x")
                == .notifications(.xsolla, url: "http://127.0.0.1:9/x", productionRetries: false))
        #expect(try command("expect notification apple TEST failed")
                == .expect(.notification(.appStore, type: "TEST", subtype: nil, outcome: .failed)))
    }

    /// With no URL set nothing is posted, and the expectation says so.
    @Test func aNotificationNeverPostedFailsSayingSo() throws {
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        let file = try scratch.write("n.scenario", "size 80x24\nexpect notification apple DID_RENEW delivered\n")
        let result = ScenarioRunner.run(file, options: try options(in: scratch))
        guard case .failed(let failure) = result.outcome else {
            Issue.record("the expectation should fail: \(result.summary)")
            return
        }
        #expect(failure.expected == "DID_RENEW delivered, posted by the App Store", "\(failure.expected)")
        #expect(failure.actual == "none posted (is its URL set?)", "\(failure.actual)")
    }
}
