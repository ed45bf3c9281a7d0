import Catalog
import CursesBackend
import Foundation
import Host
import Program
import StoreEngine
import TerminalUI

/// The App Store Server API over real HTTP on the loopback: Get Transaction Info for random
/// ids of a ledger of 100,000 signed App Store purchases, asked by several clients at once on
/// connections kept alive, against a bare libmicrohttpd responder (`Bench/floor/api-responder.c`)
/// asked by the same client code, in alternate rounds of the same run. Every answer is checked
/// after its round: the app's a 200 whose JWS is the transaction asked for, the floor's its
/// fixed body. Then a frame of the app (the view and ncurses' diff, on the wall clock, which is
/// what a user waits) with the API idle, hammered by clients at the server's background priority
/// (the server's own cost to the app), and hammered by clients at the app's priority (a backend
/// on the same cores, competing with the app as any program does), in turn.
enum APIBench {
    static let transactions = 100_000
    static let clients = 4
    /// Where `make bench` compiles the floor.
    static let floorPath = ".build/api-responder-floor"
    static let floorBody = #"{"signedTransactionInfo":"floor"}"#

    struct Side {
        var latency: Measurement
        var requestsPerSecond: Double
    }

    struct Outcome {
        var app: Side
        /// Nil when the floor was not built (`make bench` builds it): `floorSkipped` says why.
        var floor: Side?
        var floorSkipped: String?
        var fillSeconds: Double
        var frameQuiet: Measurement
        /// Hammered by clients lowered as the server's threads are: what the server costs the app.
        var frameHammered: Measurement
        /// Hammered by clients at the app's own priority, sharing the cores with it.
        var frameBesideClients: Measurement
        /// Requests the API answered while the frames under load were drawn (both kinds of clients).
        var hammeredRequests: Int
    }

