import Catalog
import Foundation
import Program
import StoreEngine
import TerminalUI

/// `storefront bench [--quick] [--json] [--frames | --purchases | --terminal | --http | --notifications | --scenarios N]`: the figures behind docs/performance.md (the export's
/// among them: 1,000 SVGs with two jobs, `Bench/ExportBench.swift`). Each case runs
/// several times and reports the median and p90; ratios compare cases measured side by side in
/// this one run. Every timed operation is checked to have done what it claims, or the bench
/// fails: a keypress must move the selection, a purchase must end purchased and granted.
/// The first frame and the bytes on the wire are measured on a pseudo-terminal, against their
/// floors, by `Bench/pty-bench.py` (`Bench/TerminalBench.swift`); scenario suites of up to
/// 10,000 files by this binary itself (`Bench/ScenarioScaleBench.swift`).
enum BenchCommand {
    static func run(_ options: Options) throws(CommandFailure) {
        let quick = options.quick || ProcessInfo.processInfo.environment["BENCH_QUICK"] == "1"
        let runs = quick ? 3 : 15
        let catalogPath = options.catalogPath ?? "catalog.json"
        let text = try Environment.readCatalogText(at: catalogPath)
        if !options.json { print("storefront bench: \(catalogPath), \(runs) runs per case, median and p90") }

        if options.framesOnly {
            let catalogs = try framesCatalogs(text: text, catalogPath: catalogPath)
            printFrames(try FrameBench.measure(catalogs: catalogs, frames: quick ? 100 : 400))
            try HistoryBench.measure(catalog: catalogs[1].0, frames: quick ? 100 : 400).lines.forEach { print($0) }
            return
        }
        if let suite = options.scenarioSuite {
            guard let count = Int(suite), (1...100_000).contains(count) else {
                throw CommandFailure(.usage, "--scenarios takes a count of scenario files from 1 to 100000, not \(ControlCharacters.escaped(suite)).")
            }
            for item in try ScenarioScaleBench.measure(suites: count == 100 ? [100] : [100, count]) {
                print("  \(item.name): \(formatDuration(item.median))")
            }
            return
        }
        if options.httpOnly {
            let catalogs = try framesCatalogs(text: text, catalogPath: catalogPath)
            try APIBench.measure(catalog: catalogs[1].0, frameCatalog: catalogs[0].0, quick: quick).lines.forEach { print($0) }
            return
        }
        if options.notificationsOnly {
            let catalogs = try framesCatalogs(text: text, catalogPath: catalogPath)
            try NotificationBench.measure(catalog: catalogs[0].0, quick: quick).lines.forEach { print($0) }
            return
        }
        if options.terminalOnly {
            printTerminal(try runTerminalBench(catalogPath: catalogPath, bigText: SyntheticCatalog.text(products: 10_000), runs: runs))
            return
        }
        if options.purchasesOnly {
            guard let catalog = try? CatalogFile.load(text: text, file: catalogPath) else {
                throw CommandFailure(.dataError, "\(catalogPath) does not load; run storefront lint \(catalogPath)")
            }
            let purchase = try PurchaseBench.measure(catalog: catalog, runs: runs)
            for item in purchase.cases.map(\.measurement) + [purchase.floor].compactMap({ $0 }) {
                print("  \(item.name): median \(formatDuration(item.median)), p90 \(formatDuration(item.p90))")
            }
            printPurchases(purchase)
            return
        }
        // First, so that its peak memory is measured before anything else was loaded.
        let load = try CatalogLoadBench.measure(runs: max(3, runs / 3))
        var results: [Measurement] = []
        var catalog: ProductCatalog?
        results.append(Measurement.time("load \(catalogPath)", runs: runs) {
            catalog = try? CatalogFile.load(text: text, file: catalogPath)
        })
        guard let catalog else { throw CommandFailure(.dataError, "\(catalogPath) does not load; run storefront lint \(catalogPath)") }
        let bigText = SyntheticCatalog.text(products: 10_000)
        var bigCatalog: ProductCatalog?
        results.append(Measurement.time("load 10,000-product catalog (\(bigText.utf8.count / 1024) KiB)", runs: max(3, runs / 3)) {
            bigCatalog = try? CatalogLoader.load(text: bigText, file: "bench.json")
        })
        guard let bigCatalog else { throw CommandFailure(.dataError, "the synthetic catalog did not load") }
        results += [load.app, load.floor]

        // The Pay Station products request for every SKU of the big catalog, checked to have
        // answered all of them.
        var answered = 0
        results.append(Measurement.time("products request, 10,000 products", runs: runs) {
            answered = ProductsAnswer.answer(requesting: bigCatalog.products.map(\.id), projectId: bigCatalog.settings.projectId,
                                             catalog: bigCatalog).products.count
        })
        guard answered == bigCatalog.products.count else {
            throw CommandFailure(.ioError, "the products request answered \(answered) of \(bigCatalog.products.count) products")
        }

        let small = try KeypressBench(catalog: catalog, label: catalogPath)
        let big = try KeypressBench(catalog: bigCatalog, label: "10,000 products")
        let frames = try FrameBench.measure(catalogs: [(catalog, catalogPath), (bigCatalog, big.label)], frames: quick ? 100 : 400)
        let history = try HistoryBench.measure(catalog: bigCatalog, frames: quick ? 100 : 400)
        let api = try APIBench.measure(catalog: bigCatalog, frameCatalog: catalog, quick: quick)
        let notifications = try NotificationBench.measure(catalog: catalog, quick: quick)
        // Side by side, alternating, so both see the same machine.
        var keypressSmall: [Double] = []
        var keypressBig: [Double] = []
        for _ in 0..<runs {
            keypressSmall += try small.timePresses(count: 10)
            keypressBig += try big.timePresses(count: 10)
        }
        let smallPress = Measurement(name: "keypress (move) + render, \(small.label)", samples: keypressSmall)
        let bigPress = Measurement(name: "keypress (move) + render, \(big.label)", samples: keypressBig)
        results += [smallPress, bigPress]

        let purchase = try PurchaseBench.measure(catalog: catalog, runs: runs)
        results += purchase.cases.map(\.measurement)
        if let floor = purchase.floor { results.append(floor) }
        results.append(try URLHandOffBench.measure(runs: runs))
        results.append(try ExportBench.measure(catalog: catalog, catalogPath: catalogPath, quick: quick))
        results += try ScenarioScaleBench.measure(quick: quick)
        let terminal = try runTerminalBench(catalogPath: catalogPath, bigText: bigText, runs: runs)

        let keypressRatio = smallPress.median > 0 ? bigPress.median / smallPress.median : 0
        let facts = BenchFacts.current()
        let floors = FloorTable(.init(frames: frames, terminal: terminal, load: load, purchase: purchase, history: history,
                                      results: results))
        if options.json {
            printJSON(results: results, facts: facts, keypressRatio: keypressRatio, purchase: purchase,
                      terminal: terminal, frames: frames, load: load, history: history, api: api,
                      notifications: notifications, floors: floors)
            return
        }
        print("  \(facts.summary)")
        let width = results.map(\.name.count).max() ?? 20
        for result in results {
            print("  " + result.name.padding(toLength: width, withPad: " ", startingAt: 0)
                  + "  median " + formatDuration(result.median).leftPadded(9) + "   p90 " + formatDuration(result.p90).leftPadded(9))
        }
        print(String(format: "  keypress with 10,000 products / with %@: %.2f (the goal is at most 1.5)%@", small.label,
                     keypressRatio, keypressRatio <= 1.5 ? "" : "  ABOVE THE GOAL"))
        print(String(format: "  catalog load / JSONSerialization on the same %d bytes: %.2f (the goal is at most 1.5)%@; the load's peak memory %@",
                     load.bytes, load.ratio, load.ratio <= 1.5 ? "" : "  ABOVE THE GOAL",
                     load.peakGrowth.map { String(format: "+%.1f MB", Double($0) / 1e6) } ?? "unknown"))
        printPurchases(purchase)
        printFrames(frames)
        history.lines.forEach { print($0) }
        api.lines.forEach { print($0) }
        notifications.lines.forEach { print($0) }
        printTerminal(terminal)
        print("")
        floors.lines.forEach { print($0) }
    }

