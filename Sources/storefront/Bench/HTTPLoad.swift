import Foundation
import Host
import Platform
import Synchronization

/// Several clients asking an HTTP server at once, each on one connection kept alive, as a
/// backend's pool does: every request's latency, and the requests a second over the whole
/// round. What each answered is kept for the caller to check after the timing.
struct HTTPLoad {
    var clients: Int
    var requestsEach: Int

    struct Round {
        /// Seconds, one a request.
        var latencies: [Double]
        var seconds: Double
        /// The target asked and what answered it (nil: no whole answer), one a request.
        var answers: [(target: String, answer: LoopbackHTTPClient.Answer?)]
    }

    /// One round on `port`: client `client`'s `index`th request asks `target(client, index)`.
    func round(port: UInt16, headers: [(String, String)], target: @escaping @Sendable (Int, Int) -> String) -> Round {
        let results = Mutex<[Int: ([Double], [(String, LoopbackHTTPClient.Answer?)])]>([:])
        let group = DispatchGroup()
        let requests = requestsEach
        let start = DispatchTime.now().uptimeNanoseconds
        for client in 0..<clients {
            group.enter()
            // A thread each, not a pool's share: every client asks at once, whatever the cores.
            let thread = Thread {
                var latencies: [Double] = []
                var answers: [(String, LoopbackHTTPClient.Answer?)] = []
                latencies.reserveCapacity(requests)
                if let connection = try? LoopbackHTTPClient(port: port) {
                    for index in 0..<requests {
                        let asked = target(client, index)
                        let began = DispatchTime.now().uptimeNanoseconds
                        let answer = try? connection.get(asked, headers: headers)
                        latencies.append(Double(DispatchTime.now().uptimeNanoseconds - began) / 1e9)
                        answers.append((asked, answer))
                    }
                }
                results.withLock { $0[client] = (latencies, answers) }
                group.leave()
            }
            thread.start()
        }
        group.wait()
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        let all = results.withLock { $0 }
        let ordered = (0..<clients).compactMap { all[$0] }
        return Round(latencies: ordered.flatMap(\.0), seconds: seconds,
                     answers: ordered.flatMap { $0.1.map { (target: $0.0, answer: $0.1) } })
    }

    /// Clients asking without pause on their own threads until `stop` is called, whatever they
    /// are answered: the load the frame case measures the UI under.
    /// `lowered`: the clients run at the background priority of the server's own threads,
    /// standing for a backend on another machine, so that what slows the app is the server's
    /// work alone; otherwise at the app's, as a backend on the same cores competes with it.
    static func hammer(port: UInt16, clients: Int, headers: [(String, String)], lowered: Bool,
                       target: @escaping @Sendable (Int, Int) -> String) -> () -> Int {
        let stopped = Atomic(false)
        let answered = Atomic(0)
        let group = DispatchGroup()
        for client in 0..<clients {
            group.enter()
            Thread {
                if lowered { BackgroundPriority.lowerCurrentThread() }
                if let connection = try? LoopbackHTTPClient(port: port) {
                    var index = 0
                    while !stopped.load(ordering: .relaxed), (try? connection.get(target(client, index), headers: headers)) != nil {
                        answered.add(1, ordering: .relaxed)
                        index += 1
                    }
                }
                group.leave()
            }.start()
        }
        return {
            stopped.store(true, ordering: .relaxed)
            group.wait()
            return answered.load(ordering: .relaxed)
        }
    }
}
