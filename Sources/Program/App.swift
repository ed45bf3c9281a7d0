import Catalog
import Foundation
import StoreEngine
import TerminalUI

/// All of the app's state as one value (Bubble Tea's model): the components, each a value with
/// its own update (the paywall, the panes, the sheets, the menus, the picker, the time keys, the
/// bottom line, the themes), and what the engine last reported. Only `update` changes it
/// (`App+Update.swift`), routing each message to the component it belongs to; `view` draws it
/// (`AppView.swift`). Nothing is worked out behind an assignment: what a change implies is a call
/// made where it happens.
public struct App: Sendable {
    public private(set) var paywall: PaywallModel
    /// The live panes and which part has the keys.
    public internal(set) var panes: Panes
    /// The sheet of the purchase waiting on the player, and the Xee access wait; the engine's.
    public internal(set) var sheets: Sheets
    /// Text shown in full over everything: the keys, a row's every field, an address.
    public internal(set) var overlay: Overlay?
    /// The menu over the panes (`m`, `p`, `x`), when one is open.
    public internal(set) var menus = Menus()
    /// `:`: the line that jumps to a named storefront, variant, theme, eligibility or player.
    public internal(set) var picker = Picker()
    /// The simulated calendar's rate, the renewal rate, what is due next and the days counted.
    public internal(set) var time = TimeControls()
    /// The bottom line's message and every one it has shown (`n`).
    public internal(set) var noticeLine = NoticeLine()
    /// Promoted purchases the Xee SDK's delegate held (`p` lists them).
    public internal(set) var heldPromotions: [String] = []
    /// How the simulated Xee server behaves, as the engine last reported it (`x` switches it).
    public internal(set) var xeeServer = XeeServerSettings()
    /// The Play account's country as the engine last reported it (`g` changes it); nil: Google
    /// Play sells in the storefront on screen.
    public internal(set) var playCountry: String?
    /// The engine's last answer was a failure (a full disk): nothing of the call was kept, and
    /// `q` quits even from a sheet, so a player is never stuck in front of a ledger that cannot
    /// be written.
    public internal(set) var lastCallFailed = false
    /// The panes' data as the engine last reported it; where a report is applied, the panes'
    /// rows are made from it there and then.
    public internal(set) var snapshot: StoreSnapshot
    /// Every theme `t` steps through, and the one on screen.
    public internal(set) var themes: ThemeList
    /// `d` or `--device`: the paywall at the terminal's width, or framed as a phone or a tablet.
    public internal(set) var device: Device
    public let colorEnabled: Bool
    /// The colors the terminal shows; every theme is fitted to them (`Theme.adapted(to:)`).
    public let colorDepth: ColorDepth
    /// Times in the panes are shown in this zone; tests fix it to UTC.
    public let timeZone: TimeZone
    public internal(set) var width: Int
    public internal(set) var height: Int
    /// Simulated time, from the engine's clock.
    public internal(set) var now: Date
    public internal(set) var isQuitting = false
    /// `--audience`: the screen as a player sees it, without what only QA needs
    /// (`App+Audience.swift`).
    public let audience: Bool
    /// Where the stores' APIs answer while the app runs (`--api`), for the status bar; nil when not served.
    public var serverAddress: String?
    /// Whether the Events pane is drawn: always for QA, in front of an audience only when asked
    /// (`--events`).
    public let showsEvents: Bool
    /// A demo's caption for the step on screen, drawn over the top rows (`CaptionBar`); nil
    /// outside a demo.
    public internal(set) var caption: String?
    /// Beside a demo's last caption at its end: what the presenter can do next.
    public internal(set) var captionNote: String?
    /// A demo's own keys, drawn on the bottom line in place of the app's, which do nothing in a
    /// demo; empty in front of an audience, which needs neither; nil outside a demo.
    public internal(set) var demoKeys: String?

