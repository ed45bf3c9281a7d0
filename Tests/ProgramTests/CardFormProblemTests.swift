import Catalog
import Foundation
import Program
import StoreEngine
import TerminalUI
import TestFixtures
import Testing

/// Issue 7 item 8: the card form explains itself. With the real engine behind the headless
/// program, Up and Shift-Tab go back a field, each problem is shown whole on the line under
/// its own field at 80x24 and 60x18, and moving away clears it.
@Suite("Pay Station card form: problems under their fields")
struct CardFormProblemTests {
    static let sizes = [ScreenSize(width: 80, height: 24), ScreenSize(width: 60, height: 18)]

    /// Pay Station open on the card form for the Pouch of Gems.
    private func cardForm(_ size: ScreenSize) throws -> HeadlessHarness {
        let harness = try HeadlessHarness(width: size.width, height: size.height)
        harness.program.send(.started)
        harness.select(product: SKU.gems100)
        harness.press(.enter)
        #expect(harness.page?.session.focusedField == .number)
        return harness
    }

    private func focus(_ harness: HeadlessHarness) -> PayStationSession.Field? { harness.page?.session.focusedField }

    @Test("Up and Shift-Tab go back a field; Down and Tab forward", arguments: sizes)
    func backAndForth(size: ScreenSize) throws {
        let harness = try cardForm(size)
        harness.type(Cards.success)
        harness.press(.enter)
        #expect(focus(harness) == .expiry)
        harness.press(.up)
        #expect(focus(harness) == .number)
        harness.press(.down, .down)
        #expect(focus(harness) == .cvv)
        harness.press(.backTab)
        #expect(focus(harness) == .expiry)
        harness.press(.tab)
        #expect(focus(harness) == .cvv)
        harness.press(.up, .up, .up)  // round from the first field to the last
        #expect(focus(harness) == .cvv)
        #expect(harness.page?.session.cardNumber == Cards.success)  // going back keeps what was typed
    }

    /// Backspace edits the field going back reached.
    @Test func backspaceEditsAnEarlierField() throws {
        let harness = try cardForm(ScreenSize(width: 80, height: 24))
        harness.type("4111111111111112")
        harness.press(.down)
        harness.press(.up, .backspace)
        harness.type("1")
        #expect(harness.page?.session.cardNumber == Cards.success)
    }

    struct Problem: Sendable, CustomStringConvertible {
        var field: PayStationSession.Field
        var label: String
        /// What goes into the fields before it, each followed by Enter, then into it.
        var before: [String]
        var typed: String
        var text: String
        var description: String { "\(field) \(typed)" }
    }

    static let problems = [
        Problem(field: .number, label: "Card number", before: [], typed: "4111111111111112", text: "Not a card number (check digit)."),
        Problem(field: .expiry, label: "Expiry", before: [Cards.success], typed: "1340", text: "Expiry is MM/YY, such as 12/40."),
        Problem(field: .expiry, label: "Expiry", before: [Cards.success], typed: "0126", text: "Expired; the sandbox takes 12/40."),
        Problem(field: .cvv, label: "CVV", before: [Cards.success, "1240"], typed: "1", text: "CVV is 3 or 4 digits."),
    ]

    @Test("Each problem under its own field, whole; moving away clears it", arguments: problems, sizes)
    func problemUnderItsField(problem: Problem, size: ScreenSize) throws {
        let harness = try cardForm(size)
        for field in problem.before {
            harness.type(field)
            harness.press(.enter)
        }
        harness.type(problem.typed)
        harness.press(.enter)
        #expect(focus(harness) == problem.field, "the form stays on the field")
        #expect(harness.page?.session.problem == problem.text)
        let frame = harness.program.draw()
        let field = try #require(frame.position(of: "▸ " + problem.label), "\(frame.text)")
        let shown = try #require(frame.position(of: problem.text), "not shown whole:\n\(frame.text)")
        #expect(shown.y == field.y + 1, "under its field:\n\(frame.text)")
        #expect(shown.x >= field.x)
        #expect(frame.lines.filter { $0.contains(problem.text) }.count == 1)
        harness.press(problem.field == .number ? .down : .up)
        #expect(harness.page?.session.problem == nil)
        #expect(!harness.program.draw().text.contains(problem.text))
    }

    /// A field left empty and skipped with Tab is checked when paying: the form goes back to it
    /// and says why there.
    @Test func payingWithASkippedFieldGoesBackToIt() throws {
        let harness = try cardForm(ScreenSize(width: 60, height: 18))
        harness.type(Cards.success)
        harness.press(.tab, .tab)  // past the expiry, empty
        harness.type("123")
        harness.press(.enter)
        #expect(focus(harness) == .expiry)
        let frame = harness.program.draw()
        let field = try #require(frame.position(of: "▸ Expiry"))
        #expect(frame.position(of: "Expiry is MM/YY, such as 12/40.")?.y == field.y + 1, "\(frame.text)")
        #expect(harness.app.snapshot.transactions.first?.state == .purchasing)  // nothing was paid
    }
}
