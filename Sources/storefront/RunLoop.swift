import CursesBackend
import Foundation
import TerminalUI

/// The loop of DESIGN.md §2: input and timers become messages, the update returns effects, the
/// effects answer with more messages, and one frame is drawn per burst.
struct RunLoop {
    var state: AppState
    let runner: EffectRunner
    let terminal: CursesTerminal
    private var timers: [(due: Date, message: Message)] = []

    init(state: AppState, runner: EffectRunner, terminal: CursesTerminal) {
        self.state = state
        self.runner = runner
        self.terminal = terminal
    }

    mutating func run() {
        let (width, height) = terminal.size
        var queue: [Message] = [.resize(width: width, height: height), .tick(Date()), .started]
        while true {
            // Draw only after something happened: an idle app costs nothing but the wait.
            if !queue.isEmpty {
                process(&queue)
                if state.wantsQuit { return }
                terminal.draw(AppView.render(state))
            }
            let inputs = terminal.nextInput(timeoutMilliseconds: waitMilliseconds())
            for input in inputs {
                switch input {
                case .key(let key): queue.append(.key(key))
                case .mouse(let event): queue.append(.mouse(event))
                case .resize:
                    let (newWidth, newHeight) = terminal.size
                    queue.append(.resize(width: newWidth, height: newHeight))
                }
            }
            let now = Date()
            // The clock matters on screen only while a redirect counts down.
            if state.pendingRedirect != nil || !inputs.isEmpty { queue.append(.tick(now)) }
            let due = timers.filter { $0.due <= now }
            timers.removeAll { $0.due <= now }
            queue.append(contentsOf: due.map(\.message))
        }
    }

    /// Short waits only while something on screen counts down; otherwise wake rarely.
    private func waitMilliseconds() -> Int32 {
        let now = Date()
        var wait = state.pendingRedirect == nil ? 1000.0 : 200.0
        if let next = timers.map(\.due).min() {
            wait = min(wait, max(0, next.timeIntervalSince(now) * 1000))
        }
        return Int32(wait.rounded(.up))
    }

    private mutating func process(_ queue: inout [Message]) {
        while !queue.isEmpty {
            let message = queue.removeFirst()
            for effect in state.update(message) {
                switch runner.run(effect) {
                case .messages(let answers): queue.append(contentsOf: answers)
                case .timer(let later, let seconds): timers.append((Date().addingTimeInterval(seconds), later))
                case .quit: return
                }
            }
        }
    }
}
