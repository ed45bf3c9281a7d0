import Catalog
import Foundation
import Program
import StoreEngine
import TerminalUI
import TestFixtures
import Testing

/// Issue 7 item 6: what a pane cuts can be read in full. Enter on a focused Transactions,
/// Events or Entitlements row opens an overlay with every field whole, scrolled with ↑↓ when
/// it is taller than the screen; nothing inside the overlay is cut with "…".
@Suite("Pane rows in full")
struct RowDetailsTests {
    /// A rejected redirect of 1,000 characters: a URL with no spaces, then words.
    static let longMessage: String = {
        let url = "com.example.stardust://xsollaconfirm/payment?user_id=player-1&foreignInvoice=100000042&invoice_id=100000042&status=done&extra="
        let words = " rejected: the invoice was not opened for this user; nothing changed."
        let filler = String((0..<(1_000 - url.count - words.count)).map { Character(UnicodeScalar(UInt8(97 + $0 % 26))) })
        return url + filler + words
    }()

    static let expiry = ISO8601DateFormatter().date(from: "2026-02-28T09:30:00Z")!

    static let snapshot: StoreSnapshot = {
        let transaction = TransactionSummary(
            id: "txn-000042", productId: "com.example.stardust.pass.monthly", userId: "player-with-a-rather-long-identifier-0042",
            storefront: "DEU", path: .paystation, state: .failed, failure: .other("the bank timed out while confirming 3-D Secure"),
            price: "5.49", currency: "EUR", pathReference: "100000042", variationId: "main.B", createdAt: fixedNow, updatedAt: fixedNow,
            finishedAt: fixedNow, offerType: "introductory")
        let events = [
            EventSummary(id: 2, time: fixedNow, kind: .purchased, transactionId: "txn-000042", message: "short"),
            EventSummary(id: 1, time: fixedNow, kind: .redirectRejected, transactionId: nil, message: longMessage),
        ]
        let premium = Entitlement(id: "premium", kind: .accessLevel, productId: "com.example.stardust.pass.monthly",
                                  expiresAt: expiry, isActive: true)
        return StoreSnapshot(transactions: [transaction], transactionCount: 1, balances: ["gems": 1_200], entitlements: [premium],
                             events: events)
    }()

    private func app(_ size: ScreenSize) -> App {
        var app = makeApp(width: size.width, height: size.height)
        app.receive(report(Self.snapshot))
        return app
    }

    /// Every line of the open overlay, scrolling it from top to bottom with Down; each line
    /// kept once, by its place in the whole text.
    private func readAll(_ app: inout App, title: String) throws -> [String] {
        var lines: [Int: String] = [:]
        var last = -1
        while true {
            let frame = app.view()
            let box = try #require(frame.box(titled: title), "\(frame.text)")
            let scroll = try #require(app.overlay?.scroll)
            let inside = frame.inside(box)
            for (row, line) in inside.dropLast().enumerated() { lines[scroll + row] = line }  // the last is the footer
            #expect(!inside.contains { $0.contains("…") }, "cut inside the overlay:\n\(inside.joined(separator: "\n"))")
            if scroll == last { break }
            last = scroll
            app.receive(.key(.down))
        }
        return lines.keys.sorted().compactMap { lines[$0] }
    }

    private func squeezed(_ text: String) -> String { text.filter { !$0.isWhitespace } }

    @Test("A transaction's every field", arguments: [ScreenSize(width: 60, height: 18), ScreenSize(width: 120, height: 40)])
    func transaction(size: ScreenSize) throws {
        var app = app(size)
        app.receive(.key(.tab))
        #expect(app.focus == .transactions)
        #expect(app.update(.key(.enter)).isEmpty)
        let text = squeezed(try readAll(&app, title: "Transaction txn-000042").joined())
        for value in ["txn-000042", "com.example.stardust.pass.monthly", "player-with-a-rather-long-identifier-0042", "DEU",
                      "Pay Station", "failed", "no charge", "5.49 EUR", "the bank timed out while confirming 3-D Secure",
                      "introductory", "100000042", "main.B", "2026-11-18T11:06:40Z"] {
            #expect(text.contains(squeezed(value)), "\(value) is missing")
        }
        app.receive(.key(.escape))
        #expect(app.overlay == nil)
    }

