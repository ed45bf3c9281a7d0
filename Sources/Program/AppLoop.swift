import Foundation
import Host
import StoreEngine
import TerminalUI

/// The one loop, for every front end: input and mail become messages, the
/// update returns effects, engine calls run on the engine's own thread and answer through the
/// inbox, timers run on the simulated clock, and one frame is drawn per burst.
///
/// The terminal app calls `run()`; scenarios, exports and tests drive the same loop on a
/// `HeadlessBackend` with `send(_:)`, `settle()` and `advance(by:)`, where time moves only
/// when they say so.
public final class AppLoop<Terminal: Backend> {
    public private(set) var app: App
    public let backend: Terminal
    public let inbox: Inbox
    private let engine: EngineWorker
    private let wallTime: () -> Date
    /// The engine's clock as it last reported it; timers are due in its simulated time.
    public private(set) var clock: Clock
    private var timers: [(due: Date, message: Message)] = []
    /// Messages waiting for quiet (`deliverWhenQuiet`), each due at a wall time.
    private var quietTimers: [(wallDue: Date, message: Message)] = []
    /// When the engine next has something to do (a redirect countdown ending); cleared when
    /// the program asks it to run, until its report says what is due next.
    private var engineDue: Date?
    /// After a failed call (a full disk), what is due waits for the player's next key or click
    /// instead of being asked for again at once, and again, for as long as the disk is full.
    private var dueWaitsForPlayer = false
    /// Engine calls and screen saves handed out and not yet answered.
    private var callsInFlight = 0
    private var queue: [Message] = []
    private var needsDraw = true
    /// Engine calls that failed since the last `takeFailures()`, oldest first: a script runner
    /// ends on one that is the ledger's (a full disk) rather than read on past it.
    private var failures: [StoreError] = []
    /// The frame last drawn: what `c` saves, the screen as the player sees it.
    private var shown: Frame?
    /// Writes a frame to files and says where (the app's `c`), on a thread of its own; nil
    /// where there is no such place.
    private let captureScreen: (@Sendable (Frame) -> StoreNotice)?
    /// Saves still writing: the loop lets them finish before it returns, so no capture is cut off.
    private let saves = DispatchGroup()
    /// Posts the stores' notifications to the team's backend, off the loop.
    private let courier: NotificationCourier

    public init(app: App, backend: Terminal, engine: EngineWorker, clock: Clock, inbox: Inbox = Inbox(),
                wallTime: @escaping () -> Date = Date.init, captureScreen: (@Sendable (Frame) -> StoreNotice)? = nil,
                courier: NotificationCourier = NotificationCourier()) {
        self.courier = courier
        self.app = app
        self.backend = backend
        self.engine = engine
        self.clock = clock
        self.inbox = inbox
        self.wallTime = wallTime
        self.captureScreen = captureScreen
    }

    /// Simulated time now.
    public var now: Date { clock.now(atWall: wallTime()) }

    // MARK: The terminal

    /// Runs until a `.quit` message (a key, a signal through the inbox). The last engine call
    /// is let finish before it returns, so nothing half-written is left behind.
    /// - Parameter stopTakingMail: called once the loop has ended, before the last mail is
    ///   read: what hands messages in from outside (the URL listener) stops there, so a URL it
    ///   answered `ok` for is one the app still opens.
    public func run(stopTakingMail: () -> Void = {}) {
        let (width, height) = backend.size
        queue += [.resize(width: width, height: height), .tick(now), .started]
        // The first frame shows the store as launched: what was redelivered, what the products
        // request answered. No input matters yet, so waiting here costs the player nothing.
        drain()
        waitForCalls(upTo: 2)
        while !app.isQuitting {
            drain()
            if app.isQuitting { break }
            if needsDraw {
                let frame = measured { app.view() }
                backend.draw(frame)
                shown = frame
                needsDraw = false
            }
            let inputs = backend.waitForInput(timeout: wakeTimeout(), inbox: inbox)
            queue += Self.messages(for: inputs, size: backend.size)
            collectMail()
            // The clock matters on screen only while something counts down.
            if app.wantsTicks || !inputs.isEmpty { queue.append(.tick(now)) }
            queueDueWork()
        }
        stopTakingMail()
        // URLs that came in as the app quit are opened still (the update sends them to the
        // engine whatever else it is doing); nothing else matters now.
        for mail in inbox.take() {
            if mail.answersCall { callsInFlight -= 1 }
            if case .openURL = mail.message { for effect in measured({ app.update(mail.message) }) { carryOut(effect) } }
        }
        engine.waitUntilIdle()
        saves.wait()
    }

