import Foundation
import Platform
import Testing

/// A real signal at this test process: safe, because the handler is in place before
/// `forward` returns, so SIGUSR1's default action (ending the process) cannot happen.
@Suite("Signal forwarding")
struct SignalForwardingTests {
    @Test func aSignalSentToTheProcessWakesThePipeWithItsNumber() throws {
        let pipe = try #require(WakePipe(nonBlocking: false))
        #expect(!SignalForwarding.isForwarded(SIGUSR1))
        SignalForwarding.forward([SIGUSR1], to: pipe)
        #expect(SignalForwarding.isForwarded(SIGUSR1))
        #expect(!SignalForwarding.isForwarded(SIGUSR2), "only the signals named")
        #expect(!Readiness.wait(for: [pipe.readEnd], upTo: 0)[0], "nothing before the signal")
        kill(getpid(), SIGUSR1)
        #expect(Readiness.wait(for: [pipe.readEnd], upTo: 60)[0], "the signal woke the pipe")
        #expect(pipe.nextByte() == UInt8(SIGUSR1))
    }
}
