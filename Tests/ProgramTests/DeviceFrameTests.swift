import Program
import TerminalUI
import TestFixtures
import Testing

/// Issue 16 item 12: `d` frames the paywall as a phone or a tablet, the panes beside it, so a
/// designer judges it at the width a player holds it.
@Suite("Device frame")
struct DeviceFrameTests {
    private func app(_ device: Device, width: Int, height: Int, variant: String = "B") -> App {
        var app = makeApp(width: width, height: height)
        app.preview(variant: variant)
        for _ in 0..<[Device.full, .phone, .tablet].firstIndex(of: device)! { app.receive(.key(.character("d"))) }
        return app
    }

    /// German and French links are wider than a phone: they go on a second line, none dropped,
    /// and each takes its click where it is drawn.
    @Test("Every link on a phone, in every storefront", arguments: ["USA", "DEU", "FRA", "BRA", "JPN", "SAU"], ["A", "B", "C"])
    func everyLinkOnAPhone(storefront: String, variant: String) throws {
        for (width, height) in [(80, 24), (120, 40)] {
            var app = makeApp(width: width, height: height, storefront: storefront)
            app.preview(variant: variant)
            app.receive(.key(.character("d")))
            let text = PaywallView.text(of: app.paywall)
            let lines = app.view().lines
            for word in [text[.restore], text[.terms], text[.privacy]] {
                let shown = app.paywall.writingDirection == .rightToLeft ? BidiText.visualRightToLeft(word) : word
                #expect(lines.contains { $0.contains(shown) }, "\(storefront) \(variant) at \(width)x\(height): \(word) is not drawn\n\(lines.joined(separator: "\n"))")
            }
        }
    }

    @Test("d goes full, phone, tablet, full") func dCycles() {
        var app = makeApp(width: 120, height: 40)
        var seen: [Device] = [app.device]
        for _ in 0..<3 {
            app.receive(.key(.character("d")))
            seen.append(app.device)
        }
        #expect(seen == [.full, .phone, .tablet, .full])
        // Round to full again: the screen is the one it started as, but for the notice at the bottom.
        #expect(app.view().lines.dropLast() == makeApp(width: 120, height: 40).view().lines.dropLast())
    }

    @Test("A phone is 46 columns, a tablet 80, framed rounded, the panes beside", arguments: [
        (Device.phone, 46, 80, 24), (.phone, 46, 120, 40), (.tablet, 80, 120, 40), (.phone, 46, 200, 50),
    ])
    func framed(device: Device, frameWidth: Int, width: Int, height: Int) throws {
        let app = app(device, width: width, height: height)
        let frame = app.view()
        let box = try #require(frame.box(titled: "\(device.rawValue) · main"), "\(frame.text)")
        #expect(box.width == frameWidth)
        #expect(box == app.layout.paywall)
        // Rounded, whatever the theme: the frame's corners.
        #expect(frame[box.x, box.y].grapheme == "╭" && frame[box.maxX - 1, box.maxY - 1].grapheme == "╯")
        // The panes sit beside the device, never under or over it.
        for pane in [Pane.transactions, .entitlements, .events] {
            #expect(app.layout.rect(of: pane).x >= box.maxX, "\(pane) \(app.layout.rect(of: pane))")
        }
        // Everything of the paywall is inside the frame: the plans, the button and the links.
        let inside = frame.inside(box).joined(separator: "\n")
        #expect(inside.contains("Monthly Pass") && inside.contains("Restore purchases"), "\(inside)")
        let button = try #require(app.button)
        #expect(box.contains(x: button.rect.x, y: button.rect.y) && button.label == "Start free trial")
        #expect(button.rect.width == frameWidth - 4)
    }

    /// On a phone the cards do not fit side by side: they stack across its width, each whole,
    /// and ↓ steps from card to card as in a list before it goes on to the shop.
    @Test func aPhoneStacksTheCards() throws {
        var app = app(.phone, width: 120, height: 40, variant: "A")
        let frame = app.view()
        let titles = try ["╭─ 1 year ★", "╭─ 1 month", "╭─ 1 week"].map { try #require(frame.position(of: $0), "\(frame.text)") }
        #expect(Set(titles.map(\.x)).count == 1)  // one column
        #expect(titles[0].y < titles[1].y && titles[1].y < titles[2].y)
        let card = try #require(frame.box(corner: titles[1]))
        #expect(card.width == 42)
        #expect(frame.inside(card).joined().contains("1 week free, then $4.99/month"))  // nothing of it cut
        app.receive(.key(.down))
        #expect(app.paywall.selectedItem?.product.id == SKU.monthlyPass)
        app.receive(.key(.down), .key(.down))
        #expect(app.paywall.selectedItem?.product.id == SKU.gems100)
        app.receive(.key(.up))
        #expect(app.paywall.selectedItem?.product.id == "com.example.stardust.pass.weekly")
    }

    /// A click lands on what the frame drew: the button inside the phone buys the plan it names.
    @Test func theButtonInThePhoneBuys() throws {
        var app = app(.phone, width: 120, height: 40)
        let button = try #require(app.button)
        let effects = app.update(.mouse(MouseEvent(.press, x: button.rect.x + button.rect.width / 2, y: button.rect.y)))
        #expect(effects == [.engine(.beginPurchase(productId: SKU.monthlyPass, storefrontId: "USA", path: .paystation,
                                                    variationId: app.paywall.variationId))])
    }

    /// Too narrow for the panes beside it (a tablet at 80 columns): the device is centred over
    /// the panes instead.
    @Test func aTabletOnAnEightyColumnTerminalSitsAboveThePanes() {
        let app = app(.tablet, width: 100, height: 30)
        let layout = app.layout
        #expect(layout.paywall.width == 80)
        #expect(layout.paywall.x == 10)
        #expect(layout.transactions.y >= layout.paywall.maxY)
    }

    /// On the full width, at 200 columns, the content stays a column in the middle.
    @Test func fullWidthContentHasAMaximumWidth() throws {
        let app = app(.full, width: 200, height: 50)
        let frame = app.view()
        let row = try #require(frame.lines.first { $0.contains("Pouch of Gems") })
        let name = try #require(row.range(of: "Pouch of Gems"))
        let price = try #require(row.range(of: "$0.99"))
        let apart = row.distance(from: name.lowerBound, to: price.lowerBound)
        #expect(apart <= PaywallView.maxContentWidth, "\(row)")
        #expect(apart > 60)
    }
}
