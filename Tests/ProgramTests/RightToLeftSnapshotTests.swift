import Foundation
import Program
import TerminalUI
import TestFixtures
import Testing

/// An Arabic storefront (SAU) is drawn as its players' phones show it: the paywall mirrored,
/// each text run in visual order with Arabic shaped.
@Suite("Right-to-left storefront snapshots")
struct RightToLeftSnapshotTests {
    private func app(variant id: String, width: Int, height: Int) -> App {
        var app = makeApp(width: width, height: height, storefront: "SAU")
        app.preview(variant: id)
        return app
    }

    @Test("SAU in each template at 80x24 and 120x40", arguments: ["A", "B", "C"], [80, 120])
    func template(variant: String, width: Int) throws {
        let height = width == 80 ? 24 : 40
        let app = app(variant: variant, width: width, height: height)
        let template = try #require(app.paywall.variant?.template.rawValue)
        let frame = app.view()
        assertSnapshot(frame, named: "rtl-SAU-\(template)-\(width)x\(height)")
        let rows = app.paywallRows
        // The title's row ends at the right border: the title is on the right, in visual order.
        let title = try #require(app.paywall.variant?.strings["ar"]?.title)
        let titleRow = try #require(rows.first { $0.contains(BidiText.visualRightToLeft(title)) }, "\(frame.text)")
        #expect(titleRow.dropLast().trimmingCharacters(in: .whitespaces).hasSuffix(BidiText.visualRightToLeft(title)),
                "\(titleRow)")
        // The box's corners are still the right way round.
        #expect(rows.first?.hasPrefix("╭") == true && rows.last?.hasSuffix("╯") == true)
    }

    /// The plan on the right is the first one: `←` moves on to the next, a click on the right
    /// half's plan selects the first.
    @Test func theSelectionMovesLeftAndClicksHitWhatWasDrawn() throws {
        var app = app(variant: "A", width: 120, height: 40)
        let first = app.paywall.selection
        app.receive(.key(.left))
        #expect(app.paywall.selection == first + 1)
        app.receive(.key(.right))
        #expect(app.paywall.selection == first)
    }

    /// A click on a plan's name, where the mirrored paywall shows it, selects that plan.
    @Test(arguments: [1, 2])
    func aClickSelectsThePlanUnderIt(index: Int) throws {
        var app = app(variant: "A", width: 120, height: 40)
        let name = BidiText.visualRightToLeft(app.paywall.items[index].display.name)
        let lines = app.view().lines
        let row = try #require(lines.firstIndex { $0.contains(name) }, "\(lines.joined(separator: "\n"))")
        let line = lines[row]
        let column = DisplayWidth.of(String(line[..<line.range(of: name)!.lowerBound]))
        app.receive(.mouse(MouseEvent(.press, x: column + 1, y: row)))
        #expect(app.paywall.selection == index)
    }

    @Test func aLeftToRightStorefrontIsNotMirrored() {
        let app = app(variant: "A", width: 120, height: 40)
        #expect(app.paywall.writingDirection == .leftToRight || app.paywall.storefront.id == "SAU")
        let usa = makeApp(width: 120, height: 40, storefront: "USA")
        #expect(usa.paywall.writingDirection == .leftToRight)
        #expect(usa.paywallRows.first?.hasPrefix("╭─ Paywall") == true, "\(usa.paywallRows.first ?? "")")
    }
}
