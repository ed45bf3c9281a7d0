import Foundation
import Testing
@testable import Scenarios

/// `notifications` and `expect notification`: every wrong line says what it takes, and an
/// expectation of a notification never posted says what was posted instead. (Notifications
/// posted and checked for real: AppStoreNotificationTests in EndToEndTests.)
@Suite("Scenarios: the stores' notifications")
struct NotificationScenarioTests {
    @Test("a wrong expect notification line says what it takes", arguments: [
        ("expect notification apple DID_RENEW", "expect notification apple TYPE [SUBTYPE] delivered|failed|pending"),
        ("expect notification play SUBSCRIPTION_RENEWED delivered", "expect notification takes apple"),
        ("expect notification apple did_renew delivered", "TYPE and SUBTYPE in Apple's capitals"),
        ("expect notification apple DID_RENEW attempt 0", "attempt takes a count from 1, not 0"),
        ("expect notification apple DID_RENEW answered 99", "answered takes an HTTP status (100 to 599), not 99"),
        ("expect notification apple A B C delivered", "expect notification apple TYPE [SUBTYPE]"),
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
                == .expect(.notification(.appStore, type: "REFUND", subtype: nil, outcome: .answered(500))))
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
