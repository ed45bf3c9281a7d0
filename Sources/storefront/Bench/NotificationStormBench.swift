import Catalog
import CursesBackend
import Foundation
import Host
import Program
import StoreEngine
import TerminalUI

/// A frame of the app while the outbox storms, against a frame with it idle, in the same run:
/// 10,000 App Store notifications due at once, posted by the courier to the receiver answering
/// 204 and each recorded in a commit; then 100 timing out at a backend that hangs (the
/// courier's whole-attempt limit cut to `hangMilliseconds` so that they end within seconds),
/// alone and then while Google Play's 200 and Xsolla's 100 payments go to the receiver through
/// the same courier. The idle frames are drawn after the storm's reports are in and again at
/// the end, so that they draw panes as full as the others. Each frame first hands
/// the app the engine's reports that came in since the last, as the loop's update takes them,
/// then draws (view and ncurses' diff at 120x40 on an offscreen screen, wall clock), a key at
/// a time (`KeypressBench.keyPause` apart). Checked
/// after: every delivery recorded with the result it should have (delivered, or `TIMED_OUT`),
/// in the ledger too (with an `order_paid` written for each payment taken), the receiver's
/// count, and every Xsolla webhook found signed right by it.
enum NotificationStormBench {
    static let hangMilliseconds = 100
    static let timingOut = 100

    struct Outcome {
        var idle: Measurement
        var storm: Measurement
        /// The app thread's CPU a storm frame that took any of the engine's reports spent taking them.
        var stormTaking: Measurement
        var stormDeliveries: Int
        var stormSeconds: Double
        /// While the hanging backend's time out, alone.
        var hanging: Measurement
        var hangTaking: Measurement
        /// While they go on timing out and Google Play's and Xsolla's are delivered beside them.
        var beside: Measurement
        var otherStore: Int
        /// From their posts until the other store's last delivery was recorded.
        var otherStoreSeconds: Double
        var xsolla: Int
        /// From the posts until Xsolla's last delivery was recorded.
        var xsollaSeconds: Double
        /// The hanging store's attempts recorded by then.
        var timedOutByThen: Int
        var hangSeconds: Double
        var setupSeconds: Double
    }

