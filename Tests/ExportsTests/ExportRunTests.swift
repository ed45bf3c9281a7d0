import Catalog
import Foundation
import Synchronization
import TerminalUI
import Testing
@testable import Exports

@Suite struct ExportRunTests {
    func job(into directory: String, formats: [ExportFormat] = ExportFormat.defaults, jobs: Int = 2,
             catalog: ProductCatalog? = nil, base: ExportBase? = nil) throws -> ExportJob {
        let axes = ExportAxes(storefronts: ["USA", "JPN"], themes: ["dark", "light"], sizes: [.init(width: 80, height: 24)],
                              variants: ["A", "B"], eligibilities: ["eligible"])
        return ExportJob(catalog: try catalog ?? loadCatalog(), catalogLabel: "catalog.json", themes: [.dark, .light],
                         combinations: axes.combinations, formats: formats, outputDirectory: directory, jobs: jobs, base: base)
    }

    @Test func everyCombinationGetsAFilePerFormatItsCellsAManifestAndAContactSheet() throws {
        let directory = try temporaryDirectory("export-run")
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let counts = Counts()
        let result = try Exporter.export(try job(into: directory, formats: ExportFormat.allCases)) { done, total in
            counts.append(done, total)
        }
        #expect(counts.seen == Array(1...8), "progress counts up once per combination")
        #expect(counts.totals == [8])
        #expect(result.manifest.entries.count == 8)
        #expect(result.manifest.entries.first?.combination.name == "USA-dark-80x24-A-eligible")
        let files = try contents(of: directory)
        for entry in result.manifest.entries {
            #expect(Set(entry.files.keys) == ["txt", "ansi", "html", "svg", "png", "cells"])
            for file in entry.files.values { #expect((files[file]?.count ?? 0) > 0, "\(file)") }
            let frame = try FrameArchive.decode(try #require(files[entry.files["cells"] ?? ""]))
            func text(_ format: String) throws -> String { String(decoding: try #require(files[entry.files[format] ?? ""]), as: UTF8.self) }
            #expect(try text("txt") == frame.lines.joined(separator: "\n") + "\n")
            #expect(try text("ansi") == ANSIText.document(frame))
            #expect(try text("html") == FrameHTML.document(frame, title: entry.combination.name))
            #expect(try text("svg") == FrameSVG.document(frame))
        }
        let png = try #require(files["USA-dark-80x24-A-eligible.png"])
        #expect(png.prefix(8) == Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]))
        let manifest = try JSONDecoder().decode(ExportManifest.self, from: try #require(files[ExportManifest.fileName]))
        #expect(manifest == result.manifest)
        #expect(files[Exporter.contactSheetFile].map { String(decoding: $0, as: UTF8.self) } == ContactSheet.html(for: manifest))
        #expect(files[Exporter.diffPageFile] == nil, "no diff page without --compare")
    }

    @Test func chromeDrawsEachSVGInAWindowTitledWithItsCombination() throws {
        let directory = try temporaryDirectory("export-chrome")
        defer { try? FileManager.default.removeItem(atPath: directory) }
        var chromed = try job(into: directory, formats: [.svg])
        chromed.svgOptions = SVGOptions(chrome: true)
        let result = try Exporter.export(chromed)
        let entry = try #require(result.manifest.entries.first)
        let frame = try FrameArchive.decode(try Data(contentsOf: URL(fileURLWithPath: "\(directory)/\(entry.files["cells"] ?? "")")))
        let svg = try String(contentsOfFile: "\(directory)/\(entry.files["svg"] ?? "")", encoding: .utf8)
        #expect(svg == FrameSVG.document(frame, options: SVGOptions(chrome: true, title: entry.combination.name)))
        let writer = ExportFileWriter(directory: directory, formats: [.svg], svgOptions: SVGOptions(chrome: true), png: nil)
        #expect(writer.svgOptions(for: entry.combination) == SVGOptions(chrome: true, title: "USA-dark-80x24-A-eligible"))
        let plain = ExportFileWriter(directory: directory, formats: [.svg], svgOptions: SVGOptions(), png: nil)
        #expect(plain.svgOptions(for: entry.combination) == SVGOptions(), "no title without a window")
    }

    @Test func twoExportsOfOneCatalogAreTheSameByteForByteWhateverTheJobs() throws {
        let first = try temporaryDirectory("export-first")
        let second = try temporaryDirectory("export-second")
        defer {
            try? FileManager.default.removeItem(atPath: first)
            try? FileManager.default.removeItem(atPath: second)
        }
        _ = try Exporter.export(try job(into: first, formats: [.txt, .ansi, .html, .svg], jobs: 1))
        _ = try Exporter.export(try job(into: second, formats: [.txt, .ansi, .html, .svg], jobs: 3))
        let one = try contents(of: first), two = try contents(of: second)
        #expect(one.keys.sorted() == two.keys.sorted())
        for (name, data) in one { #expect(two[name] == data, "\(name) differs") }
    }

    @Test func jobsTakeRunsOfOneLaunchEachIndexOnce() {
        let combinations = ExportAxes(storefronts: ["USA", "DEU"], themes: ["dark", "light"],
                                      sizes: [.init(width: 80, height: 24), .init(width: 120, height: 40)],
                                      variants: ["A", "B"], eligibilities: ["eligible", "not-eligible"]).combinations
        let batches = Exporter.batches(combinations, workers: 2)
        #expect(batches.flatMap { $0 }.sorted() == Array(combinations.indices))
        for batch in batches {
            #expect(Set(batch.map { ExportRenderer.launchKey(for: combinations[$0]) }).count == 1)
        }
        // 32 combinations in 4 launches of 8, cut to runs of 4 so two jobs share them evenly.
        #expect(batches.map(\.count) == Array(repeating: 4, count: 8))
    }

    @Test func twoCombinationsWithOneFileNameAreRefused() {
        let clash = [combination(theme: "high contrast"), combination(theme: "high_contrast")]
        do {
            try Exporter.refuseSharedNames(clash)
            Issue.record("two pictures would share a file")
        } catch {
            #expect(error.kind == .usage)
            #expect(error.message.hasPrefix("two combinations share the file name USA-high_contrast-120x40-A-eligible"), "\(error.message)")
        }
        #expect(throws: Never.self) { try Exporter.refuseSharedNames([combination(), combination("DEU")]) }
    }

    @Test func pngWithoutTheConverterSaysHowToInstallIt() {
        do {
            _ = try PNGConverter.located(path: "/nonexistent-\(UUID().uuidString)")
            Issue.record("found a converter")
        } catch {
            #expect(error.kind == .unavailable)
            #expect(error.message.contains("apt-get install librsvg2-bin"))
            #expect(error.message.contains("make deps-png"))
        }
    }

    @Test func aConverterThatFailsIsAnIOErrorWithItsWords() throws {
        let directory = try temporaryDirectory("export-png")
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let converter = try PNGConverter.located()
        try "<svg".write(toFile: directory + "/broken.svg", atomically: true, encoding: .utf8)
        do {
            try converter.convert(svgFile: directory + "/broken.svg", to: directory + "/broken.png")
            Issue.record("drew a broken SVG")
        } catch {
            #expect(error.kind == .io)
            #expect(error.message.contains("could not draw"))
        }
    }

    @Test func anOutputThatIsAFileIsAnIOErrorNamingIt() throws {
        let directory = try temporaryDirectory("export-file")
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let file = directory + "/taken"
        try "x".write(toFile: file, atomically: true, encoding: .utf8)
        let job = try job(into: file)
        do {
            _ = try Exporter.export(job)
            Issue.record("exported into a file")
        } catch {
            #expect(error.kind == .io)
            #expect(error.message.hasPrefix("--out \(file): cannot make the directory"))
        }
    }

    @Test func aStaleDiffPageIsRemovedByAnExportWithoutCompare() throws {
        let directory = try temporaryDirectory("export-stale")
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try "old".write(toFile: directory + "/" + Exporter.diffPageFile, atomically: true, encoding: .utf8)
        _ = try Exporter.export(try job(into: directory, formats: [.txt]))
        #expect(!FileManager.default.fileExists(atPath: directory + "/" + Exporter.diffPageFile))
    }
}

/// The progress an export reported, from its jobs' threads.
private final class Counts: Sendable {
    private let counts = Mutex<(done: [Int], total: Set<Int>)>(([], []))

    func append(_ count: Int, _ of: Int) {
        counts.withLock {
            $0.done.append(count)
            $0.total.insert(of)
        }
    }

    var seen: [Int] { counts.withLock { $0.done } }
    var totals: [Int] { counts.withLock { $0.total.sorted() } }
}
