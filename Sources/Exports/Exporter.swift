import Catalog
import Dispatch
import Foundation
import StoreEngine
import Synchronization
import TerminalUI

/// One export: what to draw, how, where, and what to compare it with.
public struct ExportJob: Sendable {
    public var catalog: ProductCatalog
    /// The catalog as the command line named it (the manifest's `catalog`).
    public var catalogLabel: String
    public var themes: [Theme]
    public var combinations: [Combination]
    public var formats: [ExportFormat]
    public var outputDirectory: String
    public var jobs: Int
    public var svgOptions: SVGOptions
    public var base: ExportBase?
    /// For a catalog base: the combinations it has, from the same axes (a storefront or a
    /// variant only one side has is added or removed). Nil: the same as `combinations`.
    public var baseCombinations: [Combination]?
    /// Where the jobs' private state directories go, made and removed by the export; the
    /// command names it so that an interrupted export can remove it too. Nil: the system's
    /// temporary directory.
    public var scratchDirectory: String?
    /// Where the files are written and how they are moved into `outputDirectory`; the command
    /// makes it so that an interrupted export can discard it too. Nil: one made for
    /// `outputDirectory` by the export.
    public var destination: ExportDestination?

    public init(catalog: ProductCatalog, catalogLabel: String, themes: [Theme], combinations: [Combination],
                formats: [ExportFormat] = ExportFormat.defaults, outputDirectory: String, jobs: Int = 1,
                svgOptions: SVGOptions = SVGOptions(), base: ExportBase? = nil, baseCombinations: [Combination]? = nil,
                scratchDirectory: String? = nil) {
        self.catalog = catalog
        self.catalogLabel = catalogLabel
        self.themes = themes
        self.combinations = combinations
        self.formats = formats
        self.outputDirectory = outputDirectory
        self.jobs = jobs
        self.svgOptions = svgOptions
        self.base = base
        self.baseCombinations = baseCombinations
        self.scratchDirectory = scratchDirectory
    }
}

/// What an export wrote and, with a base, what changed.
public struct ExportResult: Sendable {
    public var manifest: ExportManifest
    /// Changed, added and removed combinations, in the export's order (removed ones last):
    /// what diff.html shows.
    public var changes: [ChangedCombination]
    /// The summary line of each change, as printed.
    public var summaries: [String] { changes.map(\.summary) }
    public var compared: Bool
    /// Each script the pictures drew that needs a font beyond the basic ones, with a character of it.
    public var scripts: [Script: Unicode.Scalar] = [:]
}

/// Draws every combination of a job on `jobs` threads, each with its own renderer (and its own
/// state directory), writes one file per format, the archived cells, the manifest and the
/// contact sheet, and with a base the diff page.
public enum Exporter {
    public static let cellsDirectory = "cells"
    public static let contactSheetFile = ContactSheet.fileName
    public static let diffPageFile = DiffPage.fileName

    /// Everything is written into the destination's staging folder and moved into the output
    /// directory only when all of it was written (`ExportDestination`): a failure leaves the
    /// output directory as it was.
    /// - Parameter progress: how many combinations are done of how many, from any thread, in order.
    public static func export(_ job: ExportJob, progress: @escaping @Sendable (Int, Int) -> Void = { _, _ in }) throws(ExportFailure) -> ExportResult {
        try refuseSharedNames(job.combinations)
        let destination = job.destination ?? ExportDestination(directory: job.outputDirectory)
        do throws(ExportFailure) {
            try destination.prepare()
            let result = try write(job, into: destination.staging, progress: progress)
            try destination.commit()
            return result
        } catch {
            destination.discard()
            throw error
        }
    }

