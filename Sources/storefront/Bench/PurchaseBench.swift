import Catalog
import Foundation
import StoreEngine

/// A whole Pay Station purchase on a real ledger file, through the engine as the app drives
/// it: begin, type the card, pay, the redirect after its countdown, validate, grant, finish.
/// Each run is checked to end purchased, finished and granted.
enum PurchaseBench {
    struct Outcome {
        var measurement: Measurement?
        var commitsPerPurchase: Int?
        /// Why no purchase was timed (the catalog has nothing Pay Station can sell).
        var skipped: String?
    }

    static func run(catalog: Catalog, runs: Int) throws(CommandFailure) -> Outcome {
        guard catalog.settings.enablePayments else { return Outcome(skipped: "enablePayments is false in the catalog") }
        guard let storefront = catalog.storefronts.first(where: { $0.path == .paystation }) else {
            return Outcome(skipped: "no Pay Station storefront in the catalog")
        }
        guard let product = catalog.products.first(where: {
            $0.type == .consumable && $0.status == .available && $0.itemType == .virtualItem && $0.price(in: storefront) != nil
        }) else {
            return Outcome(skipped: "no available consumable priced in \(storefront.id)")
        }
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("storefront-bench-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            let store = try Store(catalog: catalog, ledgerPath: directory.appendingPathComponent("bench.sqlite").path,
                                  userId: "bench", clock: .paused(at: Date(timeIntervalSince1970: 1_767_258_000)), rate: .paused)
            var commits: [Int] = []
            let measurement = try Measurement.run("purchase end to end (real SQLite file)", runs: runs) {
                let before = store.commitCount
                try buy(product, in: storefront, store: store)
                commits.append(store.commitCount - before)
            }
            guard Set(commits).count == 1, let perPurchase = commits.first else {
                throw CommandFailure(.ioError, "purchases made different numbers of commits: \(commits)")
            }
            return Outcome(measurement: measurement, commitsPerPurchase: perPurchase)
        } catch let failure as CommandFailure {
            throw failure
        } catch {
            throw CommandFailure(.ioError, "purchase benchmark: \(error)")
        }
    }

    private static func buy(_ product: Product, in storefront: Storefront, store: Store) throws {
        let balanceBefore = store.currentReport().snapshot.balances
        var report = try store.beginPurchase(of: product.id, in: storefront.id, on: .paystation)
        guard report.sheet != nil else { throw CommandFailure(.ioError, "Pay Station did not open: \(report.notice?.text ?? "")") }
        for field in ["4111111111111111", "1240", "123"] {
            for digit in field { report = try store.send(.payStation(.type(digit))) }
            report = try store.send(.payStation(.submit))
        }
        if let due = report.nextDue { report = try store.advance(to: due) }
        guard let transaction = report.snapshot.transactions.first, transaction.productId == product.id,
              transaction.state == .purchased, transaction.isFinished, report.snapshot.balances != balanceBefore
        else {
            throw CommandFailure(.ioError, "a benchmarked purchase did not end purchased, finished and granted: \(report.notice?.text ?? "")")
        }
    }
}
