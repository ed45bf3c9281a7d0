import Dispatch
import Foundation
import Program
import Testing

/// SIGHUP, as a closing terminal sends it, becomes one `.quit` in the inbox, and the exit
/// status a shell expects (128 + 1).
///
/// A real `kill(getpid(), SIGHUP)` at this test process is safe because `QuitSignals` sets the
/// disposition to ignore before anything else, so the default action (ending the process)
/// cannot happen. libdispatch then installs its own handler, asynchronously: a signal sent
/// before that is ignored and lost, so the test waits (spinning on `sigaction`, a condition,
/// not a sleep) until the handler has replaced `SIG_IGN`. The handler uses SA_RESTART, and an
/// interrupted `poll` only makes an `Inbox.wait` return early, which its callers loop on.
/// Children that the end-to-end tests spawn get SIGHUP's default back (`Spawned.run`).
@Suite("Quit signals")
struct QuitSignalsTests {
    private func dispositionIsIgnore(_ number: Int32) -> Bool {
        var current = sigaction()
        sigaction(number, nil, &current)
        return unsafeBitCast(current.__sigaction_handler.sa_handler, to: Int.self) == unsafeBitCast(SIG_IGN, to: Int.self)
    }

    @Test func sighupBecomesOneQuitMessage() {
        let inbox = Inbox()
        let signals = QuitSignals([SIGHUP], inbox: inbox)
        #expect(signals.exitStatus == nil)
        let armedBy = DispatchTime.now() + 60
        while dispositionIsIgnore(SIGHUP), DispatchTime.now() < armedBy { sched_yield() }
        #expect(!dispositionIsIgnore(SIGHUP), "libdispatch never took SIGHUP over")
        kill(getpid(), SIGHUP)
        #expect(inbox.wait(timeout: 60))
        #expect(inbox.take().map(\.message) == [.quit])
        #expect(signals.exitStatus == 128 + SIGHUP)
        withExtendedLifetime(signals) {}
    }
}