    /// Draws and writes every file of `job` into `output`.
    private static func write(_ job: ExportJob, into output: String,
                              progress: @escaping @Sendable (Int, Int) -> Void) throws(ExportFailure) -> ExportResult {
        let png = job.formats.contains(.png) ? try PNGConverter.located() : nil
        let writer = ExportFileWriter(directory: output, formats: job.formats, svgOptions: job.svgOptions, png: png)
        let names = ChangeSummary.Names(productNames(of: job))
        let baseList = baseCombinations(of: job)
        let baseSet = baseList.map(Set.init)
        let scratch = job.scratchDirectory ?? FileManager.default.temporaryDirectory.path
        if job.scratchDirectory != nil { try makeDirectory(scratch, for: "the export's scratch directory") }
        defer { if job.scratchDirectory != nil { try? FileManager.default.removeItem(atPath: scratch) } }
        let workers = max(1, min(job.jobs, job.combinations.count))
        let collector = Collector(batches: batches(job.combinations, workers: workers), progress: progress)
        DispatchQueue.concurrentPerform(iterations: workers) { _ in
            do throws(ExportFailure) {
                let renderer = try ExportRenderer(catalog: job.catalog, themes: job.themes, parent: scratch)
                var baseRenderer: ExportRenderer?
                if case .catalog(let catalog, _)? = job.base {
                    baseRenderer = try ExportRenderer(catalog: catalog, themes: job.themes, parent: scratch)
                }
                while let batch = collector.nextBatch() {
                    for index in batch {
                        let combination = job.combinations[index]
                        let frame = try renderer.frame(for: combination)
                        let files = try writer.write(frame, as: combination)
                        collector.note(Script.drawn(in: frame))
                        var change: ChangedCombination?
                        if let base = job.base, let baseSet {
                            change = try compare(frame, of: combination, with: base, has: baseSet.contains(combination),
                                                 renderer: baseRenderer, names: names)
                        }
                        collector.finish(index, ExportManifest.Entry(combination: combination, files: files), change)
                    }
                }
            } catch {
                collector.fail(error)
            }
        }
        if let failure = collector.failure { throw failure }
        let manifest = ExportManifest(catalog: job.catalogLabel, entries: collector.entries)
        var changes = collector.changes
        if let baseList {
            let current = Set(job.combinations)
            for removed in baseList where !current.contains(removed) {
                changes.append(try removal(of: removed, base: job.base))
            }
        }
        try writeManifest(manifest, in: output)
        try write(ContactSheet.html(for: manifest), to: (output as NSString).appendingPathComponent(contactSheetFile))
        if let base = job.base {
            // Without a base there is none, and the move into place removes an earlier run's.
            try write(DiffPage.html(for: changes, title: "\(job.catalogLabel) against \(base.label)"),
                      to: (output as NSString).appendingPathComponent(diffPageFile))
        }
        return ExportResult(manifest: manifest, changes: changes, compared: job.base != nil, scripts: collector.scripts)
    }

    /// Two combinations whose names are one file name (ids that differ only in characters a
    /// file name cannot hold, `US-A` and `US_A`) would overwrite each other's pictures.
    static func refuseSharedNames(_ combinations: [Combination]) throws(ExportFailure) {
        var seen: [String: Combination] = [:]
        for combination in combinations {
            if let first = seen[combination.name], first != combination {
                throw ExportFailure(.usage, "two combinations share the file name \(combination.name) (\(first.axes.map(\.value).joined(separator: " "))"
                                    + " and \(combination.axes.map(\.value).joined(separator: " "))); leave one of them out of the axes.")
            }
            seen[combination.name] = combination
        }
    }

    /// The combinations in runs that one launch draws (one storefront, size and device: the
    /// renderer reuses its program across them), each run cut so every job gets a share.
    static func batches(_ combinations: [Combination], workers: Int) -> [[Int]] {
        var order: [ExportRenderer.LaunchKey] = []
        var groups: [ExportRenderer.LaunchKey: [Int]] = [:]
        for (index, combination) in combinations.enumerated() {
            let key = ExportRenderer.launchKey(for: combination)
            if groups[key] == nil { order.append(key) }
            groups[key, default: []].append(index)
        }
        // Four runs a job at least, so the last ones left do not keep one job busy alone.
        let most = max(1, (combinations.count + workers * 4 - 1) / (workers * 4))
        return order.flatMap { key in
            let group = groups[key] ?? []
            return stride(from: 0, to: group.count, by: most).map { Array(group[$0..<min($0 + most, group.count)]) }
        }
    }

    /// The combinations the base has: an archive's own, else the job's list for the base catalog.
    static func baseCombinations(of job: ExportJob) -> [Combination]? {
        switch job.base {
        case nil: return nil
        case .archive(let archive): return archive.combinations
        case .catalog: return job.baseCombinations ?? job.combinations
        }
    }