    /// - Parameter report: what the engine holds at launch, so the first frame already shows it.
    /// - Parameter path: the integration path QA chose before (`Store.keptPath`); nil for the
    ///   storefront's own.
    public init(catalog: ProductCatalog, storefrontId: String? = nil, path: IntegrationPath? = nil, themes: [Theme] = [.dark, .light],
                themeName: String? = nil,
                userId: String, report: StoreReport? = nil, width: Int = 80, height: Int = 24, now: Date = Date(),
                timeZone: TimeZone = .current, colorEnabled: Bool = true,
                colorDepth: ColorDepth = .trueColor, device: Device = .full, audience: Bool = false,
                showsEvents: Bool? = nil) {
        self.device = device
        self.audience = audience
        self.showsEvents = showsEvents ?? !audience
        paywall = PaywallModel(catalog: catalog, storefrontId: storefrontId, userId: userId)
        if let path { paywall.update(.choosePath(path)) }
        self.themes = ThemeList(themes, showing: themeName, colorEnabled: colorEnabled, colorDepth: colorDepth)
        snapshot = report?.snapshot ?? StoreSnapshot()
        sheets = Sheets(report?.sheet)
        xeeServer = report?.xeeServer ?? XeeServerSettings()
        playCountry = report?.playCountry
        self.width = width
        self.height = height
        self.now = now
        self.timeZone = timeZone
        self.colorEnabled = colorEnabled
        self.colorDepth = colorDepth
        panes = Panes(snapshot, rows: PaneCache(snapshot, timeZone: timeZone))
        if let notice = report?.notice { noticeLine.show(notice, at: now) }
        paywall.update(.historyChanged(snapshot.history))
    }

    // Read-only views of the components, for the program, the scenarios and the tests.

    /// The part that has the keys; `moveFocus(to:)` changes it.
    public var focus: Pane { panes.focus }
    public var transactionsPane: ListPane { panes.transactions }
    public var entitlementsPane: ListPane { panes.entitlements }
    public var eventsPane: ListPane { panes.eventRows }
    public var serverPane: ListPane { panes.serverRows }
    /// What the Events pane lists: the report's newest events, older pages, the filters.
    public var events: EventList { panes.events }
    /// The sheet of the purchase waiting on the player; the engine's, read-only.
    public var sheet: PurchaseSheet? { sheets.shown }
    /// The store's own sheet on screen (a refund request); never open beside a purchase's.
    public var storeSheet: StoreSheet? { sheets.storeSheet }
    /// While the app polls the Xee profile for a purchase's access.
    public var accessWait: AccessWait? { sheets.accessWait }
    /// How fast the simulated calendar runs, as the engine last reported it.
    public var timeRate: TimeRate { time.timeRate }
    /// Whether the simulated clock stands still (only `+` and `>` move it).
    public var clockIsPaused: Bool { time.isPaused }
    /// The bottom line's message; `say(_:)` shows one and keeps it in the log.
    public var notice: StoreNotice? { noticeLine.notice }

    /// How long periods last, whether or not the clock runs.
    var renewalRate: RenewalRate { time.renewalRate }
    /// Whether periods are minutes long, so the panes say when to the minute.
    var expiriesToTheMinute: Bool { renewalRate != .realTime }
    /// Whether the shortest period (a week) lasts under a minute, so the panes say the second.
    var expiriesToTheSecond: Bool {
        let start = Date(timeIntervalSinceReferenceDate: 0)
        return renewalRate.end(of: SubscriptionPeriod(value: 1, unit: .week), from: start).timeIntervalSince(start) < 60
    }

    /// The rows the panes show of `snapshot`, at the renewal rate and the simulated time now.
    /// - Parameter transactionColumns: the columns already fitted to the snapshot's transactions.
    /// The Server rows the panes measured last are measured again only where they changed.
    mutating func paneRows(of snapshot: StoreSnapshot, transactionColumns: TransactionColumns? = nil) -> PaneCache {
        PaneCache(snapshot, timeZone: timeZone, toTheMinute: expiriesToTheMinute, toTheSecond: expiriesToTheSecond,
                  today: now, transactionColumns: transactionColumns, serverMeasures: panes.handOverServerMeasures())
    }

