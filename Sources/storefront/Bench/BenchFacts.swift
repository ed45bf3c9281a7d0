import Foundation

/// What a figure needs beside it to mean something: when, which commit, which build, and how
/// busy the machine was.
struct BenchFacts {
    var date: String
    var commit: String
    var configuration: String
    var loadAverage: String
    var cores: Int

    static func current() -> BenchFacts {
        let environment = ProcessInfo.processInfo.environment
        #if DEBUG
        let configuration = "debug"
        #else
        let configuration = "release"
        #endif
        let load = (try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8))?
            .split(separator: " ").prefix(3).joined(separator: " ") ?? "unknown"
        return BenchFacts(date: ISO8601DateFormatter().string(from: Date()),
                          commit: environment["STOREFRONT_COMMIT"] ?? "unknown",
                          configuration: configuration, loadAverage: load,
                          cores: ProcessInfo.processInfo.activeProcessorCount)
    }

    var summary: String {
        "\(date), commit \(commit), \(configuration) build, \(cores) cores, load average \(loadAverage)"
    }
}
