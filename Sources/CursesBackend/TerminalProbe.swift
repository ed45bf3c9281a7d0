import CCurses
import Foundation
import Platform
import TerminalUI

/// What the terminal under the app says of itself at start, asked on its own descriptors
/// while ncurses has it in raw mode and before the first frame: whether it draws grapheme
/// clusters as one glyph (DEC mode 2027, asked with DECRQM) and, when it says it always does,
/// how far it really advances over a few sample clusters (a cursor-position report, DSR, after
/// each). A terminal that answers nothing within a short wait is taken to advance per code
/// point, as wcwidth says.
///
/// It also holds the BiDi convention's explicit mode (ECMA-48 BDSM reset, `CSI 8 l`): the app
/// puts right-to-left text in visual order itself, so a terminal that reorders must leave its
/// lines alone; `restore` gives the terminal back its implicit mode.
struct TerminalProbe {
    /// The samples the widths are probed with: a ZWJ family, a flag, a thumb with a skin tone,
    /// Devanagari with a conjunct, a letter with a combining accent.
    static let samples = ["\u{1F468}\u{200D}\u{1F469}\u{200D}\u{1F467}\u{200D}\u{1F466}", "\u{1F1F8}\u{1F1E6}",
                          "\u{1F44D}\u{1F3FD}", "नमस्ते", "e\u{0301}"]

    /// The mode the app measures in for this terminal.
    private(set) var widthMode = WidthMode.perCodePoint
    /// Mode 2027 was set and the app reset it for its run; `restore` sets it again.
    private var resetGraphemeMode = false

    /// How long one answer is waited for; a terminal that answers does so in a few ms, even
    /// over ssh, and one that never answers costs the launch this once.
    static let answerTimeout = 0.2

    /// Asks the terminal; call after `initscr` (raw, no echo) and before the first draw.
    ///
    /// ncurses counts columns per code point (wcwidth), so where the terminal lets the app
    /// choose (mode 2027 set, not permanently), grapheme mode is reset for the app's run and
    /// the terminal advances as ncurses counts. Only a terminal that draws clusters whatever it
    /// is told (mode 2027 permanently set) and whose advances match grapheme widths on every
    /// sample is measured per grapheme.
    mutating func ask() {
        send("\u{1B}[8l")  // BiDi explicit mode: never reorder what the app draws
        // The DSR after the DECRQM is answered by every terminal, so it ends the wait either way.
        send("\u{1B}[?2027$p\u{1B}[6n")
        guard let firstAnswer = read() else {
            // Nothing answers: no samples to wait for either.
            send("\u{1B}[H\u{1B}[2K")
            return
        }
        let modeState = Self.decrpmState(firstAnswer)
        if modeState == 1 {
            send("\u{1B}[?2027l")
            resetGraphemeMode = true
        }
        // Only a terminal that draws clusters whatever it is told is ever measured per
        // grapheme: any other answer decides the mode already, so its samples are not asked
        // (five round trips to the terminal before the first frame, over ssh as many waits).
        guard modeState == 3 else {
            send("\u{1B}[H\u{1B}[2K")
            return
        }
        var answered = 0
        var matchesGraphemes = true
        for sample in Self.samples {
            send("\u{1B}[H" + sample + "\u{1B}[6n")
            guard let report = read(), let column = Self.column(ofReport: report) else { break }
            answered += 1
            let asGraphemes = DisplayWidth.measuring(.graphemes) { DisplayWidth.of(sample) }
            if column - 1 != asGraphemes { matchesGraphemes = false }
        }
        send("\u{1B}[H\u{1B}[2K")
        if answered == Self.samples.count, matchesGraphemes {
            widthMode = .graphemes
        }
    }

    /// Puts the terminal's modes back as they were: implicit BiDi, grapheme mode if it was set.
    func restore() {
        if resetGraphemeMode { send("\u{1B}[?2027h") }
        send("\u{1B}[8h")
    }

    /// Back from a suspend: the shell may have changed the modes.
    func resume() {
        send("\u{1B}[8l")
        if resetGraphemeMode { send("\u{1B}[?2027l") }
    }

    private func send(_ text: String) {
        TerminalStreams.write(Array(text.utf8))
    }

    /// Reads the terminal's answer up to the `R` that ends a cursor-position report (a DECRPM
    /// before it is kept in what is returned); nil when none arrives in time.
    private func read() -> String? {
        var answer = [UInt8]()
        while answer.count < 64 {
            guard let byte = TerminalStreams.nextByte(within: Self.answerTimeout) else { return nil }
            answer.append(byte)
            if byte == UInt8(ascii: "R") { break }
        }
        return String(decoding: answer, as: UTF8.self)
    }

    /// The column of a cursor-position report, `ESC [ row ; column R`.
    static func column(ofReport report: String) -> Int? {
        guard let start = report.range(of: "\u{1B}[", options: .backwards), report.hasSuffix("R") else { return nil }
        let fields = report[start.upperBound...].dropLast().split(separator: ";")
        return fields.count == 2 ? Int(fields[1]) : nil
    }

    /// The state in a DECRPM answer for mode 2027, `ESC [ ? 2027 ; Ps $ y`: 0 not known,
    /// 1 set, 2 reset, 3 permanently set, 4 permanently reset.
    static func decrpmState(_ answer: String) -> Int? {
        guard let start = answer.range(of: "\u{1B}[?2027;"), let end = answer.range(of: "$y") else { return nil }
        return start.upperBound < end.lowerBound ? Int(answer[start.upperBound..<end.lowerBound]) : nil
    }
}
