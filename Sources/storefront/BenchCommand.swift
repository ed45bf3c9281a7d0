import Catalog
import Foundation
import Ledger
import StoreEngine
import TerminalUI

/// `storefront bench`: the figures behind docs/performance.md. Each case runs several times and
/// reports the median and p90; ratios compare cases measured side by side in this one run.
enum BenchCommand {
    static func run(_ options: Options) throws(CommandFailure) {
        let quick = options.quick || ProcessInfo.processInfo.environment["BENCH_QUICK"] == "1"
        let runs = quick ? 3 : 15
        var results: [Measurement] = []
        print("storefront bench: \(runs) runs per case, median and p90")

        let defaultText = (try? Environment.readCatalogText(at: options.catalogPath ?? "catalog.json"))
        if let defaultText {
            results.append(Measurement.run("load catalog.json (default)", runs: runs) {
                _ = try? CatalogLoader.load(text: defaultText, file: "catalog.json")
            })
        }
        let bigText = SyntheticCatalog.text(products: 10_000)
        var bigCatalog: Catalog?
        results.append(Measurement.run("load 10,000-product catalog (\(bigText.utf8.count / 1024) KiB)", runs: max(3, runs / 3)) {
            bigCatalog = try? CatalogLoader.load(text: bigText, file: "bench.json")
        })
        guard let bigCatalog else { throw CommandFailure(.dataError, "the synthetic catalog did not load") }

        var state = AppState(catalog: bigCatalog, storefrontId: "JPN", userId: "bench", width: 120, height: 40)
        results.append(Measurement.run("render 120x40 frame, 10,000 products", runs: runs) {
            _ = AppView.render(state)
        })
        results.append(Measurement.run("keypress (move) + render, 10,000 products", runs: runs) {
            _ = state.update(.key(.down))
            _ = AppView.render(state)
        })
        results.append(try purchaseBenchmark(runs: runs))
        results.append(try fsyncFloor(runs: runs))

        let width = results.map(\.name.count).max() ?? 20
        for result in results {
            print("  " + result.name.padding(toLength: width, withPad: " ", startingAt: 0)
                  + "  median " + formatDuration(result.median).leftPadded(9) + "   p90 " + formatDuration(result.p90).leftPadded(9))
        }
        if let purchase = results.first(where: { $0.name.hasPrefix("purchase") }),
           let floor = results.first(where: { $0.name.hasPrefix("one committed") }), floor.median > 0 {
            print(String(format: "  a purchase costs %.1f committed transactions (it makes 7 commits)", purchase.median / floor.median))
        }
    }

    /// A whole Pay Station purchase on a real ledger file: start, pay, redirect, validate,
    /// grant, finish.
    private static func purchaseBenchmark(runs: Int) throws(CommandFailure) -> Measurement {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("storefront-bench-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            let text = try Environment.readCatalogText(at: "catalog.json")
            let catalog = try CatalogLoader.load(text: text, file: "catalog.json")
            let ledger = try Ledger(path: directory.appendingPathComponent("bench.sqlite").path)
            let store = Store(catalog: catalog, ledger: ledger, userId: "bench")
            guard let storefront = catalog.storefront(id: "USA") else { throw CommandFailure(.dataError, "no USA storefront") }
            return try Measurement.run("purchase end to end (real SQLite file)", runs: runs) {
                guard case .payStation(var session) = try store.beginPurchase(of: "com.example.stardust.gems_100",
                                                                              in: storefront) else { return }
                session.enter(card: "4111111111111111")
                if case .redirect(let url, _) = try store.payStationClosed(session) {
                    _ = try store.handle(url: url)
                }
            }
        } catch let failure as CommandFailure {
            throw failure
        } catch {
            throw CommandFailure(.ioError, "purchase benchmark: \(error)")
        }
    }

    /// The floor under every purchase: one committed, synced write to a WAL SQLite file.
    private static func fsyncFloor(runs: Int) throws(CommandFailure) -> Measurement {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("storefront-floor-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            let ledger = try Ledger(path: directory.appendingPathComponent("floor.sqlite").path)
            var counter = 0
            return try Measurement.run("one committed ledger write (the floor)", runs: runs * 4) {
                counter += 1
                try ledger.setSetting("bench", to: "\(counter)")
            }
        } catch {
            throw CommandFailure(.ioError, "floor benchmark: \(error)")
        }
    }
}

extension String {
    fileprivate func leftPadded(_ width: Int) -> String {
        count >= width ? self : String(repeating: " ", count: width - count) + self
    }
}
