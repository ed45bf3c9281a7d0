import Catalog
import Exports
import Foundation
import Testing
import TerminalUI

/// The diff page in headless Chromium, offline: the changes listed, every changed cell outlined
/// where it is drawn, before and after the same size, and a screenshot (`.build/browser-tests/diff-page`).
@Suite struct DiffPageBrowserTests {
    /// Two real changes: the US paywall drawn as the German one, and the dark theme as the light.
    static func page() throws -> (directory: URL, changes: [ChangedCombination]) {
        let catalog = try BrowserFixtures.catalog()
        func change(_ before: Frame, _ after: Frame, _ combination: Combination) -> ChangedCombination {
            let diff = FrameDiff(before: before, after: after)
            return ChangedCombination(combination: combination, diff: diff,
                                      summary: "\(combination.name): \(diff.changed.count) cells")
        }
        let usa = BrowserFixtures.frame(catalog, storefront: "USA", theme: "dark", width: 80, height: 24)
        let deu = BrowserFixtures.frame(catalog, storefront: "DEU", theme: "dark", width: 80, height: 24)
        let light = BrowserFixtures.frame(catalog, storefront: "USA", theme: "light", width: 80, height: 24)
        let changes = [
            change(usa, deu, Combination(storefront: "USA", theme: "dark", width: 80, height: 24, variant: "A", eligibility: "auto")),
            change(usa, light, Combination(storefront: "USA", theme: "light", width: 80, height: 24, variant: "A", eligibility: "auto")),
        ]
        let directory = try BrowserFixtures.directory()
        try DiffPage.html(for: changes, title: "catalog.json against HEAD~1")
            .write(to: directory.appendingPathComponent(DiffPage.fileName), atomically: true, encoding: .utf8)
        return (directory, changes)
    }

    @Test func theChangesAndTheirOutlines() throws {
        let (directory, changes) = try Self.page()
        defer { try? FileManager.default.removeItem(at: directory) }
        #expect(changes.allSatisfy { !$0.diff.isEmpty })
        // The page measures itself: each outline over the cell it names, the two grids one size.
        let probe = try BrowserFixtures.page(directory.appendingPathComponent(DiffPage.fileName), running: """
            var misplaced = 0;
            document.querySelectorAll('.grid').forEach(function (grid) {
              var box = grid.getBoundingClientRect();
              var column = box.width / Number(grid.dataset.width), row = box.height / Number(grid.dataset.height);
              grid.querySelectorAll('.mark').forEach(function (mark) {
                var at = mark.getBoundingClientRect();
                if (Math.abs(at.left - box.left - Number(mark.dataset.x) * column) > 1 ||
                    Math.abs(at.top - box.top - Number(mark.dataset.y) * row) > 1 ||
                    Math.abs(at.width - Number(mark.dataset.cells) * column) > 1) misplaced += 1;
              });
            });
            document.body.dataset.misplaced = String(misplaced);
            document.body.dataset.sameSize = String(Array.from(document.querySelectorAll('.pair')).every(function (pair) {
              var grids = pair.querySelectorAll('.grid');
              var a = grids[0].getBoundingClientRect(), b = grids[1].getBoundingClientRect();
              return Math.abs(a.width - b.width) < 1 && Math.abs(a.height - b.height) < 1;
            }));
            document.body.dataset.outlined = String(Array.from(document.querySelectorAll('.mark'))
              .reduce(function (sum, mark) { return sum + Number(mark.dataset.cells); }, 0));
            """)
        let dom = try Chromium.find().dom(of: probe)
        #expect(dom.contains(#"data-changes="2""#))
        #expect(dom.contains("2 combinations changed"))
        #expect(BrowserFixtures.tags("change", in: dom).count == 2)
        // Every changed cell outlined, over the before and over the after.
        let outlined = changes.reduce(0) { $0 + 2 * $1.diff.changed.count }
        #expect(dom.contains("data-outlined=\"\(outlined)\""))
        #expect(dom.contains(#"data-misplaced="0""#))
        #expect(dom.contains(#"data-same-size="true""#))
    }

    /// The Arabic storefront's yearly price changed from 149.99 to 129.99: each grid reads as
    /// the screen does (every glyph in its cell, so an outline is over the digit that changed),
    /// and the summary quotes the places in reading order.
    @Test func aRightToLeftChangeIsOutlinedWhereItIsDrawn() throws {
        let base = try BrowserFixtures.catalog()
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("catalog.json")
        let text = try String(contentsOf: root, encoding: .utf8)
        #expect(text.contains(#""SAU": "149.99""#))
        let changed = try CatalogFile.load(text: text.replacingOccurrences(of: #""SAU": "149.99""#, with: #""SAU": "129.99""#),
                                           file: root.path)
        let before = BrowserFixtures.frame(base, storefront: "SAU", theme: "dark", width: 120, height: 40)
        let after = BrowserFixtures.frame(changed, storefront: "SAU", theme: "dark", width: 120, height: 40)
        let diff = FrameDiff(before: before, after: after)
        let summary = ChangeSummary.describe(diff, names: base.products.flatMap { $0.name.values.values })
        #expect(summary.contains("\"البطاقة السنوية\""), "\(summary)")
        #expect(diff.changed.contains { after[$0.x, $0.y].grapheme == "٢" && before[$0.x, $0.y].grapheme == "٤" })
        let combination = Combination(storefront: "SAU", theme: "dark", width: 120, height: 40, variant: "A", eligibility: "auto")
        let directory = try BrowserFixtures.directory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let page = directory.appendingPathComponent(DiffPage.fileName)
        try DiffPage.html(for: [ChangedCombination(combination: combination, diff: diff, summary: summary)], title: "SAU")
            .write(to: page, atomically: true, encoding: .utf8)
        let probe = try BrowserFixtures.page(page, running: GlyphPlaces.probe(
            selector: ".grid", cell: "grid => { const box = grid.getBoundingClientRect(); "
                + "return [box.width / Number(grid.dataset.width), box.height / Number(grid.dataset.height)]; }"))
        let dom = try Chromium.find().dom(of: probe, windowSize: (3200, 1200))
        let drawnBefore = try GlyphPlaces.measured(in: dom, grid: 0), drawnAfter = try GlyphPlaces.measured(in: dom, grid: 1)
        #expect(drawnBefore.count > 400 && drawnAfter.count > 400)
        let misplaced = GlyphPlaces.misplaced(drawnBefore, in: before) + GlyphPlaces.misplaced(drawnAfter, in: after)
        #expect(misplaced.isEmpty, "\(misplaced.count) glyphs out of their cells: \(misplaced.prefix(6))")
    }

    @Test func nothingChanged() throws {
        let directory = try BrowserFixtures.directory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent(DiffPage.fileName)
        try DiffPage.html(for: [], title: "no change").write(to: file, atomically: true, encoding: .utf8)
        let dom = try Chromium.find().dom(of: file)
        #expect(dom.contains("Nothing changed."))
        #expect(BrowserFixtures.tags("change", in: dom).isEmpty)
    }

    @Test func aScreenshotForAPersonToLookAt() throws {
        let (directory, _) = try Self.page()
        defer { try? FileManager.default.removeItem(at: directory) }
        let output = try TestOutput.directory("diff-page").appendingPathComponent("diff.png")
        try? FileManager.default.removeItem(at: output)
        try Chromium.find().screenshot(of: directory.appendingPathComponent(DiffPage.fileName), to: output,
                                       windowSize: (1600, 1000))
        let png = try Data(contentsOf: output)
        #expect(png.starts(with: [0x89, 0x50, 0x4E, 0x47]))
        #expect(png.count > 10_000)
    }
}
