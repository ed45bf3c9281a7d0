import Foundation
import Platform
import Testing

/// A background thread's priority is lowered on the real system, and only that thread's.
@Suite("Platform: background priority")
struct BackgroundPriorityTests {
    @Test func onlyTheCallingThreadIsLowered() throws {
        let before = BackgroundPriority.currentNiceness()
        let lowered = LoweredThread()
        let thread = Thread { lowered.run() }
        thread.start()
        lowered.done.wait()
        #if canImport(Glibc)
        #expect(lowered.succeeded)
        #expect(lowered.niceness == BackgroundPriority.niceness)
        // The test's own thread keeps its priority.
        #expect(BackgroundPriority.currentNiceness() == before)
        #endif
    }
}

private final class LoweredThread: @unchecked Sendable {
    let done = DispatchSemaphore(value: 0)
    var succeeded = false
    var niceness: Int32?

    func run() {
        succeeded = BackgroundPriority.lowerCurrentThread()
        niceness = BackgroundPriority.currentNiceness()
        done.signal()
    }
}
