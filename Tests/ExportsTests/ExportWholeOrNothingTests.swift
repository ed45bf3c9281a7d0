import Catalog
@testable import Exports
import Foundation
import Testing
import TerminalUI

/// Issue 33 item 15: what lint passes, export writes. A long variant id or theme name makes a
/// file name that fits; an export that fails part way leaves the output directory as it was;
/// and a file error says the system's reason, not Foundation's "The file name is invalid."
@Suite struct ExportWholeOrNothingTests {
    private func job(_ combinations: [Combination], into directory: String, catalog: ProductCatalog? = nil,
                     themes: [Theme] = [.dark]) throws -> ExportJob {
        ExportJob(catalog: try catalog ?? loadCatalog(), catalogLabel: "catalog.json", themes: themes,
                  combinations: combinations, formats: [.txt, .html, .svg], outputDirectory: directory, jobs: 1)
    }

    @Test func aLongValueKeepsItsStartAndAHashOfTheWhole() {
        let long = String(repeating: "V", count: 250)
        let name = combination(variant: long).name
        let value = name.split(separator: "-")[3]
        #expect(value.count == Combination.longestValue, "\(value)")
        #expect(value.hasPrefix(String(repeating: "V", count: 31) + "_"))
        #expect(combination(variant: long).name == name, "the same value always gets the same name")
        // Two long ids that differ only past the kept start are two files.
        #expect(combination(variant: long + "W").name != name)
        // Values that fit are as they always were, so earlier exports compare as before.
        #expect(combination(variant: "A").name == "USA-dark-120x40-A-eligible")
        #expect(combination(variant: String(repeating: "B", count: 48)).name.contains(String(repeating: "B", count: 48)))
    }

    @Test func theLongestNameOfEveryAxisFitsAFileName() {
        let long = String(repeating: "長", count: 300)
        let worst = Combination(storefront: long, theme: long + "t", width: 1000, height: 500, variant: long + "v",
                                eligibility: "not-eligible", state: "promo-eligible", device: "tablet")
        // The PNG's hidden SVG is the longest file the writers make of a name:
        // `.NAME.1a2b3c4d.svg`, and a temporary `.tmp.XXXXXX` beside it while it is written.
        let longest = ".\(worst.name).1a2b3c4d.svg.tmp.XXXXXX"
        #expect(longest.utf8.count <= 255, "\(longest.utf8.count) bytes")
    }

    @Test func aVariantIdOf250CharactersAndAThemeNameOf200AreExported() throws {
        let directory = try temporaryDirectory("export-long")
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let variant = String(repeating: "v", count: 250)
        let text = repositoryCatalogText.replacingOccurrences(of: #""id": "A""#, with: "\"id\": \"\(variant)\"")
        #expect(text != repositoryCatalogText)
        var theme = Theme.dark
        theme.name = String(repeating: "t", count: 200)
        let catalog = try loadCatalog(text)
        let combinations = [combination(theme: theme.name, width: 80, height: 24, variant: variant)]
        let result = try Exporter.export(try job(combinations, into: directory, catalog: catalog, themes: [theme]))
        let files = try #require(result.manifest.entries.first?.files)
        for file in files.values {
            #expect(FileManager.default.fileExists(atPath: directory + "/" + file), "\(file)")
            #expect((file as NSString).lastPathComponent.utf8.count <= 255)
        }
        #expect(try String(contentsOfFile: directory + "/" + (files["txt"] ?? ""), encoding: .utf8).contains("Stardust"))
    }

    @Test func anExportThatFailsPartWayLeavesANewOutputDirectoryUnmade() throws {
        let parent = try temporaryDirectory("export-fails")
        defer { try? FileManager.default.removeItem(atPath: parent) }
        let output = parent + "/shots/today"
        // Two pictures are drawn and written, then the third names a theme that is not loaded.
        let combinations = [combination(width: 80, height: 24), combination(width: 80, height: 24, variant: "B"),
                            combination(theme: "missing", width: 80, height: 24)]
        #expect(throws: ExportFailure.self) { try Exporter.export(try job(combinations, into: output)) }
        #expect(try FileManager.default.contentsOfDirectory(atPath: parent) == [], "nothing made, not even the folders")
    }

    @Test func anExportThatFailsPartWayLeavesAnEarlierExportAsItWas() throws {
        let output = try temporaryDirectory("export-again")
        defer { try? FileManager.default.removeItem(atPath: output) }
        _ = try Exporter.export(try job([combination(width: 80, height: 24), combination(width: 80, height: 24, variant: "B")],
                                     into: output))
        let before = try contents(of: output)
        let combinations = [combination(width: 80, height: 24, variant: "B"), combination(theme: "missing", width: 80, height: 24)]
        var failing = try job(combinations, into: output)
        failing.svgOptions = SVGOptions(chrome: true)
        #expect(throws: ExportFailure.self) { try Exporter.export(failing) }
        #expect(try contents(of: output) == before, "the earlier export's files, byte for byte, and nothing else")
    }

    @Test func aFileErrorSaysTheSystemsReason() throws {
        let directory = try temporaryDirectory("export-reason")
        defer { try? FileManager.default.removeItem(atPath: directory) }
        do {
            try ExportFileWriter.write(Data("x".utf8), to: directory + "/" + String(repeating: "n", count: 300) + ".txt")
            Issue.record("wrote a file whose name is too long")
        } catch {
            #expect(error.kind == .io)
            #expect(error.message.hasSuffix(": cannot write (File name too long)."), "\(error.message)")
        }
        do {
            try ExportDestination(directory: "/proc/nope").prepare()
            Issue.record("made a directory in /proc")
        } catch {
            #expect(error.message == "--out /proc/nope: cannot make the directory (No such file or directory).", "\(error.message)")
        }
    }
}
