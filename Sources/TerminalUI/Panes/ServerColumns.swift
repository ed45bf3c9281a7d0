import Foundation
import StoreEngine

/// The columns of the Server pane: time, store, type · subtype, result, latency, attempt, next
/// retry, URL, in that order of importance. Sized once per report from what is listed, so every
/// row lines up, then fitted to the pane's width on each draw: where a row is too wide, the URL
/// goes first, then the result keeps its status alone (`200`, not `200 SUCCESS`), then the type
/// is cut (down to `shortestType` cells), then the next retry, the attempt, the latency and the
/// store go in turn, each freeing room for the type. The time, the type and the result stay.
/// Enter shows every field in full.
public struct ServerColumns: Sendable, Equatable {
    /// One column, in the order of the row and of importance.
    public enum Column: Int, Sendable, CaseIterable, Comparable {
        case time, store, type, result, latency, attempt, nextRetry, url

        public static func < (lhs: Column, rhs: Column) -> Bool { lhs.rawValue < rhs.rawValue }
    }

    /// The widest text of each column listed; the result's short form apart.
    public private(set) var widths: [Column: Int] = [:]
    public private(set) var shortResult = 0

    /// A type cut below this no longer says which one it was: the columns after it go first.
    static let shortestType = 10
    /// A URL narrower than this says nothing: it goes instead.
    static let shortestURL = 12

    public init() {}

    public init(fitting notifications: [OutboxNotification], clock: WallClock, today: Date?) {
        var measures = ServerRowMeasures()
        self.init(fitting: notifications, clock: clock, today: today, measured: &measures)
    }

    /// The same columns, measuring only the rows `measures` has not measured as they are now,
    /// and keeping what it measures there for the next report.
    public init(fitting notifications: [OutboxNotification], clock: WallClock, today: Date?,
                measured measures: inout ServerRowMeasures) {
        let widest = measures.widest(of: notifications, clock: clock, today: today)
        // Nothing listed sizes no column.
        guard !notifications.isEmpty else { return }
        for column in Column.allCases { widths[column] = widest.columns[column.rawValue] }
        shortResult = widest.shortResult
    }

    /// The columns a row of `width` cells shows, each with its cells; a column left out is not
    /// in it.
    public struct Fit: Sendable, Equatable {
        public var widths: [Column: Int]
        /// The result as its status alone (`200`, `NO_RESPONSE`).
        public var shortResult: Bool

        /// The columns shown, in order.
        public var columns: [Column] { Column.allCases.filter { widths[$0] != nil } }
    }

    public func fitted(to width: Int) -> Fit {
        func wanted(_ column: Column) -> Int { widths[column] ?? 0 }
        let result = wanted(.result)
        /// The room the type has beside the columns kept (each with its separator).
        func room(dropping dropped: [Column], result: Int) -> Int {
            let kept = Column.allCases.filter { ![.url, .type, .result].contains($0) && !dropped.contains($0) }
            return width - kept.reduce(0) { $0 + wanted($1) + 1 } - result - 1
        }
        // 0. Every column whole; the URL gets what is left, when that is enough to read.
        let whole = room(dropping: [], result: result)
        if whole - wanted(.type) - 1 >= min(wanted(.url), Self.shortestURL) {
            return fit(dropping: [], type: wanted(.type), url: min(wanted(.url), whole - wanted(.type) - 1))
        }
        // 1. The URL goes. 2. The result keeps its status alone.
        if whole >= wanted(.type) { return fit(dropping: [.url], type: wanted(.type)) }
        if room(dropping: [], result: shortResult) >= wanted(.type) {
            return fit(dropping: [.url], type: wanted(.type), shortResult: true)
        }
        // 3. The type is cut; 4. the columns after it go, the least important first, each
        // freeing room for the type.
        var dropped: [Column] = [.url]
        for next in [nil, Column.nextRetry, .attempt, .latency, .store] {
            if let next { dropped.append(next) }
            let left = room(dropping: dropped, result: shortResult)
            if left >= min(wanted(.type), Self.shortestType) {
                return fit(dropping: dropped, type: min(wanted(.type), left), shortResult: true)
            }
        }
        // The time, the type and the result's status; the type gets what is left, if anything.
        return fit(dropping: dropped, type: max(0, room(dropping: dropped, result: shortResult)), shortResult: true)
    }

    private func fit(dropping dropped: [Column], type: Int, url: Int = 0, shortResult short: Bool = false) -> Fit {
        var fitted: [Column: Int] = [:]
        for column in Column.allCases where !dropped.contains(column) { fitted[column] = widths[column] ?? 0 }
        fitted[.type] = type
        fitted[.url] = dropped.contains(.url) ? nil : url
        if short { fitted[.result] = shortResult }
        return Fit(widths: fitted, shortResult: short)
    }
}

/// The texts of one notification's row, before they are fitted.
struct ServerCells {
    var texts: [ServerColumns.Column: String]
    var shortResult: String

