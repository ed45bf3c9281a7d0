import Foundation
import StoreEngine
import TerminalUI

/// The whole screen as a pure function of the app: each component draws into
/// its rectangle of one Frame.
public enum AppView {
    /// Below this the layout cannot hold the paywall; say so instead of drawing garbage.
    public static let minimumSize = (width: 60, height: 18)

    public static func render(_ app: App) -> Frame {
        let theme = app.theme
        var frame = Frame(width: app.width, height: app.height, style: theme.style(.text))
        guard app.width >= minimumSize.width, app.height >= minimumSize.height else {
            // Wrapped at spaces, so no word is cut ("(now 40" above "x10)").
            let message = "Make the terminal at least \(minimumSize.width)x\(minimumSize.height) (now \(app.width)x\(app.height)). q quits."
            for (y, line) in TextWrap.lines(message, width: app.width).prefix(app.height).enumerated() {
                frame.write(line, x: 0, y: y, style: theme.style(.warning, bold: true))
            }
            return frame
        }
        let layout = app.layout
        StatusBar.render(app.paywall, clock: clockForms(app), theme: theme, colorEnabled: app.colorEnabled,
                         showsSandbox: !app.audience, in: layout.statusBar, into: &frame)
        // A right-to-left storefront's paywall is drawn mirrored, its text in visual order.
        frame.draw(app.paywall.writingDirection, in: layout.paywall) { area, frame in
            PaywallView.render(app.paywall, focused: app.focus == .paywall, theme: theme, device: app.device, in: area,
                               into: &frame)
            if let wait = app.accessWait {
                PaywallView.renderAccessWait(wait, model: app.paywall, clockPaused: app.clockIsPaused, theme: theme,
                                             in: area, into: &frame)
            }
        }
        renderPanes(app, layout: layout, theme: theme, into: &frame)
        HintBar.render(notice: app.bottomLine, hint: hint(app, layout: layout), theme: theme, in: layout.hintBar, into: &frame)
        // Whatever goes over the screen keeps its borders clear of the boxes beneath.
        let boxes = app.sheet != nil || app.choiceMenu != nil || app.overlay != nil ? app.boxes(beneathIn: layout) : []
        switch app.sheet {
        case .payStation(let page)?:
            PayStationSheet.render(page, now: app.now, clockPaused: app.clockIsPaused, theme: theme,
                                   audience: app.audience, clearOf: boxes, into: &frame)
        case .storeKit(let session)?:
            // The App Store sheet is the phone's own: in a right-to-left storefront it is
            // mirrored as the paywall is, its Arabic in visual order and shaped; QA's row is not.
            StoreKitSheet.render(session, theme: theme, audience: app.audience, direction: app.paywall.writingDirection,
                                 clearOf: boxes, into: &frame)
        case .play(let session)?:
            // Google Play's sheet is the phone's own too, mirrored in a right-to-left storefront.
            PlaySheet.render(session, theme: theme, audience: app.audience, direction: app.paywall.writingDirection,
                             clearOf: boxes, into: &frame)
        case .described, nil:
            // A path with no view of its own: its sheet is its line at the bottom (`hint`).
            break
        }
        app.prompt?.render(with: app.pickerVocabulary, theme: theme, on: layout.hintBar, into: &frame)
        app.choiceMenu?.menu.render(theme: theme, clearOf: boxes, into: &frame)
        app.overlay?.text.render(theme: theme, clearOf: boxes, into: &frame)
        // Over everything: the presenter's words about what is on screen.
        CaptionBar.render(app.caption, note: app.captionNote, theme: theme, colorEnabled: app.colorEnabled, into: &frame)
        return frame
    }

    /// `01-08 09:00 · 1 mo = 5 min`: the simulated calendar and how fast it runs, then shorter
    /// forms for a narrow screen. Paused with something due, it names the key that gets there.
    static func clockForms(_ app: App) -> [String] {
        let clock = WallClock(timeZone: app.timeZone)
        let time = clock.minute(app.now)
        let hourOnly = clock.time(app.now).prefix(5)
        switch app.shownTimeRate {
        case .paused:
            let paused = app.renewalRate == .realTime ? "paused" : "paused, \(app.renewalRate.shortName)"
            guard app.nextDue != nil else { return ["\(time) · \(paused)", "\(hourOnly) · paused"] }
            return ["\(time) · \(paused) · > next due", "\(time) · paused · > next due", "\(hourOnly) · paused · > next",
                    "\(hourOnly) · paused"]
        case .running(let renewal):
            return ["\(time) · \(renewal.shortName)", "\(hourOnly) · \(renewal.shortName)"]
        }
    }

