import Foundation
import Testing
@testable import Scenarios

/// The simulated calendar ends with the year 9999. `advance` beyond it is a script error on
/// its line: at once when no calendar could hold it, or when the line runs, from where the
/// calendar stands. Up to the end, everything works, purchases included.
@Suite("Runner: the end of the calendar")
struct CalendarEndTests {
    @Test("a duration longer than the whole calendar is refused when the script is read",
          arguments: ["110000000000000d", "9999999999999999999999999999999999999s", "20000000w"])
    func tooLongToParse(duration: String) throws {
        let error = try #require(parseError("size 80x24\nadvance \(duration)\n", file: "far.scenario"))
        #expect(error.line == 2)
        #expect(error.message.hasPrefix("advance \(duration) is more than the calendar holds: it ends at 9999-12-31 23:59:59 UTC"),
                "\(error.message)")
    }

    @Test("an advance past the end from where the calendar stands is a script error on its line")
    func pastTheEndWhenRun() throws {
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        // 2026 + 7,900 years is on the calendar; another 100 years is not.
        let file = try scratch.write("far.scenario", "advance 2885475d\nexpect transactions 0\nadvance 36525d\nexpect transactions 0\n")
        let result = ScenarioRunner.run(file, options: try options(in: scratch))
        let error = try #require(result.scriptError, "\(result.summary)")
        #expect(error.line == 3)
        #expect(error.message.contains("would move the calendar past 9999-12-31 23:59:59 UTC, where it ends"), "\(error.message)")
    }

    /// On StoreKit: Pay Station's sandbox card (12/40) has long expired by then.
    @Test("a purchase in the calendar's last years is signed, validated and granted")
    func purchaseNearTheEnd() throws {
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        let file = try scratch.write("late.scenario", """
            catalog \(try repositoryCatalog())
            storefront JPN
            advance 2910000d
            select com.example.stardust.gems_100
            buy
            storekit confirm
            expect transaction last purchased finished
            expect balance gems 100
            """)
        let result = ScenarioRunner.run(file, options: try options(in: scratch))
        #expect(result.passed, "\(result.summary)")
    }
}
