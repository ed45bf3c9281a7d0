import Exports
import Foundation
import Program

/// `storefront demo SCRIPT --headless --record FILE`: the demo played on a screen in memory
/// (`UnattendedScreen`) whose pauses pass at once on its own clock, which also times the
/// recording. So CI records the same frames, captions and durations as a presenter recording
/// at that speed would, at the script's size (its `size` lines; 120x40 unless they say), and
/// ends where a presenter would press `q`.
public enum HeadlessDemo {
    public static func record(_ scenario: Scenario, options: ScenarioOptions, settings: DemoSettings, title: String,
                              environment: [String: String] = [:]) -> (recording: Recording, ending: DemoEnding) {
        let screen = UnattendedScreen()
        let recorder = Recorder(width: screen.size.width, height: screen.size.height, title: title,
                                environment: Recorder.environment(from: environment), clock: .custom { screen.seconds })
        let backend = RecordingBackend(screen, recorder: recorder)
        let ending = DemoPlayer(scenario: scenario, options: options, settings: settings, backend: backend, inbox: Inbox(),
                                elapsedSeconds: { screen.seconds },
                                resize: { backend, width, height in backend.base.size = (width, height) }).play()
        return (recorder.recording, ending)
    }
}
