import Foundation
@testable import Fuzzing
import Testing

/// The package root: two folders above this file (Tests/FuzzingTests/).
private let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()

@Suite("Fuzzing: every seed of Fuzz/corpus through its target")
struct CorpusTests {
    /// Each seed runs through the checks libFuzzer runs it through (a broken promise traps), so
    /// `make test` keeps the corpus and the checks honest without libFuzzer.
    @Test(arguments: FuzzTarget.allCases)
    func everySeedPassesItsTarget(target: FuzzTarget) throws {
        let folder = packageRoot.appendingPathComponent("Fuzz/corpus/\(target.rawValue)")
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
        // A folder left empty would pass anything; each has a recipe and a plain seed at least.
        #expect(files.contains { $0.hasPrefix("x-") } && files.contains { !$0.hasPrefix("x-") })
        for file in files {
            let data = try Data(contentsOf: folder.appendingPathComponent(file))
            target.feed(Array(data))
        }
    }
}
