import Foundation
import StoreEngine

/// Scenarios at scale: suites of 100 and 1,000 generated files, each run once by this very
/// binary as CI runs it (`storefront scenario DIR --quiet --jobs 2 --junit FILE`), and the
/// 1,000 again as two shards. 10,000 is not in `make bench`: at some 70 ms a scenario on this
/// 2-core machine it alone takes twelve minutes; `storefront bench --scenarios 10000` runs it. The figure is the time per scenario, which should stay flat as
/// the suite grows. Every run must exit 0, its summary line must count every scenario as passed,
/// and its JUnit report must hold one testcase per scenario, or the bench fails.
enum ScenarioScaleBench {
    /// Real scenarios of the repository, copied with their catalog made absolute; they cover
    /// both stores' purchase paths and a declined card.
    static let templates = ["buy-consumable", "buy-non-consumable", "buy-subscription", "declined-card", "cancel-during-3ds"]
    static let templateFolder = "Tests/Scenarios"

    /// `--quick` runs only the 100, and its shards: the 1,000 and its shards take minutes.
    static func measure(quick: Bool) throws(CommandFailure) -> [Measurement] {
        try measure(suites: quick ? [100] : [100, 1_000])
    }

    /// Suites of each of `counts` files, the largest also as two shards (`bench --scenarios N`
    /// runs 100 and N: 10,000 takes some twelve minutes here).
    static func measure(suites counts: [Int]) throws(CommandFailure) -> [Measurement] {
        guard let binary = Bundle.main.executablePath else {
            throw CommandFailure(.ioError, "the scenario scale bench does not know its own executable")
        }
        let texts = try templateTexts()
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("storefront-bench-scenarios-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: root) }
        var results: [Measurement] = []
        for count in counts {
            let folder = (root as NSString).appendingPathComponent("suite-\(count)")
            try writeSuite(count: count, texts: texts, into: folder)
            let outcome = try runSuite(binary: binary, folder: folder, shard: nil)
            guard outcome.passed == count else {
                throw CommandFailure(.ioError, "the scenario scale bench ran \(outcome.passed) of \(count) generated scenarios")
            }
            results.append(Measurement(name: "scenario suite of \(count), 2 jobs, per scenario", samples: [outcome.seconds / Double(count)]))
            guard count == counts.max() else { continue }
            var sharded = 0
            for index in 1...2 {
                let shard = try runSuite(binary: binary, folder: folder, shard: "\(index)/2")
                guard shard.passed > 0 else { throw CommandFailure(.ioError, "shard \(index)/2 of \(count) scenarios ran none") }
                sharded += shard.passed
                results.append(Measurement(name: "shard \(index)/2 of \(count) (\(shard.passed)), 2 jobs, per scenario",
                                           samples: [shard.seconds / Double(shard.passed)]))
            }
            guard sharded == count else {
                throw CommandFailure(.ioError, "the two shards of \(count) scenarios ran \(sharded) between them")
            }
        }
        return results
    }

    /// The templates with each `catalog` line pointing at its file absolutely, so a copy runs
    /// from any folder.
    private static func templateTexts() throws(CommandFailure) -> [(name: String, text: String)] {
        let folder = URL(fileURLWithPath: templateFolder).standardizedFileURL
        return try templates.map { name throws(CommandFailure) in
            let file = folder.appendingPathComponent("\(name).scenario")
            guard let data = FileManager.default.contents(atPath: file.path) else {
                throw CommandFailure(.noInput, "\(templateFolder)/\(name).scenario: not found; run the bench from the repository's root")
            }
            let lines = String(decoding: data, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false).map { line in
                guard line.hasPrefix("catalog ") else { return String(line) }
                return "catalog " + folder.appendingPathComponent(String(line.dropFirst("catalog ".count))).standardizedFileURL.path
            }
            return (name, lines.joined(separator: "\n"))
        }
    }

    /// `count` copies, 100 to a folder (discovery walks every level), each with its own name
    /// and a comment saying which copy it is, so no two files are the same.
    private static func writeSuite(count: Int, texts: [(name: String, text: String)], into folder: String) throws(CommandFailure) {
        for index in 0..<count {
            let group = (folder as NSString).appendingPathComponent(String(format: "group-%03d", index / 100))
            let template = texts[index % texts.count]
            let file = (group as NSString).appendingPathComponent("\(template.name)-\(index).scenario")
            do {
                if index % 100 == 0 { try FileManager.default.createDirectory(atPath: group, withIntermediateDirectories: true) }
                try "# copy \(index) of \(templateFolder)/\(template.name).scenario\n\(template.text)".write(toFile: file, atomically: false, encoding: .utf8)
            } catch {
                throw CommandFailure(.ioError, "the scenario scale bench could not write \(file): \(SystemErrorText.words(of: error))")
            }
        }
    }

    /// One run of the binary, timed from launch to exit; the scenarios it counted as passed.
    private static func runSuite(binary: String, folder: String, shard: String?) throws(CommandFailure) -> (passed: Int, seconds: Double) {
        let junit = folder + "-\(shard?.replacingOccurrences(of: "/", with: "of") ?? "all").xml"
        let process = Process()
        process.executableURL = URL(fileURLWithPath: binary)
        process.arguments = ["scenario", folder, "--quiet", "--jobs", "2", "--junit", junit] + (shard.map { ["--shard", $0] } ?? [])
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        let start = DispatchTime.now().uptimeNanoseconds
        do {
            try process.run()
        } catch {
            throw CommandFailure(.ioError, "could not start \(binary): \(SystemErrorText.words(of: error))")
        }
        // Read before waiting: 10,000 PASS lines fill the pipe long before the run ends.
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        let summary = text.split(separator: "\n").last.map(String.init) ?? ""
        guard process.terminationStatus == 0, let passed = passedCount(summary) else {
            throw CommandFailure(.ioError, "storefront scenario \(folder)\(shard.map { " --shard \($0)" } ?? "") exited \(process.terminationStatus): \(summary)")
        }
        let testcases = ((try? String(contentsOfFile: junit, encoding: .utf8)) ?? "").components(separatedBy: "<testcase ").count - 1
        guard testcases == passed else {
            throw CommandFailure(.ioError, "the JUnit report of \(folder) holds \(testcases) testcases for \(passed) scenarios")
        }
        return (passed, seconds)
    }

    /// From `N scenarios: P passed, 0 failed, 0 with script errors`, P when every one passed.
    static func passedCount(_ summary: String) -> Int? {
        let words = summary.split(separator: " ")
        guard words.count >= 4, words[1].hasPrefix("scenario"), let total = Int(words[0]), Int(words[2]) == total,
              words[3] == "passed,", summary.hasSuffix("0 failed, 0 with script errors") else { return nil }
        return total
    }
}
