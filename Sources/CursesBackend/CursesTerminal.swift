import CCurses
import Foundation
import Platform
import Program
import TerminalUI

/// The only code that talks to ncurses: the program's `Backend` for a real
/// terminal. Copies Frames to the screen and turns keys, mouse and resizes into input. One
/// instance, used from the main thread only.
public final class CursesTerminal: Backend {
    private var palette: ColorPairs
    private var isOpen = false
    /// Drawing to `/dev/null` (`init(offscreenWidth:height:)`): no terminal to give back.
    private var isOffscreen = false
    /// The terminal went away under the app (`TerminalInput.hangUp`); the app then ends as
    /// SIGHUP ends it.
    public private(set) var isGone = false
    /// The colors the screen shows, for `App(colorDepth:)`.
    public let colorDepth: ColorDepth
    /// Said once on the bottom line: the description used when `TERM` was not known.
    public let notice: String?
    /// False under a locale that is not UTF-8 (`LANG=C`): every cell is then drawn in ASCII.
    public let isUTF8: Bool

    /// No description for `TERM`, nor for any fallback, or one of a terminal that cannot move
    /// the cursor: nothing can be drawn.
    public struct OpenFailure: Error, CustomStringConvertible {
        public var term: String?
        /// `TERM`'s description exists but has no cursor addressing (`dumb`, an editor's shell
        /// buffer): falling back to xterm's would send escapes it shows as text.
        public var cannotMoveCursor = false
        public var description: String {
            if cannotMoveCursor {
                return "TERM \(term ?? "") is a terminal that cannot move the cursor, which the full-screen app needs; run it in "
                    + "one that can (such as TERM=xterm-256color), or use storefront scenario or export, which need no terminal."
            }
            return "no terminal description for TERM \(term ?? "(not set)"), nor for \(TerminalFallback.fallbacks.joined(separator: " or ")); "
                + "install one (Debian: ncurses-term) or run with TERM=xterm-256color."
        }
    }

    /// Takes over the terminal. `colorEnabled` false (NO_COLOR) draws without color.
    /// `environment` gives TERM and COLORTERM.
    public init(colorEnabled: Bool, environment: [String: String]) throws(OpenFailure) {
        ProcessLocale.adoptEnvironment()
        isUTF8 = String(cString: sf_codeset()).uppercased().replacingOccurrences(of: "-", with: "") == "UTF8"
        let term = environment["TERM"]
        // TERM's description is read once: whether it can move the cursor, then its colors.
        let requested = term.flatMap { $0.isEmpty ? nil : ($0, sf_probe_terminal($0)) }
        if let requested, requested.1 == -2 { throw OpenFailure(term: term, cannotMoveCursor: true) }
        let choice = TerminalFallback.choose(term: term, colorTerm: environment["COLORTERM"]) { name in
            let colors = name == requested?.0 ? requested?.1 ?? -1 : sf_probe_terminal(name)
            return colors < 0 ? nil : Int(colors)
        }
        guard let choice, let streams = StdioStreams.standard(), newterm(choice.name, streams.output, streams.input) != nil else {
            throw OpenFailure(term: term)
        }
        notice = choice.notice
        // Esc must arrive alone quickly, not wait a second for a possible escape sequence.
        set_escdelay(25)
        raw()  // Ctrl-C arrives as a key, so quitting always restores the terminal.
        noecho()
        nonl()
        keypad(sf_stdscr(), true)
        curs_set(0)
        // The cursor is hidden: no update need end by moving it back to the window's cursor.
        leaveok(sf_stdscr(), true)
        (colorDepth, palette) = Self.startColors(enabled: colorEnabled)
        mousemask(sf_all_mouse_events(), nil)
        mouseinterval(0)
        // The blank screen first (the alternate one), so the probe's samples never touch the shell's.
        wrefresh(sf_stdscr())
        probe.ask()
        isOpen = true
    }

