import Dispatch
import Foundation

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
    private final class Collector: @unchecked Sendable {
        private let lock = NSLock()
        private var next = 0
        private var slots: [ScenarioResult?]
        private var reported = 0
        private let report: @Sendable (ScenarioResult) -> Void

        init(count: Int, report: @escaping @Sendable (ScenarioResult) -> Void) {
            slots = Array(repeating: nil, count: count)
            self.report = report
        }

        func nextIndex() -> Int? {
            lock.lock()
            defer { lock.unlock() }
            guard next < slots.count else { return nil }
            next += 1
            return next - 1
        }

        func finish(_ index: Int, _ result: ScenarioResult) {
            lock.lock()
            defer { lock.unlock() }
            slots[index] = result
            while reported < slots.count, let ready = slots[reported] {
                report(ready)
                reported += 1
            }
        }

        var results: [ScenarioResult] {
            lock.lock()
            defer { lock.unlock() }
            return slots.compactMap { $0 }
        }
    }
}
