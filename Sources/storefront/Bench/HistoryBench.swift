import Catalog
import Foundation
import Program
import StoreEngine
import TerminalUI

/// A long purchase history: the app's store opened on a real ledger file holding 100,000
/// purchases of the bench player, with the 10,000-product catalog, against the same with 1,000
/// (more than the pane's window, so both list the same number of rows, of ids as wide).
/// For each, the memory the store and the app need at their peak (`VmHWM`, reset before), and
/// the frame (the view, on the thread's CPU clock as `FrameBench` times it) with the
/// Transactions pane focused and scrolled to its end. The pane lists a window of the newest
/// rows, so a frame should cost the same however long the history is: the ratio says whether
/// it does. Each case is checked to show its rows and to stand at the pane's end.
enum HistoryBench {
    static let longHistory = 100_000
    static let shortHistory = 1_000

    struct Case {
        var transactions: Int
        /// The rows the pane lists (its window of the newest).
        var rowsListed: Int
        var frame: Measurement
        /// The store's report of the player's state (what every purchase, refund and clock step
        /// sends the app), on the thread's CPU clock.
        var report: Measurement
        /// More memory than before opening the store at the peak, and the peak itself, in bytes.
        var peakGrowth: Int?
        var peak: Int?
    }

    struct Outcome {
        var long: Case
        var short: Case
        /// Writing the long history into its ledger, in one commit.
        var fillSeconds: Double
        var ratio: Double { short.frame.median > 0 ? long.frame.median / short.frame.median : 0 }
        var p99Ratio: Double { short.frame.p99 > 0 ? long.frame.p99 / short.frame.p99 : 0 }
    }

    /// A store and the app on it, the Transactions pane focused and at its end.
    private struct Session {
        let store: Store
        var app: App
        let transactions: Int
    }

    static func measure(catalog: ProductCatalog, frames: Int) throws(CommandFailure) -> Outcome {
        guard let storefront = catalog.storefronts.first,
              let product = catalog.products.first(where: { $0.type == .consumable && $0.price(in: storefront) != nil }) else {
            throw CommandFailure(.dataError, "the history bench found no consumable priced in the catalog's first storefront")
        }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("storefront-history-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let longPath = folder.appendingPathComponent("long.sqlite").path
        let shortPath = folder.appendingPathComponent("short.sqlite").path
        let start = Date(timeIntervalSince1970: 1_700_000_000)
        let fillStart = DispatchTime.now().uptimeNanoseconds
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try SyntheticHistory.write(purchases: longHistory, of: product.id, in: storefront.id, user: "bench",
                                       catalog: catalog, toLedgerAt: longPath, startingAt: start)
        } catch {
            throw CommandFailure(.ioError, "the history bench could not write its ledger: \(error)")
        }
        let fillSeconds = Double(DispatchTime.now().uptimeNanoseconds - fillStart) / 1e9
        do {
            try SyntheticHistory.write(purchases: shortHistory, of: product.id, in: storefront.id, user: "bench",
                                       catalog: catalog, toLedgerAt: shortPath, startingAt: start)
        } catch {
            throw CommandFailure(.ioError, "the history bench could not write its ledger: \(error)")
        }
        // The long one first: memory the allocator keeps from an earlier session would be
        // counted as resident before the next, and its growth would look smaller.
        var long = try measuredOpen(ledgerPath: longPath, transactions: longHistory, catalog: catalog, storefront: storefront)
        var short = try measuredOpen(ledgerPath: shortPath, transactions: shortHistory, catalog: catalog, storefront: storefront)
        // Warm up, then alternately, so both see the same machine.
        _ = try timeFrames(&long.session, count: 20)
        _ = try timeFrames(&short.session, count: 20)
        var longSamples: [Double] = []
        var shortSamples: [Double] = []
        var longReports: [Double] = []
        var shortReports: [Double] = []
        for _ in 0..<max(1, frames / 10) {
            longSamples += try timeFrames(&long.session, count: 10)
            shortSamples += try timeFrames(&short.session, count: 10)
            longReports.append(try timeReport(long.session))
            shortReports.append(try timeReport(short.session))
        }
        return Outcome(long: long.summary(frame: longSamples, report: longReports),
                       short: short.summary(frame: shortSamples, report: shortReports), fillSeconds: fillSeconds)
    }

    private struct Opened {
        var session: Session
        var peakGrowth: Int?
        var peak: Int?

        func summary(frame samples: [Double], report: [Double]) -> Case {
            Case(transactions: session.transactions, rowsListed: session.app.snapshot.transactions.count,
                 frame: Measurement(name: "frame at the end of \(session.transactions) transactions", samples: samples),
                 report: Measurement(name: "report of \(session.transactions) transactions", samples: report),
                 peakGrowth: peakGrowth, peak: peak)
        }
    }

    /// Opens the store and the app and scrolls to the pane's end, measuring the peak memory of it.
    private static func measuredOpen(ledgerPath: String, transactions: Int, catalog: ProductCatalog,
                                     storefront: Storefront) throws(CommandFailure) -> Opened {
        var opened: Result<Session, CommandFailure> = .failure(CommandFailure(.ioError, "the history bench did not open"))
        let growth = PeakMemory.growth {
            opened = Result { () throws(CommandFailure) in
                try open(ledgerPath: ledgerPath, transactions: transactions, catalog: catalog, storefront: storefront)
            }
        }
        let session = try opened.get()
        return Opened(session: session, peakGrowth: growth, peak: growth == nil ? nil : PeakMemory.status("VmHWM"))
    }

