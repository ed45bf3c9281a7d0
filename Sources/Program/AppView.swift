import Foundation
import StoreEngine
import TerminalUI

/// The whole screen as a pure function of the app: a widget that places each part's widget in
/// its rectangle of the layout, then what goes over them in the screen's.
public struct AppView: Widget {
    /// Below this the layout cannot hold the paywall; say so instead of drawing garbage.
    public static let minimumSize = (width: 60, height: 18)

    let app: App

    public init(_ app: App) {
        self.app = app
    }

    /// Rendered in the screen's rectangle, the size the app was told (`Message.resize`).
    public func render(in screen: Rect, on frame: inout Frame) {
        let theme = app.theme
        guard app.width >= Self.minimumSize.width, app.height >= Self.minimumSize.height else {
            // Wrapped at spaces, so no word is cut ("(now 40" above "x10)").
            let minimum = Self.minimumSize
            let message = "Make the terminal at least \(minimum.width)x\(minimum.height) (now \(app.width)x\(app.height)). q quits."
            for (y, line) in TextWrap.lines(message, width: screen.width).prefix(screen.height).enumerated() {
                frame.write(line, x: screen.x, y: screen.y + y, style: theme.style(.warning, bold: true))
            }
            return
        }
        let layout = app.layout
        frame.render(StatusBar(app.paywall, clock: Self.clockForms(app), theme: theme, colorEnabled: app.colorEnabled,
                               showsSandbox: !app.audience, serverAddress: app.serverAddress, playCountry: app.playCountry),
                     in: layout.statusBar)
        // A right-to-left storefront's paywall is drawn mirrored, its text in visual order.
        frame.draw(app.paywall.writingDirection, in: layout.paywall) { area, frame in
            frame.render(PaywallView(app.paywall, focused: app.focus == .paywall, theme: theme, device: app.device), in: area)
            if let wait = app.accessWait {
                frame.render(AccessWaitLine(wait, model: app.paywall, clockPaused: app.clockIsPaused, theme: theme), in: area)
            }
        }
        // The live panes drawn (one, with tabs, on a narrow screen); only their visible rows are built.
        for pane in layout.drawnPanes {
            let area = layout.rect(of: pane)
            if let view = Self.view(of: pane, in: area, app: app, tabs: layout.tabs(of: pane), theme: theme) {
                frame.render(view, in: area)
            }
        }
        frame.render(HintBar(notice: app.noticeLine.shown, hint: Self.hint(app, layout: layout), theme: theme),
                     in: layout.hintBar)
        // Whatever goes over the screen keeps its borders clear of the boxes beneath.
        let boxes = app.sheet != nil || app.storeSheet != nil || app.menus.open != nil || app.overlay != nil ? app.boxes(beneathIn: layout) : []
        switch app.sheet {
        case .payStation(let page)?:
            frame.render(PayStationSheet(page, now: app.now, clockPaused: app.clockIsPaused, theme: theme,
                                         audience: app.audience, clearOf: boxes), in: screen)
        case .storeKit(let session)?:
            // The App Store sheet is the phone's own: in a right-to-left storefront it is
            // mirrored as the paywall is, its Arabic in visual order and shaped; QA's row is not.
            frame.render(StoreKitSheet(session, theme: theme, audience: app.audience, direction: app.paywall.writingDirection,
                                       clearOf: boxes), in: screen)
        case .play(let session)?:
            // Google Play's sheet is the phone's own too, mirrored in a right-to-left storefront.
            frame.render(PlaySheet(session, theme: theme, audience: app.audience, direction: app.paywall.writingDirection,
                                   clearOf: boxes), in: screen)
        case .described, nil:
            // A path with no view of its own: its sheet is its line at the bottom (`hint`).
            break
        }
        if let storeSheet = app.storeSheet {
            // The store's own sheet is the phone's too, mirrored as the paywall is.
            frame.render(StoreOwnSheet(storeSheet, theme: theme, direction: app.paywall.writingDirection, clearOf: boxes),
                         in: screen)
        }
        if let prompt = app.picker.prompt {
            frame.render(CommandPromptView(prompt, vocabulary: app.pickerVocabulary, theme: theme), in: layout.hintBar)
        }
        if let menu = app.menus.open?.menu { frame.render(ActionMenuView(menu, theme: theme, clearOf: boxes), in: screen) }
        if let text = app.overlay?.text { frame.render(TextOverlayView(text, theme: theme, clearOf: boxes), in: screen) }
        // Over everything: the presenter's words about what is on screen.
        frame.render(CaptionBar(app.caption, note: app.captionNote, theme: theme, colorEnabled: app.colorEnabled), in: screen)
    }

