import Dispatch
import Foundation
import Synchronization

/// Many scenarios: a stable slice of them for one CI machine, run in parallel on this one.
public enum ScenarioSuite {
    /// The files of shard `index` (1-based) of `count`. A file's shard depends on its path alone
    /// (a hash of it), so adding or removing other files never moves it to another machine.
    public static func shard(_ files: [String], index: Int, of count: Int) -> [String] {
        files.filter { Int(stableHash(normalized($0)) % UInt64(count)) == index - 1 }
    }

    /// Runs every file, `jobs` at a time, each on its own fresh state; results come back in
    /// file order, and `report` sees each one in that order as soon as it and those before it
    /// are done.
    public static func run(_ files: [String], options: ScenarioOptions, jobs: Int,
                           report: @escaping @Sendable (ScenarioResult) -> Void = { _ in }) -> [ScenarioResult] {
        let collector = Collector(count: files.count, report: report)
        let workers = max(1, min(jobs, files.count))
        DispatchQueue.concurrentPerform(iterations: workers) { _ in
            while let index = collector.nextIndex() {
                collector.finish(index, ScenarioRunner.run(files[index], options: options))
            }
        }
        return collector.results
    }

    /// FNV-1a, 64 bits: the same number on every machine and every run (Swift's own hash is
    /// seeded per process).
    static func stableHash(_ text: String) -> UInt64 {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for byte in text.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01B3
        }
        return hash
    }

    /// `./a/b.scenario` and `a/b.scenario` are one file.
    static func normalized(_ path: String) -> String {
        var path = path
        while path.hasPrefix("./") { path.removeFirst(2) }
        return path
    }

    /// Hands out indices and keeps results, from several threads at once.
    private final class Collector: Sendable {
        private struct State {
            var next = 0
            var slots: [ScenarioResult?]
            var reported = 0
        }

        private let state: Mutex<State>
        private let report: @Sendable (ScenarioResult) -> Void

        init(count: Int, report: @escaping @Sendable (ScenarioResult) -> Void) {
            state = Mutex(State(slots: Array(repeating: nil, count: count)))
            self.report = report
        }

        func nextIndex() -> Int? {
            state.withLock { state in
                guard state.next < state.slots.count else { return nil }
                state.next += 1
                return state.next - 1
            }
        }

        /// Reports under the mutex, so results are reported in the files' order, once each.
        func finish(_ index: Int, _ result: ScenarioResult) {
            state.withLock { state in
                state.slots[index] = result
                while state.reported < state.slots.count, let ready = state.slots[state.reported] {
                    report(ready)
                    state.reported += 1
                }
            }
        }

        var results: [ScenarioResult] {
            state.withLock { $0.slots.compactMap { $0 } }
        }
    }
}
