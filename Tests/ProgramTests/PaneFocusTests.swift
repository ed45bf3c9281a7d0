import Program
import TerminalUI
import TestFixtures
import Testing

/// Tab and Shift-Tab move between the paywall and the live panes; arrows then move the focused
/// pane's selected row (scrolling to keep it on screen), and the paywall's selection stays.
@Suite("Pane focus and scrolling")
struct PaneFocusTests {
    @Test func tabMovesFocusAndArrowsThenScrollThePane() {
        var app = makeApp()
        app.receive(report(purchasedGemsSnapshot()))  // 1 transaction, 8 events
        app.receive(.key(.tab))
        #expect(app.focus == .transactions)
        app.receive(.key(.down))
        #expect(app.transactionsPane.selection == 0)  // one row: nowhere to go
        app.receive(.key(.tab), .key(.tab))
        #expect(app.focus == .events)
        for _ in 0..<10 { app.receive(.key(.down)) }
        #expect(app.eventsPane.selection == 7)  // stops at the last row, so one press comes back
        #expect(app.eventsPane.scroll == 2)  // six rows show at 80x24: the last six
        app.receive(.key(.up))
        #expect(app.eventsPane.selection == 6)
        #expect(app.eventsPane.scroll == 2)  // still on screen: no scroll
        #expect(app.paywall.selection == 0)
        app.receive(.key(.backTab), .key(.backTab), .key(.backTab))
        #expect(app.focus == .paywall)
    }

    @Test func tabGoesRoundAllFiveParts() {
        var app = makeApp()
        var seen: [Pane] = []
        for _ in 0..<5 {
            app.receive(.key(.tab))
            seen.append(app.focus)
        }
        #expect(seen == [.transactions, .entitlements, .events, .server, .paywall])
    }

    @Test func theFocusedPaneIsHighlighted() throws {
        var app = makeApp(width: 120, height: 40)
        app.receive(.key(.tab))
        let frame = app.view()
        let row = try #require(frame.lines.firstIndex { $0.contains("╭─ Transactions") })
        #expect(frame[0, row].style == app.theme.style(.accent))
        #expect(frame[0, 1].style == app.theme.style(.border))  // the paywall lost it
    }

    /// At 80x24 the Events pane shows six of the eight events: selecting the seventh scrolls
    /// the newest off.
    @Test func scrolledEventsShowOlderRows() {
        var app = makeApp(width: 80, height: 24)
        app.receive(report(purchasedGemsSnapshot()), .key(.tab), .key(.tab), .key(.tab))
        #expect(app.text.contains("11:06:47"))
        #expect(!app.text.contains("11:06:41"))
        for _ in 0..<6 { app.receive(.key(.down)) }
        #expect(!app.text.contains("11:06:47"))
        #expect(app.text.contains("11:06:41"))
    }
}