    /// `01-08 09:00 · 1 mo = 5 min`: the simulated calendar and how fast it runs, then shorter
    /// forms for a narrow screen. Paused with something due, it names the key that gets there.
    static func clockForms(_ app: App) -> [String] {
        let clock = WallClock(timeZone: app.timeZone)
        let time = clock.minute(app.now)
        let hourOnly = clock.time(app.now).prefix(5)
        switch app.time.shownTimeRate {
        case .paused:
            let paused = app.renewalRate == .realTime ? "paused" : "paused, \(app.renewalRate.shortName)"
            guard app.time.nextDue != nil else { return ["\(time) · \(paused)", "\(hourOnly) · paused"] }
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
            if let storeSheet = app.storeSheet { return StoreOwnSheet.hint(for: storeSheet) }
            // A menu over the panes takes the keys, and says them on its own last line.
            if app.menus.open != nil { return "" }
            if app.focus == .server { return Keymap.serverHint }
            guard app.focus == .paywall else { return "↑↓ select a row · Enter open it in full · Tab next pane · ? help" }
            // The selected row's words longer than the lines under it: the key that reads them.
            return PaywallView.selectionIsCut(app.paywall, in: layout.paywall)
                ? "←→↑↓ select · o read in full · Enter buy · Tab pane · ? help · q quit" : nil
        }
    }

    /// A live pane's widget, its rows made for the `area` it is drawn in; nil for the paywall.
    private static func view(of pane: Pane, in area: Rect, app: App, tabs: ScreenLayout.Tabs?,
                             theme: Theme) -> ListPaneView? {
        let focused = app.focus == pane
        switch pane {
        case .transactions:
            let transactions = app.snapshot.transactions
            // Sized to what is listed, not per row, so the columns line up.
            let fit = app.panes.rows.transactionColumns.fitted(to: ListPane.rowWidth(in: area))
            return ListPaneView(app.transactionsPane, count: transactions.count, emptyText: PaneRows.emptyText(.transactions),
                                focused: focused, theme: theme, tabs: tabs) { PaneRows.transaction(transactions[$0], fit: fit) }
        case .entitlements:
            let entitlements = app.panes.rows.entitlementRows
            return ListPaneView(app.entitlementsPane, count: entitlements.count, emptyText: PaneRows.emptyText(.entitlements),
                                focused: focused, theme: theme, tabs: tabs) { entitlements[$0] }
        case .events:
            let events = app.events.visible
            let clock = WallClock(timeZone: app.timeZone)
            // Once the calendar has moved past a listed event's day, every row says its day.
            let dated = events.last.map { !clock.isSameDay($0.time, app.now) } ?? false
            return ListPaneView(app.eventsPane, count: events.count, emptyText: PaneRows.emptyText(.events),
                                focused: focused, theme: theme, subtitle: app.events.subtitle, tabs: tabs) {
                PaneRows.event(events[$0], clock: clock, today: dated ? app.now : nil)
            }
        case .server:
            let notifications = app.snapshot.notifications
            let rows = app.panes.rows
            let fit = rows.serverColumns.fitted(to: ListPane.rowWidth(in: area))
            let clock = WallClock(timeZone: app.timeZone)
            return ListPaneView(app.serverPane, count: notifications.count, emptyText: PaneRows.emptyText(.server),
                                focused: focused, theme: theme, tabs: tabs) {
                PaneRows.notification(notifications[$0], fit: fit, clock: clock, today: rows.serverTimesDated ? rows.today : nil)
            }
        case .paywall:
            return nil
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
        var frame = Frame(width: width, height: height, style: theme.style(.text))
        frame.render(AppView(self), in: frame.area)
        return frame
    }
}
