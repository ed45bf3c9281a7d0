import StoreEngine
import Testing

// The products request's retries on a flaky network: after 0.5 s, 2 s and 4 s, then it gives up.

@Suite("RetrySchedule")
struct RetryScheduleTests {
    @Test(arguments: zip(0...5, [nil, 0.5, 2, 4, nil, nil] as [Double?]))
    func delayAfterAnAttempt(attempt: Int, delay: Double?) {
        #expect(RetrySchedule.delay(after: attempt) == delay)
    }

    @Test func halfASecondThenTwoSecondsDoublingThreeRetries() {
        #expect(RetrySchedule.delays.count == 3)
        #expect(RetrySchedule.delays.first == 0.5)
        #expect(RetrySchedule.delays.dropFirst() == [2, 4])
    }
}