    static func measure(catalog: ProductCatalog, frameCatalog: ProductCatalog, quick: Bool) throws(CommandFailure) -> Outcome {
        guard let storefront = catalog.storefronts.first(where: { $0.path == .storekit }),
              let product = catalog.products.first(where: { $0.type == .consumable && $0.price(in: storefront) != nil }) else {
            throw CommandFailure(.dataError, "the API bench found no consumable priced in an App Store storefront")
        }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("storefront-api-bench-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let directory = StateDirectory(path: folder.path)
        let fillStart = DispatchTime.now().uptimeNanoseconds
        let apis: StoreAPIs
        let authorization: String
        do {
            let keys = try directory.serverKeys()
            try SyntheticHistory.writeSigned(purchases: transactions, of: product.id, in: storefront.id, user: "bench",
                                             catalog: catalog, toLedgerAt: directory.ledgerPath,
                                             startingAt: Date(timeIntervalSince1970: 1_700_000_000))
            authorization = "Bearer " + (try keys.appStoreBearerToken(bundleId: catalog.app.bundleId))
            // The app's own server and router; the bench only reads, and hands no engine over.
            apis = try StoreAPIs(address: "127.0.0.1", port: 0, stateDirectory: directory, catalog: catalog, observe: { _ in })
        } catch {
            throw CommandFailure(.ioError, "the API bench could not set up its ledger and server: \(error)")
        }
        defer { apis.stop() }
        let server = apis.server
        let fillSeconds = Double(DispatchTime.now().uptimeNanoseconds - fillStart) / 1e9
        let headers = [("Authorization", authorization)]
        let target: @Sendable (Int, Int) -> String = { client, index in
            "/inApps/v1/transactions/" + SyntheticHistory.appStoreTransactionId(randomIndex(client: client, index: index))
        }

        let floor = FloorResponder.start(path: floorPath)
        defer { floor.process?.stop() }
        let load = HTTPLoad(clients: clients, requestsEach: quick ? 100 : 250)
        _ = load.round(port: server.port, headers: headers, target: target)  // warm-up: caches and connections
        if let port = floor.process?.port { _ = load.round(port: port, headers: headers, target: target) }
        var app: [HTTPLoad.Round] = []
        var bare: [HTTPLoad.Round] = []
        for _ in 0..<(quick ? 2 : 6) {
            app.append(load.round(port: server.port, headers: headers, target: target))
            if let port = floor.process?.port { bare.append(load.round(port: port, headers: headers, target: target)) }
        }
        try check(app, expected: load.clients * load.requestsEach) { target, answer in isTransactionInfo(answer, asked: target) }
        try check(bare, expected: load.clients * load.requestsEach) { _, answer in
            answer?.status == 200 && answer?.body == Array(floorBody.utf8)
        }

        let frames = try measureFrames(catalog: frameCatalog, port: server.port, headers: headers, target: target, quick: quick)
        return Outcome(app: side("the app", app), floor: bare.isEmpty ? nil : side("the floor", bare),
                       floorSkipped: floor.skipped, fillSeconds: fillSeconds,
                       frameQuiet: frames.quiet, frameHammered: frames.hammered, frameBesideClients: frames.besideClients,
                       hammeredRequests: frames.requests)
    }

    /// A spread of ids over the whole ledger, the same each run.
    private static func randomIndex(client: Int, index: Int) -> Int {
        var value = UInt64(truncatingIfNeeded: client &* 1_000_003 &+ index) &* 0x9E37_79B9_7F4A_7C15
        value ^= value >> 29
        return Int(value % UInt64(transactions))
    }

    private static func side(_ name: String, _ rounds: [HTTPLoad.Round]) -> Side {
        let requests = rounds.reduce(0) { $0 + $1.latencies.count }
        let seconds = rounds.reduce(0) { $0 + $1.seconds }
        return Side(latency: Measurement(name: name, samples: rounds.flatMap(\.latencies)),
                    requestsPerSecond: seconds > 0 ? Double(requests) / seconds : 0)
    }

    /// Every request of every round answered, and as `isRight` says.
    private static func check(_ rounds: [HTTPLoad.Round], expected: Int,
                              _ isRight: (String, LoopbackHTTPClient.Answer?) -> Bool) throws(CommandFailure) {
        for round in rounds {
            guard round.answers.count == expected else {
                throw CommandFailure(.ioError, "the API bench's clients made \(round.answers.count) of \(expected) requests")
            }
            if let wrong = round.answers.first(where: { !isRight($0.target, $0.answer) }) {
                throw CommandFailure(.ioError, "the API bench asked \(wrong.target) and was answered "
                                     + "\(wrong.answer.map { "\($0.status) \(String(decoding: $0.body.prefix(200), as: UTF8.self))" } ?? "nothing")")
            }
        }
    }

    /// A 200 whose `signedTransactionInfo` says it is the transaction `target` names.
    private static func isTransactionInfo(_ answer: LoopbackHTTPClient.Answer?, asked target: String) -> Bool {
        guard let answer, answer.status == 200,
              let object = try? JSONSerialization.jsonObject(with: Data(answer.body)) as? [String: Any],
              let jws = object["signedTransactionInfo"] as? String,
              let id = SignedTransactionPayload.decoded(compact: jws)?.transactionId else { return false }
        return target.hasSuffix("/" + id)
    }

    /// Frames at 120x40 on an offscreen ncurses screen, in chunks in turn with the API idle and
    /// with `clients` clients asking it without pause, lowered and then at the app's priority.
    /// Many chunks, short ones: a p99 is the few slowest frames, and alternating keeps anything
    /// else the machine does out of the comparison. Keys come as a user's do
    /// (`KeypressBench.keyPause`).
    private static func measureFrames(catalog: ProductCatalog, port: UInt16, headers: [(String, String)],
                                      target: @escaping @Sendable (Int, Int) -> String, quick: Bool)
        throws(CommandFailure) -> (quiet: Measurement, hammered: Measurement, besideClients: Measurement, requests: Int) {
        let terminal = try CursesTerminal.benchScreen(for: "API bench")
        defer { terminal.close() }
        let bench = try KeypressBench(catalog: catalog, label: "frames beside the API")
        let draw = { () -> Frame in
            let frame = bench.app.view()
            terminal.draw(frame)
            return frame
        }
        _ = try bench.timeMoves(count: 20, timingUpdate: false, frame: draw)
        var quiet: [Double] = []
        var hammered: [Double] = []
        var besideClients: [Double] = []
        var requests = 0
        // Each chunk under load is checked to have been under load: its clients were answered.
        func underLoad(lowered: Bool) throws(CommandFailure) -> [Double] {
            let stop = HTTPLoad.hammer(port: port, clients: clients, headers: headers, lowered: lowered, target: target)
            let samples = Result { () throws(CommandFailure) in
                try bench.timeMoves(count: 50, timingUpdate: false, pause: KeypressBench.keyPause, frame: draw)
            }
            let answered = stop()
            guard answered > 0 else {
                throw CommandFailure(.ioError, "the API bench's \(lowered ? "lowered " : "")clients made no request while frames were drawn")
            }
            requests += answered
            return try samples.get()
        }
        for _ in 0..<(quick ? 2 : 20) {
            quiet += try bench.timeMoves(count: 50, timingUpdate: false, pause: KeypressBench.keyPause, frame: draw)
            hammered += try underLoad(lowered: true)
            besideClients += try underLoad(lowered: false)
        }
        return (Measurement(name: "frame, API idle", samples: quiet), Measurement(name: "frame, API hammered", samples: hammered),
                Measurement(name: "frame, beside the clients", samples: besideClients), requests)
    }
}

extension APIBench.Outcome {
    var p50Ratio: Double? { floor.map { $0.latency.median > 0 ? app.latency.median / $0.latency.median : 0 } }
    var p99Ratio: Double? { floor.map { $0.latency.p99 > 0 ? app.latency.p99 / $0.latency.p99 : 0 } }

