import Catalog
import Foundation
import Program
import StoreEngine
import TerminalUI
import TestFixtures
import Testing

/// Issue 7 item 2, on screen: after a report in which the player owns Remove Ads and a plan is
/// running, the paywall says so where the price was, in the storefront's language, in every
/// form a product takes: a card, a list entry, the hero box and a row.
@Suite("Paywall: owned and current plans")
struct PaywallOwnershipTests {
    static let removeAds = "com.example.stardust.remove_ads"

    /// The engine's report after buying Remove Ads and subscribing to `plan`.
    private func owning(plan: String) -> StoreSnapshot {
        StoreSnapshot(entitlements: [
            Entitlement(id: "no_ads", kind: .nonConsumable, productId: Self.removeAds, expiresAt: nil, isActive: true),
            Entitlement(id: "premium", kind: .accessLevel, productId: plan, expiresAt: fixedNow.addingTimeInterval(86_400 * 30),
                        isActive: true),
        ], history: SubscriberHistory(subscribedGroups: ["stardust_pass"]))
    }

    private func app(variant: String, storefront: String = "USA", size: ScreenSize, plan: String = SKU.monthlyPass) -> App {
        var app = makeApp(width: size.width, height: size.height, storefront: storefront)
        app.preview(variant: variant)
        app.receive(report(owning(plan: plan)))
        return app
    }

    /// Whether `word` is drawn for the product named `name`: on its line to the right (a row,
    /// a list entry), or on the line under it where the name starts (a card, the hero box).
    private func says(_ word: String, for name: String, in app: App) -> Bool {
        let frame = app.view()
        let paywall = app.layout.paywall
        guard let found = frame.position(of: name), paywall.contains(x: found.x, y: found.y) else { return false }
        let sameLine = frame.rows(in: Rect(x: found.x, y: found.y, width: paywall.maxX - found.x, height: 1))
        let below = frame.rows(in: Rect(x: found.x - 3, y: found.y + 1, width: DisplayWidth.of(word) + 6, height: 1))
        return (sameLine + below).contains { $0.contains(word) }
    }

    /// The same, after selecting the product so that it is on screen however small the screen.
    private func says(_ word: String, for name: String, id: String, in app: App) -> Bool {
        var app = app
        app.receive(.selectProduct(id: id))
        return says(word, for: name, in: app)
    }

    /// How many products say `word`: the button's row, which names what the selection is, is
    /// not a product.
    private func count(_ word: String, in app: App) -> Int {
        let area = app.layout.paywall
        let rows = app.paywallRows.enumerated().filter { offset, _ in
            !(area.x..<area.maxX).contains { PaywallView.target(at: $0, area.y + offset, in: area, model: app.paywall) == .callToAction }
        }
        return rows.map(\.element).joined(separator: "\n").components(separatedBy: word).count - 1
    }

    @Test("Cards, list and rows", arguments: ["A", "B", "C"], [ScreenSize(width: 60, height: 18), ScreenSize(width: 120, height: 40)])
    func ownedAndCurrent(variant: String, size: ScreenSize) {
        let app = app(variant: variant, size: size)
        let box = app.paywallRows.joined(separator: "\n")
        #expect(says("Owned", for: "Remove Ads", id: Self.removeAds, in: app), "\(box)")
        #expect(says("Current plan", for: "Monthly Pass", id: SKU.monthlyPass, in: app), "\(box)")
        #expect(!says("Current plan", for: "Yearly Pass", id: SKU.yearlyPass, in: app))
        #expect(count("Current plan", in: app) == 1)
        #expect(!box.contains("$2.99"), "Remove Ads shows no price once owned")
    }

