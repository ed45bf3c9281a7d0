import Testing
@testable import Scenarios

/// `--shard K/N`: each CI machine runs the files whose path hashes to its shard. What matters to
/// CI: nothing is run twice or skipped, and a file stays on its machine as the suite grows.
@Suite("Shards")
struct ShardTests {
    static let files = (1...60).map { "Tests/Scenarios/case-\($0).scenario" }

    @Test("every file lands in exactly one shard, in the order given", arguments: 1...7)
    func partition(count: Int) {
        let shards = (1...count).map { ScenarioSuite.shard(Self.files, index: $0, of: count) }
        let all = shards.flatMap { $0 }
        #expect(all.count == Self.files.count)
        #expect(Set(all) == Set(Self.files))
        for shard in shards {
            // A shard keeps the order it was given, so its transcript reads like the unsharded one.
            #expect(shard == Self.files.filter(shard.contains))
        }
    }

    @Test("one shard of one is every file")
    func single() {
        #expect(ScenarioSuite.shard(Self.files, index: 1, of: 1) == Self.files)
    }

    @Test("with 60 files no shard of 2, 3 or 4 is empty (the hash spreads them)", arguments: 2...4)
    func spread(count: Int) {
        for index in 1...count {
            #expect(!ScenarioSuite.shard(Self.files, index: index, of: count).isEmpty, "shard \(index)/\(count)")
        }
    }

    /// Which shard each of `files` falls in, out of `count`.
    private func assignment(_ files: [String], count: Int) -> [String: Int] {
        var shardOf: [String: Int] = [:]
        for index in 1...count {
            for file in ScenarioSuite.shard(files, index: index, of: count) { shardOf[file] = index }
        }
        return shardOf
    }

    @Test("a file's shard does not change when other files are added or removed", arguments: 2...5)
    func stableUnderChange(count: Int) {
        let before = assignment(Self.files, count: count)
        let fewer = Array(Self.files.enumerated().filter { $0.offset % 3 != 0 }.map(\.element))
        let more = ["Tests/Scenarios/new-a.scenario"] + Self.files + (1...25).map { "Tests/Scenarios/later/n\($0).scenario" }
        for (label, changed) in [("fewer", fewer), ("more", more), ("reversed", Self.files.reversed())] {
            let after = assignment(changed, count: count)
            for file in changed where before[file] != nil {
                #expect(after[file] == before[file], "\(file) moved with \(label) files")
            }
        }
    }

    @Test("./a and a are the same file, in the same shard", arguments: 2...7)
    func leadingDotSlash(count: Int) {
        for file in Self.files.prefix(20) {
            let plain = assignment([file], count: count)[file]
            #expect(assignment(["./" + file], count: count)["./" + file] == plain, "\(file)")
            #expect(assignment(["././" + file], count: count)["././" + file] == plain, "\(file)")
        }
    }

    @Test("the hash is FNV-1a 64: the same number on every machine and in every process")
    func stableHash() {
        // Published FNV-1a test vectors; Swift's own Hasher is seeded per process and would differ.
        #expect(ScenarioSuite.stableHash("") == 0xCBF2_9CE4_8422_2325)
        #expect(ScenarioSuite.stableHash("a") == 0xAF63_DC4C_8601_EC8C)
        #expect(ScenarioSuite.stableHash("foobar") == 0x8594_4171_F739_67E8)
    }
}
