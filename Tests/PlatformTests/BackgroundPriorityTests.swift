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

    @Test func loweringOnceLowersTheFirstTimeOnly() throws {
        let lowered = LoweredThread()
        let thread = Thread { lowered.runTwice() }
        thread.start()
        lowered.done.wait()
        #if canImport(Glibc)
        #expect(lowered.niceness == BackgroundPriority.niceness)
        // The second call found its mark: the thread raised again in between stays raised.
        #expect(lowered.afterSecond == 0)
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

    var afterSecond: Int32?

    func runTwice() {
        BackgroundPriority.lowerCurrentThreadOnce()
        niceness = BackgroundPriority.currentNiceness()
        #if canImport(Glibc)
        // Raising a niceness back needs privilege (CAP_SYS_NICE), which a test may lack.
        let raised = setpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0, 0) == 0
        #else
        let raised = false
        #endif
        BackgroundPriority.lowerCurrentThreadOnce()
        afterSecond = raised ? BackgroundPriority.currentNiceness() : 0
        done.signal()
    }
}
