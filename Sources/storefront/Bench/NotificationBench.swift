import Catalog
import Foundation
import Host
import StoreEngine

/// App Store notifications delivered to the team's backend at its fastest (a bare libmicrohttpd
/// receiver answering 204, `Bench/floor/notification-receiver.c`): `TEST` notifications written
/// to a real ledger's outbox, posted by the app's `NotificationCourier` and each attempt
/// recorded by the engine in a commit of its own, against the floor: the courier's own
/// `attempt` (libcurl with the same options) posting the same bodies to the same receiver, with
/// no engine, queue or ledger. Alternate rounds of the same run, deliveries a second each, the
/// medians and their ratio. Checked after: every delivery recorded delivered in the ledger,
/// with one `SUCCESS` attempt, every floor post answered 204, and the receiver's count of
/// POSTs answered equal to both sides' together.
enum NotificationBench {
    /// Where `make bench` compiles the receiver.
    static let receiverPath = ".build/notification-receiver"

    struct Outcome {
        /// Deliveries a second, one a round.
        var app: [Double]
        var floor: [Double]
        var deliveries: Int
        var storm: NotificationStormBench.Outcome

        var appMedian: Double { Measurement(name: "", samples: app).median }
        var floorMedian: Double { Measurement(name: "", samples: floor).median }
        var ratio: Double { floorMedian > 0 ? appMedian / floorMedian : 0 }
    }

    static func measure(catalog: ProductCatalog, quick: Bool) throws(CommandFailure) -> Outcome {
        let receiver = try BenchReceiver.start(path: receiverPath).get()
        defer { receiver.stop() }
        let rounds = quick ? 2 : 8
        let perRound = quick ? 100 : 250
        let outbox = try BenchOutbox(catalog: catalog, urls: [.appStore: receiver.url])
        defer { outbox.remove() }
        let courier = NotificationCourier()
        var app: [Double] = []
        var floor: [Double] = []
        var posted = 0
        for round in -1..<rounds {  // round -1 warms both up, untimed
            let deliveries = try outbox.testNotifications(perRound)
            let tally = DeliveryTally(expected: deliveries.count)
            let appSeconds = time {
                tally.post(deliveries, through: courier, recordingWith: outbox.worker)
                tally.wait()
            }
            if let failure = tally.failures.first { throw CommandFailure(.ioError, "a delivery was not recorded: \(failure)") }
            var floorResults: [DeliveryResult] = []
            let floorSeconds = time { floorResults = deliveries.map { courier.attempt($0) } }
            if let wrong = floorResults.first(where: { $0.httpStatus != 204 }) {
                throw CommandFailure(.ioError, "the floor's post was answered \(wrong.httpStatus.map(String.init) ?? "\(String(describing: wrong.failure))")")
            }
            posted += deliveries.count * 2
            guard round >= 0 else { continue }
            app.append(Double(deliveries.count) / appSeconds)
            floor.append(Double(deliveries.count) / floorSeconds)
        }
        let delivered = (rounds + 1) * perRound
        let rows = try outbox.notifications()
        let good = rows.filter { $0.deliveredAt != nil && $0.attempts.map(\.result) == ["SUCCESS"] && $0.attempts.first?.httpStatus == 204 }
        guard rows.count == delivered, good.count == delivered else {
            throw CommandFailure(.ioError, "the ledger holds \(rows.count) notifications, \(good.count) delivered at the first attempt, "
                                 + "of \(delivered) posted")
        }
        let answered = receiver.answered()
        guard answered == posted else {
            throw CommandFailure(.ioError, "the receiver answered \(answered) POSTs of the \(posted) the bench made")
        }
        let storm = try NotificationStormBench.measure(catalog: catalog, receiver: receiver, quick: quick)
        return Outcome(app: app, floor: floor, deliveries: rounds * perRound, storm: storm)
    }

    private static func time(_ work: () -> Void) -> Double {
        let start = DispatchTime.now().uptimeNanoseconds
        work()
        return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
    }
}

extension NotificationBench.Outcome {
    var lines: [String] {
        [
            "  notifications to a local receiver answering 204 (Bench/floor/notification-receiver.c), one store, alternate rounds,",
            "  \(deliveries) deliveries a side, each recorded delivered in the ledger (counted):",
            String(format: "    the app (outbox, NotificationCourier, a commit an attempt): %.0f deliveries/s", appMedian),
            String(format: "    the floor, the courier's own libcurl POST without the engine: %.0f posts/s", floorMedian),
            String(format: "    the app / the floor: %.2fx", ratio),
        ] + storm.lines
    }

    var jsonObject: [String: Any] {
        ["deliveries": deliveries, "appPerSecond": appMedian, "floorPerSecond": floorMedian, "ratio": ratio,
         "appRounds": app, "floorRounds": floor, "storm": storm.jsonObject]
    }
}
