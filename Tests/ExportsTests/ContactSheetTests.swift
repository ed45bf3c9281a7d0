import Exports
import Foundation
import Testing

@Suite struct ContactSheetTests {
    static func entry(_ storefront: String, _ theme: String, size: (Int, Int) = (120, 40), variant: String = "A",
                      files: [String]? = nil) -> ExportManifest.Entry {
        let combination = Combination(storefront: storefront, theme: theme, width: size.0, height: size.1,
                                      variant: variant, eligibility: "eligible")
        let formats = files ?? ["svg", "txt"]
        return ExportManifest.Entry(combination: combination,
                                    files: Dictionary(uniqueKeysWithValues: formats.map { ($0, "\(combination.name).\($0)") }))
    }

    static let manifest = ExportManifest(catalog: "catalog.json", entries: [
        entry("USA", "dark"), entry("USA", "light"), entry("DEU", "dark"), entry("DEU", "light"),
        entry("JPN", "dark", size: (80, 24)),
    ])

    static func count(_ needle: String, in text: String) -> Int {
        text.components(separatedBy: needle).count - 1
    }

    @Test func oneThumbnailPerEntryEachLinkedToItsPictureRelatively() {
        let html = ContactSheet.html(for: Self.manifest)
        #expect(html.hasPrefix("<!doctype html>"))
        #expect(Self.count("<figure class=\"thumb\"", in: html) == 5)
        #expect(html.contains(#"<img src="USA-dark-120x40-A-eligible.svg""#))
        #expect(html.contains(#"data-total="5" data-shown="5""#))
        #expect(html.contains(#"<span id="shown">5</span> of 5 shown"#))
    }

    @Test func eachThumbnailSaysItsAxesInDataAttributesAndItsLabel() {
        let html = ContactSheet.html(for: Self.manifest)
        #expect(html.contains(#"data-name="JPN-dark-80x24-A-eligible" data-storefront="JPN" data-theme="dark" data-size="80x24" data-variant="A" data-eligibility="eligible" data-state="" data-device="full""#))
        // The label is the combination's axes, each its own span.
        #expect(html.contains(#"<span class="axis" title="storefront">JPN</span> <span class="axis" title="theme">dark</span> <span class="axis" title="size">80x24</span>"#))
    }

    @Test func filtersOnlyForAxesWithMoreThanOneValue() {
        let html = ContactSheet.html(for: Self.manifest)
        #expect(html.contains(#"<fieldset data-axis="storefront">"#))
        #expect(html.contains(#"<fieldset data-axis="theme">"#))
        #expect(html.contains(#"<fieldset data-axis="size">"#))
        #expect(!html.contains(#"<fieldset data-axis="variant">"#))
        #expect(!html.contains(#"<fieldset data-axis="eligibility">"#))
        // Values in the order the export drew them.
        let usa = html.range(of: #"value="USA""#)?.lowerBound, deu = html.range(of: #"value="DEU""#)?.lowerBound
        #expect(usa != nil && deu != nil && usa! < deu!)
        // One filter-less page when every axis has one value.
        let single = ContactSheet.html(for: ExportManifest(catalog: "c.json", entries: [Self.entry("USA", "dark")]))
        #expect(!single.contains("<form id=\"filters\""))
    }

    @Test func withoutAnSVGTheThumbnailShowsThePageOrTheText() {
        let manifest = ExportManifest(catalog: "c.json", entries: [
            Self.entry("USA", "dark", files: ["html", "txt"]), Self.entry("DEU", "dark", files: ["txt"]),
            Self.entry("JPN", "dark", files: ["cells"]),
        ])
        let html = ContactSheet.html(for: manifest)
        #expect(html.contains(#"<iframe src="USA-dark-120x40-A-eligible.html""#))
        #expect(html.contains(#"<iframe src="DEU-dark-120x40-A-eligible.txt""#))
        #expect(html.contains(#"data-file="" data-format=""><p class="missing">no picture</p>"#))
        #expect(!html.contains("<img"))
    }

    @Test func everyTextIsEscapedAndEveryPathEncoded() {
        let hostile = "<script>alert('x')</script>\"&"
        var entry = Self.entry(hostile, "dark")
        entry.files = ["svg": "pictures/a #1?.svg"]
        let html = ContactSheet.html(for: ExportManifest(catalog: "</title><b>", entries: [entry, Self.entry("USA", "dark")]))
        #expect(!html.contains("<script>alert"))
        #expect(!html.contains("</title><b>"))
        #expect(html.contains("&lt;script&gt;alert(&apos;x&apos;)&lt;/script&gt;&quot;&amp;"))
        #expect(html.contains(#"<img src="pictures/a%20%231%3F.svg""#))
        // The page's own script is the only one.
        #expect(Self.count("<script>", in: html) == 1)
    }

    @Test func anEmptyExportSaysSo() {
        let html = ContactSheet.html(for: ExportManifest(catalog: "c.json", entries: []))
        #expect(html.contains("This export holds no pictures."))
        #expect(html.contains(#"data-total="0""#))
    }

    @Test func selfContainedNothingFromTheNetwork() {
        let html = ContactSheet.html(for: Self.manifest)
        #expect(!html.contains("http://") && !html.contains("https://") && !html.contains("@import")
                && !html.contains("<link"))
    }
}
