import Foundation
import StoreEngine
import Testing

/// The clock as a value: a simulated time anchored to a wall time, and a rate.
@Suite("Clock: the value")
struct ClockTests {
    let wall = TestClock.start

    @Test func realTimeFollowsTheWallClock() {
        let clock = Clock.realTime(at: wall)
        #expect(clock.rate == .realTime)
        #expect(clock.now(atWall: wall) == wall)
        #expect(clock.now(atWall: wall.addingTimeInterval(90)) == wall.addingTimeInterval(90))
    }

    @Test func aScaledRateRunsThatManyTimesFaster() {
        let clock = Clock(simulated: wall, wall: wall, rate: .scaled(300))
        #expect(clock.now(atWall: wall.addingTimeInterval(2)) == wall.addingTimeInterval(600))
    }

    @Test func aPausedClockStandsStill() {
        let clock = Clock.paused(at: wall)
        #expect(clock.now(atWall: wall.addingTimeInterval(86_400)) == wall)
    }

    @Test func movingNeverGoesBack() {
        var clock = Clock.paused(at: wall)
        clock.move(to: wall.addingTimeInterval(-60), atWall: wall)
        #expect(clock.now(atWall: wall) == wall)
        clock.advance(by: -60, atWall: wall)
        #expect(clock.now(atWall: wall) == wall)
        clock.advance(by: 60, atWall: wall)
        #expect(clock.now(atWall: wall) == wall.addingTimeInterval(60))
    }

    @Test func changingTheRateKeepsWhatAlreadyPassed() {
        var clock = Clock.realTime(at: wall)
        clock.change(rate: .scaled(10), atWall: wall.addingTimeInterval(5))
        #expect(clock.now(atWall: wall.addingTimeInterval(5)) == wall.addingTimeInterval(5))
        #expect(clock.now(atWall: wall.addingTimeInterval(6)) == wall.addingTimeInterval(15))
        clock.change(rate: .paused, atWall: wall.addingTimeInterval(6))
        #expect(clock.now(atWall: wall.addingTimeInterval(100)) == wall.addingTimeInterval(15))
    }

    @Test func wallSecondsUntilADate() {
        let fast = Clock(simulated: wall, wall: wall, rate: .scaled(60))
        #expect(fast.wallSeconds(until: wall.addingTimeInterval(120), atWall: wall) == 2)
        #expect(fast.wallSeconds(until: wall.addingTimeInterval(-5), atWall: wall) == 0, "already reached")
        let paused = Clock.paused(at: wall)
        #expect(paused.wallSeconds(until: wall.addingTimeInterval(1), atWall: wall) == nil, "only advance gets there")
        #expect(paused.wallSeconds(until: wall, atWall: wall) == 0)
    }

    @Test func ratesDescribeThemselves() {
        #expect(Clock.Rate.paused.description == "paused")
        #expect(Clock.Rate.realTime.description == "real time")
        #expect(Clock.Rate.scaled(60).description == "×60")
        #expect(Clock.Rate.scaled(0.5).description == "×0.5")
    }
}
