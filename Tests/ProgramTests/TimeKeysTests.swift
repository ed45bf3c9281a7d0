import Catalog
import Foundation
import Program
import StoreEngine
import TerminalUI
import TestFixtures
import Testing

/// `]` and `[` step the rate time runs at, `+` moves the calendar a day and `>` to the next
/// thing due; the status bar shows the simulated time and the rate. In the whole loop with a
/// real engine, on a wall clock moved by hand.
@Suite("Headless program: time keys")
struct TimeKeysTests {
    private func statusBar(_ harness: HeadlessHarness) -> String? {
        harness.screen.split(separator: "\n").first.map { String($0).trimmingCharacters(in: .whitespaces) }
    }

    @Test func bracketsStepTheRateAndTheStatusBarSaysIt() throws {
        let harness = try HeadlessHarness(storefront: "USA", width: 120, height: 40)
        harness.program.send(.started)
        #expect(harness.app.timeRate == .paused)
        #expect(statusBar(harness)?.hasSuffix("· paused, sandbox") == true, "\(statusBar(harness) ?? "")")
        harness.type("[")
        #expect(harness.app.timeRate == .paused, "nothing slower than paused")
        harness.type("]")
        #expect(harness.app.timeRate == .running(.realTime))
        #expect(statusBar(harness)?.hasSuffix("· real time") == true)
        harness.type("]")
        #expect(harness.app.timeRate == .running(.monthlyEveryHour))
        #expect(statusBar(harness)?.hasSuffix("· 1 mo = 1 h") == true)
        #expect(harness.app.notice?.text == "Time: a monthly renewal every 1 h.")
        // The clock runs with the wall clock now: a minute of wall time is a minute on screen.
        let before = harness.program.now
        harness.wall.move(by: 60)
        #expect(harness.program.now == before.addingTimeInterval(60))
        // Paused again, the line names the keys that move the calendar, not a scenario's command.
        harness.type("[[")
        #expect(harness.app.timeRate == .paused)
        #expect(harness.app.notice?.text.contains("+ moves the calendar a day on, > to the next thing due") == true,
                "\(harness.app.notice?.text ?? "")")
    }

    /// A burst of rate keys (key repeat) takes every step, applies only the rate it ends on,
    /// and logs one `clock.rate`; `]` stops at the fastest.
    @Test func aBurstOfRateKeysAppliesOnceAndEndsAtTheFastest() throws {
        let harness = try HeadlessHarness(storefront: "JPN", width: 120, height: 40)
        harness.program.send(.started)
        let before = harness.app.snapshot.events.filter { $0.kind == .clockRate }.count
        harness.burst(String(repeating: "]", count: TimeRate.all.count + 3))
        #expect(harness.app.timeRate == .running(.every2Seconds))
        #expect(harness.app.snapshot.events.filter { $0.kind == .clockRate }.count == before + 1)
        harness.burst("[[")
        #expect(harness.app.timeRate == .running(.every30Seconds))
        #expect(harness.app.snapshot.events.filter { $0.kind == .clockRate }.count == before + 2)
        // There and back again in one burst changes nothing and logs nothing.
        harness.burst("][")
        #expect(harness.app.timeRate == .running(.every30Seconds))
        #expect(harness.app.snapshot.events.filter { $0.kind == .clockRate }.count == before + 2)
        // Another key right after applies the rate first: what it does happens at that rate.
        harness.burst("[>")
        let events = harness.app.snapshot.events
        #expect(harness.app.timeRate == .running(.monthlyEvery30Seconds))
        #expect(events.filter { $0.kind == .clockRate }.count == before + 3)
        #expect(harness.app.notice?.text == "Nothing is scheduled on the calendar.")
    }

    @Test func plusMovesADayAndGreaterThanToTheNextRenewal() throws {
        let harness = try HeadlessHarness(storefront: "JPN", width: 120, height: 40)
        harness.program.send(.started)
        let start = harness.program.now
        harness.type("+")
        #expect(harness.program.now == start.addingTimeInterval(86_400))
        #expect(harness.app.notice?.text == "The calendar moved on a day.")
        #expect(statusBar(harness)?.contains(WallClock(timeZone: utc).minute(start.addingTimeInterval(86_400))) == true)

        // A weekly plan bought through StoreKit at the sandbox rate (catalog.json): 3 minutes.
        harness.select(product: SKU.weeklyPass)
        harness.press(.enter)
        try #require(harness.storeKitSession != nil)
        harness.type("b")
        let end = try #require(harness.app.snapshot.subscriptions.last?.expiresAt)
        #expect(end.timeIntervalSince(harness.program.now) == 180)
        harness.type(">")
        #expect(harness.program.now == end)
        #expect(harness.app.snapshot.subscriptions.last?.renewals == 1)
        #expect(harness.app.snapshot.events.contains { $0.kind == .didRenew })
        // At a rate of minutes the Entitlements pane says when to the minute.
        // On today's simulated date, without the day (`11:09`).
        let renews = String(WallClock(timeZone: utc).minute(try #require(harness.app.snapshot.entitlement(id: "premium")?.expiresAt))
            .dropFirst(6))
        #expect(harness.screen.split(separator: "\n").contains { $0.contains("premium active · renews \(renews)") })
    }
}

/// A count before `+` is how many days it moves; a click on a transaction selects it, and a
/// click on the selected one opens its actions.
@Suite("Headless program: counts and clicks")
struct CountAndClickTests {
    @Test func sevenPlusMovesSevenDays() throws {
        let harness = try HeadlessHarness(storefront: "JPN", width: 120, height: 40)
        harness.program.send(.started)
        let start = harness.program.now
        harness.type("1")
        #expect(harness.app.notice?.text == "+ moves the calendar 1 day on.")
        harness.press(.escape)
        harness.type("7")
        #expect(harness.app.notice?.text == "+ moves the calendar 7 days on.")
        harness.type("+")
        #expect(harness.program.now == start.addingTimeInterval(7 * 86_400))
        #expect(harness.app.time.advanceCount == nil)
        harness.type("3")
        harness.press(.down)  // any other key forgets the count
        harness.type("+")
        #expect(harness.program.now == start.addingTimeInterval(8 * 86_400))
    }

    @Test func aClickSelectsATransactionAndASecondOpensItsActions() throws {
        let harness = try HeadlessHarness(storefront: "JPN", width: 120, height: 40)
        harness.program.send(.started)
        for _ in 0..<2 {
            harness.select(product: SKU.gems100)
            harness.press(.enter)
            try #require(harness.storeKitSession != nil)
            harness.type("b")
        }
        let older = try #require(harness.app.snapshot.transactions.last?.id)
        let frame = harness.program.draw()
        let row = try #require(frame.position(of: older), "\(frame.text)")
        harness.program.send(.mouse(MouseEvent(.press, x: row.x, y: row.y)))
        #expect(harness.app.focus == .transactions)
        #expect(harness.app.transactionsPane.selection == 1)
        #expect(harness.app.menus.open == nil)
        harness.program.send(.mouse(MouseEvent(.press, x: row.x, y: row.y)))
        #expect(harness.app.menus.open?.transactionId == older)
    }
}
