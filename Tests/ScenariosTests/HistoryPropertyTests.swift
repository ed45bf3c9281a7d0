import Foundation
import Program
import StoreEngine
import Testing
@testable import Scenarios

/// `storefront history --json` says what the Entitlements pane says, whatever QA does: random
/// scenarios on each of the four paths (buys of plans, gems and Remove Ads, renewals and grace
/// by `advance`, billing issues, auto-renew off and on, expiries, early renewals, refunds, Xee's
/// key on and off, another path now and then, a relaunch), each line chosen from what the last
/// one left, and after every line the built binary's `history --json` on the scenario's state
/// directory is set beside the pane's rows: the same entitlements, with the same words, activity,
/// renewal, expiry, product and stores, and the same balances.
///
/// Seeded and reproducible: each run prints its seed and, on a failure, the scenario it ran, which
/// `storefront scenario` replays. `HISTORY_PROPERTY_SEED=N` runs seed N alone on every path, and
/// `HISTORY_PROPERTY_RUNS=N` runs N seeds a path (2 by default).
@Suite("history agrees with the panes: a property")
struct HistoryPropertyTests {
    static let paths = ["paystation", "storekit", "xee", "play"]

    static var seeds: [UInt64] {
        let environment = ProcessInfo.processInfo.environment
        if let seed = environment["HISTORY_PROPERTY_SEED"].flatMap(UInt64.init) { return [seed] }
        let runs = environment["HISTORY_PROPERTY_RUNS"].flatMap(Int.init) ?? 2
        return (0..<max(1, runs)).map { UInt64(20_260_101 + $0) }
    }

    @Test(arguments: paths)
    func historyJSONMatchesTheEntitlementsPaneAfterEveryStep(path: String) throws {
        let root = try #require(packageRoot(), "no storefront package above \(#filePath)")
        let binary = root.appendingPathComponent(".build/debug/storefront").path
        try #require(FileManager.default.isExecutableFile(atPath: binary),
                     "\(binary) is not built: `swift build` (make test builds it first)")
        for seed in Self.seeds {
            try RandomRun(path: path, seed: seed, binary: binary, catalog: root.appendingPathComponent("catalog.json").path).run()
        }
    }
}

/// One random scenario on one path, checked after every line.
private struct RandomRun {
    let path: String
    let seed: UInt64
    let binary: String
    let catalog: String
    static let steps = 30

    func run() throws {
        print("history property: path \(path), seed \(seed)")
        let scratch = try ScratchDirectory()
        let state = scratch.file("state")
        var generator = SeededGenerator(seed: seed &+ UInt64(HistoryPropertyTests.paths.firstIndex(of: path) ?? 0))
        let run = ScenarioRun(scenario: Scenario(file: "history-property.scenario", lines: []),
                              options: ScenarioOptions(defaultCatalogPath: catalog, stateDirectory: state),
                              stage: .headless)
        defer { run.end() }
        var lines: [String] = []
        func perform(_ text: String) throws {
            lines.append(text)
            let parsed = try ScenarioParser.parse(text, file: "history-property.scenario")
            guard var line = parsed.lines.first else { return }
            line.number = lines.count
            do {
                try run.step(line)
            } catch {
                let script = lines.joined(separator: "\n")
                Issue.record(Comment(rawValue: "seed \(seed), path \(path): line \(lines.count) `\(text)` failed: \(error)\n"
                                     + "the scenario so far:\n\(script)"))
                throw error
            }
        }
        // The first line that is not setup launches the app.
        for setup in ["catalog \(catalog)", "storefront USA", "path \(path)", "size 160x40", "expect history agrees"] {
            try perform(setup)
        }
        for _ in 0..<Self.steps {
            for text in try nextLines(run, &generator) { try perform(text) }
            // A sheet the step opened is answered, as a player would; one still open is closed.
            for text in try answer(run) { try perform(text) }
            if let close = try closing(run) { try perform(close) }
            try compare(run, state: state, lines: lines)
            // The same, read in process, as a scenario checks it (and so kept in the replayable script).
            try perform("expect history agrees")
        }
    }

