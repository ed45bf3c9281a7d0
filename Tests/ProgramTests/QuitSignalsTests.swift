import Dispatch
import Foundation
import Platform
import Program
import TestFixtures
import Testing

/// SIGHUP, as a closing terminal sends it, becomes one `.quit` in the inbox, and the exit
/// status a shell expects (128 + 1).
///
/// A real `kill(getpid(), SIGHUP)` at this test process is safe because `QuitSignals` has
/// installed its handler (with `sigaction`, before `init` returns), so the default action
/// (ending the process) cannot happen, and no signal sent right after `init` is lost. The
/// handler uses SA_RESTART, and an interrupted `poll` only makes an `Inbox.wait` return early,
/// which its callers loop on. A handler, unlike SIG_IGN, is not inherited across `exec`, so
/// children keep SIGHUP's default.
@Suite("Quit signals")
struct QuitSignalsTests {
    @Test func sighupBecomesOneQuitMessage() {
        let inbox = Inbox()
        let signals = QuitSignals([SIGHUP], inbox: inbox)
        #expect(signals.exitStatus == nil)
        #expect(SignalForwarding.isForwarded(SIGHUP), "the handler is in place when init returns")
        kill(getpid(), SIGHUP)
        #expect(inbox.wait(timeout: 60))
        #expect(inbox.take().map(\.message) == [.quit])
        #expect(signals.exitStatus == 128 + SIGHUP)
        withExtendedLifetime(signals) {}
    }
}
