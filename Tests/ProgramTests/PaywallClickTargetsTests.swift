import Catalog
import Program
import TerminalUI
import TestFixtures
import Testing

/// Item 4's other half: what is clicked is what was seen. At every step of a walk down the
/// paywall, a click on any product name on screen selects that very product, and a second
/// click at the same place buys it, whether it sits in a card, a list entry, the hero box or a
/// scrolled row.
///
/// The rows keep their scroll position (`PaywallModel.rowScroll`) and move only as far as the
/// selection needs, so selecting a row that is on screen never scrolls it from under the
/// pointer.
@Suite("Paywall: a click lands on what is drawn")
struct PaywallClickTargetsTests {
    @Test(arguments: ["A", "B", "C"], [ScreenSize(width: 60, height: 18), ScreenSize(width: 80, height: 24), ScreenSize(width: 120, height: 40)])
    func clickWhatIsSeen(variant: String, size: ScreenSize) {
        var app = launchedApp(catalog: Generated.catalog(plans: 3, items: 12), width: size.width, height: size.height)
        app.preview(variant: variant)
        let items = app.paywall.items
        var jumped: [String] = []
        for step in items.indices {
            if step > 0 { app.receive(.key(.right)) }
            let frame = app.view()
            for (index, item) in items.enumerated() {
                let name = item.display.name
                guard let found = frame.position(of: name), app.layout.paywall.contains(x: found.x, y: found.y) else { continue }
                var clicked = app
                let press = Message.mouse(MouseEvent(.press, x: found.x + 1, y: found.y))
                let first = clicked.update(press)
                #expect(clicked.paywall.selection == index, "\(variant) \(size) step \(step): clicked \(name)")
                if index == step {
                    #expect(first.count == 1, "a click on the selected item buys it")
                    continue
                }
                #expect(first.isEmpty)
                let second = clicked.update(press)
                // Whatever the second click does, it never buys a product other than the one clicked.
                let buys = second.compactMap { effect -> String? in
                    if case .engine(.beginPurchase(let id, _, _, _)) = effect { return id }
                    return nil
                }
                #expect(buys.allSatisfy { $0 == item.product.id }, "\(variant) \(size) step \(step): \(buys)")
                if buys.isEmpty {
                    jumped.append("step \(step): \(name), then \(clicked.paywall.selectedItem?.display.name ?? "nothing") selected")
                }
            }
        }
        #expect(jumped.isEmpty, "the second click did not buy:\n\(jumped.joined(separator: "\n"))")
    }

    /// The same with the keyboard: at 60x18, from the last item, Up selects the item above,
    /// which is on screen; the rows should stay where they are.
    @Test func upInAScrolledListScrollsOnlyWhenNeeded() {
        var app = makeApp(width: 60, height: 18)
        app.preview(variant: "A")
        for _ in 1..<app.paywall.itemCount { app.receive(.key(.down)) }
        let before = app.paywallRows
        let counts = app.scrollCounts
        #expect(counts.above > 0)
        app.receive(.key(.up))
        #expect(app.scrollCounts == counts, "\(before.joined(separator: "\n"))\n\(app.paywallRows.joined(separator: "\n"))")
    }
}