    /// The figures as `bench` prints them.
    var lines: [String] {
        func figures(_ side: APIBench.Side) -> String {
            "p50 " + formatDuration(side.latency.median) + ", p99 " + formatDuration(side.latency.p99)
                + String(format: ", %.0f requests/s", side.requestsPerSecond)
        }
        var lines = [
            String(format: "  App Store Server API, Get Transaction Info on %d signed transactions (written in %.1f s), over HTTP on the loopback,",
                   APIBench.transactions, fillSeconds),
            "  \(APIBench.clients) clients at once on connections kept alive, \(app.latency.samples.count) requests a side, alternate rounds:",
            "    the app: " + figures(app),
        ]
        if let floor, let p50Ratio, let p99Ratio {
            lines.append("    the floor, a bare libmicrohttpd responder: " + figures(floor))
            lines.append(String(format: "    the app / the floor: p50 %.2fx, p99 %.2fx (the goal is at most 2x)%@", p50Ratio, p99Ratio,
                                p50Ratio <= 2 ? "" : "  ABOVE THE GOAL"))
        } else {
            lines.append("    the floor: skipped, \(floorSkipped ?? "not run")")
        }
        lines.append("    a frame at 120x40 (view + diff, wall clock), 5 ms between keys, \(frameQuiet.samples.count) a case, \(hammeredRequests) requests meanwhile:")
        lines.append("      API idle / hammered by lowered clients / beside clients at the app's priority: p50 "
                     + [frameQuiet, frameHammered, frameBesideClients].map { formatDuration($0.median) }.joined(separator: " / ")
                     + ", p99 " + [frameQuiet, frameHammered, frameBesideClients].map { formatDuration($0.p99) }.joined(separator: " / "))
        return lines
    }

    var jsonObject: [String: Any] {
        func figures(_ side: APIBench.Side) -> [String: Any] {
            ["requests": side.latency.samples.count, "p50Ms": side.latency.median * 1000, "p99Ms": side.latency.p99 * 1000,
             "requestsPerSecond": side.requestsPerSecond]
        }
        var object: [String: Any] = [
            "transactions": APIBench.transactions, "clients": APIBench.clients, "fillSeconds": fillSeconds, "app": figures(app),
            "frameIdleP50Ms": frameQuiet.median * 1000, "frameIdleP99Ms": frameQuiet.p99 * 1000,
            "frameHammeredP50Ms": frameHammered.median * 1000, "frameHammeredP99Ms": frameHammered.p99 * 1000,
            "frameBesideClientsP50Ms": frameBesideClients.median * 1000, "frameBesideClientsP99Ms": frameBesideClients.p99 * 1000,
            "hammeredRequests": hammeredRequests,
        ]
        if let floor { object["floor"] = figures(floor) }
        if let p50Ratio { object["p50Ratio"] = p50Ratio }
        if let p99Ratio { object["p99Ratio"] = p99Ratio }
        if let floorSkipped { object["floorSkipped"] = floorSkipped }
        return object
    }
}