    /// `--frames` (and `--http`): the two catalogs the frame case draws, loaded once, untimed.
    private static func framesCatalogs(text: String, catalogPath: String) throws(CommandFailure) -> [(ProductCatalog, String)] {
        guard let catalog = try? CatalogFile.load(text: text, file: catalogPath) else {
            throw CommandFailure(.dataError, "\(catalogPath) does not load; run storefront lint \(catalogPath)")
        }
        guard let big = try? CatalogLoader.load(text: SyntheticCatalog.text(products: 10_000), file: "bench.json") else {
            throw CommandFailure(.dataError, "the synthetic catalog did not load")
        }
        return [(catalog, catalogPath), (big, "10,000 products")]
    }

    private static func printFrames(_ cases: [FrameBench.Case]) {
        print("  a frame after a move, CPU time: the view, and the view + ncurses' diff on an offscreen screen (p50 / p99, \(cases.first?.viewAndDiff.samples.count ?? 0) frames each):")
        for item in cases {
            let size = "\(item.width)x\(item.height)"
            let goal = size == "120x40" ? (item.viewAndDiff.p99 <= FrameBench.goalP99 ? "" : "  p99 ABOVE THE GOAL of 0.5 ms") : ""
            print("    " + size.padding(toLength: 8, withPad: " ", startingAt: 0) + item.catalog.padding(toLength: 16, withPad: " ", startingAt: 0)
                  + "view " + formatDuration(item.view.median).leftPadded(9) + " / " + formatDuration(item.view.p99).leftPadded(9)
                  + "   view + diff " + formatDuration(item.viewAndDiff.median).leftPadded(9) + " / "
                  + formatDuration(item.viewAndDiff.p99).leftPadded(9) + goal)
        }
    }