    /// - Parameter today: when set, times carry their day (`11-17 09:00:00`, `today 09:00:00`):
    ///   the calendar has moved on from some listed notification's day, or a retry is on another.
    init(_ notification: OutboxNotification, clock: WallClock, today: Date?) {
        func when(_ date: Date) -> String { today.map { clock.dayAndTime(date, today: $0) } ?? clock.time(date) }
        let last = notification.attempts.last
        let status = last?.httpStatus.map(String.init)
        let result = last.map { [status, $0.result].compactMap { $0 }.joined(separator: " ") } ?? ServerCells.due
        texts = [
            .time: when(notification.createdAt), .store: notification.storeName, .type: notification.typeAndSubtype,
            .result: result, .latency: last.map { "\($0.milliseconds) ms" } ?? "",
            .attempt: last.map { "#\($0.number)" } ?? "", .nextRetry: notification.nextAttemptAt.map(when) ?? "–",
            .url: notification.url,
        ]
        shortResult = status ?? last?.result ?? ServerCells.due
    }

    /// What a notification not attempted yet says in the result column.
    static let due = "due"

    subscript(column: ServerColumns.Column) -> String { texts[column] ?? "" }
}

/// Each listed notification's cell widths and what its cells were made from, kept from one
/// report to the next: in a storm each report records one attempt among thousands listed, and
/// measuring every row again was most of what taking a report cost. A row is measured again
/// when anything its cells show changed, and every row when the times are written otherwise
/// (another zone, another day, with or without their day).
public struct ServerRowMeasures: Sendable {
    /// What a row's cells are made of (`ServerCells`), and nothing else of the notification.
    struct Source {
        var createdAt: Date
        var store: String
        var type: String
        var subtype: String?
        var lastAttempt: OutboxNotification.Attempt?
        var nextAttemptAt: Date?
        var url: String

        init(_ notification: OutboxNotification) {
            createdAt = notification.createdAt
            store = notification.store
            type = notification.type
            subtype = notification.subtype
            lastAttempt = notification.attempts.last
            nextAttemptAt = notification.nextAttemptAt
            url = notification.url
        }

        /// Whether the cells of `notifications[index]` are made of the same, each field read in
        /// place: bound to a name, the whole row (its request, headers and every attempt) would
        /// be copied first. A row the engine did not read again shares its texts with the kept
        /// one, so each comparison of them is one of their storage.
        func matches(_ notifications: [OutboxNotification], at index: Int) -> Bool {
            nextAttemptAt == notifications[index].nextAttemptAt && createdAt == notifications[index].createdAt
                && lastAttempt == notifications[index].attempts.last && url == notifications[index].url
                && type == notifications[index].type && subtype == notifications[index].subtype
                && store == notifications[index].store
        }
    }

    struct Row {
        var source: Source
        /// One a column, by `Column.rawValue`.
        var widths: [Int]
        var shortResult: Int
    }

    private var rows: [Int64: Row] = [:]
    /// What the kept rows' times were written for.
    private var clock: WallClock?
    private var today: Date?

    public init() {}

    /// The widest cells of `notifications`, column by column (`Column.rawValue`), and the
    /// widest short result: rows kept as they are read back, the others measured and kept, the
    /// rows no longer listed forgotten.
    mutating func widest(of notifications: [OutboxNotification], clock: WallClock,
                         today: Date?) -> (columns: [Int], shortResult: Int) {
        forgetAllIfTimesChanged(clock: clock, today: today)
        var columns = [Int](repeating: 0, count: ServerColumns.Column.allCases.count)
        var shortResult = 0
        // By index: the loop's copy of each row, with every text and attempt, cost as much as
        // the comparison itself.
        for index in notifications.indices {
            let row = row(of: notifications, at: index, clock: clock, today: today)
            for index in columns.indices { columns[index] = max(columns[index], row.widths[index]) }
            shortResult = max(shortResult, row.shortResult)
        }
        if rows.count > notifications.count {
            let listed = Set(notifications.map(\.id))
            rows = rows.filter { listed.contains($0.key) }
        }
        return (columns, shortResult)
    }

    /// Forgets every row when the times would be written otherwise than when they were measured:
    /// another zone, another day, with or without their day.
    private mutating func forgetAllIfTimesChanged(clock: WallClock, today: Date?) {
        let sameTimes: Bool
        switch (self.today, today) {
        case (nil, nil): sameTimes = true
        case let (kept?, now?): sameTimes = clock.isSameDay(kept, now)
        default: sameTimes = false
        }
        if self.clock != clock || !sameTimes { rows = [:] }
        self.clock = clock
        self.today = today
    }

    /// The row's widths, measured now unless kept for its cells as they are.
    private mutating func row(of notifications: [OutboxNotification], at index: Int, clock: WallClock, today: Date?) -> Row {
        if let kept = rows[notifications[index].id], kept.source.matches(notifications, at: index) { return kept }
        let notification = notifications[index]
        let cells = ServerCells(notification, clock: clock, today: today)
        let row = Row(source: Source(notification), widths: ServerColumns.Column.allCases.map { DisplayWidth.of(cells[$0]) },
                      shortResult: DisplayWidth.of(cells.shortResult))
        rows[notification.id] = row
        return row
    }

    /// How many rows are kept measured (for tests).
    var count: Int { rows.count }
}
