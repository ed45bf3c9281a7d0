import Catalog
import Foundation
import Host
import StoreEngine

/// Notifications delivered to the team's backend at its fastest (a bare libmicrohttpd receiver
/// answering 204, `Bench/floor/notification-receiver.c`), a store at a time: the App Store's
/// `TEST` notifications, one commit each, and Xsolla's webhooks as a Pay Station purchase sends
/// them (its `payment`, then the `order_paid` the engine writes once the backend took it), all
/// written to a real ledger's outbox, posted by the app's `NotificationCourier` and each
/// attempt recorded by the engine in a commit of its own; against the floor: the courier's own
/// `attempt` (libcurl with the same options) posting the same bodies to the same receiver, with
/// no engine, queue or ledger. Alternate rounds of the same run, deliveries a second each, the
/// medians and their ratio. Checked after: every delivery recorded delivered in the ledger,
/// with one `SUCCESS` attempt, every floor post answered 204, the receiver's count of POSTs
/// answered equal to both sides' together, and every Xsolla webhook among them found signed
/// right by the receiver (it refuses a wrong signature).
enum NotificationBench {
    /// Where `make bench` compiles the receiver.
    static let receiverPath = ".build/notification-receiver"

    /// One store's deliveries a second, one a round.
    struct Rate {
        var app: [Double]
        var floor: [Double]
        var deliveries: Int
        /// Making the rounds' notifications, untimed: Xsolla's are whole Pay Station purchases.
        var setupSeconds: Double

        var appMedian: Double { Measurement(name: "", samples: app).median }
        var floorMedian: Double { Measurement(name: "", samples: floor).median }
        var ratio: Double { floorMedian > 0 ? appMedian / floorMedian : 0 }
    }

    struct Outcome {
        var appStore: Rate
        var xsolla: Rate
        var storm: NotificationStormBench.Outcome
    }

    static func measure(catalog: ProductCatalog, quick: Bool) throws(CommandFailure) -> Outcome {
        let receiver = try BenchReceiver.start(path: receiverPath).get()
        defer { receiver.stop() }
        let rounds = quick ? 2 : 8
        let perRound = quick ? 100 : 250
        let outbox = try BenchOutbox(catalog: catalog, urls: [.appStore: receiver.url, .xsolla: receiver.xsollaURL])
        defer { outbox.remove() }
        let courier = NotificationCourier()
        let appStore = try rate(rounds: rounds, through: courier, recordingWith: outbox) { () throws(CommandFailure) in
            try outbox.testNotifications(perRound)
        }
        let xsolla = try rate(rounds: rounds, through: courier, recordingWith: outbox) { () throws(CommandFailure) in
            try outbox.xsollaPayments(perRound / 2)
        }
        let rows = try outbox.notifications()
        try checkDelivered(rows, of: .appStore, count: appStore.total)
        try checkDelivered(rows, of: .xsolla, count: xsolla.total)
        let answered = receiver.answered()
        guard answered == appStore.posted + xsolla.posted else {
            throw CommandFailure(.ioError, "the receiver answered \(answered) POSTs of the \(appStore.posted + xsolla.posted) the bench made")
        }
        let signed = receiver.signedWebhooks()
        guard signed == xsolla.posted else {
            throw CommandFailure(.ioError, "the receiver found \(signed) of the \(xsolla.posted) Xsolla webhooks posted signed right")
        }
        let storm = try NotificationStormBench.measure(catalog: catalog, receiver: receiver, quick: quick)
        return Outcome(appStore: appStore.rate, xsolla: xsolla.rate, storm: storm)
    }

