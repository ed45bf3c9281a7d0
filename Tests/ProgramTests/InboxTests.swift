import Dispatch
import Foundation
import Program
import StoreEngine
import TerminalUI
import Testing

/// The inbox is the way in for everything that is not a key: any thread posts, and a pipe
/// wakes whoever waits, so the terminal can wait on input and mail at once.
@Suite("Inbox")
struct InboxTests {
    private func isReadable(_ descriptor: Int32) -> Bool {
        var entry = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        return poll(&entry, 1, 0) == 1 && entry.revents & Int16(POLLIN) != 0
    }

    @Test func mailFromAnotherThreadMakesTheWakeDescriptorReadable() {
        let inbox = Inbox()
        #expect(!isReadable(inbox.wakeDescriptor))
        let posted = DispatchSemaphore(value: 0)
        Thread {
            inbox.post(.key(.character("a")))
            inbox.post(.quit)
            posted.signal()
        }.start()
        #expect(posted.wait(timeout: .now() + 60) == .success)
        #expect(isReadable(inbox.wakeDescriptor))
        #expect(inbox.hasMail)
        #expect(inbox.take().map(\.message) == [.key(.character("a")), .quit])  // oldest first
        #expect(!isReadable(inbox.wakeDescriptor))  // taking the mail drains the pipe
        #expect(!inbox.hasMail)
    }

    @Test func postedMailIsNotAnAnswer() {
        let inbox = Inbox()
        inbox.post(.started)
        #expect(inbox.take().map(\.answersCall) == [false])
    }

    @Test func waitReturnsAtOnceWhenMailIsWaiting() {
        let inbox = Inbox()
        inbox.post(.quit)
        #expect(inbox.wait(timeout: nil))
    }

    @Test(arguments: [(nil, Int32(-1)), (0, 0), (0.0001, 1), (1.5, 1_500), (-3, 0), (1e12, Int32.max)] as [(Double?, Int32)])
    func pollTimeouts(timeout: Double?, milliseconds: Int32) {
        #expect(Inbox.pollTimeout(timeout) == milliseconds)
    }

    /// A backend that only ever waits on the inbox, for as long as it takes: the program gets
    /// past its wait only if mail wakes it.
    final class InboxOnlyBackend: Backend {
        let size = (width: 120, height: 40)
        let waiting = DispatchSemaphore(value: 0)
        private(set) var drawCount = 0

        func draw(_ frame: Frame) {
            drawCount += 1
        }

        func waitForInput(timeout: TimeInterval?, inbox: Inbox) -> [TerminalInput] {
            waiting.signal()
            inbox.wait(timeout: nil)
            return []
        }

        func suspend() {}
    }

    /// `run()` blocked in its backend's wait; a `.quit` posted from this thread wakes it, and
    /// it returns.
    @Test func aPostFromAnotherThreadWakesAWaitingProgram() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("inbox-test-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let backend = InboxOnlyBackend()
        let program = try loopProgram(on: backend, in: directory)
        let inbox = program.inbox
        let handed = HandOver(program)
        let finished = DispatchSemaphore(value: 0)
        Thread {
            handed.value.run()
            finished.signal()
        }.start()
        #expect(backend.waiting.wait(timeout: .now() + 60) == .success, "the program never waited")
        inbox.post(.quit)
        #expect(finished.wait(timeout: .now() + 60) == .success, "the posted .quit did not wake the program")
        // From here the program's thread is done with it.
        #expect(program.app.isQuitting)
        #expect(backend.drawCount >= 1)
        #expect(program.app.width == 120 && program.app.height == 40)  // run() starts from the backend's size
    }
}