    /// A screen no one sees, for `storefront bench`: ncurses as the app uses it (the same window,
    /// the same colors, the same diff against what it believes is on screen), writing to
    /// `/dev/null`, so a frame's cost is timed without a terminal's speed in it. TERM is
    /// xterm-256color whatever the environment says, so the figure means the same everywhere.
    public init(offscreenWidth width: Int, height: Int) throws(OpenFailure) {
        ProcessLocale.adoptEnvironment()
        isUTF8 = true
        notice = nil
        guard sf_probe_terminal("xterm-256color") >= 0, let streams = StdioStreams.nullDevice(),
              newterm("xterm-256color", streams.output, streams.input) != nil else {
            throw OpenFailure(term: "xterm-256color")
        }
        leaveok(sf_stdscr(), true)
        (colorDepth, palette) = Self.startColors(enabled: true)
        isOpen = true
        isOffscreen = true
        resize(width: width, height: height)
    }

    /// Colors on the screen just made, with the terminal's own default colors kept, when asked
    /// and the terminal has them; the depth and the pairs the frames are drawn with.
    private static func startColors(enabled: Bool) -> (ColorDepth, ColorPairs) {
        var canColor = false
        if enabled, has_colors() {
            start_color()
            use_default_colors()
            canColor = true
        }
        let depth = ColorDepth(colorCount: Int(sf_colors()))
        return (depth, ColorPairs(enabled: canColor, depth: depth, pairLimit: Int(sf_color_pairs())))
    }

    /// Sets the size an offscreen screen believes it has (a real one takes the terminal's).
    public func resize(width: Int, height: Int) {
        resizeterm(Int32(height), Int32(width))
    }

    /// The frame last copied into the window, and the window's size then (`draw`).
    private var lastDrawn: Frame?
    private var lastSize = (width: 0, height: 0)

    /// Mouse reports ncurses handed over as Esc and characters, put back together.
    private var splitReports = SplitMouseReports()
    /// How long an Esc waits for the rest of a mouse report before it is a key of its own;
    /// longer than ncurses' escape delay, short enough that Esc still feels at once.
    static let splitReportWait: TimeInterval = 0.15

    /// What the terminal said of its widths at start (`TerminalProbe`).
    private var probe = TerminalProbe()
    public var widthMode: WidthMode { probe.widthMode }

    deinit {
        close()
    }

    /// Gives the terminal back: cursor, echo, the shell's screen.
    public func close() {
        guard isOpen else { return }
        isOpen = false
        curs_set(1)
        endwin()
        if !isOffscreen { probe.restore() }
    }

    public var size: (width: Int, height: Int) {
        (Int(sf_getmaxx(sf_stdscr())), Int(sf_getmaxy(sf_stdscr())))
    }

    /// Copies the frame into the window, a run of same-styled cells at a time, and flushes
    /// once. ncurses diffs it against what is on screen, so only changed cells travel; never
    /// `clear()`.
    public func draw(_ frame: Frame) {
        // A locale that cannot show UTF-8 would show its bytes as mojibake: draw ASCII instead.
        let frame = isUTF8 ? frame : frame.inASCII
        let window = sf_stdscr()
        let (width, height) = size
        // A row equal to the one copied last time is in the window already: ncurses would
        // compare it cell by cell only to find nothing to send. A move changes a few rows of 40.
        let previous = lastDrawn.flatMap { $0.width == frame.width && $0.height == frame.height && lastSize == (width, height) ? $0 : nil }
        lastDrawn = frame
        lastSize = (width, height)
        // (A resize forgets the last frame as well: `readQueuedInput`.)
        let columns = min(width, frame.width)
        // One buffer for every run's UTF-8, its capacity kept from run to run.
        var run: [UInt8] = []
        run.reserveCapacity(4 * columns + 1)
        for y in 0..<min(height, frame.height) {
            let start = y * frame.width
            // A slice shares the frame's storage: no cell is copied to read a row.
            let row = frame.cells[start..<start + columns]
            if let previous, frame.hasSameRow(y, as: previous) { continue }
            // Blanks join the run before them (`BlankCells`): attributes change once a run.
            let styles = BlankCells.drawnStyles(ofRow: row)
            var x = 0
            while x < columns {
                let style = styles[x]
                run.removeAll(keepingCapacity: true)
                let runStart = x
                var special = GraphemeCell.text
                while x < columns, styles[x] == style {
                    let cell = row[start + x]
                    special = GraphemeCell(cell, mode: widthMode)
                    if special != .text { break }
                    if !cell.isContinuation { cell.appendUTF8(to: &run) }
                    x += 1
                }
                let (attributes, pair) = palette.attributes(for: style)
                sf_set_style(window, attributes, pair)
                run.append(0)
                _ = run.withUnsafeBufferPointer { bytes in
                    bytes.withMemoryRebound(to: CChar.self) { sf_put(window, Int32(y), Int32(runStart), $0.baseAddress) }
                }
                // A cluster ncurses would count otherwise than the terminal draws it (`GraphemeCell`).
                switch special {
                case .text: break
                case .cluster(let characters):
                    _ = characters.withUnsafeBufferPointer {
                        sf_put_cluster(window, Int32(y), Int32(x), $0.baseAddress, attributes, pair)
                    }
                    x += row[start + x].width
                case .base(let text):
                    _ = sf_put(window, Int32(y), Int32(x), text)
                    x += row[start + x].width
                }
            }
        }
        wnoutrefresh(window)
        doupdate()
    }