    /// The next step, chosen from what the app shows now: a purchase only with its sheet's
    /// answer, a subscription action only while a subscription runs.
    private func nextLines(_ run: ScenarioRun<HeadlessBackend>, _ generator: inout SeededGenerator) throws -> [String] {
        let app = try run.running().app
        let running = app.snapshot.transactions.contains { $0.subscription?.isLive == true }
        var choices: [[String]] = [
            ["select com.example.stardust.pass.weekly", "buy"],
            ["select com.example.stardust.pass.monthly", "buy"],
            ["select com.example.stardust.pass.yearly", "buy"],
            ["select com.example.stardust.gems_100", "buy"],
            ["select com.example.stardust.remove_ads", "buy"],
            ["advance 2s"], ["advance 30s"], ["advance 3m"], ["advance 10m"], ["advance 1h"],
            ["relaunch"],
            ["path \(["paystation", "storekit", "xee", "play"].randomElement(using: &generator) ?? path)"],
            ["path \(path)"],
        ]
        if !app.snapshot.transactions.isEmpty { choices += [["refund last"]] }
        if running {
            // Weighted towards what a subscription goes through: a billing issue, then time for
            // grace and retry (or hold) to run.
            choices += [["billing-issue on"], ["billing-issue on", "advance 3m"], ["billing-issue off"], ["cancel-renewal"],
                        ["enable-renewal"], ["expire"], ["renew"], ["advance 3m"], ["advance 4m"], ["advance 6m"]]
        }
        if app.paywall.path == .xee { choices += [["xee key off"], ["xee key on"]] }
        return choices.randomElement(using: &generator) ?? ["advance 2s"]
    }

    /// After a `buy`, the sheet it opened answered as a player would: pay, confirm, approve.
    private func answer(_ run: ScenarioRun<HeadlessBackend>) throws -> [String] {
        switch try run.running().app.sheet {
        case .payStation?: return ["paystation card 4111111111111111", "advance 5s"]
        case .storeKit?: return ["storekit confirm"]
        case .play?: return ["play instrument approves"]
        case .described?, nil: return []
        }
    }

    /// Esc on a sheet still open.
    private func closing(_ run: ScenarioRun<HeadlessBackend>) throws -> String? {
        switch try run.running().app.sheet {
        case .payStation?: return "paystation close"
        case .storeKit?: return "storekit cancel"
        case .play?: return "play cancel"
        case .described?, nil: return nil
        }
    }

    /// The pane's rows and `history --json`'s, side by side.
    private func compare(_ run: ScenarioRun<HeadlessBackend>, state: String, lines: [String]) throws {
        let app = try run.running().app
        let pane = app.snapshot.entitlements.map { entitlement in
            Row(id: entitlement.id, state: entitlement.state(writingDates: LedgerHistory.wholeDate).words,
                active: entitlement.isActive, willRenew: entitlement.willRenew,
                expiresAt: entitlement.expiresAt.map(LedgerHistory.wholeDate), productId: entitlement.productId,
                stores: entitlement.stores.map(\.displayName))
        }.sorted()
        let player = try historyJSON(state: state).first { $0.userId == app.paywall.userId }
        let read = (player?.entitlements ?? []).sorted()
        let context = "seed \(seed), path \(path), after line \(lines.count) `\(lines.last ?? "")`; the scenario:\n"
            + lines.joined(separator: "\n")
        #expect(pane == read, "the Entitlements pane and history --json differ (\(context))")
        #expect(app.snapshot.balances == (player?.balances ?? [:]), "balances differ (\(context))")
    }

    struct Row: Comparable, CustomStringConvertible {
        var id: String
        var state: String
        var active: Bool
        var willRenew: Bool
        var expiresAt: String?
        var productId: String?
        var stores: [String]

        static func < (a: Row, b: Row) -> Bool { a.id < b.id }
        var description: String {
            "\(id): \(state) [active \(active), renews \(willRenew), expires \(expiresAt ?? "-"), "
                + "product \(productId ?? "-"), stores \(stores.joined(separator: "+"))]"
        }
    }

    struct HistoryPlayer {
        var userId: String
        var entitlements: [Row]
        var balances: [String: Int]
    }

    /// `storefront history --json --state-dir STATE`, run as QA runs it, read back.
    private func historyJSON(state: String) throws -> [HistoryPlayer] {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: binary)
        process.arguments = ["history", "--json", "--state-dir", state]
        let output = Pipe(), errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        let errorText = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        try #require(process.terminationStatus == 0, "history --json exited \(process.terminationStatus): \(errorText)")
        let document = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let players = (document["players"] as? [[String: Any]] ?? []).map { player in
            HistoryPlayer(
                userId: player["userId"] as? String ?? "",
                entitlements: (player["entitlements"] as? [[String: Any]] ?? []).map { row in
                    Row(id: row["id"] as? String ?? "", state: row["state"] as? String ?? "",
                        active: row["active"] as? Bool ?? false, willRenew: row["willRenew"] as? Bool ?? false,
                        expiresAt: row["expiresAt"] as? String, productId: row["productId"] as? String,
                        stores: row["stores"] as? [String] ?? [])
                },
                balances: player["balances"] as? [String: Int] ?? [:])
        }
        return players
    }
}
