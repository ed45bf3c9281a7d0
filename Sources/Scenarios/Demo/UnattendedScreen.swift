import Foundation
import Program
import Synchronization
import TerminalUI

/// Where `storefront demo --headless` plays: a screen in memory, with nobody at it, on a clock
/// of its own that each pause moves on at once by the pause's length. So a demo recorded in CI
/// shows every frame for as long as a presenter's would at that speed, in a second of real time,
/// and the same on every machine. At the end, where a demo waits for the presenter, nobody
/// will come: it answers `q`.
public final class UnattendedScreen: Backend, Sendable {
    private struct State {
        var elapsed: TimeInterval = 0
        var size: (width: Int, height: Int)
    }

    // The recorder reads `seconds` for each frame's time, from any thread.
    private let state: Mutex<State>

    /// A scenario's size until its `size` lines say another.
    public init(width: Int = 120, height: Int = 40) {
        state = Mutex(State(size: (width, height)))
    }

    public var size: (width: Int, height: Int) {
        get { state.withLock { $0.size } }
        set { state.withLock { $0.size = newValue } }
    }

    /// Seconds the demo has paused for so far.
    public var seconds: TimeInterval { state.withLock { $0.elapsed } }

    /// What is drawn goes nowhere: a recorder around this screen keeps it.
    public func draw(_ frame: Frame) {}

    public func waitForInput(timeout: TimeInterval?, inbox: Inbox) -> [TerminalInput] {
        guard let timeout else { return [.key(.character("q"))] }
        state.withLock { $0.elapsed += timeout }
        return []
    }

    public func suspend() {}
}