    /// Waits on the keyboard and the inbox at once (`poll`), so an engine answer or a signal
    /// wakes the loop as promptly as a key; then reads every key already queued, without waiting
    /// again, so a burst becomes one frame.
    ///
    /// A terminal that has gone (its window closed, the pty's other end shut, with no SIGHUP
    /// reaching the app: it runs under `setsid`, or SIGHUP is blocked) makes `poll` answer at
    /// once, for ever, with nothing to read: that is `.hangUp`, never another wait.
    public func waitForInput(timeout: TimeInterval?, inbox: Inbox) -> [TerminalInput] {
        guard !isGone else { return [.hangUp] }
        // While an Esc may be the start of a mouse report that ncurses did not catch whole,
        // the wait is short: the rest of the report, or the Esc on its own once it is not.
        let wait = splitReports.isHolding ? min(timeout ?? Self.splitReportWait, Self.splitReportWait) : timeout
        // A signal (SIGWINCH) interrupts the wait; ncurses then has KEY_RESIZE for us below.
        let waited = Readiness.poll([TerminalStreams.input, inbox.wakeDescriptor], upTo: wait)
        var inputs = readQueuedInput()
        if let since = splitReports.heldSince, ProcessInfo.processInfo.systemUptime - since >= Self.splitReportWait {
            inputs += splitReports.flush()
        }
        if waited.states[0].isGone {
            isGone = true
            return inputs + [.hangUp]
        }
        return inputs
    }

    private func readQueuedInput() -> [TerminalInput] {
        let window = sf_stdscr()
        wtimeout(window, 0)
        var inputs: [TerminalInput] = []
        while true {
            var character: wint_t = 0
            let status = wget_wch(window, &character)
            if status == ERR { break }
            if let input = KeyDecoder.decode(status: status, code: UInt32(character), mouse: readMouse) {
                // ncurses cut the window to the new size and may have grown it back: it no
                // longer holds the last frame, whatever size it ends at.
                if input == .resize { lastDrawn = nil }
                inputs += splitReports.take(input, at: ProcessInfo.processInfo.systemUptime)
            }
        }
        return inputs
    }

    /// Ctrl-Z: gives the shell its screen back and stops the process as the shell's job
    /// control expects; `fg` continues it here, and everything is repainted.
    public func suspend() {
        guard isOpen else { return }
        endwin()
        probe.restore()
        // SIGSTOP, not SIGTSTP: it cannot be caught, so no handler (ncurses' included) runs
        // between here and `fg`.
        JobControl.stopThisProcess()
        // Continued. The screen may hold anything the shell printed: repaint all of it.
        probe.resume()
        redrawwin(sf_stdscr())
        wnoutrefresh(sf_stdscr())
        doupdate()
    }

    private func readMouse() -> MouseEvent? {
        var event = MEVENT()
        guard getmouse(&event) == OK else { return nil }
        let state = event.bstate
        if state & sf_button4_pressed() != 0 { return MouseEvent(.wheelUp, x: Int(event.x), y: Int(event.y)) }
        if sf_button5_pressed() != 0, state & sf_button5_pressed() != 0 {
            return MouseEvent(.wheelDown, x: Int(event.x), y: Int(event.y))
        }
        if state & sf_button1_pressed() != 0 { return MouseEvent(.press, x: Int(event.x), y: Int(event.y)) }
        return nil
    }
}