    /// Alternate rounds of one store's deliveries, the first untimed (it warms both up): the
    /// app's posted by the courier and recorded by the engine, with whatever recording them
    /// handed over posted in its turn (as the app's loop posts what a report carries), then
    /// the floor's posts of the same bodies. How many the app delivered and the bench posted.
    private static func rate(rounds: Int, through courier: NotificationCourier, recordingWith outbox: BenchOutbox,
                             making: () throws(CommandFailure) -> [OutboxDelivery])
        throws(CommandFailure) -> (rate: Rate, total: Int, posted: Int) {
        var rate = Rate(app: [], floor: [], deliveries: 0, setupSeconds: 0)
        var total = 0
        var posted = 0
        for round in -1..<rounds {
            let setupStart = DispatchTime.now().uptimeNanoseconds
            var wave = try making()
            rate.setupSeconds += seconds(since: setupStart)
            var delivered: [OutboxDelivery] = []
            let start = DispatchTime.now().uptimeNanoseconds
            while !wave.isEmpty {
                let tally = DeliveryTally(expected: wave.count)
                tally.post(wave, through: courier, recordingWith: outbox.worker)
                tally.wait()
                if let failure = tally.failures.first { throw CommandFailure(.ioError, "a delivery was not recorded: \(failure)") }
                delivered += wave
                // What follows falls due once its cause is recorded: the next call hands it over.
                wave = tally.handedOver + (try outbox.call(.runDue).deliveries)
            }
            let appSeconds = seconds(since: start)
            let floorStart = DispatchTime.now().uptimeNanoseconds
            let floorResults = delivered.map { courier.attempt($0) }
            let floorSeconds = seconds(since: floorStart)
            if let wrong = floorResults.first(where: { $0.httpStatus != 204 }) {
                throw CommandFailure(.ioError, "the floor's post was answered \(wrong.httpStatus.map(String.init) ?? "\(String(describing: wrong.failure))")")
            }
            total += delivered.count
            posted += delivered.count * 2
            guard round >= 0 else { continue }
            rate.app.append(Double(delivered.count) / appSeconds)
            rate.floor.append(Double(delivered.count) / floorSeconds)
            rate.deliveries += delivered.count
        }
        return (rate, total, posted)
    }

    /// Every one of `store`'s notifications delivered at its first attempt, answered 204.
    private static func checkDelivered(_ rows: [OutboxNotification], of store: Marketplace, count: Int) throws(CommandFailure) {
        let kept = rows.filter { $0.store == store.rawValue }
        let good = kept.filter { $0.deliveredAt != nil && $0.attempts.map(\.result) == ["SUCCESS"] && $0.attempts.first?.httpStatus == 204 }
        guard kept.count == count, good.count == count else {
            throw CommandFailure(.ioError, "the ledger holds \(kept.count) \(store.displayName) notifications, \(good.count) delivered at "
                                 + "the first attempt, of \(count) posted")
        }
    }
}

extension NotificationBench.Outcome {
    var lines: [String] {
        [
            "  notifications to a local receiver answering 204 (Bench/floor/notification-receiver.c), a store at a time,",
            "  alternate rounds, each recorded delivered in the ledger (counted), Xsolla's signatures checked by the receiver:",
        ] + appStore.lines(for: "the App Store's TEST") + xsolla.lines(for: "Xsolla's payment, then order_paid") + storm.lines
    }

    var jsonObject: [String: Any] {
        ["deliveries": appStore.deliveries, "appPerSecond": appStore.appMedian, "floorPerSecond": appStore.floorMedian,
         "ratio": appStore.ratio, "appRounds": appStore.app, "floorRounds": appStore.floor,
         "xsolla": xsolla.jsonObject, "storm": storm.jsonObject]
    }
}

extension NotificationBench.Rate {
    func lines(for what: String) -> [String] {
        [
            "    \(what), \(deliveries) a side" + String(format: " (set up in %.1f s):", setupSeconds),
            String(format: "      the app (outbox, NotificationCourier, a commit an attempt): %.0f deliveries/s", appMedian),
            String(format: "      the floor, the courier's own libcurl POST without the engine: %.0f posts/s", floorMedian),
            String(format: "      the app / the floor: %.2fx", ratio),
        ]
    }

    var jsonObject: [String: Any] {
        ["deliveries": deliveries, "appPerSecond": appMedian, "floorPerSecond": floorMedian, "ratio": ratio,
         "appRounds": app, "floorRounds": floor, "setupSeconds": setupSeconds]
    }
}
