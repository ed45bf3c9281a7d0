import Foundation
import Program
import StoreEngine
import Testing
import TerminalUI

/// `c`: the frame on screen (the one last drawn, the help over it included) goes to whatever
/// saves it, and the bottom line says what that said.
@Suite struct CaptureKeyTests {
    /// What the saver was handed.
    final class Saved {
        var frames: [Frame] = []
    }

    static func harness(_ saved: Saved) throws -> HeadlessHarness {
        try HeadlessHarness(width: 80, height: 24) { frame in
            saved.frames.append(frame)
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

    @Test func withNowhereToSaveTheBottomLineSaysHowAScenarioSaves() throws {
        let harness = try HeadlessHarness(width: 80, height: 24)
        _ = harness.program.draw()
        harness.press(.character("c"))
        #expect(harness.program.draw().lines.last?.contains("Nothing saved: a scenario saves the screen with capture NAME.") == true)
    }
}
