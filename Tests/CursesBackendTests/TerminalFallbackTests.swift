import Testing
import TerminalUI
@testable import CursesBackend

/// An unknown `TERM` (xterm-kitty over ssh) draws as xterm-256color, else xterm, and says so;
/// `COLORTERM=truecolor` takes the direct-color description when the machine has one.
@Suite("Terminal descriptions and their fallbacks")
struct TerminalFallbackTests {
    static let known = ["xterm-256color": 256, "xterm": 8, "screen": 8]

    @Test func aKnownTermIsUsedAsItIs() {
        let choice = TerminalFallback.choose(term: "screen", colorTerm: nil) { Self.known[$0] }
        #expect(choice == .init(name: "screen", colorCount: 8, notice: nil))
    }

    @Test("An unknown TERM falls back to xterm-256color and says so",
          arguments: ["xterm-kitty", "xterm-ghostty", "alacritty"])
    func unknownTermFallsBack(term: String) {
        let choice = TerminalFallback.choose(term: term, colorTerm: nil) { Self.known[$0] }
        #expect(choice?.name == "xterm-256color" && choice?.colorCount == 256)
        #expect(choice?.notice == "TERM \(term) is not known here; drawing as xterm-256color.")
    }

    @Test func thenXtermThenNothing() {
        let onlyXterm = TerminalFallback.choose(term: "xterm-kitty", colorTerm: nil) { $0 == "xterm" ? 8 : nil }
        #expect(onlyXterm?.name == "xterm" && onlyXterm?.notice?.hasSuffix("drawing as xterm.") == true)
        #expect(TerminalFallback.choose(term: "xterm-kitty", colorTerm: nil) { _ in nil } == nil)
        let unset = TerminalFallback.choose(term: nil, colorTerm: nil) { Self.known[$0] }
        #expect(unset?.notice == "TERM is not set; drawing as xterm-256color.")
    }

    @Test func trueColorTakesTheDirectDescriptionWhenThereIsOne() {
        var known = Self.known
        #expect(TerminalFallback.choose(term: "xterm-256color", colorTerm: "truecolor") { known[$0] }?.name == "xterm-256color")
        known["xterm-direct"] = 1 << 24
        let direct = TerminalFallback.choose(term: "xterm-256color", colorTerm: "truecolor") { known[$0] }
        #expect(direct?.name == "xterm-direct" && direct?.colorCount == 1 << 24)
        #expect(TerminalFallback.choose(term: "xterm-256color", colorTerm: nil) { known[$0] }?.name == "xterm-256color")
    }

    @Test func directColorNumbersAvoidTheANSIColors() {
        #expect(ColorPairs.number(of: RGB(0, 0, 3), at: .trueColor) == 8)
        #expect(ColorPairs.number(of: RGB(0x12, 0x34, 0x56), at: .trueColor) == 0x123456)
        #expect(ColorPairs.number(of: RGB(0xE5, 0xE5, 0xE5), at: .eight) == 7)
        #expect(ColorPairs.number(of: nil, at: .indexed256) == -1)
    }
}
