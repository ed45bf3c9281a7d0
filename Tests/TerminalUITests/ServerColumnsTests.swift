import Foundation
import StoreEngine
import TestFixtures
import Testing
@testable import TerminalUI

/// Issue 37 part 6: the Server pane lists each delivery in columns that give way in order of
/// importance: the URL first, then the type is cut, then the next retry, the attempt, the
/// latency and the store go; the time, the type and the result stay at every width.
@Suite("Server pane: columns fitted to the width")
struct ServerColumnsTests {
    private let clock = WallClock(timeZone: TimeZone(identifier: "UTC")!)

    private var listed: [OutboxNotification] {
        let delivered = OutboxNotification(
            id: 3, store: "appStore", uuid: "0b5c9d0e", type: "SUBSCRIBED", subtype: "INITIAL_BUY",
            url: "http://127.0.0.1:8080/notifications/apple", createdAt: fixedNow, deliveredAt: fixedNow,
            attempts: [.init(number: 1, time: fixedNow, result: "SUCCESS", httpStatus: 200, milliseconds: 12)])
        let retrying = OutboxNotification(
            id: 2, store: "googlePlay", uuid: "17", type: "subscription.purchased",
            url: "https://backend.example.com/pubsub/push", createdAt: fixedNow, nextAttemptAt: fixedNow.addingTimeInterval(20),
            attempts: [.init(number: 2, time: fixedNow, result: "NACK_HTTP_503", httpStatus: 503, milliseconds: 1_204)])
        let due = OutboxNotification(id: 1, store: "appStore", uuid: "9a", type: "ONE_TIME_CHARGE",
                                     url: "http://127.0.0.1:8080/notifications/apple", createdAt: fixedNow, nextAttemptAt: fixedNow)
        return [delivered, retrying, due]
    }

    private func rows(at width: Int) -> [String] {
        let fit = ServerColumns(fitting: listed, clock: clock, today: nil).fitted(to: width)
        return listed.map { PaneRows.notification($0, fit: fit, clock: clock).text }
    }

    /// A pane as wide as an 80-column screen (76 cells of row): every column whole but the URL,
    /// the result as its status (`200`, green; `200 SUCCESS` in the details).
    @Test func at80ColumnsEveryColumnButTheURL() {
        let rows = rows(at: ListPane.rowWidth(in: ScreenLayout(width: 80, height: 24).server))
        #expect(rows[0] == "11:06:40 App Store   SUBSCRIBED · INITIAL_BUY 200 12 ms   #1 –")
        #expect(rows[1] == "11:06:40 Google Play subscription.purchased   503 1204 ms #2 11:07:00")
        #expect(rows[2] == "11:06:40 App Store   ONE_TIME_CHARGE          due            11:06:40")
        #expect(!rows.joined().contains("http"))
    }

    /// A whole 120-column row has room for the URL; Events' box at 120x40, which Server shares,
    /// keeps the time, the type and the result, the store while it fits.
    @Test func at120ColumnsTheURLTooOrWhatTheSharedBoxHolds() {
        let wide = rows(at: ListPane.rowWidth(in: Rect(x: 0, y: 0, width: 120, height: 10)))
        #expect(wide[0] == "11:06:40 App Store   SUBSCRIBED · INITIAL_BUY 200 SUCCESS       12 ms   #1 –        "
                + "http://127.0.0.1:8080/notificat…")
        let shared = ListPane.rowWidth(in: ScreenLayout(width: 120, height: 40).server)
        let rows = rows(at: shared)
        #expect(rows[0] == "11:06:40 App Store   SUBSCRIBED… 200 12 ms")
        #expect(rows[1] == "11:06:40 Google Play subscripti… 503 1204 ms")
        for row in rows { #expect(DisplayWidth.of(row) <= shared) }
    }

    @Test func everyRowFitsAndKeepsItsTimeAndResult() {
        for width in 24...140 {
            for (notification, row) in zip(listed, rows(at: width)) {
                #expect(DisplayWidth.of(row) <= width, "at \(width): \(row)")
                #expect(row.hasPrefix("11:06:40 "), "at \(width): \(row)")
                let status = notification.attempts.last?.httpStatus.map(String.init) ?? "due"
                #expect(row.contains(status), "at \(width): \(row)")
            }
        }
    }

    /// Narrower, the columns go in order: the URL, then the next retry, the attempt, the
    /// latency, the store.
    @Test func theColumnsGoInTheirOrder() {
        let columns = ServerColumns(fitting: listed, clock: clock, today: nil)
        var seen: [[ServerColumns.Column]] = []
        for width in (24...140).reversed() {
            let shown = columns.fitted(to: width).columns
            if seen.last != shown { seen.append(shown) }
        }
        let all = ServerColumns.Column.allCases
        #expect(seen.first == all)
        #expect(seen.contains(all.filter { $0 != .url }))
        #expect(seen.contains([.time, .store, .type, .result]))
        #expect(seen.last == [.time, .type, .result])
    }

    @Test func eachStandingHasItsColour() {
        let fit = ServerColumns(fitting: listed, clock: clock, today: nil).fitted(to: 76)
        #expect(listed.map { PaneRows.notification($0, fit: fit, clock: clock).role } == [.success, .warning, .text])
    }

    /// Columns fitted with the rows measured at the last report equal columns fitted afresh,
    /// whatever changed since: each thing a row's cells show, a row gone, a new one, the day
    /// the times are written for, the zone. Only the changed row is measured again.
    @Test func keptMeasuresFitAsColumnsFittedAfresh() {
        var measures = ServerRowMeasures()
        func fit(_ notifications: [OutboxNotification], clock: WallClock? = nil, today: Date? = nil) {
            let clock = clock ?? self.clock
            let kept = ServerColumns(fitting: notifications, clock: clock, today: today, measured: &measures)
            #expect(kept == ServerColumns(fitting: notifications, clock: clock, today: today))
            #expect(measures.count == notifications.count)
        }
        var rows = listed
        fit(rows)
        let later = fixedNow.addingTimeInterval(3 * 86_400)
        let changes: [(inout OutboxNotification) -> Void] = [
            { $0.attempts.append(.init(number: 3, time: later, result: "UNSUCCESSFUL_HTTP_RESPONSE_CODE", httpStatus: 500,
                                       milliseconds: 123_456)) },
            { $0.nextAttemptAt = later.addingTimeInterval(40_000) },
            { $0.url = "https://a-much-longer-backend.example.com/notifications/google/play/pubsub/push" },
            { $0.type = "subscription.renewed.with.a.longer.name" },
            { $0.subtype = "BILLING_RECOVERY_AND_MORE" },
            { $0.store = "xsolla" },
            { $0.createdAt = later },
        ]
        for change in changes {
            change(&rows[1])
            fit(rows)
        }
        rows.removeFirst()
        fit(rows)
        rows.append(OutboxNotification(id: 9, store: "xsolla", uuid: "x", type: "order_paid", url: "http://127.0.0.1/x",
                                       createdAt: fixedNow, nextAttemptAt: fixedNow))
        fit(rows)
        fit(rows, today: fixedNow)
        fit(rows, today: later)
        fit(rows, clock: WallClock(timeZone: TimeZone(identifier: "Asia/Kolkata")!), today: later)
        fit([])
    }
}