    private static func open(ledgerPath: String, transactions: Int, catalog: ProductCatalog,
                             storefront: Storefront) throws(CommandFailure) -> Session {
        let store: Store
        do {
            store = try Store(catalog: catalog, ledgerPath: ledgerPath, userId: "bench",
                              clock: .paused(at: Date(timeIntervalSince1970: 1_800_000_000)), rate: .paused)
        } catch {
            throw CommandFailure(.ioError, "the history bench could not open the store: \(error)")
        }
        var app = App(catalog: catalog, storefrontId: storefront.id, userId: "bench", width: 120, height: 40,
                      timeZone: TimeZone(identifier: "UTC") ?? .current)
        _ = app.update(.store(store.currentReport()))
        _ = app.update(.key(.tab))
        guard app.focus == .transactions else {
            throw CommandFailure(.ioError, "the history bench could not focus the Transactions pane (focus is \(app.focus))")
        }
        // To the end, as a player holding ↓ would get there.
        let rows = app.snapshot.transactions.count
        for _ in 0..<rows { _ = app.update(.key(.down)) }
        let session = Session(store: store, app: app, transactions: transactions)
        try checkAtEnd(session, frame: session.app.view())
        return session
    }

    /// `count` frames at the pane's end: ↑ then ↓ in turn, the view timed after each, and
    /// checked back at the end after every ↓.
    private static func timeFrames(_ session: inout Session, count: Int) throws(CommandFailure) -> [Double] {
        var samples: [Double] = []
        for index in 0..<count {
            _ = session.app.update(.key(index.isMultiple(of: 2) ? .up : .down))
            let start = threadCPUNanoseconds()
            let frame = session.app.view()
            samples.append(cpuSeconds(since: start))
            if !index.isMultiple(of: 2) { try checkAtEnd(session, frame: frame) }
        }
        return samples
    }

    /// One report of the store, checked to list the pane's window of the history.
    private static func timeReport(_ session: Session) throws(CommandFailure) -> Double {
        let start = threadCPUNanoseconds()
        let report = session.store.currentReport()
        let seconds = cpuSeconds(since: start)
        guard report.snapshot.transactions.count == session.app.snapshot.transactions.count else {
            throw CommandFailure(.ioError, "the history bench's report lists \(report.snapshot.transactions.count) transactions, "
                                 + "the app \(session.app.snapshot.transactions.count)")
        }
        return seconds
    }

    /// The selection on the last row listed, the pane scrolled as far as it goes, that row on
    /// screen, and as many rows listed as the history has, up to the pane's window.
    private static func checkAtEnd(_ session: Session, frame: Frame) throws(CommandFailure) {
        let app = session.app
        let listed = app.snapshot.transactions
        let area = app.layout.rect(of: .transactions)
        let visible = ListPane.visibleRows(in: area)
        guard let last = listed.last, listed.count == min(session.transactions, listed.count),
              listed.count >= min(session.transactions, 100),
              app.transactionsPane.selection == listed.count - 1,
              app.transactionsPane.scroll == max(0, listed.count - visible) else {
            throw CommandFailure(.ioError, "the history bench's pane is not at its end: row \(app.transactionsPane.selection) "
                                 + "of \(listed.count) listed, scrolled to \(app.transactionsPane.scroll)")
        }
        let fit = TransactionColumns(fitting: listed).fitted(to: ListPane.rowWidth(in: area))
        let row = PaneRows.transaction(last, fit: fit).text.prefix(24).trimmingCharacters(in: .whitespaces)
        guard !row.isEmpty, frame.text.contains(row) else {
            throw CommandFailure(.ioError, "the history bench's frame does not show the last row listed (\(row))")
        }
    }
}

extension HistoryBench.Outcome {
    /// The figures as `bench` prints them.
    var lines: [String] {
        func memory(_ item: HistoryBench.Case) -> String {
            guard let growth = item.peakGrowth, let peak = item.peak else { return "peak memory unknown" }
            return String(format: "+%.1f MB to open and scroll, the process's peak %.1f MB", Double(growth) / 1e6, Double(peak) / 1e6)
        }
        return [
            String(format: "  a history of %d transactions (written in one commit in %.1f s) against %d, 10,000 products, 120x40:",
                   long.transactions, fillSeconds, short.transactions),
        ] + [long, short].map { item in
            "    \(item.transactions) transactions, \(item.rowsListed) listed: the frame at the pane's end, view "
                + formatDuration(item.frame.median) + " / " + formatDuration(item.frame.p99) + " (p50 / p99); a report "
                + formatDuration(item.report.median) + "; " + memory(item)
        } + [
            String(format: "    frame with %d / with %d: %.2f (p99 %.2f; the goal is a cost independent of the history, 1.0)",
                   long.transactions, short.transactions, ratio, p99Ratio),
        ]
    }

    var jsonObject: [String: Any] {
        func object(_ item: HistoryBench.Case) -> [String: Any] {
            var object: [String: Any] = ["transactions": item.transactions, "rowsListed": item.rowsListed,
                                         "frames": item.frame.samples.count, "viewP50Ms": item.frame.median * 1000,
                                         "viewP99Ms": item.frame.p99 * 1000, "reportP50Ms": item.report.median * 1000]
            if let growth = item.peakGrowth { object["peakGrowthBytes"] = growth }
            if let peak = item.peak { object["peakBytes"] = peak }
            return object
        }
        return ["long": object(long), "short": object(short), "ratio": ratio, "p99Ratio": p99Ratio, "fillSeconds": fillSeconds]
    }
}
