import Foundation
import Program
import TerminalUI

/// Where a scenario plays, and the one cut between `storefront scenario` and `storefront demo`:
/// the same `ScenarioRun` reads and performs every line on a `Program<Terminal>`; the stage
/// says which backend a launch draws on, how the app looks, and what happens between steps.
/// Headless, a launch gets a fresh `HeadlessBackend` and nothing waits; in a demo every launch
/// draws on the one terminal, and each step is drawn and paced like a person (`DemoPlayer`).
public struct ScenarioStage<Terminal: Backend> {
    /// The backend a launch draws on, given the scenario's size (a terminal keeps its own).
    public var makeBackend: (_ width: Int, _ height: Int) -> Terminal
    /// A `size` line: a headless screen takes it; a terminal keeps the size its owner gave it.
    public var resize: (_ backend: Terminal, _ width: Int, _ height: Int) -> Void
    public var look: ScenarioLook
    /// The inbox every launch's program reads; nil gives each its own. A demo shares one, so a
    /// signal posted to it (`QuitSignals`) reaches whichever launch is on screen.
    public var inbox: Inbox?
    /// Whether each `# comment` is also a caption (`demo --captions comments`).
    public var captionsFromComments = false
    /// A moment between steps: before a line acts, after each key typed, at a caption. It may
    /// throw `ScenarioInterrupted` to end the run there.
    public var beat: (_ beat: ScenarioBeat, _ program: AppLoop<Terminal>) throws -> Void

    public init(makeBackend: @escaping (Int, Int) -> Terminal, resize: @escaping (Terminal, Int, Int) -> Void,
                look: ScenarioLook, beat: @escaping (ScenarioBeat, AppLoop<Terminal>) throws -> Void) {
        self.makeBackend = makeBackend
        self.resize = resize
        self.look = look
        self.beat = beat
    }
}

extension ScenarioStage where Terminal == HeadlessBackend {
    /// `storefront scenario`: a screen in memory at the script's size, times in UTC, and no
    /// pause anywhere. With color, in the built-in dark and light themes at 24 bits (and any
    /// `reload theme` file's), as a true-color terminal shows them: snapshots keep those colors
    /// cell by cell. The text is the same as without color; only styles tell the two apart.
    public static var headless: ScenarioStage<HeadlessBackend> {
        var look = ScenarioLook()
        look.colorEnabled = true
        return ScenarioStage(makeBackend: { HeadlessBackend(width: $0, height: $1) },
                             resize: { backend, width, height in backend.size = (width, height) },
                             look: look, beat: { _, _ in })
    }
}

/// How the app a scenario launches looks: plain and in UTC for a script, in the terminal's
/// colors and the themes beside the catalog for a demo, and maybe in front of an audience.
public struct ScenarioLook: Sendable {
    public var themes: [Theme] = Theme.builtIn
    public var themeName: String?
    public var colorEnabled = false
    public var colorDepth: ColorDepth = .trueColor
    public var timeZone = TimeZone(identifier: "UTC") ?? .current
    /// `--audience`: no QA row, no Sandbox marker, no Events pane unless `showsEvents`.
    public var audience = false
    public var showsEvents: Bool?

    public init() {}
}

/// A moment between two steps of a scenario, as the stage is told of it.
public enum ScenarioBeat: Sendable, Equatable {
    /// The last line has run and held: a demo shows its end until the presenter says.
    case finished
    /// A line is about to act (or check, or set something up, as `pace` says).
    case line(DemoPacing.Step)
    /// One key of text typed into a form (a card number, a 3-D Secure code) has landed.
    case key
    /// A caption for what follows: a `caption` line, or a comment with `--captions comments`.
    case caption(String)
}

/// Thrown by a stage to end a run between steps: the presenter restarted or quit a demo.
public struct ScenarioInterrupted: Error, Sendable {
    public init() {}
}
