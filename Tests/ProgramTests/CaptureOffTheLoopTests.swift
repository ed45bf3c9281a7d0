import Dispatch
import Exports
import Foundation
import Program
import StoreEngine
import Synchronization
import TerminalUI
import Testing

/// `c` in the running loop: the save runs on another thread while keys are still read, and
/// writes the screen as it was when `c` was pressed, whatever is drawn while it saves.
@Suite struct CaptureOffTheLoopTests {
    /// A terminal that presses `c`, then `?` (the help over the paywall), lets the save go on
    /// only once the help is drawn, closes the help once the save is done, and hangs up when
    /// the bottom line says the screen was saved (or, should it never, after a long while).
    final class PressingTerminal: Backend {
        let size = (width: 80, height: 24)
        /// The thread `run()` reads keys on: this test's.
        let loopThread = Thread.current
        let saveMayGoOn = DispatchSemaphore(value: 0)
        let saveDone = DispatchSemaphore(value: 0)
        private(set) var drawn: [Frame] = []
        private(set) var shownAtPress: Frame?
        private var waits = 0

        func draw(_ frame: Frame) {
            drawn.append(frame)
        }

        func waitForInput(timeout: TimeInterval?, inbox: Inbox) -> [TerminalInput] {
            waits += 1
            switch waits {
            case 1:
                shownAtPress = drawn.last
                return [.key(.character("c"))]
            case 2:
                return [.key(.character("?"))]
            case 3:
                saveMayGoOn.signal()
                _ = saveDone.wait(timeout: .now() + 60)
                return [.key(.escape)]
            default:
                if drawn.last?.lines.last?.contains("Screen saved as") == true || waits > 300 { return [.hangUp] }
                inbox.wait(timeout: 1)
                return []
            }
        }

        func suspend() {}
    }

    /// Where the saver ran, told from the saver's thread.
    final class SaverThread: Sendable {
        private let offLoop = Mutex<Bool?>(nil)

        var ranOffTheLoop: Bool? { offLoop.withLock { $0 } }

        func note(offLoop: Bool) {
            self.offLoop.withLock { $0 = offLoop }
        }
    }

    @Test func theSaveRunsOffTheLoopAndWritesTheScreenAtTheKeyPress() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("capture-loop-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let terminal = PressingTerminal()
        let saver = SaverThread()
        // No PNG: the SVG and the text are the screen; the converter is tested with `capture`.
        let capture = ScreenCapture(directory: directory.appendingPathComponent("captures").path, path: "/nonexistent")
        // The loop's thread by identity (a `Thread` is not `Sendable`); it lives while the save runs.
        let loopThread = ObjectIdentifier(terminal.loopThread), gate = terminal.saveMayGoOn, done = terminal.saveDone
        let save: @Sendable (Frame) -> StoreNotice = { frame in
            let offLoop = ObjectIdentifier(Thread.current) != loopThread
            saver.note(offLoop: offLoop)
            // On the loop this would wait for a key the loop cannot read: the old way, said below.
            if offLoop { _ = gate.wait(timeout: .now() + 60) }
            defer { done.signal() }
            return capture.notice(saving: frame)
        }
        let program = try loopProgram(on: terminal, in: directory, captureScreen: save)
        program.run()
        #expect(saver.ranOffTheLoop == true, "the save ran on the loop's thread, which reads no key meanwhile")
        let atPress = try #require(terminal.shownAtPress)
        #expect(terminal.drawn.contains { $0.text.contains("Esc or ? closes") }, "the help was drawn while saving")
        #expect(terminal.drawn.last?.lines.last?.contains("Screen saved as") == true, "the save's message never came")
        let folder = directory.appendingPathComponent("captures").path
        let names = try FileManager.default.contentsOfDirectory(atPath: folder).sorted()
        try #require(names.count == 2, "\(names)")
        let base = folder + "/" + (names[0] as NSString).deletingPathExtension
        let text = try String(contentsOfFile: base + ".txt", encoding: .utf8)
        #expect(text == atPress.text + "\n", "saved:\n\(text)")
        #expect(try String(contentsOfFile: base + ".svg", encoding: .utf8) == FrameSVG.document(atPress))
    }
}
