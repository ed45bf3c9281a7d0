import Foundation
import Testing

/// The crash matrix (docs/reliability.md, "Crash matrix"): `CRASH_TRIALS` purchases (20 here,
/// 200 in `make crash-test`) across every path, product kind and outcome, each killed with
/// SIGKILL at a named step or at a commit drawn from `CRASH_SEED`, relaunched on its state
/// directory and checked by `CrashChecker`; every store posts its notifications to one receiver
/// (`MatrixReceiver`), checked by `NotificationChecker`. A failing trial names its seed, number, path,
/// product, outcome and kill point, and keeps its state directories.
@Suite("Crash matrix", .serialized)
struct CrashMatrixTests {
    static let environment = ProcessInfo.processInfo.environment
    static let seed = environment["CRASH_SEED"].flatMap { UInt64($0) } ?? 1
    static let trialCount = environment["CRASH_TRIALS"].flatMap { Int($0) }.map { max($0, 1) } ?? 20
    /// One trial again: `CRASH_TRIAL=N`, as a failure prints it.
    static let onlyTrial = environment["CRASH_TRIAL"].flatMap { Int($0) }

    @Test("purchases killed at named steps and random commits settle on relaunch: no double grant, nothing paid lost, nothing scheduled lost, every notification delivered where it was meant to go")
    func matrix() throws {
        let binary = try #require(BuiltStorefront.binary, "build .build/debug/storefront first (swift build): the matrix runs the real binary")
        let root = try #require(BuiltStorefront.root)
        let receiverFolder = FileManager.default.temporaryDirectory
            .appendingPathComponent("storefront-crash-receiver-\(UUID().uuidString.prefix(6).lowercased())").path
        let receiver = try MatrixReceiver(root: root, folder: receiverFolder)
        defer { receiver.stop() }
        let runner = CrashRunner(binary: binary, catalog: BuiltStorefront.catalog, receiver: receiver)
        let numbers = Self.onlyTrial.map { [$0] } ?? Array(0..<Self.trialCount)
        print("crash matrix: CRASH_SEED=\(Self.seed), \(numbers.count) trial(s)")
        let start = Date()
        var outcomes: [CrashRunner.Outcome] = []
        for number in numbers {
            let outcome = try runner.run(CrashTrial(seed: Self.seed, number: number))
            outcomes.append(outcome)
            if !outcome.problems.isEmpty {
                Issue.record(Comment(rawValue: "\(outcome.trial)\n  " + outcome.problems.joined(separator: "\n  ")
                                     + "\n  kept: \(outcome.folder) (killed/ as the kill left it, state/ after the relaunch)"
                                     + " and \(receiverFolder)/received.jsonl (every post, by path)"))
            }
        }
        print(CrashMatrixSummary(seed: Self.seed, outcomes: outcomes, seconds: Date().timeIntervalSince(start)).text)
        // Its log says what every trial posted; kept, like a failed trial's folders, when one failed.
        if outcomes.allSatisfy(\.problems.isEmpty) { try? FileManager.default.removeItem(atPath: receiverFolder) }
    }
}

/// What a run of the matrix did, printed at its end: where each trial was killed and how many
/// commits the random kills waited for, so a run says what it covered.
struct CrashMatrixSummary {
    var seed: UInt64
    var outcomes: [CrashRunner.Outcome]
    var seconds: TimeInterval

    var text: String {
        var kills: [String: Int] = [:]
        var commits: [Int] = []
        for outcome in outcomes where outcome.killed {
            switch outcome.trial.kill {
            case .step(let name): kills[name, default: 0] += 1
            case .commits(let count): commits.append(count)
            }
        }
        let paths = Dictionary(grouping: outcomes, by: { $0.trial.purchase.path.rawValue }).mapValues(\.count)
        let failed = outcomes.filter { !$0.problems.isEmpty }.count
        return "crash matrix: CRASH_SEED=\(seed), \(outcomes.count) trials, \(failed) failed, \(String(format: "%.1f", seconds)) s; "
            + "kills at steps: " + CrashTrial.steps.map { "\($0) \(kills[$0] ?? 0)" }.joined(separator: ", ")
            + "; at commits: \(commits.count) (from \(commits.min() ?? 0) to \(commits.max() ?? 0)); "
            + "notifications: \(outcomes.map(\.notifications).reduce(0, +)) written, \(outcomes.map(\.posts).reduce(0, +)) posts received; "
            + "paths: " + paths.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", ")
    }
}