    @Test("A 1,000-character event, read by scrolling",
          arguments: [ScreenSize(width: 60, height: 18), ScreenSize(width: 80, height: 24), ScreenSize(width: 120, height: 40)])
    func longEvent(size: ScreenSize) throws {
        #expect(Self.longMessage.count == 1_000)
        var app = app(size)
        app.receive(.key(.tab), .key(.tab), .key(.tab))
        #expect(app.focus == .events)
        app.receive(.key(.down), .key(.enter))
        let frame = app.view()
        let box = try #require(frame.box(titled: "Event 1"), "\(frame.text)")
        // At 60x18 it takes scrolling, and the footer says so; larger screens hold it whole.
        let scrolls = size.height < 24
        #expect(frame.inside(box).last?.contains("▼") == scrolls, "the footer says what is below")
        let lines = try readAll(&app, title: "Event 1")
        #expect(squeezed(lines.joined()).contains(squeezed(Self.longMessage)))
        #expect(lines.joined().contains("redirect"))  // the kind
        #expect(((app.overlay?.scroll ?? 0) > 0) == scrolls)
    }

    @Test func entitlementAndBalance() throws {
        var app = app(ScreenSize(width: 80, height: 24))
        app.receive(.key(.tab), .key(.tab))
        #expect(app.focus == .entitlements)
        app.receive(.key(.enter))
        let balance = squeezed(try readAll(&app, title: "Balance").joined())
        #expect(balance.contains("gems") && balance.contains("1200"))
        app.receive(.key(.escape), .key(.down), .key(.enter))
        let premium = squeezed(try readAll(&app, title: "Entitlement premium").joined())
        // The app's clock stands at fixedNow (2026-11-18 11:06:40): the expiry was 263 days before.
        for value in ["premium", "accessLevel", "yes", "com.example.stardust.pass.monthly", "2026-02-28T09:30:00Z",
                      "(263 days ago)"] {
            #expect(premium.contains(squeezed(value)), "\(value) is missing")
        }
    }

    @Test func relativeTimesSayTheLargestUnit() {
        #expect(App.relative(fixedNow.addingTimeInterval(4 * 60 + 20), from: fixedNow) == "in 4 min")
        #expect(App.relative(fixedNow.addingTimeInterval(59), from: fixedNow) == "in 59 s")
        #expect(App.relative(fixedNow.addingTimeInterval(-3 * 3600), from: fixedNow) == "3 h ago")
        #expect(App.relative(fixedNow.addingTimeInterval(30 * 86_400), from: fixedNow) == "in 30 days")
    }

    /// The row Enter opens is the one highlighted, and a pane with no rows opens nothing.
    @Test func enterOnAnEmptyPaneOpensNothing() {
        var app = makeApp()
        app.receive(.key(.tab), .key(.enter))
        #expect(app.overlay == nil)
    }

    @Test("The Entitlements pane fits its rows", arguments: [ScreenSize(width: 120, height: 40), ScreenSize(width: 160, height: 50)])
    func entitlementsPaneWidth(size: ScreenSize) {
        let app = app(size)
        let pane = app.view().rows(in: app.layout.entitlements)
        #expect(pane.contains { $0.contains("premium active to 2026-02-28") }, "\(pane.joined(separator: "\n"))")
        #expect(!pane.contains { $0.contains("…") })
    }

    /// "✓ 39.99 U…" was cut at 120x40: the charge of a yearly pass is whole.
    @Test func theTransactionsPaneShowsTheChargeWhole() {
        var app = makeApp(width: 120, height: 40)
        let yearly = TransactionSummary(id: "txn-000001", productId: SKU.yearlyPass, userId: "u", storefront: "USA", path: .paystation,
                                        state: .purchased, price: "39.99", currency: "USD", createdAt: fixedNow, updatedAt: fixedNow,
                                        finishedAt: fixedNow)
        app.receive(report(StoreSnapshot(transactions: [yearly], transactionCount: 1)))
        let pane = app.view().rows(in: app.layout.transactions)
        #expect(pane.contains { $0.contains("purchased  ✓ $39.99") }, "\(pane.joined(separator: "\n"))")
        #expect(!pane.contains { $0.contains("…") })
    }
}
