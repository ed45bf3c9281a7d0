import Exports
import Foundation
import Program
import StoreEngine
import Synchronization
import TerminalUI
import Testing

/// `c`: the frame on screen (the one last drawn, the help over it included) goes to whatever
/// saves it, and the bottom line says what that said.
@Suite struct CaptureKeyTests {
    /// What the saver was handed, on the thread it saves on.
    final class Saved: Sendable {
        private let handed = Mutex<[Frame]>([])

        var frames: [Frame] { handed.withLock { $0 } }

        func add(_ frame: Frame) {
            handed.withLock { $0.append(frame) }
        }
    }

    static func harness(_ saved: Saved) throws -> HeadlessHarness {
        try HeadlessHarness(width: 80, height: 24) { frame in
            saved.add(frame)
            return StoreNotice(.success, "Screen saved as captures/one.svg, .png and .txt.")
        }
    }

    @Test func cSavesTheFrameOnScreenAndTheBottomLineSaysWhere() throws {
        let saved = Saved()
        let harness = try Self.harness(saved)
        harness.press(.right)
        let shown = harness.program.draw()
        harness.press(.character("c"))
        // Compared whole, said short: a frame printed in full is thousands of cells.
        let savedWhatShows = saved.frames.count == 1 && saved.frames.first == shown
        #expect(savedWhatShows, "\(saved.frames.map(\.text))")
        #expect(harness.program.draw().lines.last?.contains("Screen saved as captures/one.svg, .png and .txt.") == true)
    }

    @Test func overTheHelpTheHelpIsSaved() throws {
        let saved = Saved()
        let harness = try Self.harness(saved)
        harness.press(.character("?"))
        let shown = harness.program.draw()
        harness.press(.character("c"))
        let savedWhatShows = saved.frames.count == 1 && saved.frames.first == shown
        #expect(savedWhatShows, "\(saved.frames.map(\.text))")
        #expect(shown.text.contains("Esc or ? closes"))
    }

    @Test func aFolderThatCannotBeMadeIsSaidOnTheBottomLine() throws {
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("capture-key-\(UUID().uuidString.prefix(8))").path
        try "".write(toFile: scratch, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: scratch) }
        // The real saver, asked to save under a regular file.
        let capture = ScreenCapture(directory: scratch + "/captures", path: "/nonexistent")
        let harness = try HeadlessHarness(width: 200, height: 24, captureScreen: capture.notice(saving:))
        _ = harness.program.draw()
        harness.press(.character("c"))
        let said = harness.program.draw().lines.last ?? ""
        #expect(said.contains("Screen not saved: \(scratch)/captures: cannot make the folder (Not a directory)."), "\(said)")
    }

    @Test func withNowhereToSaveTheBottomLineSaysHowAScenarioSaves() throws {
        let harness = try HeadlessHarness(width: 80, height: 24)
        _ = harness.program.draw()
        harness.press(.character("c"))
        #expect(harness.program.draw().lines.last?.contains("Nothing saved: a scenario saves the screen with capture NAME.") == true)
    }
}
