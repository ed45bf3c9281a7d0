/// The presenter's keys while a demo plays, as a pure state machine: Space pauses and resumes,
/// `→` takes one step (while paused; while playing it cuts the pause short), `←` starts over
/// on a fresh state, `q` quits. The player feeds it the keys and the end of each pause, and
/// does what it decides.
public struct DemoControls: Sendable, Equatable {
    public enum State: Sendable, Equatable {
        case playing
        case paused
    }

    public enum Input: Sendable, Equatable {
        /// Space.
        case togglePause
        /// `→`.
        case step
        /// `←`.
        case restart
        /// `q`, Ctrl-C, a signal, the terminal gone.
        case quit
        /// The pause after a step has run its time.
        case pauseEnded
    }

    public enum Decision: Sendable, Equatable {
        /// Keep waiting: for the rest of the pause, or, paused, for a key.
        case wait
        /// Go on to the next step now.
        case proceed
        /// Start over from the first line on a fresh state.
        case restart
        case quit
    }

    public private(set) var state: State

    public init(state: State = .playing) {
        self.state = state
    }

    public mutating func handle(_ input: Input) -> Decision {
        switch (input, state) {
        case (.togglePause, .playing):
            state = .paused
            return .wait
        case (.togglePause, .paused):
            // Resumed: what was left of the pause runs out first.
            state = .playing
            return .wait
        case (.step, _):
            // One step, and the demo stays as it was: paused, it waits again after it.
            return .proceed
        case (.restart, _):
            // A new run starts playing, whatever the old one was doing.
            state = .playing
            return .restart
        case (.quit, _):
            return .quit
        case (.pauseEnded, .playing):
            return .proceed
        case (.pauseEnded, .paused):
            return .wait
        }
    }

    /// Whether the demo waits for a key, with no pause running.
    public var isPaused: Bool { state == .paused }
}
