import Foundation

/// Runs a `CrashTrial` on the real binary, headless: `storefront scenario` makes the purchase on
/// a fresh state directory and is killed; `storefront scenario` again on the same directory is
/// the relaunch, which settles it; `CrashChecker` then reads both ledgers, and
/// `NotificationChecker` them and what `receiver` got of the stores' notifications.
struct CrashRunner {
    var binary: String
    var catalog: String
    /// The backend every store posts to; nil: no store has a URL, so none may write a row.
    var receiver: MatrixReceiver?

    struct Outcome {
        var trial: CrashTrial
        /// Whether the kill landed (a trial whose kill point its purchase never reaches fails).
        var killed: Bool
        var problems: [String]
        /// The notifications the settled ledger holds, and the posts the receiver got of them.
        var notifications = 0, posts = 0
        /// Kept for a failed trial: `killed/` is the state as the kill left it, `state/` settled.
        var folder: String
    }

    func run(_ planned: CrashTrial) throws -> Outcome {
        let folder = FileManager.default.temporaryDirectory
            .appendingPathComponent("storefront-crash-\(planned.seed)-\(planned.number)-\(UUID().uuidString.prefix(6).lowercased())").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let state = folder + "/state"
        let script = folder + "/purchase.scenario"
        let settling = folder + "/relaunch.scenario"
        var trial = planned
        var notifications = TrialNotifications(port: nil, prefix: "", leftOut: nil)
        func purchase(_ trial: CrashTrial, logs: String) throws -> Ended {
            try? FileManager.default.removeItem(atPath: state)
            try FileManager.default.createDirectory(atPath: state, withIntermediateDirectories: true)
            // A prefix of this run's own: what a run started again over posted is not this one's.
            let prefix = "/trial-\(trial.number)-\(UUID().uuidString.prefix(6).lowercased())"
            notifications = TrialNotifications(port: receiver?.port, prefix: prefix, leftOut: trial.leftOut)
            try trial.purchase.script(catalog: catalog, notifications: notifications.lines)
                .write(toFile: script, atomically: true, encoding: .utf8)
            try trial.purchase.settling(catalog: catalog, notifications: notifications.lines)
                .write(toFile: settling, atomically: true, encoding: .utf8)
            return try Ended.run(binary, ["scenario", script, "--state-dir", state, "--quiet"],
                                 environment: trial.kill.environment, logs: folder + "/" + logs)
        }
        var first = try purchase(trial, logs: "purchase")
        // A commit past the run's last: the run said how many it made, and the same trial aims
        // inside it (the count is the same every time: the clock is paused, the seed fixed).
        if !first.killed, let total = first.commitsMade {
            trial = planned.folded(into: total)
            first = try purchase(trial, logs: "purchase-folded")
        }
        var problems: [String] = []
        if !first.killed {
            problems.append(first.status == 0
                ? "the purchase ran to its end: the kill point was never reached"
                : "the purchase's scenario failed (exit \(first.status)):\n\(first.output)\(first.errors)")
        }
        let user = "qa"
        let ledger = state + "/storefront.sqlite"
        // A ledger the project's own code cannot read is a finding too, not the matrix's end.
        func read(_ when: String) -> LedgerState? {
            do {
                return try LedgerState.read(ledgerAt: ledger, user: user)
            } catch {
                problems.append("the ledger \(when) cannot be read: \(error)")
                return nil
            }
        }
        let killed = read("as the kill left it")
        try FileManager.default.copyItem(atPath: state, toPath: folder + "/killed")
        let relaunch = try Ended.run(binary, ["scenario", settling, "--state-dir", state, "--quiet"],
                                     environment: [:], logs: folder + "/relaunch")
        if relaunch.status != 0 || relaunch.killed {
            problems.append("the relaunch failed (exit \(relaunch.status)):\n\(relaunch.output)\(relaunch.errors)")
        }
        var outcome = Outcome(trial: trial, killed: first.killed, problems: [], folder: folder)
        if let killed, let settled = read("after the relaunch") {
            problems += CrashChecker.problems(killed: killed, settled: settled, purchases: 1)
            let received = receiver?.posts(under: notifications.prefix) ?? []
            problems += NotificationChecker.problems(killed: killed, settled: settled, received: received,
                                                     urls: notifications.urls)
            outcome.notifications = settled.notifications.count
            outcome.posts = received.count
        }
        if problems.isEmpty { try? FileManager.default.removeItem(atPath: folder) }
        outcome.problems = problems
        return outcome
    }
}
