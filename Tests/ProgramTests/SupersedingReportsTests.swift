import Foundation
@testable import Program
import StoreEngine
import TerminalUI
import TestFixtures
import Testing

/// A batch of engine reports builds the panes once: a report the next one replaces is taken
/// only for what it alone carries, and never across a key, which must meet every report
/// before it.
@Suite("Program: a report the next one replaces")
struct SupersedingReportsTests {
    private func kinds(_ messages: [Message]) -> [String] {
        messages.map { message in
            switch message {
            case .store: "store"
            case .clockReport: "clock"
            case .supersededReport: "superseded"
            case .key: "key"
            case .tick: "tick"
            case .delivered: "delivered"
            default: "other"
            }
        }
    }

    private let delivery = Message.delivered(DeliveryResult(notificationId: 1, attempt: 1, httpStatus: 204, failure: nil,
                                                            milliseconds: 1, response: ""))

    @Test func onlyTheLastOfARunIsApplied() {
        #expect(kinds([report(), report(), report()].supersedingReports()) == ["superseded", "superseded", "store"])
        // A delivery's answer or a tick between two reports reads nothing they set.
        #expect(kinds([report(), delivery, .tick(fixedNow), report()].supersedingReports())
                == ["superseded", "delivered", "tick", "store"])
        // A clock report replaces a call's report before it, and is itself applied.
        let clock: Message = .clockReport(StoreReport(snapshot: StoreSnapshot(), clock: .paused(at: fixedNow)))
        #expect(kinds([report(), clock].supersedingReports()) == ["superseded", "clock"])
        #expect(kinds([clock, report()].supersedingReports()) == ["clock", "store"])
    }

    @Test func aKeyMeetsEveryReportBeforeIt() {
        #expect(kinds([report(), .key(.down), report()].supersedingReports()) == ["store", "key", "store"])
        #expect(kinds([report()].supersedingReports()) == ["store"])
        #expect([Message]().supersedingReports().isEmpty)
    }

    /// A replaced report's notice still reaches the messages (`n`), and its deliveries are posted.
    @Test func aReplacedReportKeepsItsNoticeAndItsDeliveries() {
        var app = freshApp()
        var first = StoreReport(snapshot: StoreSnapshot(), notice: StoreNotice(.info, "The first call's own words."),
                                clock: .paused(at: fixedNow))
        first.deliveries = [OutboxDelivery(notificationId: 7, store: .xsolla, uuid: "u", type: "payment",
                                           url: "http://127.0.0.1:9/x", body: "{}", headers: [], attempt: 1)]
        let batch = [Message.store(first), report(notice: StoreNotice(.info, "The last call's words."))]
            .supersedingReports()
        var effects: [Effect] = []
        for message in batch { effects += app.update(message) }
        #expect(effects.contains { if case .post(let posted) = $0 { posted.map(\.notificationId) == [7] } else { false } })
        let logged = app.noticeLine.log.entries.map(\.notice.text)
        #expect(logged.contains("The first call's own words."), "\(logged)")
        #expect(app.notice?.text == "The last call's words.")
    }

    /// A storm's batch, taken as the loop takes it, leaves the screen as taking every report in
    /// turn does: the panes, the bottom line and the messages (`n`) alike.
    @Test(arguments: [(80, 24), (120, 40)])
    func aBatchShowsWhatEveryReportInTurnShows(width: Int, height: Int) {
        var batched = makeApp(width: width, height: height)
        let purchased = purchasedGemsSnapshot()
        _ = batched.update(report(purchased))
        for _ in 0..<4 { _ = batched.update(.key(.tab)) }
        var inTurn = batched
        var storm: [Message] = []
        for count in 1...30 {
            var snapshot = purchased
            snapshot.notifications = (0..<count).map { index in
                OutboxNotification(id: Int64(index + 1), store: "appStore", uuid: "u\(index)", type: "TEST",
                                   url: "http://127.0.0.1:9/apple", createdAt: fixedNow.addingTimeInterval(Double(index)),
                                   deliveredAt: index + 1 < count ? fixedNow : nil,
                                   attempts: [.init(number: 1, time: fixedNow, result: "SUCCESS", httpStatus: 204, milliseconds: index)])
            }
            storm.append(report(snapshot, notice: count % 7 == 0 ? StoreNotice(.info, "Delivery \(count) recorded.") : nil))
            storm.append(delivery)
        }
        for message in storm.supersedingReports() { _ = batched.update(message) }
        for message in storm { _ = inTurn.update(message) }
        #expect(batched.view() == inTurn.view(), "\(batched.text)\n\(inTurn.text)")
        // The transactions' columns, kept while the transactions stay as they were, are those
        // fitted afresh to them.
        var fresh = makeApp(width: width, height: height)
        for _ in 0..<4 { _ = fresh.update(.key(.tab)) }
        if let last = storm.last(where: \.isEngineReport) { _ = fresh.update(last) }
        #expect(batched.view().inside(batched.layout.transactions) == fresh.view().inside(fresh.layout.transactions))
        _ = batched.update(.key(.character(Character(NoticeLog.key))))
        _ = inTurn.update(.key(.character(Character(NoticeLog.key))))
        #expect(batched.view() == inTurn.view(), "\(batched.text)\n\(inTurn.text)")
    }
}
