import CCurses
import CursesBackend
import Testing
import TerminalUI

/// `CursesTerminal.draw` skips a row equal to the one it copied last time. Whatever it skips,
/// ncurses' window must hold the frame drawn last: read back from a real ncurses screen (one
/// that writes to /dev/null) after frames that change some rows, change them back, and after
/// a resize. In-process ncurses has one current screen, so the cases run one at a time.
@Suite("Rows left as they are", .serialized)
struct UnchangedRowsTests {
    private func frame(width: Int, height: Int, _ lines: [String]) -> Frame {
        var frame = Frame(width: width, height: height)
        for (y, line) in lines.enumerated() { frame.write(line, x: 0, y: y, style: .plain) }
        return frame
    }

    /// The window's text, row by row, as ncurses holds it.
    private func windowLines(height: Int, width: Int) -> [String] {
        (0..<height).map { y in
            var buffer = [CChar](repeating: 0, count: width + 1)
            _ = mvwinnstr(sf_stdscr(), Int32(y), 0, &buffer, Int32(width))
            return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        }
    }

    private func padded(_ lines: [String], width: Int) -> [String] {
        lines.map { $0.padding(toLength: width, withPad: " ", startingAt: 0) }
    }

    @Test("after frames that change rows and change them back, the window holds the last one")
    func changesAndBack() throws {
        let terminal = try CursesTerminal(offscreenWidth: 20, height: 4)
        defer { terminal.close() }
        let first = ["top", "middle one", "lower", "bottom"]
        let second = ["top", "middle two", "lower", "bottom!"]
        for lines in [first, second, second, first, second] {
            terminal.draw(frame(width: 20, height: 4, lines))
            #expect(windowLines(height: 4, width: 20) == padded(lines, width: 20))
        }
    }

    @Test("after a resize every row is copied again")
    func resize() throws {
        let terminal = try CursesTerminal(offscreenWidth: 20, height: 3)
        defer { terminal.close() }
        let lines = ["one", "two", "three"]
        terminal.draw(frame(width: 20, height: 3, lines))
        terminal.resize(width: 24, height: 4)
        let wider = ["one", "two", "three", "four"]
        terminal.draw(frame(width: 24, height: 4, wider))
        #expect(windowLines(height: 4, width: 24) == padded(wider, width: 24))
        // The same frame once more at the same size: nothing to copy, the window unchanged.
        terminal.draw(frame(width: 24, height: 4, wider))
        #expect(windowLines(height: 4, width: 24) == padded(wider, width: 24))
    }
}