    static func measure(catalog: ProductCatalog, receiver: BenchReceiver, quick: Bool) throws(CommandFailure) -> Outcome {
        let setupStart = DispatchTime.now().uptimeNanoseconds
        let outbox = try BenchOutbox(catalog: catalog, urls: [.appStore: receiver.url])
        defer { outbox.remove() }
        let storm = try outbox.testNotifications(quick ? 1_000 : 10_000)
        try outbox.configure(urls: [.appStore: receiver.hangingURL, .googlePlay: receiver.url, .xsolla: receiver.xsollaURL])
        let hangingDeliveries = try outbox.testNotifications(timingOut)
        let play = try outbox.playPurchases(quick ? 50 : 200)
        let xsolla = try outbox.xsollaPayments(quick ? 25 : 100)
        let setupSeconds = seconds(since: setupStart)
        let answeredBefore = receiver.answered()
        let signedBefore = receiver.signedWebhooks()

        let terminal = try CursesTerminal.benchScreen(for: "notification bench")
        defer { terminal.close() }
        let bench = try KeypressBench(catalog: catalog, label: "frames beside the outbox")
        var tallies: [DeliveryTally] = []
        // The app's own work taking the reports, on its thread's CPU clock, so that it reads the
        // same on a busy machine: the rest of a frame is drawing and contention. Frames that
        // took none are left out (they took nothing).
        var taking: [Double] = []
        let draw = { () -> Frame in
            let start = threadCPUNanoseconds()
            // As the loop drains a batch: a report the next one replaces is taken for what it alone carries.
            let reports = tallies.flatMap { $0.takeReports() }.map(Message.store)
            for message in reports.supersedingReports() { bench.take(message) }
            if !reports.isEmpty { taking.append(cpuSeconds(since: start)) }
            let frame = bench.app.view()
            terminal.draw(frame)
            return frame
        }
        _ = try bench.timeMoves(count: 20, timingUpdate: false, frame: draw)

        // 10,000 at once, to a backend that takes them all.
        let stormTally = DeliveryTally(expected: storm.count, keepsReports: true)
        tallies = [stormTally]
        let stormStart = DispatchTime.now().uptimeNanoseconds
        stormTally.post(storm, through: NotificationCourier(), recordingWith: outbox.worker)
        var stormFrames: [Double] = []
        taking = []
        while !stormTally.isFinished { stormFrames += try bench.timeMoves(count: 50, timingUpdate: false, pause: KeypressBench.keyPause, frame: draw) }
        let stormSeconds = Double((stormTally.finishedAt ?? stormStart) - stormStart) / 1e9
        let stormTaking = taking
        _ = try bench.timeMoves(count: 20, timingUpdate: false, frame: draw)  // the last reports, untimed
        // Idle with the panes as full as while the deliveries below time out: until the storm's
        // reports came in, the panes the frames drew were empty, half the cost of full ones.
        var idle: [Double] = []
        for _ in 0..<(quick ? 2 : 4) { idle += try bench.timeMoves(count: 50, timingUpdate: false, pause: KeypressBench.keyPause, frame: draw) }

        // 100 timing out at a backend that hangs: first alone, for as many frames as the idle
        // case has in the end, then with Google Play's and Xsolla's posted beside them, which must not wait.
        let courier = NotificationCourier(connectMilliseconds: 5_000, totalMilliseconds: hangMilliseconds)
        let hangTally = DeliveryTally(expected: hangingDeliveries.count, keepsReports: true)
        let playTally = DeliveryTally(expected: play.count, keepsReports: true)
        let xsollaTally = DeliveryTally(expected: xsolla.count, keepsReports: true)
        tallies = [hangTally]
        let hangStart = DispatchTime.now().uptimeNanoseconds
        hangTally.post(hangingDeliveries, through: courier, recordingWith: outbox.worker)
        var hangingFrames: [Double] = []
        taking = []
        while hangingFrames.count < (quick ? 100 : 400), !hangTally.isFinished {
            hangingFrames += try bench.timeMoves(count: 50, timingUpdate: false, pause: KeypressBench.keyPause, frame: draw)
        }
        let hangTaking = taking
        guard !hangTally.isFinished else {
            throw CommandFailure(.ioError, "the hanging backend's \(timingOut) timed out before the other stores' were posted beside them")
        }
        tallies = [hangTally, playTally, xsollaTally]
        let besideStart = DispatchTime.now().uptimeNanoseconds
        playTally.post(play, through: courier, recordingWith: outbox.worker)
        xsollaTally.post(xsolla, through: courier, recordingWith: outbox.worker)
        var besideFrames: [Double] = []
        while !hangTally.isFinished || !playTally.isFinished || !xsollaTally.isFinished {
            besideFrames += try bench.timeMoves(count: 50, timingUpdate: false, pause: KeypressBench.keyPause, frame: draw)
        }
        let hangSeconds = Double((hangTally.finishedAt ?? hangStart) - hangStart) / 1e9
        let playFinished = playTally.finishedAt ?? besideStart
        let xsollaFinished = xsollaTally.finishedAt ?? besideStart
        for _ in 0..<(quick ? 2 : 4) { idle += try bench.timeMoves(count: 50, timingUpdate: false, pause: KeypressBench.keyPause, frame: draw) }

        try check(stormTally, "the storm's") { $0.httpStatus == 204 && $0.failure == nil }
        try check(hangTally, "the hanging backend's") { $0.failure == .timedOut }
        try check(playTally, "Google Play's") { $0.httpStatus == 204 && $0.failure == nil }
        try check(xsollaTally, "Xsolla's") { $0.httpStatus == 204 && $0.failure == nil }
        try checkLedger(outbox.notifications(), stormCount: storm.count, hangingURL: receiver.hangingURL, playCount: play.count,
                        xsollaCount: xsolla.count)
        let answered = receiver.answered() - answeredBefore
        guard answered == storm.count + play.count + xsolla.count else {
            throw CommandFailure(.ioError, "the receiver answered \(answered) POSTs of the \(storm.count + play.count + xsolla.count) delivered")
        }
        let signed = receiver.signedWebhooks() - signedBefore
        guard signed == xsolla.count else {
            throw CommandFailure(.ioError, "the receiver found \(signed) of Xsolla's \(xsolla.count) webhooks signed right")
        }
        return Outcome(idle: Measurement(name: "frame, outbox idle", samples: idle),
                       storm: Measurement(name: "frame, storm", samples: stormFrames),
                       stormTaking: Measurement(name: "taking reports, storm", samples: stormTaking), stormDeliveries: storm.count,
                       stormSeconds: stormSeconds, hanging: Measurement(name: "frame, timing out", samples: hangingFrames),
                       hangTaking: Measurement(name: "taking reports, timing out", samples: hangTaking),
                       beside: Measurement(name: "frame, timing out and others delivered", samples: besideFrames),
                       otherStore: play.count, otherStoreSeconds: Double(playFinished - besideStart) / 1e9,
                       xsolla: xsolla.count, xsollaSeconds: Double(xsollaFinished - besideStart) / 1e9,
                       timedOutByThen: hangTally.recorded(before: playFinished), hangSeconds: hangSeconds,
                       setupSeconds: setupSeconds)
    }

    private static func check(_ tally: DeliveryTally, _ name: String, _ isRight: (DeliveryResult) -> Bool) throws(CommandFailure) {
        if let failure = tally.failures.first { throw CommandFailure(.ioError, "\(name) delivery was not recorded: \(failure)") }
        if let wrong = tally.results.first(where: { !isRight($0) }) {
            throw CommandFailure(.ioError, "\(name) delivery came back \(wrong.httpStatus.map { "HTTP \($0)" } ?? wrong.failure?.sentence ?? "")")
        }
    }

