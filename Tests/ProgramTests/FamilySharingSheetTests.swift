import Catalog
import Foundation
import Program
import StoreEngine
import TerminalUI
import TestFixtures
import Testing

/// Family Sharing on the App Store sheet, in the whole loop (headless backend, real engine on
/// SQLite): a family-shareable product's sheet says so in the storefront's language, at the
/// sizes QA uses, mirrored in a right-to-left storefront; a product not shared says nothing, and
/// on the player's sheet Buy and Cancel move down under the line and still take their clicks.
@Suite("Headless program: the App Store sheet of a family-shareable product")
struct FamilySharingSheetTests {
    /// The line in each left-to-right storefront of catalog.json's language.
    static let lines: [(storefront: String, line: String)] = [
        ("USA", "Family Sharing: can be shared with your family"),
        ("DEU", "Familienfreigabe: kann mit der Familie geteilt werden"),
        ("JPN", "ファミリー共有：ファミリーと共有できます"),
        ("GBR", "Family Sharing: can be shared with your family"),
        ("FRA", "Partage familial : partageable avec votre famille"),
        ("BRA", "Compartilhamento Familiar: compartilhável com a família"),
        ("IND", "Family Sharing: can be shared with your family"),
    ]

    private static func openSheet(_ product: String, in storefront: String, width: Int, height: Int,
                                  audience: Bool = false) throws -> HeadlessHarness {
        let harness = try HeadlessHarness(storefront: storefront, width: width, height: height, audience: audience)
        harness.program.send(.started)
        harness.program.send(.choosePath(.storekit))
        harness.select(product: product)
        harness.press(.enter)
        try #require(harness.storeKitSession != nil, "no App Store sheet: \(harness.screen)")
        return harness
    }

    @Test("the line, whole, in the storefront's language", arguments: lines, [(80, 24), (120, 40)])
    func theLineInTheStorefrontsLanguage(row: (storefront: String, line: String), size: (width: Int, height: Int)) throws {
        let harness = try Self.openSheet(SKU.removeAds, in: row.storefront, width: size.width, height: size.height)
        let frame = harness.program.draw()
        let sheet = try #require(frame.box(titled: "App Store"), "\(harness.screen)")
        let inside = frame.inside(sheet)
        #expect(inside.contains { $0.contains(row.line) }, "\(row.storefront):\n\(inside.joined(separator: "\n"))")
        // The QA row and the keys are where they were: the line takes the row that was free.
        #expect(frame.text.contains("[Ask to Buy]") && frame.text.contains("b c f a n t"))
    }

    @Test func aProductNotSharedSaysNothing() throws {
        let harness = try Self.openSheet(SKU.gems100, in: "USA", width: 80, height: 24)
        #expect(!harness.screen.contains("Family Sharing"))
    }

    /// In front of an audience the sheet grows a row for the line, and Buy still buys.
    @Test("the player's sheet: the line, then Buy and Cancel", arguments: [(80, 24), (120, 40)])
    func thePlayersSheet(size: (width: Int, height: Int)) throws {
        let harness = try Self.openSheet(SKU.monthlyPass, in: "USA", width: size.width, height: size.height, audience: true)
        let frame = harness.program.draw()
        let sheet = try #require(frame.box(titled: "App Store"), "\(harness.screen)")
        let inside = frame.inside(sheet)
        let line = try #require(inside.firstIndex { $0.contains("Family Sharing: can be shared with your family") }, "\(inside)")
        let buttons = try #require(inside.firstIndex { $0.contains("[ Buy ]") }, "\(inside)")
        #expect(inside[line - 1].contains("1 week free"), "under the product's offer: \(inside)")
        #expect(buttons == line + 2 && inside[line + 1].trimmingCharacters(in: .whitespaces).isEmpty, "a blank row above the buttons, as without the line")
        let buy = try #require(frame.position(of: "[ Buy ]"))
        harness.program.send(.mouse(MouseEvent(.press, x: buy.x + 2, y: buy.y)))
        #expect(harness.app.snapshot.transactions.first?.state == .purchased, "\(harness.screen)")
    }

    /// Mirrored with the phone's sheet in Saudi Arabia; QA's row stays left to right.
    @Test("the sheet in SAU", arguments: [(80, 24), (120, 40)])
    func rightToLeft(size: (width: Int, height: Int)) throws {
        let harness = try Self.openSheet(SKU.removeAds, in: "SAU", width: size.width, height: size.height)
        let frame = harness.program.draw()
        #expect(frame.text.contains("QA  [Fail…] [Ask to Buy] [Interrupt] [Tamper]"), "\(frame.text)")
        assertSnapshot(frame, named: "storekit-sheet-family-SAU-\(size.width)x\(size.height)")
    }
}
