import Foundation

/// How long a demo waits at each step, so it goes at a person's pace: long enough after a
/// caption to read it, a beat before each action to see the screen it acts on (what the action
/// before did), a typist's rhythm between the keys of a card number, and no wait at all for
/// what the audience does not see (an `expect`, a setting of the simulated servers). A pure function of the step and the speed,
/// so the schedule is tested without waiting for it.
public enum DemoPacing {
    /// What kind of step a pause is for: before an action, after a key or a caption.
    public enum Step: Sendable, Equatable {
        /// A line that changes what is on screen: a purchase, a key, a jump of the clock.
        case action
        /// One key of text typed into a form.
        case key
        /// A caption of this many characters, to be read.
        case caption(characters: Int)
        /// An `expect` or a `snapshot`: checked quietly, no pause.
        case check
        /// A setting nobody sees change (`rate`, `xee key`, a catalog or a user before launch).
        case setup
    }

    /// `--speed`: half as fast up to four times as fast as the pace below.
    public static let speeds: ClosedRange<Double> = 0.5...4

    /// Seconds at speed 1.
    static let actionSeconds = 1.5
    static let keySeconds = 0.12
    /// A caption is read at about 15 characters a second, and shown for 1.5 s at least and
    /// 6 s at most (a longer one is the presenter's to talk over; Space holds it).
    static let captionSecondsPerCharacter = 1.0 / 15
    static let captionSeconds = 1.5...6.0

    /// The pause for `step` at `speed` (within `speeds`; outside it is clamped, though the
    /// command line refuses such a speed before a demo starts).
    public static func delay(for step: Step, speed: Double) -> TimeInterval {
        let speed = min(max(speed, speeds.lowerBound), speeds.upperBound)
        let seconds: TimeInterval
        switch step {
        case .action: seconds = actionSeconds
        case .key: seconds = keySeconds
        case .caption(let characters):
            seconds = min(max(Double(characters) * captionSecondsPerCharacter, captionSeconds.lowerBound),
                          captionSeconds.upperBound)
        case .check, .setup: seconds = 0
        }
        return seconds / speed
    }

    /// The pauses of a whole run of steps, in order.
    public static func delays(for steps: [Step], speed: Double) -> [TimeInterval] {
        steps.map { delay(for: $0, speed: speed) }
    }
}

extension ScenarioBeat {
    /// The kind of pause this moment gets.
    var pace: DemoPacing.Step {
        switch self {
        case .line(let step): return step
        case .finished: return .check
        case .key: return .key
        case .caption(let text): return .caption(characters: text.count)
        }
    }
}
