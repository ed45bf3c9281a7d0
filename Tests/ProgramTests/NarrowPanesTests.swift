import Foundation
import Program
import StoreEngine
import TerminalUI
import TestFixtures
import Testing

/// Issue 15 item 14: readable at 80x24. Three panes side by side left each a third of too
/// little: Events showed seven characters of each name (`transact…` four times in a row),
/// Transactions lost its ids, and times had no date once the calendar moved on. Narrow, the
/// focused pane takes the width, with the others' names as tabs; at 120x40 the panes still
/// sit side by side.
@Suite("Panes at 80x24")
struct NarrowPanesTests {
    private func paneRows(_ app: App) -> [String] {
        app.view().inside(app.layout.rect(of: app.focus == .paywall ? .transactions : app.focus))
    }

    @Test func transactionsKeepTheirIds() {
        var app = makeApp()
        app.receive(report(purchasedGemsSnapshot()), .key(.tab))
        #expect(paneRows(app).first?.contains("txn-000001 gems_100") == true, "\(app.text)")
    }

    @Test func eventsShowEveryNameInItsShortForm() {
        var app = makeApp()
        app.receive(report(purchasedGemsSnapshot()), .key(.tab), .key(.tab), .key(.tab))
        let rows = paneRows(app)
        #expect(rows.contains { $0.contains("11:06:47 txn.finished finished") }, "\(app.text)")
        #expect(rows.contains { $0.contains("11:06:43 txn.purchased purchased") }, "\(app.text)")
        #expect(rows.contains { $0.contains("11:06:46 order_paid gems_100 for 0.99 USD") }, "\(app.text)")
    }

    /// After `+` the events of the day before carry their date.
    @Test func timesCarryTheDateOnceTheCalendarMovedOn() {
        var app = makeApp()
        app.receive(report(purchasedGemsSnapshot()), .tick(fixedNow.addingTimeInterval(86_400)))
        app.receive(.key(.tab), .key(.tab), .key(.tab))
        #expect(paneRows(app).contains { $0.contains("11-18 11:06:47 txn.finished finished") }, "\(app.text)")
    }

    /// Tab shows each pane in turn, the width its own; back on the paywall the last one stays.
    @Test func tabShowsOnePaneAtATime() throws {
        var app = makeApp()
        app.receive(report(purchasedGemsSnapshot()))
        #expect(app.text.contains("[Transactions]─ Entitlements ─ Events "))
        app.receive(.key(.tab), .key(.tab))
        #expect(app.text.contains(" Transactions ─[Entitlements]─ Events "))
        #expect(paneRows(app).first?.hasPrefix(" gems: 100") == true)
        #expect(!app.text.contains("txn-000001"))
        app.receive(.key(.tab), .key(.tab))
        #expect(app.text.contains(" Events ─[Server]─"))
        app.receive(.key(.tab))
        #expect(app.focus == .paywall)
        #expect(app.text.contains("─[Server]─"))
    }

    /// A click on a pane's name shows and focuses it.
    @Test func clickingATabShowsItsPane() throws {
        var app = makeApp()
        app.receive(report(purchasedGemsSnapshot()))
        let tab = try #require(app.view().position(of: " Events "))
        app.receive(.mouse(MouseEvent(.press, x: tab.x + 2, y: tab.y)))
        #expect(app.focus == .events)
        #expect(app.text.contains("txn.finished"))
    }

    /// Wide enough, the three boxes stay side by side as before, Server a tab of Events' box
    /// that Tab reaches after Events and that stays shown until Events is focused again.
    @Test func at120TheyStaySideBySide() {
        var app = makeApp(width: 120, height: 40)
        app.receive(report(purchasedGemsSnapshot()))
        let frame = app.view()
        for title in ["Transactions", "Entitlements"] {
            #expect(frame.box(titled: title) != nil, "\(title)\n\(frame.text)")
        }
        #expect(frame.text.contains("╭─[Events]─ Server ─"))
        app.receive(.key(.tab), .key(.tab), .key(.tab), .key(.tab))
        #expect(app.focus == .server)
        #expect(app.text.contains("╭─ Events ─[Server]─") && app.text.contains("No notifications posted yet."))
        app.receive(.key(.tab), .key(.tab))
        #expect(app.focus == .transactions && app.text.contains("─[Server]─"))
    }
}
