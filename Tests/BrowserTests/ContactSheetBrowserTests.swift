import Catalog
import Exports
import Foundation
import Program
import Testing
import TerminalUI

/// Real frames for the pages: the repository's catalog drawn by the app, as an export draws it.
enum BrowserFixtures {
    static func catalog() throws -> ProductCatalog {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let path = root.appendingPathComponent("catalog.json").path
        return try CatalogFile.load(text: try String(contentsOfFile: path, encoding: .utf8), file: path)
    }

    /// The app's first screen for a storefront and theme, at a fixed moment, in UTC.
    static func frame(_ catalog: ProductCatalog, storefront: String, theme: String, width: Int = 100, height: Int = 30) -> Frame {
        App(catalog: catalog, storefrontId: storefront, themes: [.dark, .light], themeName: theme, userId: "browser",
            width: width, height: height, now: Date(timeIntervalSince1970: 1_767_258_000),
            timeZone: TimeZone(identifier: "UTC") ?? .current).view()
    }

    /// A fresh folder for one test's pages.
    static func directory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("storefront-pages-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// A copy of `page` with `script` run after the page's own (keys pressed, state read back).
    static func page(_ page: URL, running script: String) throws -> URL {
        let html = try String(contentsOf: page, encoding: .utf8)
            .replacingOccurrences(of: "</body>", with: "<script>\n\(script)\n</script>\n</body>")
        let copy = page.deletingLastPathComponent().appendingPathComponent("probe-\(UUID().uuidString.prefix(6)).html")
        try html.write(to: copy, atomically: true, encoding: .utf8)
        return copy
    }

    /// Presses `keys` in turn on whatever has the focus, as a person would.
    static func pressing(_ keys: [String]) -> String {
        keys.map { key in
            "(document.activeElement || document.body).dispatchEvent(new KeyboardEvent('keydown', "
                + "{ key: '\(key)', bubbles: true, cancelable: true }));"
        }.joined(separator: "\n")
    }

    /// The opening tags of every element with `class` starting with `name`, from a dumped DOM.
    static func tags(_ name: String, in dom: String) -> [String] {
        var tags: [String] = []
        var rest = dom[...]
        while let start = rest.range(of: "class=\"\(name)") {
            let open = rest[..<start.lowerBound].lastIndex(of: "<") ?? start.lowerBound
            let close = rest[start.upperBound...].firstIndex(of: ">") ?? rest.endIndex
            tags.append(String(rest[open..<close]))
            rest = rest[close...]
        }
        return tags
    }

    /// The opening tag of the element with `id`.
    static func tag(id: String, in dom: String) -> String? {
        guard let start = dom.range(of: " id=\"\(id)\"") else { return nil }
        let open = dom[..<start.lowerBound].lastIndex(of: "<") ?? start.lowerBound
        let close = dom[start.upperBound...].firstIndex(of: ">") ?? dom.endIndex
        return String(dom[open..<close])
    }

    static func attribute(_ name: String, of tag: String) -> String? {
        guard let start = tag.range(of: " \(name)=\"") else { return nil }
        return tag[start.upperBound...].prefix { $0 != "\"" }.description
    }
}

/// The contact sheet in headless Chromium, offline: the thumbnails, a filter, the keys, and a
/// screenshot for a person to look at (`.build/browser-tests/contact-sheet`).
@Suite struct ContactSheetBrowserTests {
    static let storefronts = ["USA", "DEU", "JPN"]
    static let themes = ["dark", "light"]

    /// An export of six real screens, as SVG pictures beside the page.
    static func export() throws -> URL {
        let directory = try BrowserFixtures.directory()
        let catalog = try BrowserFixtures.catalog()
        var entries: [ExportManifest.Entry] = []
        for storefront in storefronts {
            for theme in themes {
                let frame = BrowserFixtures.frame(catalog, storefront: storefront, theme: theme)
                let combination = Combination(storefront: storefront, theme: theme, width: frame.width,
                                              height: frame.height, variant: "A", eligibility: "auto")
                let file = combination.name + ".svg"
                try FrameSVG.document(frame).write(to: directory.appendingPathComponent(file), atomically: true, encoding: .utf8)
                entries.append(ExportManifest.Entry(combination: combination, files: ["svg": file]))
            }
        }
        let manifest = ExportManifest(catalog: "catalog.json", entries: entries)
        try ContactSheet.html(for: manifest).write(to: directory.appendingPathComponent(ContactSheet.fileName),
                                                   atomically: true, encoding: .utf8)
        return directory
    }

    @Test func everyThumbnailIsShown() throws {
        let directory = try Self.export()
        defer { try? FileManager.default.removeItem(at: directory) }
        let dom = try Chromium.find().dom(of: directory.appendingPathComponent(ContactSheet.fileName))
        let thumbs = BrowserFixtures.tags("thumb", in: dom)
        #expect(thumbs.count == 6)
        #expect(thumbs.allSatisfy { !$0.contains(" hidden") })
        #expect(dom.contains(#"data-shown="6""#))
        #expect(dom.contains(#"<span id="shown">6</span> of 6 shown"#))
        // The first thumbnail is where the keys start.
        #expect(dom.contains(#"data-current="USA-dark-100x30-A-auto""#))
    }

