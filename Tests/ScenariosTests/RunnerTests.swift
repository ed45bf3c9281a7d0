import Foundation
import Testing
@testable import Scenarios

/// `ScenarioRunner.run` on real scenario files: what a pass and a failed expectation look like.
@Suite("Runner: passing and failing")
struct RunnerTests {
    @Test("a Pay Station purchase on the repository's catalog passes, every expectation checked")
    func passesOnRepositoryCatalog() throws {
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        let file = try scratch.write("buy.scenario", """
            # The default catalog comes from the options, as --catalog gives it.
            select com.example.stardust.gems_100
            buy
            paystation card 4111111111111111
            expect transaction last purchasing unfinished
            advance 2s
            expect transaction last purchased finished
            expect balance gems 100
            expect screen contains "Purchased Pouch of Gems: +100 gems."
            """)
        let result = ScenarioRunner.run(file, options: ScenarioOptions(defaultCatalogPath: try repositoryCatalog()))
        #expect(result.passed, "\(result.summary)")
        #expect(result.file == file)
        #expect(result.expectationsChecked == 4)
        // The transcript: each line with its number, a tick on each expectation that held.
        #expect(result.transcript.first == "    2  select com.example.stardust.gems_100")
        #expect(result.transcript.contains("    7  expect transaction last purchased finished   ✓"))
        #expect(result.transcript.last == "    9  expect screen contains \"Purchased Pouch of Gems: +100 gems.\"   ✓")
    }

    @Test("a `catalog` path is relative to the scenario's folder, not the working directory")
    func catalogRelativeToScenario() throws {
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        try scratch.write("catalogs/tiny.json", tinyCatalog)
        let file = try scratch.write("qa/deep/relative.scenario", """
            catalog ../../catalogs/tiny.json
            expect screen contains "Tiny Game"
            """)
        // The default catalog does not exist: only the scenario's own line can find the file.
        let result = ScenarioRunner.run(file, options: ScenarioOptions(defaultCatalogPath: scratch.file("missing.json")))
        #expect(result.passed, "\(result.summary)")
    }

    @Test("a failed expectation names file, line, expected and actual, and keeps the screen")
    func failedExpectation() throws {
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        let file = try scratch.write("fail.scenario", """
            # Nothing was bought, so the balance is 0.
            size 80x24
            expect transactions 0
            expect balance gems 5
            expect transactions 0
            """)
        let result = ScenarioRunner.run(file, options: try options(in: scratch))
        let failure = try #require(result.failure, "\(result.summary)")
        #expect(failure.file == file)
        #expect(failure.line == 4)
        #expect(failure.location == "\(file):4")
        #expect(failure.command == "expect balance gems 5")
        #expect(failure.expected == "gems 5")
        #expect(failure.actual == "gems 0")
        // The screen at that moment: the whole 80x24 frame, status bar first.
        #expect(failure.screen.count == 24)
        #expect(failure.screen.first?.hasPrefix(" USA en_US USD│Pay Station") == true)
        #expect(failure.screen.contains { $0.contains("Gems") && $0.contains("$0.99") })
        #expect(failure.description.contains("\n  expected: gems 5\n  actual:   gems 0\n  screen:\n   0│ USA en_US USD│"))
        // Stopped there: one expectation held, the one after the failure never ran.
        #expect(result.expectationsChecked == 1)
        #expect(result.transcript.last == "       FAILED")
        #expect(!result.transcript.contains { $0.hasPrefix("    5  ") })
    }

    @Test("a screen expectation that fails says what was looked for")
    func screenFailure() throws {
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        let file = try scratch.write("screen.scenario", """
            expect screen contains "Gems"
            expect screen lacks "No Ads"
            """)
        let result = ScenarioRunner.run(file, options: try options(in: scratch))
        let failure = try #require(result.failure, "\(result.summary)")
        #expect(failure.line == 2)
        #expect(failure.expected == #"the screen does not show "No Ads""#)
        #expect(failure.actual == "on the screen")
        #expect(failure.screen.contains { $0.contains("No Ads") })
    }

    @Test("screen text matches prices written with plain spaces (1,09 € has a no-break space)")
    func noBreakSpaces() throws {
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        let file = try scratch.write("deu.scenario", """
            storefront DEU
            expect screen contains "1,09 €"
            expect screen contains "Edelsteine"
            """)
        let result = ScenarioRunner.run(file, options: try options(in: scratch))
        #expect(result.passed, "\(result.summary)")
    }

    @Test("a purchase through the tiny catalog: charge, balance, events and ownership")
    func purchaseExpectations() throws {
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        let file = try scratch.write("noads.scenario", """
            select com.example.noads
            buy
            paystation card 4111111111111111
            expect no event grant
            advance 1s
            expect transaction txn-000001 purchased finished
            expect charge last 2.99 USD
            expect owned com.example.noads
            expect event redirect.received
            expect transactions 1
            """)
        let result = ScenarioRunner.run(file, options: try options(in: scratch))
        #expect(result.passed, "\(result.summary)")
        #expect(result.expectationsChecked == 6)
    }

    @Test("a wrong charge fails with what was charged")
    func wrongCharge() throws {
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        let file = try scratch.write("charge.scenario", """
            select com.example.gems
            buy
            paystation card 4111111111111111
            advance 1s
            expect charge last 1.99 USD
            """)
        let result = ScenarioRunner.run(file, options: try options(in: scratch))
        let failure = try #require(result.failure, "\(result.summary)")
        #expect(failure.line == 5)
        #expect(failure.expected == "txn-000001 charged 1.99 USD")
        #expect(failure.actual == "txn-000001 charged 0.99 USD (purchased)")
    }

    @Test("a Google Play offer the sheet does not have fails on that line, naming the ones it has")
    func mistypedPlayOffer() throws {
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        let catalog = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("catalog.json").path
        let file = try scratch.write("offer.scenario", """
            catalog \(catalog)
            storefront USA
            path play
            select com.example.stardust.pass.monthly
            buy
            play offer loyalty
            """)
        let result = ScenarioRunner.run(file, options: try options(in: scratch))
        let failure = try #require(result.failure, "\(result.summary)")
        #expect(failure.line == 6)
        #expect(failure.expected == "an offer loyalty on Google Play's sheet")
        #expect(failure.actual.hasPrefix("its offers: "), "\(failure.actual)")
    }

    @Test("acting on Pay Station when no sheet is open fails on that line")
    func payStationWithoutSheet() throws {
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        let file = try scratch.write("nosheet.scenario", "select com.example.gems\npaystation card 4111111111111111\n")
        let result = ScenarioRunner.run(file, options: try options(in: scratch))
        let failure = try #require(result.failure, "\(result.summary)")
        #expect(failure.line == 2)
        #expect(failure.expected == "Pay Station open")
        #expect(failure.actual == "no sheet open")
    }

    @Test("selecting a position past the products on sale fails with how many there are")
    func positionTooFar() throws {
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        let file = try scratch.write("far.scenario", "select 2\nselect 3\n")
        let result = ScenarioRunner.run(file, options: try options(in: scratch))
        let failure = try #require(result.failure, "\(result.summary)")
        #expect(failure.line == 2)
        #expect(failure.expected == "at least 3 products on sale")
        #expect(failure.actual == "2")
    }

    @Test("a scenario of setup lines only still launches, and passes")
    func setupOnly() throws {
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        let file = try scratch.write("setup.scenario", "storefront DEU\nsize 80x24\n")
        let result = ScenarioRunner.run(file, options: try options(in: scratch))
        #expect(result.passed, "\(result.summary)")
        #expect(result.expectationsChecked == 0)
    }
}
