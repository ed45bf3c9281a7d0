import Foundation
import Synchronization
import TerminalUI

/// Where a recording's seconds come from: the wall for the app (a viewer sees the session at
/// the pace it was lived), or a fixed step per frame for scenarios, whose paused clock and
/// instant lines would otherwise play as one blur (and whose recordings are then the same on
/// every run and every machine).
public enum RecordingClock: Sendable {
    /// Seconds since the recorder started, on the monotonic clock (a change of the system time
    /// never makes a frame go back).
    case wall
    /// Each frame shows for `secondsPerFrame` before the next: frame n is at n × that.
    case paced(secondsPerFrame: Double)
    /// Given by the caller (tests, a demo's own pacing).
    case custom(@Sendable () -> Double)

    /// How long a scenario's step stays on screen in its recording.
    public static let scenarioStep = 0.5
}

/// Keeps what a session showed as a `Recording`: each frame that differs from the one before,
/// at its time, and a resize wherever a frame has another size than the last (so a recording's
/// size is always its frames' size, whatever the terminal reported in between). Safe to use
/// from any thread: a scenario run hands it across, a demo may read it while it plays.
public final class Recorder: Sendable {
    private struct State {
        var kept: Recording
        var last: Frame?
        var framesKept = 0
    }

    private let state: Mutex<State>
    private let clock: RecordingClock
    private let startNanoseconds = DispatchTime.now().uptimeNanoseconds

    public init(width: Int, height: Int, title: String? = nil, environment: [String: String] = [:],
                started: Date = Date(), clock: RecordingClock = .wall) {
        state = Mutex(State(kept: Recording(width: width, height: height, started: started, title: title, environment: environment)))
        self.clock = clock
    }

    /// The environment a cast's `env` names, from the process's: what a player uses to pick
    /// its terminal emulation (`TERM`) and shows (`SHELL`).
    public static func environment(from process: [String: String]) -> [String: String] {
        var environment: [String: String] = [:]
        for name in ["TERM", "SHELL"] { environment[name] = process[name] }
        return environment
    }

    /// Keeps `frame` unless the screen already shows it.
    public func record(_ frame: Frame) {
        state.withLock { state in
            guard frame != state.last else { return }
            let time = now(framesKept: state.framesKept)
            if let last = state.last {
                if last.width != frame.width || last.height != frame.height {
                    state.kept.events.append((time, .resize(width: frame.width, height: frame.height)))
                }
            } else {
                // The first frame gives the recording its size.
                state.kept.width = frame.width
                state.kept.height = frame.height
            }
            state.kept.events.append((time, .frame(frame)))
            state.last = frame
            state.framesKept += 1
        }
    }

    /// What was recorded so far.
    public var recording: Recording {
        state.withLock { $0.kept }
    }

    /// The time of the next frame, after `framesKept` frames; under the mutex.
    private func now(framesKept: Int) -> Double {
        switch clock {
        case .wall:
            return Double(DispatchTime.now().uptimeNanoseconds - startNanoseconds) / 1e9
        case .paced(let step):
            return Double(framesKept) * step
        case .custom(let read):
            return read()
        }
    }
}