    /// The keys of what is on top: a sheet, else a focused pane; nil for the paywall's own. A
    /// menu or a text overlay says its keys on its own last line: the bottom line then says
    /// nothing (but a message), rather than the same keys again, or keys that work only beneath it.
    /// - Parameter layout: the frame's layout, made once for all of it.
    private static func hint(_ app: App, layout: ScreenLayout) -> String? {
        if app.overlay != nil { return "" }
        // In a demo the presenter's keys are the only ones that do anything.
        if let keys = app.demoKeys { return keys }
        switch app.sheet {
        case .payStation(let page)?: return PayStationSheet.hint(for: page, clockPaused: app.clockIsPaused)
        case .storeKit(let session)?: return StoreKitSheet.hint(for: session, audience: app.audience)
        case .play(let session)?: return PlaySheet.hint(for: session, audience: app.audience)
        case .described(let sheet)?: return sheet.hint
        case nil:
            // A menu over the panes takes the keys, and says them on its own last line.
            if app.choiceMenu != nil { return "" }
            guard app.focus == .paywall else { return "↑↓ select a row · Enter open it in full · Tab next pane · ? help" }
            // The selected row's words longer than the lines under it: the key that reads them.
            return PaywallView.selectionIsCut(app.paywall, in: layout.paywall)
                ? "←→↑↓ select · o read in full · Enter buy · Tab pane · ? help · q quit" : nil
        }
    }

    /// The three live panes (one, with tabs, on a narrow screen); only their visible rows are built.
    private static func renderPanes(_ app: App, layout: ScreenLayout, theme: Theme, into frame: inout Frame) {
        let tabs = layout.tabs
        for pane in layout.livePanes where tabs.map({ $0.shown == pane }) ?? true {
            render(pane, of: app, in: layout.rect(of: pane), tabs: tabs, theme: theme, into: &frame)
        }
    }

    private static func render(_ pane: Pane, of app: App, in area: Rect, tabs: ScreenLayout.Tabs?, theme: Theme,
                               into frame: inout Frame) {
        let focused = app.focus == pane
        switch pane {
        case .transactions:
            let transactions = app.snapshot.transactions
            // Sized to what is listed, not per row, so the columns line up.
            let fit = app.panes.transactionColumns.fitted(to: ListPane.rowWidth(in: area))
            app.transactionsPane.render(count: transactions.count, emptyText: PaneRows.emptyText(.transactions),
                                        focused: focused, theme: theme, in: area, tabs: tabs, into: &frame) {
                PaneRows.transaction(transactions[$0], fit: fit)
            }
        case .entitlements:
            let entitlements = app.panes.entitlementRows
            app.entitlementsPane.render(count: entitlements.count, emptyText: PaneRows.emptyText(.entitlements),
                                        focused: focused, theme: theme, in: area, tabs: tabs, into: &frame) {
                entitlements[$0]
            }
        case .events:
            let events = app.visibleEvents
            let clock = WallClock(timeZone: app.timeZone)
            // Once the calendar has moved past a listed event's day, every row says its day.
            let dated = events.last.map { !clock.isSameDay($0.time, app.now) } ?? false
            app.eventsPane.render(count: events.count, emptyText: PaneRows.emptyText(.events), focused: focused,
                                  theme: theme, in: area, subtitle: app.eventsSubtitle, tabs: tabs, into: &frame) {
                PaneRows.event(events[$0], clock: clock, today: dated ? app.now : nil)
            }
        case .paywall:
            break
        }
    }
}

extension App {
    /// The boxes drawn on the screen, which a sheet, a menu or an overlay keeps its borders
    /// clear of: the paywall and the panes (`ScreenLayout.boxes`), and the paywall's boxed plans.
    public var boxesBeneath: [Rect] { boxes(beneathIn: layout) }

    func boxes(beneathIn layout: ScreenLayout) -> [Rect] {
        layout.boxes + PaywallView.boxes(of: paywall, in: layout.paywall)
    }

    /// This app's screen.
    public func view() -> Frame {
        AppView.render(self)
    }
}