    /// The simulated day moved on under the rows, which name times on it without their day.
    mutating func refreshPanesIfTheDayChanged() {
        guard let made = panes.rows.today, !WallClock(timeZone: timeZone).isSameDay(made, now) else { return }
        _ = panes.update(.rowsMade(paneRows(of: snapshot)))
    }

    public var catalog: ProductCatalog { paywall.catalog }

    /// Whether the keys are on screen.
    public var showsHelp: Bool { overlay?.kind == .keys }

    /// Whether the bottom line's messages are on screen.
    public var showsMessages: Bool { overlay?.kind == .messages }

    /// Where everything goes at this size; the Entitlements pane as wide as its longest row.
    public var layout: ScreenLayout { layout(for: paywall) }

    /// Where everything goes at this size with `paywall` on screen.
    func layout(for paywall: PaywallModel) -> ScreenLayout {
        func layout(paywallRows: Int?) -> ScreenLayout {
            ScreenLayout(width: width, height: height, entitlementsWidth: panes.rows.entitlementsWidth, shownPane: panes.shownPane,
                         shownBesideEvents: panes.shownBesideEvents, eventsFilter: events.subtitle, device: device, showsEvents: showsEvents, paywallRows: paywallRows)
        }
        // The paywall as tall as what it shows: the panes under it get the rows it leaves.
        let tallest = layout(paywallRows: nil)
        let used = PaywallView.rowsUsed(by: paywall, in: tallest.paywall)
        return used < tallest.paywall.height ? layout(paywallRows: used) : tallest
    }

    /// The theme on screen, fitted to this terminal.
    public var theme: Theme { themes.shown }

    /// Whether something on screen counts down, so the program sends ticks.
    public var wantsTicks: Bool {
        if case .payStation(let page)? = sheet { return page.redirectDue != nil }
        // The status bar's clock moves while time runs.
        return timeRate != .paused
    }

    /// Gives `pane` the keys; a live pane becomes the one a narrow screen shows.
    mutating func moveFocus(to pane: Pane) {
        _ = panes.update(.focus(pane))
    }

    /// Near the end of what the Events pane holds, the next older page, when there may be one.
    mutating func olderEventsIfNeeded() -> [Effect] {
        panes.update(.loadOlderEventsIfNeeded)
    }

    /// Shows `notice` on the bottom line and keeps it in the messages (`n`).
    mutating func say(_ notice: StoreNotice) {
        noticeLine.show(notice, at: now)
    }

    mutating func scroll(_ pane: Pane, by step: Int) {
        let count = rowCount(of: pane)
        let visible = ListPane.visibleRows(in: layout.rect(of: pane))
        if pane == .paywall {
            updatePaywall(.move(by: step))
        } else {
            _ = panes.update(.move(pane, by: step, rowCount: count, visibleRows: visible))
        }
    }

    /// Rows a pane can scroll through.
    func rowCount(of pane: Pane) -> Int {
        switch pane {
        case .paywall: return paywall.itemCount
        case .transactions: return snapshot.transactions.count
        case .entitlements: return snapshot.balances.count + snapshot.entitlements.count
        case .events: return events.visible.count
        case .server: return snapshot.notifications.count
        }
    }

    /// Every change of the paywall goes through here, so the rows' scroll position follows
    /// the selection at the size on screen.
    /// Several changes at once keep the rows in view once (a layout each time).
    mutating func updatePaywall(_ actions: PaywallModel.Action...) {
        for action in actions { paywall.update(action) }
        paywall.update(.keepSelectionInView(area: layout.paywall))
    }

    /// The paywall's work with the engine: its effects returned, its lines on the bottom line.
    mutating func handle(_ request: PaywallModel.Request) -> [Effect] {
        // Only the paywall changes meanwhile: the rest of the screen is laid out as it is now.
        let screen = self
        let outcome = paywall.update(request) { screen.layout(for: $0).paywall }
        for notice in outcome.notices { say(notice) }
        return outcome.effects
    }
}
