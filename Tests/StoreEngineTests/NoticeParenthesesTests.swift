import Catalog
import Foundation
import Testing
@testable import StoreEngine

/// Issue 15 item 15: no message nests parentheses. The bottom line read
/// `…(the signature does not verify (the signed transaction was altered)). Nothing was unl…`:
/// a reason in parentheses that had its own. Each message that wraps a reason or a state says
/// it after a colon or a comma instead.
@Suite("Messages never nest parentheses")
struct NoticeParenthesesTests {
    /// Whether an opening parenthesis comes while another is still open.
    static func nests(_ text: String) -> Bool {
        var depth = 0
        for character in text {
            if character == "(" { depth += 1 }
            if character == ")" { depth = max(0, depth - 1) }
            if depth > 1 { return true }
        }
        return false
    }

    @Test func theCheckSeesNesting() {
        #expect(Self.nests("failed (a (b)) c"))
        #expect(!Self.nests("purchase() threw (x). Refund (other) does not apply (y)"))
    }

    @Test func aTamperedPurchaseSaysWhyWithoutNesting() throws {
        try withStore { harness in
            let (_, report) = try harness.buyThroughStoreKit(SKU.gems100, pressing: .tamper)
            let notice = try #require(report.notice)
            #expect(notice.text == "The purchase failed verification: the signed transaction was altered, so its "
                    + "signature does not verify. Nothing was unlocked.")
            #expect(!Self.nests(notice.text), "\(notice.text)")
        }
    }

    /// A refund of a pending Ask to Buy: both the action's name and the state carry parentheses.
    @Test func anActionThatDoesNotApplyNamesTheStateWithoutNesting() throws {
        try withStore { harness in
            let (id, _) = try harness.buyThroughStoreKit(SKU.gems100, pressing: .askToBuy)
            let notice = try #require(try harness.store.act(.refund(.other), on: id).notice)
            #expect(notice.text == "Refund (other) does not apply to \(id), which is pending (Ask to Buy); nothing changed.")
            #expect(!Self.nests(notice.text), "\(notice.text)")
        }
    }

    /// A scheme too long to quote whole is shortened with its length in parentheses: never
    /// inside another pair.
    @Test func aRejectedSchemeNamesTheAppsWithoutNesting() throws {
        let long = String(repeating: "a", count: 200)
        let result = RedirectURL.parse("other://xsollaconfirm/payment", expectedBase: "\(long)://xsollaconfirm/payment")
        guard case .failure(let rejection) = result else {
            Issue.record("a foreign scheme was accepted")
            return
        }
        #expect(rejection.reason.hasPrefix("scheme other is not this app's, which is aaaa"))
        #expect(!Self.nests(rejection.reason), "\(rejection.reason)")
    }
}
