import Foundation
import Testing
@testable import Scenarios

/// `user` and `catalog` after the launch relaunch the app on the same ledger: what one player
/// bought is still there when they come back, and another player sees none of it.
@Suite("Runner: relaunching mid-scenario")
struct RelaunchTests {
    @Test("user: another player starts empty on the same ledger; the first finds their purchase again")
    func switchUser() throws {
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        let file = try scratch.write("users.scenario", """
            user ana
            select com.example.gems
            buy
            paystation card 4111111111111111
            advance 1s
            expect balance gems 10
            user ben
            expect balance gems 0
            expect transactions 0
            user ana
            expect balance gems 10
            expect transaction txn-000001 purchased finished
            """)
        let result = ScenarioRunner.run(file, options: try options(in: scratch))
        #expect(result.passed, "\(result.summary)")
        #expect(result.expectationsChecked == 5)
    }

    @Test("ids keep counting across players: the ledger is shared, not recreated")
    func sharedSequence() throws {
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        let file = try scratch.write("sequence.scenario", """
            user ana
            select com.example.gems
            buy
            paystation card 4111111111111111
            advance 1s
            user ben
            select com.example.gems
            buy
            paystation card 4111111111111111
            advance 1s
            expect transaction txn-000002 purchased finished
            expect transactions 1
            """)
        let result = ScenarioRunner.run(file, options: try options(in: scratch))
        #expect(result.passed, "\(result.summary)")
    }

    @Test("catalog: the app relaunches on the new catalog and keeps the ledger")
    func switchCatalog() throws {
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        try scratch.write("renamed.json", tinyCatalog.replacingOccurrences(of: #""name": "Tiny Game""#,
                                                                          with: #""name": "Tiny Game Two""#))
        let file = try scratch.write("catalogs.scenario", """
            catalog tiny.json
            select com.example.gems
            buy
            paystation card 4111111111111111
            advance 1s
            expect screen lacks "Tiny Game Two"
            catalog renamed.json
            expect screen contains "Tiny Game Two"
            expect balance gems 10
            expect transactions 1
            """)
        let result = ScenarioRunner.run(file, options: try options(in: scratch))
        #expect(result.passed, "\(result.summary)")
        #expect(result.expectationsChecked == 4)
    }

    @Test("--state-dir: a second scenario on the same state finds the first one's purchase")
    func givenStateDirectory() throws {
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        var options = try options(in: scratch)
        options.stateDirectory = scratch.file("state")
        let buy = try scratch.write("buy.scenario", """
            select com.example.gems
            buy
            paystation card 4111111111111111
            advance 1s
            expect balance gems 10
            """)
        let check = try scratch.write("check.scenario", "expect balance gems 10\nexpect transactions 1\n")
        let first = ScenarioRunner.run(buy, options: options)
        #expect(first.passed, "\(first.summary)")
        let second = ScenarioRunner.run(check, options: options)
        #expect(second.passed, "\(second.summary)")
        // A given state directory is the caller's: the runner leaves it in place.
        #expect(FileManager.default.fileExists(atPath: scratch.file("state")))
    }

    @Test("without --state-dir each run starts on fresh state")
    func freshState() throws {
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        let buy = try scratch.write("buy.scenario", """
            select com.example.gems
            buy
            paystation card 4111111111111111
            advance 1s
            expect balance gems 10
            expect transactions 1
            """)
        let options = try options(in: scratch)
        let first = ScenarioRunner.run(buy, options: options)
        let second = ScenarioRunner.run(buy, options: options)
        #expect(first.passed, "\(first.summary)")
        #expect(second.passed, "a second run saw the first one's purchase: \(second.summary)")
    }
}
