import Catalog
import Program
import TerminalUI
import TestFixtures

/// Walks the paywall's selection with → from the first item to the last (card to card, then row
/// to row), as a player reading the whole shop would, and notes at each step what the screen
/// fails to show: the selected item's name behind its marker (`▸`, or the list's `✓`), and
/// counts on the bottom border that match the items really off screen. An item counts as on screen when its whole name is in
/// the paywall box, so a name cut with `…` counts as hidden.
struct PaywallWalk {
    /// What went wrong, one line per step and kind, saying where.
    private(set) var problems: [String] = []
    /// Names that were on screen at some step.
    private(set) var seen: Set<String> = []
    private(set) var steps = 0

    init(_ app: inout App, label: String) {
        // A right-to-left paywall reads from the right: `←` is the next item, names are in
        // visual order and the marker follows the name.
        let rightToLeft = app.paywall.writingDirection == .rightToLeft
        let names = app.paywall.items.map { rightToLeft ? BidiText.visualRightToLeft($0.display.name) : $0.display.name }
        for step in names.indices {
            if step > 0 { app.receive(.key(rightToLeft ? .left : .right)) }
            steps += 1
            guard app.paywall.selection == step else {
                problems.append("\(label) step \(step): → left the selection at \(app.paywall.selection)")
                break
            }
            let box = app.paywallRows.joined(separator: "\n")
            let visible = Set(names.indices.filter { box.contains(names[$0]) })
            seen.formUnion(visible.map { names[$0] })
            let name = names[step]
            let marked = rightToLeft ? [name + " ◂", name + " ✓"] : ["▸ " + name, "✓ " + name]
            if !marked.contains(where: box.contains) {
                problems.append("\(label) step \(step): the selected \"\(name)\" is not on screen whole behind its marker\n\(box)")
            }
            let hidden = names.indices.filter { !visible.contains($0) }
            let expected = (above: hidden.filter { $0 < step }.count, below: hidden.filter { $0 > step }.count)
            let shown = app.scrollCounts
            if shown != expected {
                problems.append("\(label) step \(step): the border says ▲ \(shown.above) ▼ \(shown.below), "
                                + "but \(expected.above) above and \(expected.below) below are off screen\n\(box)")
            }
        }
    }
}

/// The names a player should be able to find on the paywall: every available product, in the
/// storefront's language.
func expectedNames(_ catalog: ProductCatalog, storefront id: String) -> Set<String> {
    let locale = catalog.storefront(id: id)?.locale ?? "en_US"
    return Set(catalog.products.filter { $0.status == .available }.map { $0.name.resolved(for: locale) ?? $0.id })
}

/// The terminal sizes a designer tries, from the smallest the app draws up.
struct ScreenSize: Sendable, CustomStringConvertible, Hashable {
    let width: Int
    let height: Int
    var description: String { "\(width)x\(height)" }

    static let all = [ScreenSize(width: 60, height: 18), ScreenSize(width: 61, height: 19), ScreenSize(width: 70, height: 20),
                      ScreenSize(width: 80, height: 24), ScreenSize(width: 100, height: 30),
                      ScreenSize(width: 120, height: 40), ScreenSize(width: 160, height: 50)]
}
