import Catalog
import Foundation
import StoreEngine
import Testing

@Suite("Redirect URL")
struct RedirectURLTests {
    static let base = "com.example.stardust://xsollaconfirm/payment"

    static func sample(_ status: RedirectURL.Status = .done, userId: String = "player-1") -> RedirectURL {
        RedirectURL(base: base, userId: userId, foreignInvoice: "txn-000001", invoiceId: "100000001", status: status)
    }

    @Test func textHasTheDocumentedShape() {
        #expect(Self.sample().text
            == "com.example.stardust://xsollaconfirm/payment?user_id=player-1&foreignInvoice=txn-000001&invoice_id=100000001&status=done")
    }

    @Test(arguments: [RedirectURL.Status.done, .troubled, .canceled], ["player-1", "a user & co=1+2", "ユーザー"])
    func textRoundTripsThroughParse(_ status: RedirectURL.Status, _ userId: String) throws {
        let url = Self.sample(status, userId: userId)
        let parsed = try RedirectURL.parse(url.text, expectedBase: Self.base).get()
        #expect(parsed == url)
    }

    @Test func theSchemeIsComparedWithoutCase() throws {
        let text = Self.sample().text.replacingOccurrences(of: "com.example.stardust", with: "COM.Example.Stardust")
        #expect(try RedirectURL.parse(text, expectedBase: Self.base).get() == Self.sample())
    }

    @Test(arguments: [
        // Another app's scheme.
        "com.example.other://xsollaconfirm/payment?user_id=player-1&foreignInvoice=txn-000001&invoice_id=100000001&status=done",
        "https://xsollaconfirm/payment?user_id=player-1&foreignInvoice=txn-000001&invoice_id=100000001&status=done",
        // Another host or path.
        "com.example.stardust://xsollaconfirm/refund?user_id=player-1&foreignInvoice=txn-000001&invoice_id=100000001&status=done",
        "com.example.stardust://elsewhere/payment?user_id=player-1&foreignInvoice=txn-000001&invoice_id=100000001&status=done",
        "com.example.stardust://xsollaconfirm/payment/extra?user_id=player-1&foreignInvoice=txn-000001&invoice_id=100000001&status=done",
        // Missing parameters.
        "com.example.stardust://xsollaconfirm/payment?user_id=player-1&foreignInvoice=txn-000001&status=done",
        "com.example.stardust://xsollaconfirm/payment?foreignInvoice=txn-000001&invoice_id=100000001&status=done",
        "com.example.stardust://xsollaconfirm/payment?user_id=player-1&invoice_id=100000001&status=done",
        "com.example.stardust://xsollaconfirm/payment",
        // Unknown or missing status.
        "com.example.stardust://xsollaconfirm/payment?user_id=player-1&foreignInvoice=txn-000001&invoice_id=100000001&status=pending",
        "com.example.stardust://xsollaconfirm/payment?user_id=player-1&foreignInvoice=txn-000001&invoice_id=100000001&status=DONE",
        "com.example.stardust://xsollaconfirm/payment?user_id=player-1&foreignInvoice=txn-000001&invoice_id=100000001",
        // Not a URL the app can read at all.
        "",
        "not a url",
    ])
    func foreignURLsAreRejectedWithAReason(_ text: String) {
        switch RedirectURL.parse(text, expectedBase: Self.base) {
        case .success(let redirect):
            Issue.record("accepted \(redirect)")
        case .failure(let rejection):
            #expect(!rejection.reason.isEmpty)
        }
    }

    @Test func rejectionsNameWhatIsWrong() throws {
        func reason(_ text: String) -> String {
            if case .failure(let rejection) = RedirectURL.parse(text, expectedBase: Self.base) { return rejection.reason }
            return "(accepted)"
        }
        let good = Self.sample().text
        #expect(reason(good.replacingOccurrences(of: "com.example.stardust:", with: "evil:")).contains("scheme"))
        #expect(reason(good.replacingOccurrences(of: "/payment", with: "/other")).contains("path"))
        #expect(reason(good.replacingOccurrences(of: "&invoice_id=100000001", with: "")).contains("invoice_id"))
        #expect(reason(good.replacingOccurrences(of: "status=done", with: "status=paid")).contains("unknown status paid"))
        // A URL with a space has a scheme: the reason names the space and its escape (issue 33 item 16).
        #expect(reason("com.example.stardust://x y/payment")
            == "not a URL: a space (at character 25) is not allowed in a URL; encode it as %20")
        #expect(reason("not a url") == "not a URL: it has no scheme (such as com.example.stardust://)")
    }

    /// First-wins would let `status=done&status=troubled` be read one way here and another way
    /// anywhere else: a parameter given twice refuses the whole URL.
    @Test(arguments: ["user_id=player-1", "foreignInvoice=txn-000001", "invoice_id=100000001", "status=troubled"])
    func aParameterGivenTwiceIsRefused(_ again: String) throws {
        let text = Self.sample().text + "&" + again
        guard case .failure(let rejection) = RedirectURL.parse(text, expectedBase: Self.base) else {
            Issue.record("accepted \(text)")
            return
        }
        let name = String(again.prefix { $0 != "=" })
        #expect(rejection.reason == "\(name) is given twice")
    }

    @Test func anUnknownParameterIsStillAllowed() throws {
        #expect(try RedirectURL.parse(Self.sample().text + "&utm_source=mail", expectedBase: Self.base).get() == Self.sample())
    }

    struct PolicyCase: Sendable, CustomTestStringConvertible {
        var condition: RedirectPolicy.Condition
        var status: RedirectURL.Status
        var sent: Bool
        var testDescription: String { "\(condition.rawValue) × \(status.rawValue) → \(sent ? "sent" : "not sent")" }

        init(_ condition: RedirectPolicy.Condition, _ status: RedirectURL.Status, _ sent: Bool) {
            self.condition = condition
            self.status = status
            self.sent = sent
        }
    }

    static let matrix: [PolicyCase] = [
        PolicyCase(.none, .done, false), PolicyCase(.none, .troubled, false), PolicyCase(.none, .canceled, false),
        PolicyCase(.successful, .done, true), PolicyCase(.successful, .troubled, false),
        PolicyCase(.successful, .canceled, false),
        PolicyCase(.successfulOrCanceled, .done, true), PolicyCase(.successfulOrCanceled, .troubled, false),
        PolicyCase(.successfulOrCanceled, .canceled, true),
        PolicyCase(.any, .done, true), PolicyCase(.any, .troubled, true), PolicyCase(.any, .canceled, true),
    ]

    @Test(arguments: RedirectURLTests.matrix)
    func thePolicyDecidesWhichOutcomesAreSentBack(_ policyCase: PolicyCase) {
        #expect(RedirectURL.isSent(for: policyCase.status, by: policyCase.condition) == policyCase.sent)
    }

    @Test func theMatrixCoversEveryConditionAndStatus() {
        let pairs = Set(Self.matrix.map { "\($0.condition.rawValue)/\($0.status.rawValue)" })
        #expect(pairs.count == 12)
        #expect(RedirectPolicy.Condition.allCases.count == 4)
    }
}