    /// The terminal cases on the small catalog and on the generated one, written to a file for
    /// the app to launch with, in a folder of its own: the app watches the catalog's folder, and
    /// a crowded temporary folder would be timed as part of the launch. Then the generated one
    /// again on a state directory holding 100,000 transactions, for the launch's peak memory
    /// with both.
    private static func runTerminalBench(catalogPath: String, bigText: String, runs: Int) throws(CommandFailure) -> TerminalBench.Outcome {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("storefront-bench-\(UUID().uuidString)")
        let bigPath = folder.appendingPathComponent("catalog.json").path
        let historyState = folder.appendingPathComponent("history-state")
        defer { try? FileManager.default.removeItem(at: folder) }
        guard (try? FileManager.default.createDirectory(at: historyState, withIntermediateDirectories: true)) != nil,
              FileManager.default.createFile(atPath: bigPath, contents: Data(bigText.utf8)) else {
            throw CommandFailure(.ioError, "could not write the generated catalog to \(bigPath)")
        }
        guard let big = try? CatalogLoader.load(text: bigText, file: bigPath), let storefront = big.storefronts.first,
              let product = big.products.first(where: { $0.type == .consumable && $0.price(in: storefront) != nil }) else {
            throw CommandFailure(.dataError, "the synthetic catalog has no consumable priced in its first storefront")
        }
        do {
            try SyntheticHistory.write(purchases: HistoryBench.longHistory, of: product.id, in: storefront.id, user: "bench",
                                       catalog: big, toLedgerAt: StateDirectory(path: historyState.path).ledgerPath,
                                       startingAt: Date(timeIntervalSince1970: 1_700_000_000))
        } catch {
            throw CommandFailure(.ioError, "could not write the history for the terminal bench: \(error)")
        }
        return try TerminalBench.measure(catalogPaths: [catalogPath, bigPath],
                                     history: .init(catalogPath: bigPath, statePath: historyState.path,
                                                    newestTransaction: SyntheticHistory.transactionId(HistoryBench.longHistory - 1)),
                                     labels: [catalogPath, "10,000 products", "10,000 products, 100,000 transactions"], runs: runs)
    }

