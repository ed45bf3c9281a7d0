import Foundation
@testable import Program
import StoreEngine
import TerminalUI
import Testing

/// Issue 35 item 5: what used to happen in property observers is an explicit call, tested here
/// as a value in and a value out: the bottom line and its log, the Events pane's lists, the themes.
@Suite("The app's derived state, worked out by the calls that change it")
struct DerivedStateTests {
    private let start = Date(timeIntervalSinceReferenceDate: 0)

    @Test func showingANoticeKeepsItInTheLogAndClearingKeepsTheLog() {
        var line = NoticeLine()
        line.show(StoreNotice(.info, "one"), at: start)
        line.show(StoreNotice(.info, "two"), at: start)
        line.clear()
        #expect(line.notice == nil)
        #expect(line.log.entries.map(\.notice.text) == ["two", "one"])
    }

    @Test func aRefusalHoldsTheLineAgainstTheClockUntilReleased() {
        var line = NoticeLine()
        line.report(.refusal("No."), onTheClock: false, at: start)
        line.report(StoreNotice(.info, "Renewed."), onTheClock: true, at: start)
        #expect(line.notice?.text == "No.")
        #expect(line.shown?.text == "No. (n: 1 newer message)")
        #expect(line.log.entries.map(\.notice.text) == ["Renewed.", "No."])
        line.releaseRefusal()
        line.report(StoreNotice(.info, "Renewed again."), onTheClock: true, at: start)
        #expect(line.shown?.text == "Renewed again.")
    }

    private func event(_ id: Int64, _ kind: EventKind) -> EventSummary {
        EventSummary(id: id, time: start, kind: kind, message: "event \(id)")
    }

    @Test func theEventListsFollowEachReportPageAndFilter() {
        var list = EventList(reported: [event(5, .paywallOpen), event(4, .subscribed)])
        #expect(list.all.map(\.id) == [5, 4])
        // An older page joins after the report, without the events the report already holds.
        list.appendOlder([event(4, .subscribed), event(3, .paywallOpen)])
        #expect(list.all.map(\.id) == [5, 4, 3])
        list.filter(kind: .paywallOpen)
        #expect(list.visible.map(\.id) == [5, 3])
        #expect(list.subtitle == EventKind.paywallOpen.shortName)
        list.report([event(6, .subscribed), event(5, .paywallOpen)])
        #expect(list.visible.map(\.id) == [5, 3])
        list.filter(kind: nil)
        list.filter(category: EventKind.subscribed.category)
        #expect(list.visible.allSatisfy { $0.kind.category == EventKind.subscribed.category })
    }

    @Test func aPageOfOlderEventsIsAskedForOnceNearTheEnd() {
        var list = EventList(reported: (1...200).reversed().map { event(Int64($0), .paywallOpen) })
        #expect(list.nextPageStart(selection: 0) == nil)
        #expect(list.nextPageStart(selection: 196) == 1)
        // On its way: not asked for again until it arrives.
        #expect(list.nextPageStart(selection: 199) == nil)
        list.appendOlder([])
        // An empty page: there are no more.
        #expect(list.nextPageStart(selection: 199) == nil)
    }

    @Test func aThemeIsFittedWhenShownAndTheListReplacedByName() {
        var themes = ThemeList([.dark, .light], showing: "light", colorEnabled: false, colorDepth: .trueColor)
        #expect(themes.index == 1)
        #expect(themes.shown == Theme.light.monochrome)
        themes.step(by: 1)
        #expect(themes.index == 0)
        themes.replace(with: [.light], showing: 0)
        #expect(themes.all.map(\.name) == ["light"])
        #expect(themes.shown == Theme.light.monochrome)
    }
}
