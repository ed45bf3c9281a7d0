import StoreEngine
import TerminalUI

/// What the Events pane can list: the engine's newest events, the older pages loaded as the pane
/// scrolls down, and the filters (`f`, `F`). The lists drawn are kept with what they derive from
/// and worked out again by each call that changes it, not on every frame and keypress.
public struct EventList: Sendable, Equatable {
    /// `f`: one category of events (lifecycle, client, SDK), or all.
    public private(set) var category: EventKind.Category?
    /// `F`: one kind of event only (the selected row's), or all.
    public private(set) var kind: EventKind?
    /// Older events than the report holds, loaded page by page.
    public private(set) var olderPages: [EventSummary] = []
    /// No event is older than the last page loaded.
    private(set) var exhausted = false
    /// A page is on its way.
    private(set) var loadingOlder = false
    /// The newest events, as the engine last reported them.
    private var reported: [EventSummary] = []

    /// Every event the pane can show: the report's newest, then the older pages, newest first.
    public private(set) var all: [EventSummary] = []
    /// The events listed under the filters, newest first.
    public private(set) var visible: [EventSummary] = []

    init(reported: [EventSummary] = []) {
        self.reported = reported
        derive()
    }

    /// The engine's newest events replace the last report's.
    mutating func report(_ events: [EventSummary]) {
        reported = events
        derive()
    }

    /// A page of older events arrived; an empty one means there are no more.
    mutating func appendOlder(_ page: [EventSummary]) {
        loadingOlder = false
        exhausted = page.isEmpty
        let known = Set(olderPages.map(\.id))
        olderPages += page.filter { !known.contains($0.id) }
        derive()
    }

    mutating func filter(category: EventKind.Category?) {
        self.category = category
        derive()
    }

    mutating func filter(kind: EventKind?) {
        self.kind = kind
        derive()
    }

    /// The id before which the next older page is asked for, when one may be loaded now (the
    /// selection at `selection` near the end of what is held); marks the page as on its way.
    mutating func nextPageStart(selection: Int) -> Int64? {
        guard !exhausted, !loadingOlder, all.count >= 200, selection >= visible.count - 5, let oldest = all.last?.id
        else { return nil }
        loadingOlder = true
        return oldest
    }

    /// What the title says the pane shows: one kind (`F`), or one category (`f`).
    public var subtitle: String? {
        kind?.shortName ?? category?.rawValue
    }

    private mutating func derive() {
        let oldestReported = reported.last?.id ?? .max
        all = reported + olderPages.filter { $0.id < oldestReported }
        visible = category == nil && kind == nil ? all : all.filter { event in
            (category.map { event.kind.category == $0 } ?? true) && (kind.map { event.kind == $0 } ?? true)
        }
    }
}