    /// The hero template boxes the highlighted plan, the Yearly Pass: it is the current one here.
    @Test("The hero box", arguments: [("USA", "1 year ★", "Yearly Pass", "Current plan"), ("DEU", "1 Jahr ★", "Jahrespass", "Aktuelles Abo")],
          [ScreenSize(width: 80, height: 24), ScreenSize(width: 120, height: 40)])
    func heroBox(words: (storefront: String, title: String, name: String, current: String), size: ScreenSize) throws {
        let app = app(variant: "C", storefront: words.storefront, size: size, plan: SKU.yearlyPass)
        let frame = app.view()
        let hero = try #require(frame.box(titled: words.title), "\(frame.text)")
        let inside = frame.inside(hero).joined(separator: "\n")
        #expect(inside.contains(words.name) && inside.contains(words.current), "\(inside)")
        #expect(!inside.contains("39.99") && !inside.contains("43,99"))
        #expect(count(words.current, in: app) == 1)
    }

    @Test("The card of the current plan", arguments: [ScreenSize(width: 80, height: 24), ScreenSize(width: 120, height: 40)])
    func card(size: ScreenSize) throws {
        let app = app(variant: "A", size: size)
        let frame = app.view()
        let card = try #require(frame.box(titled: "1 month"), "\(frame.text)")
        let inside = frame.inside(card).joined(separator: "\n")
        #expect(inside.contains("Monthly Pass") && inside.contains("Current plan"), "\(inside)")
    }

    @Test("In German", arguments: ["A", "B", "C"], [ScreenSize(width: 60, height: 18), ScreenSize(width: 120, height: 40)])
    func german(variant: String, size: ScreenSize) {
        let app = app(variant: variant, storefront: "DEU", size: size)
        let box = app.paywallRows.joined(separator: "\n")
        #expect(says("Gekauft", for: "Werbung entfernen", id: Self.removeAds, in: app), "\(box)")
        #expect(says("Aktuelles Abo", for: "Monatspass", id: SKU.monthlyPass, in: app), "\(box)")
        #expect(!box.contains("Owned") && !box.contains("Current plan"))
    }

    /// The plan running now cannot be bought again (the engine refuses it), so its row offers
    /// nothing: variant C presents the promotional offer to a player who subscribed before, and
    /// the Monthly Pass row must read "Current plan" without "3 months at $2.49/month": the
    /// shop is rebuilt when ownership changes, so no offer is advertised on what is running.
    @Test func theCurrentPlanAdvertisesNoOffer() throws {
        var app = app(variant: "C", size: ScreenSize(width: 120, height: 40))
        app.receive(.selectProduct(id: SKU.monthlyPass))
        let frame = app.view()
        let name = try #require(frame.position(of: "Monthly Pass"))
        let row = try #require(frame.rows(in: Rect(x: name.x, y: name.y, width: app.layout.paywall.maxX - name.x, height: 1)).first)
        #expect(row.contains("Current plan"))
        #expect(!row.contains("$2.49"), "\(row)")
    }

    /// What was owned and has lapsed is for sale again, with its price.
    @Test func anExpiredPlanShowsItsPriceAgain() {
        var app = app(variant: "B", size: ScreenSize(width: 120, height: 40))
        var snapshot = owning(plan: SKU.monthlyPass)
        snapshot.entitlements[1].isActive = false
        app.receive(report(snapshot))
        #expect(count("Current plan", in: app) == 0)
        #expect(says("$4.99/month", for: "Monthly Pass", in: app))
        #expect(says("Owned", for: "Remove Ads", id: Self.removeAds, in: app))
    }

    /// The same with the real engine: what it reports after paying is what the paywall says.
    @Test func afterPayingWithTheEngine() throws {
        let harness = try HeadlessHarness(width: 120, height: 40)
        harness.program.send(.started)
        for product in [Self.removeAds, SKU.monthlyPass] {
            harness.select(product: product)
            harness.press(.enter)
            harness.pay(card: Cards.success)
            harness.program.advance(by: 5)
        }
        #expect(harness.app.snapshot.transactions.filter { $0.state == .purchased }.count == 2)
        #expect(says("Owned", for: "Remove Ads", id: Self.removeAds, in: harness.app))
        #expect(says("Current plan", for: "Monthly Pass", id: SKU.monthlyPass, in: harness.app))
    }
}
