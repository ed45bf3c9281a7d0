import Foundation
import Program
import TerminalUI

/// Where `storefront demo --headless` plays: a screen in memory, with nobody at it, on a clock
/// of its own that each pause moves on at once by the pause's length. So a demo recorded in CI
/// shows every frame for as long as a presenter's would at that speed, in a second of real time,
/// and the same on every machine. At the end, where a demo waits for the presenter, nobody
/// will come: it answers `q`.
public final class UnattendedScreen: Backend, @unchecked Sendable {
    // The recorder reads `seconds` for each frame's time; a lock keeps that safe from any thread.
    private let lock = NSLock()
    private var elapsed: TimeInterval = 0
    private var screenSize: (width: Int, height: Int)

    /// A scenario's size until its `size` lines say another.
    public init(width: Int = 120, height: Int = 40) {
        screenSize = (width, height)
    }

    public var size: (width: Int, height: Int) {
        get { lock.withLock { screenSize } }
        set { lock.withLock { screenSize = newValue } }
    }

    /// Seconds the demo has paused for so far.
    public var seconds: TimeInterval { lock.withLock { elapsed } }

    /// What is drawn goes nowhere: a recorder around this screen keeps it.
    public func draw(_ frame: Frame) {}

    public func waitForInput(timeout: TimeInterval?, inbox: Inbox) -> [TerminalInput] {
        guard let timeout else { return [.key(.character("q"))] }
        lock.withLock { elapsed += timeout }
        return []
    }

    public func suspend() {}
}
