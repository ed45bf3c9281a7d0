import Foundation
@testable import Program
import StoreEngine
import Testing

/// Issue 35 item 5: the time keys' state is a component of its own; an action in, the rates and
/// the count out, and the engine calls they make.
@Suite("The time controls' own update")
struct TimeControlsTests {
    @Test func rateKeysStepAtOnceAndApplyOnceWhenTheySettle() {
        var time = TimeControls()
        _ = time.update(.reported(.paused, renewal: .realTime, nextDue: nil))
        let settle: [Effect] = [.deliverWhenQuiet(.applyTimeRate, wallSeconds: TimeControls.rateKeysSettle)]
        #expect(time.update(.stepRate(by: 1)) == settle)
        #expect(time.update(.stepRate(by: 1)) == settle)
        let stepped = TimeRate.paused.stepped(by: 1).stepped(by: 1)
        #expect(time.shownTimeRate == stepped && time.timeRate == .paused)
        #expect(time.update(.applyPendingRate) == [.engine(.setTimeRate(stepped, keepingClockPaused: false))])
        #expect(time.timeRate == stepped && time.pendingTimeRate == nil)
        #expect(time.update(.applyPendingRate).isEmpty)
    }

    @Test func stepsBackToTheEngineRateSendNothing() {
        var time = TimeControls()
        _ = time.update(.reported(.paused, renewal: .realTime, nextDue: nil))
        _ = time.update(.stepRate(by: 1))
        _ = time.update(.stepRate(by: -1))
        #expect(time.update(.applyPendingRate).isEmpty)
        #expect(time.isPaused)
    }

    @Test func aCountOfDaysIsForThePlusRightAfterIt() {
        var time = TimeControls()
        _ = time.update(.count(1))
        _ = time.update(.count(4))
        #expect(time.advanceCount == 14)
        #expect(time.update(.advanceCalendar) == [.engine(.advanceCalendar(by: 14 * 86_400))])
        #expect(time.advanceCount == nil)
        _ = time.update(.count(3))
        _ = time.update(.dropCount)
        #expect(time.update(.advanceCalendar) == [.engine(.advanceCalendar(by: 86_400))])
    }
}
