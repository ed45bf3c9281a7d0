import Foundation
import TerminalUI

/// A session as it was shown: the frames a backend drew, each at the second it was drawn, and
/// the terminal's resizes. `--record` keeps one; it is written as an asciinema v2 cast or an
/// animated SVG.
public struct Recording: Sendable {
    public enum Event: Sendable {
        case frame(Frame)
        /// The terminal took a new size; the next frame has it.
        case resize(width: Int, height: Int)
    }

    /// The size at the start.
    public var width: Int
    public var height: Int
    /// When the recording started (the cast's `timestamp`).
    public var started: Date
    public var title: String?
    /// The variables a player may want (`TERM`, `SHELL`), as the cast's `env`.
    public var environment: [String: String]
    /// Seconds since `started`, in order.
    public var events: [(time: Double, event: Event)]

    public init(width: Int, height: Int, started: Date, title: String? = nil,
                environment: [String: String] = [:], events: [(time: Double, event: Event)] = []) {
        self.width = width
        self.height = height
        self.started = started
        self.title = title
        self.environment = environment
        self.events = events
    }

    /// The frames only, with their times: what an animated SVG plays.
    public var frames: [(time: Double, frame: Frame)] {
        events.compactMap { entry in
            if case .frame(let frame) = entry.event { return (entry.time, frame) }
            return nil
        }
    }
}