    private static func printTerminal(_ outcome: TerminalBench.Outcome) {
        switch outcome {
        case .skipped(let why):
            print("  first frame and bytes on the wire: skipped, \(why)")
        case .measured(let cases):
            print("  through a pty read by pyte, 120x40; the floor of a frame is Bench/floor/first-frame.c drawing the same screen,")
            print("  the floor of a move the UTF-8 of the cells it changed:")
            for item in cases {
                let goal = item.catalog.hasPrefix("10,000") ? "the goal is at most 200 ms" : "the goal is at most 2x the floor"
                print(String(format: "  first frame, %@: %.1f ms (p90 %.1f), the floor %.1f ms (p90 %.1f): %.1fx (%@; %d runs)",
                             item.catalog, item.firstFrameMs, item.firstFrameP90Ms, item.floorMs, item.floorP90Ms,
                             item.firstFrameInFloors, goal, item.runs))
                if let without = item.withoutFingerprint {
                    print(String(format: "    without the fingerprint the last quit kept (the open runs integrity_check on the whole file), "
                                 + "alternately: %.1f ms (p90 %.1f), peak memory %.1f MB (%d runs)",
                                 without.firstFrameMs, without.firstFrameP90Ms, without.peakMemoryMB, without.runs))
                }
                print(String(format: "    the process alone, storefront --help from exec to exit in the same runs: %.1f ms", item.processStartMs))
                print(String(format: "    peak memory of a launch (VmHWM after its first frame and two moves): %.1f MB%@", item.peakMemoryMB,
                             item.catalog.contains("transactions") ? " (the goal is at most 64 MB)" : ""))
                print(String(format: "    bytes of the first frame %d for %d cells: %.2f a cell, %.2fx their text; a resize to 100x30 %d for %d cells: %.2f a cell, %.2fx their text",
                             item.firstFrameBytes, item.firstFrameCells, Double(item.firstFrameBytes) / Double(max(1, item.firstFrameCells)),
                             Double(item.firstFrameBytes) / Double(max(1, item.firstFrameTextBytes)), item.resizeBytes, item.resizeCells,
                             Double(item.resizeBytes) / Double(max(1, item.resizeCells)),
                             Double(item.resizeBytes) / Double(max(1, item.resizeTextBytes))))
                for (name, move) in [("Down off the first card", item.firstMove), ("Down in the list", item.secondMove)] {
                    print(String(format: "    %@: %.0f bytes for %.0f changed cells: %.2f a cell (the goal is at most 2), %.2fx their text (%.0f bytes); "
                                 + "the tightest encoding of the change %.0f bytes, %.2f a cell",
                                 name, move.bytes, move.cells, move.bytesPerCell, move.inTextBytes, move.textBytes,
                                 move.leastBytes, move.leastBytesPerCell))
                }
            }
        }
    }

    /// Durable purchases per second on each path against the floor's commits per second,
    /// and the commits each purchase makes (the goal is at most 3).
    private static func printPurchases(_ purchase: PurchaseBench.Outcome) {
        for skipped in purchase.skipped { print("  purchase: skipped, \(skipped)") }
        guard let floor = purchase.floor, floor.median > 0 else { return }
        print(String(format: "  durable purchases per second, against the floor's %.0f committed writes per second:", 1 / floor.median))
        for item in purchase.cases {
            let goal = item.commitsPerPurchase <= 3 ? "" : "  ABOVE THE GOAL of 3 commits"
            print(String(format: "    %@ %.0f a second (%.1f floor writes a purchase); %d commits a purchase (counted)%@",
                         (item.path.displayName + ":").padding(toLength: 12, withPad: " ", startingAt: 0),
                         item.measurement.median > 0 ? 1 / item.measurement.median : 0, item.inFloors, item.commitsPerPurchase, goal))
        }
    }

