import Foundation
import Program
import TerminalUI
import TestFixtures
import Testing

/// Issue 16 items 11 and 13: a paywall that looks like one. One mark for the selected plan in
/// every template, the highlight never dressed as the selection, cards of one width, hero
/// checkmarks in a column, no empty last row, and the button right after what it sells.
@Suite("Paywall look")
struct PaywallLookTests {
    private func app(_ variant: String, width: Int, height: Int, keys: [Key] = []) -> App {
        var app = makeApp(width: width, height: height)
        app.preview(variant: variant)
        for key in keys { app.receive(.key(key)) }
        return app
    }

    static let sizes = [ScreenSize(width: 80, height: 24), ScreenSize(width: 120, height: 40), ScreenSize(width: 200, height: 50)]

    @Test("Cards in a row are equally wide", arguments: sizes)
    func equalCards(size: ScreenSize) throws {
        let frame = app("A", width: size.width, height: size.height).view()
        let boxes = try ["╭─ 1 year ★", "╭─ 1 month", "╭─ 1 week"].map { title -> Rect in
            let corner = try #require(frame.position(of: title), "\(frame.text)")
            return try #require(frame.box(corner: corner))
        }
        #expect(Set(boxes.map(\.width)).count == 1, "\(boxes.map(\.width))")
        #expect(Set(boxes.map(\.height)).count == 1)
    }

    /// The selected plan: `▸` and the selection's color, on its name and its border; the ★ plan
    /// unselected has a plain border.
    @Test("One selection mark in every template", arguments: ["A", "B", "C"])
    func oneSelectionMark(variant: String) throws {
        let app = app(variant, width: 120, height: 40, keys: variant == "C" ? [] : [.right])
        let frame = app.view()
        let selected = try #require(app.paywall.selectedItem)
        let name = try #require(frame.position(of: "▸ " + selected.display.name), "\(frame.text)")
        let selection = try #require(app.theme.color(.selection))
        #expect(frame[name.x + 2, name.y].style.foreground == selection)
        // No row of the paywall but the button is a filled bar, and no ✓ or ○ marks plans any more.
        let box = app.paywallRows.joined(separator: "\n")
        #expect(!box.contains("○ ") && !box.contains("✓ Monthly Pass") && !box.contains("✓ Yearly Pass"))
        let button = try #require(app.button)
        for y in app.layout.paywall.y..<app.layout.paywall.maxY where y != button.rect.y {
            #expect(frame[name.x, y].style.background != selection)
        }
        if variant == "A" {
            // The ★ card, not selected, keeps the border's color: only the selection colors a border.
            let star = try #require(frame.position(of: "╭─ 1 year ★"))
            #expect(frame[star.x, star.y].style.foreground == app.theme.color(.border))
            let chosen = try #require(frame.position(of: "╭─ 1 month"))
            #expect(frame[chosen.x, chosen.y].style.foreground == selection)
        }
    }

    @Test func heroCheckmarksAreAColumn() throws {
        let frame = app("C", width: 120, height: 40).view()
        let checks = try ["✓ Double rewards", "✓ No ads", "✓ Monthly skin"].map { try #require(frame.position(of: $0)) }
        #expect(Set(checks.map(\.x)).count == 1, "\(checks)")
    }

    /// Not eligible: no offer line, so neither a card nor a list entry keeps an empty row for it.
    @Test("No empty last row", arguments: ["A", "B"])
    func noEmptyLastRow(variant: String) throws {
        let app = app(variant, width: 120, height: 40, keys: [.character("e"), .character("e")])
        #expect(app.paywall.eligibility == .notEligible)
        let frame = app.view()
        if variant == "A" {
            for title in ["╭─ 1 year ★", "╭─ 1 month", "╭─ 1 week"] {
                let corner = try #require(frame.position(of: title))
                let box = try #require(frame.box(corner: corner))
                let inside = frame.inside(box).map { $0.trimmingCharacters(in: .whitespaces) }
                // The tallest card has no empty row; the others only the rows they lack beside it.
                #expect(inside.count <= 3, "\(title): \(inside)")
            }
            let corner = try #require(frame.position(of: "╭─ 1 year ★"))
            let tallest = try #require(frame.box(corner: corner))
            #expect(frame.inside(tallest).last?.trimmingCharacters(in: .whitespaces).isEmpty == false)
        } else {
            let rows = app.paywallRows
            let monthly = try #require(rows.firstIndex { $0.contains("Monthly Pass") })
            #expect(rows[monthly + 1].contains("Yearly Pass"), "\(rows.joined(separator: "\n"))")
        }
    }

    /// The button follows what it sells: one blank row after the last row, never the screen's
    /// spare rows; those go to the panes under the paywall, which ends with its links.
    @Test("The button follows the plans and rows", arguments: ["A", "B", "C"], [ScreenSize(width: 120, height: 40), ScreenSize(width: 200, height: 50)])
    func buttonFollows(variant: String, size: ScreenSize) throws {
        let app = app(variant, width: size.width, height: size.height)
        let rows = app.paywallRows
        let button = try #require(app.button)
        let buttonRow = button.rect.y - app.layout.paywall.y
        #expect(rows[buttonRow - 1].trimmingCharacters(in: CharacterSet(charactersIn: "│ ")).isEmpty)
        #expect(!rows[buttonRow - 2].trimmingCharacters(in: CharacterSet(charactersIn: "│ ")).isEmpty, "\(rows.joined(separator: "\n"))")
        #expect(rows[buttonRow + 1].contains("Restore purchases · Terms · Privacy"))
        // The bar spans the content; its words are centred on it.
        #expect(button.rect.width >= min(size.width - 4, PaywallView.maxContentWidth))
        #expect(rows.count - buttonRow == 3)  // the button, the links and the border: no room to spare
    }
}