    @Test func aFilterInTheAddressHidesTheOthers() throws {
        let directory = try Self.export()
        defer { try? FileManager.default.removeItem(at: directory) }
        let page = directory.appendingPathComponent(ContactSheet.fileName)
        let filtered = try #require(URL(string: page.absoluteString + "#storefront=DEU,JPN&theme=light"))
        let dom = try Chromium.find().dom(of: filtered)
        let thumbs = BrowserFixtures.tags("thumb", in: dom)
        #expect(thumbs.count == 6)
        let shown = thumbs.filter { !$0.contains(" hidden") }.compactMap { BrowserFixtures.attribute("data-name", of: $0) }
        #expect(shown == ["DEU-light-100x30-A-auto", "JPN-light-100x30-A-auto"])
        #expect(dom.contains(#"data-shown="2""#))
        // The toggles say the same.
        #expect(!dom.contains(#"checked="" data-axis="storefront" value="USA""#))

        // The same after `?`, as a link from elsewhere may give it.
        let query = try #require(URL(string: page.absoluteString + "?storefront=USA"))
        let byQuery = try Chromium.find().dom(of: query)
        #expect(byQuery.contains(#"data-shown="2""#))
    }

    @Test func aClickOpensThePictureAtFullSize() throws {
        let directory = try Self.export()
        defer { try? FileManager.default.removeItem(at: directory) }
        let probe = try BrowserFixtures.page(directory.appendingPathComponent(ContactSheet.fileName), running: """
            document.querySelector('.thumb[data-storefront="JPN"][data-theme="light"] img').click();
            """)
        let dom = try Chromium.find().dom(of: probe)
        #expect(dom.contains(#"data-open="JPN-light-100x30-A-auto""#))
        #expect(BrowserFixtures.tag(id: "overlay", in: dom)?.contains(" hidden") == false)
        #expect(dom.contains(#"<a id="overlay-file" href="JPN-light-100x30-A-auto.svg">"#))
    }

    @Test func untickingAToggleHidesItsThumbnailsAndWritesTheAddress() throws {
        let directory = try Self.export()
        defer { try? FileManager.default.removeItem(at: directory) }
        let probe = try BrowserFixtures.page(directory.appendingPathComponent(ContactSheet.fileName), running: """
            var usa = document.querySelector('#filters input[value="USA"]');
            usa.checked = false;
            usa.dispatchEvent(new Event('change', { bubbles: true }));
            document.body.dataset.address = location.hash;
            """)
        let dom = try Chromium.find().dom(of: probe)
        let shown = BrowserFixtures.tags("thumb", in: dom).filter { !$0.contains(" hidden") }
        #expect(shown.count == 4)
        #expect(shown.allSatisfy { BrowserFixtures.attribute("data-storefront", of: $0) != "USA" })
        #expect(dom.contains(##"data-address="#storefront=DEU,JPN""##))
    }

    @Test func arrowsMoveEnterOpensEscCloses() throws {
        let directory = try Self.export()
        defer { try? FileManager.default.removeItem(at: directory) }
        let page = directory.appendingPathComponent(ContactSheet.fileName)
        let chromium = try Chromium.find()

        // Two to the right, then open: the third thumbnail at full size.
        let opened = try chromium.dom(of: try BrowserFixtures.page(page, running: BrowserFixtures.pressing(
            ["ArrowRight", "ArrowRight", "Enter"])))
        #expect(opened.contains(#"data-current="DEU-dark-100x30-A-auto" data-open="DEU-dark-100x30-A-auto""#))
        #expect(BrowserFixtures.tag(id: "overlay", in: opened)?.contains(" hidden") == false)
        #expect(opened.contains(#"<img alt="DEU-dark-100x30-A-auto" src="DEU-dark-100x30-A-auto.svg">"#))

        // Esc closes it; the keys stay on that thumbnail. Left goes back one.
        let closed = try chromium.dom(of: try BrowserFixtures.page(page, running: BrowserFixtures.pressing(
            ["ArrowRight", "ArrowRight", "Enter", "Escape", "ArrowLeft"])))
        #expect(closed.contains(#"data-current="USA-light-100x30-A-auto" data-open="""#))
        #expect(BrowserFixtures.tag(id: "overlay", in: closed)?.contains(" hidden") == true)

        // Down: the thumbnail below, four columns across at 1280 pixels.
        let down = try chromium.dom(of: try BrowserFixtures.page(page, running: BrowserFixtures.pressing(["ArrowDown"])))
        #expect(down.contains(#"data-current="JPN-dark-100x30-A-auto""#))

        // `/` goes to the filters.
        let slash = try chromium.dom(of: try BrowserFixtures.page(page, running: BrowserFixtures.pressing(["/"])
            + "\ndocument.body.dataset.focused = document.activeElement.dataset.axis + ':' + document.activeElement.value;"))
        #expect(slash.contains(#"data-focused="storefront:USA""#))
    }

    @Test func aScreenshotForAPersonToLookAt() throws {
        let directory = try Self.export()
        defer { try? FileManager.default.removeItem(at: directory) }
        let output = try TestOutput.directory("contact-sheet").appendingPathComponent("index.png")
        try? FileManager.default.removeItem(at: output)
        try Chromium.find().screenshot(of: directory.appendingPathComponent(ContactSheet.fileName), to: output)
        let png = try Data(contentsOf: output)
        #expect(png.starts(with: [0x89, 0x50, 0x4E, 0x47]))
        #expect(png.count > 10_000)  // a page with pictures, not a blank one
    }
}
