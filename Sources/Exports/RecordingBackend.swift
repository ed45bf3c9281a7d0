import Foundation
import Program
import TerminalUI

/// A Backend that records what it shows: every call goes to `base` unchanged, and each frame
/// drawn is handed to the recorder as well. Wrap the terminal in it and the program, the app
/// and the terminal never know (`--record` on the app, a demo).
public final class RecordingBackend<Base: Backend>: Backend {
    public let base: Base
    public let recorder: Recorder

    public init(_ base: Base, recorder: Recorder) {
        self.base = base
        self.recorder = recorder
    }

    public var size: (width: Int, height: Int) { base.size }

    public func draw(_ frame: Frame) {
        base.draw(frame)
        recorder.record(frame)
    }

    public func waitForInput(timeout: TimeInterval?, inbox: Inbox) -> [TerminalInput] {
        base.waitForInput(timeout: timeout, inbox: inbox)
    }

    public func suspend() {
        base.suspend()
    }

    public var widthMode: WidthMode { base.widthMode }
}
