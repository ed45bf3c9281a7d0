import Foundation
import Testing

/// What the matrix found first: a first launch killed before its ledger's first commit left a
/// 0-byte `storefront.sqlite`, which every later launch refuses as an empty file it did not make
/// (docs/reliability.md, "Crash matrix"). A new ledger is now made whole under another name and
/// only then put in place, so a kill at any of its first commits leaves nothing to refuse.
@Suite("A first launch killed while its ledger is made")
struct FirstLaunchKillTests {
    @Test("killed at each of the first commits, the next launch opens the state directory and buys",
          arguments: [0, 1, 2, 5])
    func killedWhileTheLedgerIsMade(commits: Int) throws {
        let binary = try #require(BuiltStorefront.binary, "build .build/debug/storefront first (swift build)")
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("crash-first-\(UUID().uuidString.prefix(8))").path
        let state = folder + "/state"
        try FileManager.default.createDirectory(atPath: state, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let purchase = CrashCase.all.first { $0.path == .paystation && $0.outcome == "success" && $0.product == CrashCase.gems }!
        try purchase.script(catalog: BuiltStorefront.catalog).write(toFile: folder + "/buy.scenario", atomically: true, encoding: .utf8)
        let killed = try Ended.run(binary, ["scenario", folder + "/buy.scenario", "--state-dir", state, "--quiet"],
                                   environment: ["STOREFRONT_CRASH_AFTER_COMMITS": String(commits)], logs: folder + "/killed")
        #expect(killed.killed)
        let again = try Ended.run(binary, ["scenario", folder + "/buy.scenario", "--state-dir", state, "--quiet"],
                                  environment: [:], logs: folder + "/again")
        #expect(again.status == 0, "\(again.output)\(again.errors)")
        let ledger = try LedgerState.read(ledgerAt: state + "/storefront.sqlite", user: "qa")
        #expect(ledger.grants.map(\.amount) == [100])
    }
}
