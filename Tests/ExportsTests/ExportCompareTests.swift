import Catalog
@testable import Exports
import Foundation
import Testing
import TerminalUI

@Suite struct ExportCompareTests {
    let axes = ExportAxes(storefronts: ["USA", "JPN"], themes: ["dark"], sizes: [.init(width: 100, height: 30)],
                          variants: ["A", "B"], eligibilities: ["eligible"])

    func run(_ catalog: ProductCatalog, into directory: String, base: ExportBase? = nil,
             baseCombinations: [Combination]? = nil) throws -> ExportResult {
        let job = ExportJob(catalog: catalog, catalogLabel: "catalog.json", themes: [.dark, .light], combinations: axes.combinations,
                            formats: [.txt], outputDirectory: directory, jobs: 2, base: base, baseCombinations: baseCombinations)
        return try Exporter.export(job)
    }

    /// The repository's catalog with the monthly plan renamed: a change a reviewer should see.
    func renamedCatalog() throws -> ProductCatalog {
        let text = repositoryCatalogText.replacingOccurrences(of: "\"Monthly Pass\"", with: "\"Monthly Pass Plus\"")
        #expect(text != repositoryCatalogText)
        return try loadCatalog(text)
    }

    @Test func aChangedCatalogFileChangesTheCombinationsThatShowIt() throws {
        let directory = try temporaryDirectory("compare-file")
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let result = try run(try renamedCatalog(), into: directory, base: .catalog(try loadCatalog(), label: "old.json"))
        #expect(result.compared)
        // The English name only: Japan's paywall names the plan in Japanese and draws alike.
        #expect(result.changes.map(\.combination.storefront) == ["USA", "USA"])
        let usa = try #require(result.changes.first { $0.combination.name == "USA-dark-100x30-A-eligible" })
        #expect(usa.summary.hasPrefix("USA-dark-100x30-A-eligible: "))
        #expect(usa.summary.contains("in \"Monthly Pass Plus\""), "\(usa.summary)")
        #expect(!usa.diff.isEmpty)
        let page = try String(contentsOfFile: directory + "/" + Exporter.diffPageFile, encoding: .utf8)
        #expect(page == DiffPage.html(for: result.changes, title: "catalog.json against old.json"))
    }

    @Test func anUnchangedCatalogChangesNothingAndStillWritesTheDiffPage() throws {
        let directory = try temporaryDirectory("compare-same")
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let result = try run(try loadCatalog(), into: directory, base: .catalog(try loadCatalog(), label: "same.json"))
        #expect(result.changes.isEmpty)
        #expect(FileManager.default.fileExists(atPath: directory + "/" + Exporter.diffPageFile))
    }

