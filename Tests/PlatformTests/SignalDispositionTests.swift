import Foundation
import Platform
import Testing

/// SIG_IGN and SIG_DFL on a real signal at this test process: SIGUSR2 is sent only while it is
/// ignored (its default action ends the process).
@Suite("Signal disposition")
struct SignalDispositionTests {
    @Test func anIgnoredSignalEndsNothingAndTheDefaultComesBack() {
        #expect(!SignalDisposition.isIgnored(SIGUSR2))
        SignalDisposition.ignore([SIGUSR2])
        #expect(SignalDisposition.isIgnored(SIGUSR2))
        kill(getpid(), SIGUSR2)
        SignalDisposition.restoreDefault([SIGUSR2])
        #expect(!SignalDisposition.isIgnored(SIGUSR2))
    }
}