    /// Wall seconds until the next timer or engine step; short while a countdown shows; at
    /// most a second otherwise, though nothing needs the wake-up.
    private func wakeTimeout() -> TimeInterval {
        let wall = wallTime()
        var wait = app.wantsTicks ? 0.2 : 1.0
        let engineWake = dueWaitsForPlayer ? nil : engineDue
        for due in timers.map(\.due) + [engineWake].compactMap({ $0 }) {
            if let seconds = clock.wallSeconds(until: due, atWall: wall) { wait = min(wait, seconds) }
        }
        for quiet in quietTimers { wait = min(wait, max(0, quiet.wallDue.timeIntervalSince(wall))) }
        return wait
    }

    /// What a batch of terminal input becomes: two or more characters in a row are one
    /// `.typed` burst, as a paste arrives, so that what they go to can take them at once
    /// rather than one engine call and one frame per character.
    static func messages(for inputs: [TerminalInput], size: (width: Int, height: Int)) -> [Message] {
        var messages: [Message] = []
        var burst = ""
        func endBurst() {
            if let only = burst.first, burst.dropFirst().isEmpty {
                messages.append(.key(.character(only)))
            } else if !burst.isEmpty {
                messages.append(.typed(burst))
            }
            burst = ""
        }
        for input in inputs {
            switch input {
            case .key(.character(let character)):
                burst.append(character)
            case .key(let key):
                endBurst()
                messages.append(.key(key))
            case .mouse(let event):
                endBurst()
                messages.append(.mouse(event))
            case .resize:
                endBurst()
                messages.append(.resize(width: size.width, height: size.height))
            case .hangUp:
                // The terminal went away: the app ends as on SIGHUP.
                endBurst()
                messages.append(.quit)
            }
        }
        endBurst()
        return messages
    }

    // MARK: Headless

    /// Hands a message in and processes until nothing is left to do.
    public func send(_ message: Message) {
        send([message])
    }

    /// Hands several messages in at once, as keys that arrive in one read of the terminal, then
    /// processes until nothing is left to do.
    public func send(_ messages: [Message]) {
        queue += messages
        settle()
    }

    /// Processes until the program is idle: no message queued, no engine call in flight,
    /// nothing due on the clock. Time does not move here; on a paused clock nothing
    /// time-based happens. Nothing is drawn until `draw()` asks: a script reads the screen
    /// far less often than it acts.
    public func settle() {
        repeat {
            drain()
            if callsInFlight > 0 { inbox.wait(timeout: nil) }
            collectMail()
            queueDueWork()
            // A script's keys have all arrived: what waits for quiet goes now.
            if queue.isEmpty, callsInFlight == 0, !quietTimers.isEmpty {
                queue += quietTimers.map(\.message)
                quietTimers.removeAll()
            }
        } while !queue.isEmpty || callsInFlight > 0
        queue.append(.tick(now))
        drain()
    }

    /// The engine calls that failed since the last time this was asked, oldest first.
    public func takeFailures() -> [StoreError] {
        defer { failures = [] }
        return failures
    }

    /// Draws the current frame on the backend, if anything changed since the last, and returns it.
    @discardableResult
    public func draw() -> Frame {
        let frame = measured { app.view() }
        if needsDraw {
            backend.draw(frame)
            shown = frame
            needsDraw = false
        }
        return frame
    }

    /// Moves the simulated calendar on by `seconds`. Everything due on the way happens at its
    /// own time, in order: the engine's steps (inside its `advance`) and the program's timers.
    public func advance(by seconds: TimeInterval) {
        settle()
        let target = now.addingTimeInterval(max(0, seconds))
        while true {
            let step = min(timers.map(\.due).min() ?? target, target)
            call(.advance(to: step), byTheClock: true)
            settle()
            if step >= target { break }
        }
    }

    /// Processes engine answers until no call is in flight or `seconds` of wall time pass.
    private func waitForCalls(upTo seconds: TimeInterval) {
        let deadline = Date().addingTimeInterval(seconds)
        while callsInFlight > 0 {
            let left = deadline.timeIntervalSinceNow
            guard left > 0 else { return }
            inbox.wait(timeout: left)
            collectMail()
            drain()
        }
    }

