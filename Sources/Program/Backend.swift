import Foundation
import TerminalUI

/// What the program needs of a front end: a size, a way to show a Frame, input,
/// and suspending. The curses terminal implements it; so does the headless backend that
/// scenarios, exports and tests run on.
public protocol Backend: AnyObject {
    var size: (width: Int, height: Int) { get }

    /// Shows the frame (curses: copies it into the window and flushes once).
    func draw(_ frame: Frame)

    /// Waits until input arrives, the inbox has mail, or `timeout` seconds pass (nil: no limit),
    /// and returns the input that arrived.
    func waitForInput(timeout: TimeInterval?, inbox: Inbox) -> [TerminalInput]

    /// Gives the terminal back to the shell until the user resumes the program (Ctrl-Z, `fg`);
    /// the next `draw` repaints everything.
    func suspend()

    /// How the terminal advances over a cluster of several code points, which every update and
    /// view of the loop measures by. The curses terminal probes it at start; the headless
    /// backend (scenarios, snapshots, exports) keeps `perCodePoint`, what tmux draws.
    var widthMode: WidthMode { get }
}

extension Backend {
    public var widthMode: WidthMode { .perCodePoint }
}

/// What a terminal delivers.
public enum TerminalInput: Sendable, Equatable {
    case key(Key)
    case mouse(MouseEvent)
    case resize
    /// The terminal has gone (hung up, closed, an error on reading it): nothing more will
    /// come from it, and the program quits as on SIGHUP.
    case hangUp
}

/// A frame in memory instead of a terminal: scenarios, exports, and tests of the loop.
public final class HeadlessBackend: Backend {
    public var size: (width: Int, height: Int)
    /// The last frame drawn.
    public private(set) var frame: Frame?
    public private(set) var drawCount = 0

    public init(width: Int = 120, height: Int = 40) {
        size = (width, height)
    }

    public func draw(_ frame: Frame) {
        self.frame = frame
        drawCount += 1
    }

    /// No terminal: input comes from the script as messages, so this only waits for mail.
    public func waitForInput(timeout: TimeInterval?, inbox: Inbox) -> [TerminalInput] {
        inbox.wait(timeout: timeout)
        return []
    }

    public func suspend() {}
}