    /// The change of one combination against the base, or nil when it drew alike.
    static func compare(_ frame: Frame, of combination: Combination, with base: ExportBase, has: Bool,
                        renderer: ExportRenderer?, names: ChangeSummary.Names) throws(ExportFailure) -> ChangedCombination? {
        let before: Frame?
        switch base {
        case .archive(let archive): before = try archive.frame(for: combination)
        case .catalog: before = has ? try renderer?.frame(for: combination) : nil
        }
        guard let before else {
            let blank = Frame(width: frame.width, height: frame.height)
            return ChangedCombination(combination: combination, diff: FrameDiff(before: blank, after: frame),
                                      summary: "\(combination.name): added (not in \(base.label))")
        }
        let diff = FrameDiff(before: before, after: frame)
        guard !diff.isEmpty else { return nil }
        return ChangedCombination(combination: combination, diff: diff,
                                  summary: ChangeSummary.line(for: combination.name, diff: diff, names: names))
    }

    /// A combination only the base has, drawn as it was beside a blank.
    static func removal(of combination: Combination, base: ExportBase?) throws(ExportFailure) -> ChangedCombination {
        let blank = Frame(width: combination.width, height: combination.height)
        var before = blank
        if case .archive(let archive)? = base, let archived = try archive.frame(for: combination) { before = archived }
        return ChangedCombination(combination: combination, diff: FrameDiff(before: before, after: blank),
                                  summary: "\(combination.name): removed (only in \(base?.label ?? "the base"))")
    }

    /// Every product name in every language, of both catalogs: what a change summary looks
    /// for where a change is drawn (a renamed product is found on either side).
    static func productNames(of job: ExportJob) -> [String] {
        var catalogs = [job.catalog]
        if case .catalog(let base, _)? = job.base { catalogs.append(base) }
        return catalogs.flatMap { $0.products.flatMap { $0.name.values.values } }
    }

    static func makeDirectory(_ path: String, for purpose: String? = nil) throws(ExportFailure) {
        try ExportDestination.makeDirectory(path, for: purpose ?? "--out")
    }

    static func writeManifest(_ manifest: ExportManifest, in directory: String) throws(ExportFailure) {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        let file = (directory as NSString).appendingPathComponent(ExportManifest.fileName)
        do {
            // Theme names and variant ids come from files: what could reorder the text is written
            // as JSON escapes it, which reads back the same.
            let text = ControlCharacters.escaped(String(decoding: try encoder.encode(manifest), as: UTF8.self), keepingNewlines: true)
            try ExportFileWriter.write(Data((text + "\n").utf8), to: file)
        } catch let failure as ExportFailure {
            throw failure
        } catch {
            throw ExportFailure(.io, "\(file): cannot encode the manifest (\(error)).")
        }
    }

    static func write(_ text: String, to file: String) throws(ExportFailure) {
        try ExportFileWriter.write(Data(text.utf8), to: file)
    }

    /// Hands out combinations, keeps what each job made in the export's order, and stops every
    /// job at the first failure.
    private final class Collector: Sendable {
        private struct State {
            var next = 0
            var done = 0
            var slots: [(ExportManifest.Entry, ChangedCombination?)?]
            var failed: ExportFailure?
            var scriptsDrawn: [Script: Unicode.Scalar] = [:]
        }

        private let batches: [[Int]]
        private let state: Mutex<State>
        private let progress: @Sendable (Int, Int) -> Void

        init(batches: [[Int]], progress: @escaping @Sendable (Int, Int) -> Void) {
            self.batches = batches
            state = Mutex(State(slots: Array(repeating: nil, count: batches.reduce(0) { $0 + $1.count })))
            self.progress = progress
        }

        var failure: ExportFailure? {
            state.withLock { $0.failed }
        }

        func nextBatch() -> [Int]? {
            state.withLock { state in
                guard state.failed == nil, state.next < batches.count else { return nil }
                state.next += 1
                return batches[state.next - 1]
            }
        }

        /// Reports progress under the mutex, so the counts it shows only ever go up.
        func finish(_ index: Int, _ entry: ExportManifest.Entry, _ change: ChangedCombination?) {
            state.withLock { state in
                state.slots[index] = (entry, change)
                state.done += 1
                progress(state.done, state.slots.count)
            }
        }

        func note(_ scripts: [Script: Unicode.Scalar]) {
            state.withLock { $0.scriptsDrawn.merge(scripts) { first, _ in first } }
        }

        var scripts: [Script: Unicode.Scalar] {
            state.withLock { $0.scriptsDrawn }
        }

        func fail(_ error: ExportFailure) {
            state.withLock { state in
                if state.failed == nil { state.failed = error }
            }
        }

        var entries: [ExportManifest.Entry] {
            state.withLock { $0.slots.compactMap { $0?.0 } }
        }

        var changes: [ChangedCombination] {
            state.withLock { $0.slots.compactMap { $0?.1 } }
        }
    }
}