    // MARK: Processing

    private func drain() {
        // A batch at a time: taking messages off the front one by one would move the rest of
        // the queue each time, and a burst of input can be long.
        while !queue.isEmpty {
            let batch = queue.supersedingReports()
            queue.removeAll(keepingCapacity: true)
            for message in batch { process(message) }
        }
    }

    private func process(_ message: Message) {
        switch message {
        case .store(let report), .clockReport(let report), .supersededReport(let report):
            if report.clock != clock {
                // The calendar moved (advance, a rate): the clock on screen follows first, so
                // what the report says is kept with the time it happened at.
                clock = report.clock
                process(.tick(clock.now(atWall: wallTime())))
            }
            engineDue = report.nextDue
            dueWaitsForPlayer = report.failure != nil
            if let failure = report.failure {
                // Kept for a script to read after each line; a terminal never asks, so few are kept.
                failures.append(failure)
                if failures.count > 16 { failures.removeFirst() }
            }
        case .key, .typed, .mouse:
            dueWaitsForPlayer = false
        default:
            break
        }
        for effect in measured({ app.update(message) }) {
            carryOut(effect)
        }
        needsDraw = true
    }

    /// `body` measuring text as the backend's terminal draws it, so a click lands on what was drawn.
    private func measured<Result>(_ body: () -> Result) -> Result {
        DisplayWidth.measuring(backend.widthMode, body)
    }

    private func carryOut(_ effect: Effect) {
        switch effect {
        case .engine(let engineCall):
            call(engineCall)
        case .deliver(let message, let seconds):
            timers.append((now.addingTimeInterval(seconds), message))
        case .deliverWhenQuiet(let message, let seconds):
            quietTimers.removeAll { $0.message == message }
            quietTimers.append((wallTime().addingTimeInterval(seconds), message))
        case .captureScreen:
            guard let shown, let captureScreen else {
                // Headless there is no `c` to save with: a script says where with `capture NAME`.
                queue.append(.screenCaptured(StoreNotice(.error, "Nothing saved: a scenario saves the screen with capture NAME.")))
                return
            }
            // Off the loop, as an engine call is: drawing the PNG takes a while, and keys are
            // read meanwhile. `shown` is a value, so what is saved is the screen at the key press.
            callsInFlight += 1
            let inbox = self.inbox
            saves.enter()
            DispatchQueue.global(qos: .userInitiated).async { [saves] in
                inbox.answer(.screenCaptured(captureScreen(shown)))
                saves.leave()
            }
        case .post(let deliveries):
            // Counted as calls: a script's `settle` waits for the backend's answers (each bounded
            // by the courier's timeouts), so what it checks next has them.
            let inbox = self.inbox
            for delivery in deliveries {
                callsInFlight += 1
                courier.post(delivery) { result in inbox.answer(.delivered(result)) }
            }
        case .suspend:
            backend.suspend()
            let (width, height) = backend.size
            queue.append(.resize(width: width, height: height))
            needsDraw = true
        }
    }

    /// Hands `engineCall` to the engine; `byTheClock` when time passing asked for it, not the
    /// player, so its answer comes back as the clock's (`Message.clockReport`).
    private func call(_ engineCall: EngineCall, byTheClock: Bool = false) {
        callsInFlight += 1
        let inbox = self.inbox
        engine.submit(engineCall) { answer in
            guard byTheClock, case .store(let report) = answer else { return inbox.answer(answer) }
            inbox.answer(.clockReport(report))
        }
    }

    private func collectMail() {
        for mail in inbox.take() {
            if mail.answersCall { callsInFlight -= 1 }
            queue.append(mail.message)
        }
    }

    /// Timers whose simulated time has come, and the engine's own next step.
    private func queueDueWork() {
        let current = now
        let due = timers.filter { $0.due <= current }.sorted { $0.due < $1.due }
        timers.removeAll { $0.due <= current }
        queue += due.map(\.message)
        let wall = wallTime()
        queue += quietTimers.filter { $0.wallDue <= wall }.map(\.message)
        quietTimers.removeAll { $0.wallDue <= wall }
        if !dueWaitsForPlayer, let due = engineDue, due <= current {
            engineDue = nil
            call(.runDue, byTheClock: true)
        }
    }
}
