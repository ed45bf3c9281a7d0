import Catalog
import Foundation
import Ledger
import StoreEngine
import Testing

/// A rejected redirect is logged with its reason and the URL, but a URL anyone can paste into
/// `storefront open-url` may be a megabyte long: the event keeps one shortened copy (its first
/// 200 characters and its length), and the reason does not repeat the URL's parts in full.
@Suite("Store: a hostile redirect URL")
struct HostileRedirectTests {
    static let megabyte = String(repeating: "x", count: 1_000_000)

    enum Hostile: String, CaseIterable, Sendable {
        case notAURL, longScheme, longPath, longUser, longInvoice, longStatus

        func url(for session: PayStationSession) -> String {
            var url = RedirectURL(base: redirectBase, userId: "player-1", foreignInvoice: session.transactionId,
                                  invoiceId: session.invoiceId, status: .done)
            switch self {
            case .notAURL: return "%%" + HostileRedirectTests.megabyte
            case .longScheme: return "a" + HostileRedirectTests.megabyte + "://xsollaconfirm/payment"
            case .longPath: url.base = redirectBase + "/" + HostileRedirectTests.megabyte
            case .longUser: url.userId = HostileRedirectTests.megabyte
            case .longInvoice: url.invoiceId = HostileRedirectTests.megabyte
            case .longStatus:
                return url.text.replacingOccurrences(of: "status=done", with: "status=" + HostileRedirectTests.megabyte)
            }
            return url.text
        }
    }

    @Test(arguments: Hostile.allCases)
    func aMegabyteURLIsLoggedOnceShortened(_ hostile: Hostile) throws {
        try withStore { harness in
            let session = try harness.open(SKU.gems100)
            let url = hostile.url(for: session)
            let notice = try #require(try harness.store.open(url: url).notice)
            #expect(notice.tone == .error)
            let rejected = try #require(try harness.events(.redirectRejected).last)
            // Counts, not the texts: a failure must not print a megabyte.
            #expect(rejected.message.count <= 600, "the event row holds \(rejected.message.count) characters")
            let namesTheLength = rejected.message.contains("… (\(url.count) characters)")
            let keepsTheStart = rejected.message.contains(String(url.prefix(200)))
            #expect(namesTheLength && keepsTheStart, "the event: \(rejected.message.prefix(500))")
            #expect(notice.text.count <= 400, "the notice holds \(notice.text.count) characters")
        }
    }

    @Test func aShortURLIsLoggedWhole() throws {
        try withStore { harness in
            let session = try harness.open(SKU.gems100)
            let url = Hostile.longUser.url(for: session).replacingOccurrences(of: Self.megabyte, with: "player-2")
            _ = try harness.store.open(url: url)
            let rejected = try #require(try harness.events(.redirectRejected).last)
            #expect(rejected.message == "user_id player-2 is not the current user (player-1): \(url)")
        }
    }
}
