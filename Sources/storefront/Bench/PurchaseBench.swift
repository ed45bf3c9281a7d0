import Catalog
import Foundation
import StoreEngine

/// Durable purchases on every path, each on a real ledger file of its own, through the engine
/// as the app drives it, against the floor: one committed, synced write on a ledger with the
/// same pragmas (`CommitProbe`). Pay Station: begin, type the card, pay, the calendar moved on
/// to its redirect. StoreKit and Xee: begin, the App Store sheet's Buy. Google Play: begin, Buy
/// with the instrument that always approves (the app acknowledges or consumes in the delivery's
/// commit). Each purchase is checked
/// to end purchased, finished and granted, and each path's purchases to make the same number of
/// commits; the paths and the floor are timed in turn, one purchase each, so all see the same
/// machine.
enum PurchaseBench {
    struct PathCase {
        var path: IntegrationPath
        var measurement: Measurement
        var commitsPerPurchase: Int
        /// The purchase's median against the floor's: how many committed writes it costs.
        var inFloors: Double
    }

    struct Outcome {
        var cases: [PathCase] = []
        var floor: Measurement?
        /// Why a path was not timed (the catalog has nothing it can sell).
        var skipped: [String] = []
    }

    static func measure(catalog: ProductCatalog, runs: Int) throws(CommandFailure) -> Outcome {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("storefront-bench-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            var outcome = Outcome()
            var buyers: [Buyer] = []
            for path in [IntegrationPath.paystation, .storekit, .xee, .play] {
                switch Buyer.make(path, catalog: catalog, in: directory) {
                case .success(let buyer): buyers.append(buyer)
                case .failure(let why): outcome.skipped.append("\(path.displayName): \(why.message)")
                }
            }
            let probe = try CommitProbe(ledgerPath: directory.appendingPathComponent("floor.sqlite").path)
            var samples = Array(repeating: [Double](), count: buyers.count)
            var commits = Array(repeating: [Int](), count: buyers.count)
            var floor: [Double] = []
            let floorStart = probe.commitCount
            for run in -1..<runs {  // run -1 warms each case up, untimed
                for index in buyers.indices {
                    let before = buyers[index].store.commitCount
                    let seconds = try time { try buyers[index].buy() }
                    guard run >= 0 else { continue }
                    samples[index].append(seconds)
                    commits[index].append(buyers[index].store.commitCount - before)
                }
                for _ in 0..<3 {
                    let seconds = try time { try probe.commitOnce() }
                    if run >= 0 { floor.append(seconds) }
                }
            }
            guard probe.commitCount - floorStart == (runs + 1) * 3 else {
                throw CommandFailure(.ioError, "the floor committed \(probe.commitCount - floorStart) times, not \((runs + 1) * 3)")
            }
            let floorMeasurement = Measurement(name: "one committed ledger write (the floor, beside the purchases)", samples: floor)
            outcome.floor = floorMeasurement
            for (index, buyer) in buyers.enumerated() {
                guard Set(commits[index]).count == 1, let perPurchase = commits[index].first else {
                    throw CommandFailure(.ioError, "\(buyer.path.displayName) purchases made different numbers of commits: \(commits[index])")
                }
                let measurement = Measurement(name: "a whole \(buyer.path.displayName) purchase on a real SQLite file", samples: samples[index])
                outcome.cases.append(PathCase(path: buyer.path, measurement: measurement, commitsPerPurchase: perPurchase,
                                              inFloors: floorMeasurement.median > 0 ? measurement.median / floorMeasurement.median : 0))
            }
            return outcome
        } catch let failure as CommandFailure {
            throw failure
        } catch {
            throw CommandFailure(.ioError, "purchase benchmark: \(error)")
        }
    }

    private static func time(_ work: () throws -> Void) throws -> Double {
        let start = DispatchTime.now().uptimeNanoseconds
        try work()
        return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
    }

    /// One path's store, product and storefront, and how it buys them once.
    struct Buyer {
        var path: IntegrationPath
        var store: Store
        var product: Product
        var storefront: Storefront

        static func make(_ path: IntegrationPath, catalog: ProductCatalog, in directory: URL) -> Result<Buyer, CommandFailure> {
            if path == .paystation, !catalog.settings.enablePayments {
                return .failure(CommandFailure(.dataError, "enablePayments is false in the catalog"))
            }
            // Pay Station's storefronts for it; the App Store's for StoreKit and the Xee SDK on it,
            // and for Google Play unless a storefront sells through it (the app can be switched
            // to any path in any storefront).
            let home: IntegrationPath = path == .paystation ? .paystation : .storekit
            let candidates = catalog.storefronts.filter { $0.path == home || $0.path == path }
            for storefront in candidates {
                if let product = catalog.products.first(where: {
                    $0.type == .consumable && $0.status == .available && $0.price(in: storefront) != nil
                        && (path != .paystation || $0.itemType == .virtualItem)
                }) {
                    do {
                        let store = try Store(catalog: catalog, ledgerPath: directory.appendingPathComponent("\(path.rawValue).sqlite").path,
                                              userId: "bench", clock: .paused(at: Date(timeIntervalSince1970: 1_767_258_000)), rate: .paused)
                        return .success(Buyer(path: path, store: store, product: product, storefront: storefront))
                    } catch {
                        return .failure(CommandFailure(.ioError, "the \(path.displayName) store did not open: \(error)"))
                    }
                }
            }
            return .failure(CommandFailure(.dataError, "no available consumable priced in a storefront it sells in"))
        }

        func buy() throws {
            let balanceBefore = store.currentReport().snapshot.balances
            var report = try store.beginPurchase(of: product.id, in: storefront.id, on: path)
            guard report.sheet != nil else {
                throw CommandFailure(.ioError, "\(path.displayName)'s sheet did not open: \(report.notice?.text ?? "")")
            }
            if path == .paystation {
                for field in ["4111111111111111", "1240", "123"] {
                    for digit in field { report = try store.send(.payStation(.type(digit))) }
                    report = try store.send(.payStation(.submit))
                }
                if let due = report.nextDue { report = try store.advance(to: due) }
            } else if path == .play {
                report = try store.send(.play(.choose(.approves)))
                report = try store.send(.play(.buy))
            } else {
                report = try store.send(.storeKit(.pressButton(.buy)))
            }
            guard let transaction = report.snapshot.transactions.first, transaction.productId == product.id,
                  transaction.state == .purchased, transaction.isFinished, report.snapshot.balances != balanceBefore
            else {
                throw CommandFailure(.ioError, "a benchmarked \(path.displayName) purchase did not end purchased, finished and granted: "
                                     + (report.notice?.text ?? ""))
            }
        }
    }
}