    @Test func aStorefrontOnlyOneSideHasIsAddedOrRemoved() throws {
        let directory = try temporaryDirectory("compare-added")
        defer { try? FileManager.default.removeItem(atPath: directory) }
        var base = try loadCatalog()
        base.storefronts.removeAll { $0.id == "JPN" }
        let baseAxes = ExportAxisOptions(storefronts: "USA,JPN", variants: "A,B").axes(forBase: base, current: axes)
        let result = try run(try loadCatalog(), into: directory, base: .catalog(base, label: "old.json"),
                             baseCombinations: baseAxes.combinations)
        #expect(result.summaries == ["JPN-dark-100x30-A-eligible: added (not in old.json)",
                                     "JPN-dark-100x30-B-eligible: added (not in old.json)"])
        // And the other way round: what only the base has is removed.
        let back = try temporaryDirectory("compare-removed")
        defer { try? FileManager.default.removeItem(atPath: back) }
        let job = ExportJob(catalog: base, catalogLabel: "new.json", themes: [.dark], combinations: baseAxes.combinations,
                            formats: [.txt], outputDirectory: back, base: .catalog(try loadCatalog(), label: "catalog.json"),
                            baseCombinations: axes.combinations)
        #expect(try Exporter.export(job).summaries == ["JPN-dark-100x30-A-eligible: removed (only in catalog.json)",
                                                    "JPN-dark-100x30-B-eligible: removed (only in catalog.json)"])
    }

    @Test func anEarlierExportDirectoryIsComparedCellForCell() throws {
        let before = try temporaryDirectory("compare-before")
        let same = try temporaryDirectory("compare-again")
        let after = try temporaryDirectory("compare-after")
        defer { for path in [before, same, after] { try? FileManager.default.removeItem(atPath: path) } }
        _ = try run(try loadCatalog(), into: before)
        let unchanged = try run(try loadCatalog(), into: same, base: .archive(try ExportArchive(directory: before)))
        #expect(unchanged.changes.isEmpty)
        let changed = try run(try renamedCatalog(), into: after, base: .archive(try ExportArchive(directory: before)))
        #expect(changed.changes.map(\.combination.name) == ["USA-dark-100x30-A-eligible", "USA-dark-100x30-B-eligible"])
        #expect(changed.summaries.allSatisfy { $0.contains("\"Monthly Pass Plus\"") }, "\(changed.summaries)")
    }

    @Test func anEarlierExportWithOtherCombinationsListsThemAsRemoved() throws {
        let before = try temporaryDirectory("compare-wider")
        let after = try temporaryDirectory("compare-narrower")
        defer { for path in [before, after] { try? FileManager.default.removeItem(atPath: path) } }
        let wider = ExportJob(catalog: try loadCatalog(), catalogLabel: "catalog.json", themes: [.dark],
                              combinations: axes.combinations + [combination("DEU", width: 100, height: 30)],
                              formats: [.txt], outputDirectory: before)
        _ = try Exporter.export(wider)
        let result = try run(try loadCatalog(), into: after, base: .archive(try ExportArchive(directory: before)))
        #expect(result.summaries == ["DEU-dark-100x30-A-eligible: removed (only in \(before))"])
        #expect(result.changes[0].diff.before.lines.joined().contains("DEU de_DE"), "the removed one is shown as it was")
    }

    @Test func aGitRevisionOfTheCatalogIsReadWithGitShow() throws {
        let repository = try temporaryDirectory("compare-git")
        defer { try? FileManager.default.removeItem(atPath: repository) }
        func git(_ arguments: String...) throws {
            let outcome = try #require(ExportProcess.find("git")).run(["-c", "user.name=t", "-c", "user.email=t@example.com"] + arguments,
                                                                      in: repository)
            #expect(outcome.status == 0, "git \(arguments): \(outcome.errors)")
        }
        try git("init", "-q")
        try repositoryCatalogText.write(toFile: repository + "/catalog.json", atomically: true, encoding: .utf8)
        try git("add", "catalog.json")
        try git("commit", "-q", "-m", "first")
        let renamed = repositoryCatalogText.replacingOccurrences(of: "\"Monthly Pass\"", with: "\"Monthly Pass Plus\"")
        try renamed.write(toFile: repository + "/catalog.json", atomically: true, encoding: .utf8)
        try git("commit", "-q", "-am", "rename")

        #expect(try CompareSource.classify("HEAD~1:catalog.json") == .gitRevision(revision: "HEAD~1", path: "catalog.json"))
        let old = try GitRevision.text(revision: "HEAD~1", path: "catalog.json", in: repository)
        #expect(old == repositoryCatalogText)
        let directory = try temporaryDirectory("compare-git-out")
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let result = try run(try loadCatalog(renamed), into: directory,
                             base: .catalog(try loadCatalog(old, file: "HEAD~1:catalog.json"), label: "HEAD~1:catalog.json"))
        #expect(result.changes.map(\.combination.storefront) == ["USA", "USA"])

        // A revision git does not have, and git itself missing, say so.
        do {
            _ = try GitRevision.text(revision: "HEAD~5", path: "catalog.json", in: repository)
            Issue.record("read a revision that is not there")
        } catch {
            #expect(error.kind == .noInput)
            #expect(error.message.hasPrefix("--compare HEAD~5:catalog.json: git show found no such catalog"), "\(error.message)")
        }
        do {
            _ = try GitRevision.text(revision: "HEAD", path: "catalog.json", in: repository, searchPath: repository)
            Issue.record("ran a git that is not on PATH")
        } catch {
            #expect(error.kind == .unavailable)
            #expect(error.message.contains("needs git, which is not on PATH"))
        }
    }

    @Test func aBaseIsToldApartByWhatIsOnDisk() throws {
        let directory = try temporaryDirectory("compare-classify")
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try "{}".write(toFile: directory + "/old.json", atomically: true, encoding: .utf8)
        #expect(try CompareSource.classify(directory + "/old.json") == .catalogFile(directory + "/old.json"))
        #expect(throws: ExportFailure.self) { try CompareSource.classify(directory) }
        do {
            _ = try CompareSource.classify(directory + "/missing.json")
            Issue.record("classified a missing file")
        } catch {
            #expect(error.kind == .noInput)
        }
        try "{}".write(toFile: directory + "/" + ExportManifest.fileName, atomically: true, encoding: .utf8)
        #expect(try CompareSource.classify(directory) == .exportDirectory(directory))
    }

    @Test func aBrokenEarlierExportIsBadDataNamingTheFile() throws {
        let directory = try temporaryDirectory("compare-broken")
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let manifest = directory + "/" + ExportManifest.fileName
        try "not json".write(toFile: manifest, atomically: true, encoding: .utf8)
        #expect(throws: ExportFailure.self) { try ExportArchive(directory: directory) }
        do {
            _ = try ExportArchive(directory: directory)
        } catch {
            #expect(error.kind == .badData)
            #expect(error.message.hasPrefix(manifest))
        }
        let entry = ExportManifest.Entry(combination: combination(), files: ["cells": "cells/x.json"])
        try JSONEncoder().encode(ExportManifest(catalog: "c", entries: [entry], version: 99)).write(to: URL(fileURLWithPath: manifest))
        do {
            _ = try ExportArchive(directory: directory)
            Issue.record("read a layout from the future")
        } catch {
            #expect(error.kind == .badData)
            #expect(error.message.contains("layout 99"))
        }
        try JSONEncoder().encode(ExportManifest(catalog: "c", entries: [entry])).write(to: URL(fileURLWithPath: manifest))
        let archive = try ExportArchive(directory: directory)
        do {
            _ = try archive.frame(for: combination())
            Issue.record("read a missing cells file")
        } catch {
            #expect(error.kind == .noInput)
            #expect(error.message.hasPrefix(directory + "/cells/x.json"))
        }
        #expect(try archive.frame(for: combination("DEU")) == nil, "a combination it never drew")
    }
}