    private static func printJSON(results: [Measurement], facts: BenchFacts, keypressRatio: Double,
                                  purchase: PurchaseBench.Outcome, terminal: TerminalBench.Outcome,
                                  frames: [FrameBench.Case], load: CatalogLoadBench.Outcome, history: HistoryBench.Outcome,
                                  api: APIBench.Outcome, notifications: NotificationBench.Outcome, floors: FloorTable) {
        var document: [String: Any] = [
            "againstTheFloors": floors.json,
            "date": facts.date, "commit": facts.commit, "configuration": facts.configuration,
            "loadAverage": facts.loadAverage, "cores": facts.cores,
            "cases": results.map { ["name": $0.name, "runs": $0.samples.count, "medianMs": $0.median * 1000, "p90Ms": $0.p90 * 1000] },
            "keypressRatio": keypressRatio,
            "frames": frames.map {
                ["catalog": $0.catalog, "width": $0.width, "height": $0.height, "frames": $0.viewAndDiff.samples.count,
                 "viewP50Ms": $0.view.median * 1000, "viewP99Ms": $0.view.p99 * 1000,
                 "viewAndDiffP50Ms": $0.viewAndDiff.median * 1000, "viewAndDiffP99Ms": $0.viewAndDiff.p99 * 1000]
            },
        ]
        var catalogLoad: [String: Any] = ["bytes": load.bytes, "products": load.products, "ratio": load.ratio]
        if let growth = load.peakGrowth { catalogLoad["peakGrowthBytes"] = growth }
        document["catalogLoad"] = catalogLoad
        document["history"] = history.jsonObject
        document["appStoreServerAPI"] = api.jsonObject
        document["notifications"] = notifications.jsonObject
        document["purchases"] = purchase.cases.map {
            ["path": $0.path.rawValue, "medianMs": $0.measurement.median * 1000, "perSecond": $0.measurement.median > 0 ? 1 / $0.measurement.median : 0,
             "commitsPerPurchase": $0.commitsPerPurchase, "inFloorWrites": $0.inFloors] as [String: Any]
        }
        if let floor = purchase.floor { document["floorCommitMs"] = floor.median * 1000 }
        if !purchase.skipped.isEmpty { document["purchaseSkipped"] = purchase.skipped }
        switch terminal {
        case .skipped(let why): document["terminalSkipped"] = why
        case .measured(let cases):
            func move(_ move: TerminalBench.Move) -> [String: Any] {
                ["bytes": move.bytes, "cells": move.cells, "textBytes": move.textBytes, "bytesPerCell": move.bytesPerCell,
                 "inTextBytes": move.inTextBytes]
            }
            document["terminal"] = cases.map { item -> [String: Any] in
                var figures: [String: Any] = [
                    "catalog": item.catalog, "firstFrameMs": item.firstFrameMs, "firstFrameP90Ms": item.firstFrameP90Ms,
                    "floorMs": item.floorMs, "floorP90Ms": item.floorP90Ms, "firstFrameInFloors": item.firstFrameInFloors,
                    "processStartMs": item.processStartMs, "peakMemoryMB": item.peakMemoryMB,
                    "runs": item.runs, "firstFrameBytes": item.firstFrameBytes, "firstFrameCells": item.firstFrameCells,
                    "firstFrameTextBytes": item.firstFrameTextBytes, "firstMove": move(item.firstMove),
                    "secondMove": move(item.secondMove), "resizeBytes": item.resizeBytes, "resizeCells": item.resizeCells,
                    "resizeTextBytes": item.resizeTextBytes,
                ]
                if let without = item.withoutFingerprint {
                    figures["withoutFingerprint"] = ["runs": without.runs, "firstFrameMs": without.firstFrameMs,
                                                     "firstFrameP90Ms": without.firstFrameP90Ms, "peakMemoryMB": without.peakMemoryMB]
                }
                return figures
            }
        }
        if let data = try? JSONSerialization.data(withJSONObject: document, options: [.prettyPrinted, .sortedKeys]) {
            print(String(decoding: data, as: UTF8.self))
        }
    }
}

extension String {
    fileprivate func leftPadded(_ width: Int) -> String {
        count >= width ? self : String(repeating: " ", count: width - count) + self
    }
}