    /// The storm's, Google Play's and Xsolla's payments delivered at their first attempt, an
    /// `order_paid` written for each payment taken (posted by no one here); the hanging
    /// backend's attempted once, timed out, and (in the sandbox, without retries) given up.
    private static func checkLedger(_ rows: [OutboxNotification], stormCount: Int, hangingURL: String,
                                    playCount: Int, xsollaCount: Int) throws(CommandFailure) {
        let apple = rows.filter { $0.store == Marketplace.appStore.rawValue }
        let delivered = apple.filter { $0.url != hangingURL && $0.deliveredAt != nil && $0.attempts.map(\.result) == ["SUCCESS"] }
        let timedOut = apple.filter { $0.url == hangingURL && $0.deliveredAt == nil && $0.nextAttemptAt == nil
            && $0.attempts.map(\.result) == ["TIMED_OUT"] }
        let play = rows.filter { $0.store == Marketplace.googlePlay.rawValue && $0.deliveredAt != nil && $0.attempts.count == 1 }
        let xsolla = rows.filter { $0.store == Marketplace.xsolla.rawValue }
        let payments = xsolla.filter { $0.type == "payment" && $0.deliveredAt != nil && $0.attempts.count == 1 }
        let ordersPaid = xsolla.filter { $0.type == "order_paid" && $0.deliveredAt == nil }
        guard rows.count == stormCount + timingOut + playCount + 2 * xsollaCount, delivered.count == stormCount,
              timedOut.count == timingOut, play.count == playCount, payments.count == xsollaCount, ordersPaid.count == xsollaCount else {
            throw CommandFailure(.ioError, "the storm's ledger holds \(rows.count) notifications: \(delivered.count) of \(stormCount) "
                                 + "delivered, \(timedOut.count) of \(timingOut) timed out, \(play.count) of \(playCount) Play delivered, "
                                 + "\(payments.count) of \(xsollaCount) Xsolla payments delivered and \(ordersPaid.count) orders paid written")
        }
    }
}

extension NotificationStormBench.Outcome {
    var lines: [String] {
        [
            String(format: "  a frame at 120x40 (the engine's reports taken, view + diff, wall clock, 5 ms between keys), outbox idle / %d due at once "
                   + "(delivered in %.1f s) / %d timing out after %d ms:", stormDeliveries, stormSeconds,
                   NotificationStormBench.timingOut, NotificationStormBench.hangMilliseconds),
            "    p50 " + [idle, storm, hanging].map { formatDuration($0.median) }.joined(separator: " / ")
                + ", p99 " + [idle, storm, hanging].map { formatDuration($0.p99) }.joined(separator: " / ")
                + " (\(idle.samples.count) / \(storm.samples.count) / \(hanging.samples.count) frames)",
            "    still timing out, with the other stores' delivered beside them: p50 " + formatDuration(beside.median)
                + ", p99 " + formatDuration(beside.p99) + " (\(beside.samples.count) frames)",
            "    of which taking the reports (the app thread's CPU, frames that took any), storm / timing out: p50 " + formatDuration(stormTaking.median) + " / "
                + formatDuration(hangTaking.median) + ", p99 " + formatDuration(stormTaking.p99) + " / " + formatDuration(hangTaking.p99),
            String(format: "  Google Play's %d delivered in %.2f s and Xsolla's %d in %.2f s while the App Store's backend hung "
                   + "(%d of its %d timed out by Play's last, all %d in %.1f s); setup %.1f s", otherStore, otherStoreSeconds,
                   xsolla, xsollaSeconds, timedOutByThen, NotificationStormBench.timingOut, NotificationStormBench.timingOut,
                   hangSeconds, setupSeconds),
        ]
    }

    var jsonObject: [String: Any] {
        ["frameIdleP50Ms": idle.median * 1000, "frameIdleP99Ms": idle.p99 * 1000,
         "frameStormP50Ms": storm.median * 1000, "frameStormP99Ms": storm.p99 * 1000,
         "takingReportsStormP99Ms": stormTaking.p99 * 1000, "takingReportsTimingOutP99Ms": hangTaking.p99 * 1000, "stormDeliveries": stormDeliveries,
         "stormSeconds": stormSeconds, "frameTimingOutP50Ms": hanging.median * 1000, "frameTimingOutP99Ms": hanging.p99 * 1000,
         "otherStoreDeliveries": otherStore, "otherStoreSeconds": otherStoreSeconds, "timedOutByThen": timedOutByThen,
         "xsollaDeliveries": xsolla, "xsollaSeconds": xsollaSeconds,
         "frameBesideP50Ms": beside.median * 1000, "frameBesideP99Ms": beside.p99 * 1000, "hangSeconds": hangSeconds]
    }
}
