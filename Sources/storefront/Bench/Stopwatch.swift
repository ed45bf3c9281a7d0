import Catalog
import Foundation
import Platform

/// Times a piece of work over several runs and reports the median and the 90th percentile,
/// never a single run: this machine is noisy.
struct Measurement {
    var name: String
    var samples: [Double]  // seconds

    var median: Double { percentile(0.5) }
    var p90: Double { percentile(0.9) }
    var p99: Double { percentile(0.99) }

    private func percentile(_ fraction: Double) -> Double {
        let sorted = samples.sorted()
        guard !sorted.isEmpty else { return 0 }
        return sorted[min(sorted.count - 1, Int(saturating: (Double(sorted.count - 1) * fraction).rounded()))]
    }

    static func time(_ name: String, runs: Int, warmup: Int = 1, _ work: () throws -> Void) rethrows -> Measurement {
        for _ in 0..<warmup { try work() }
        var samples: [Double] = []
        for _ in 0..<runs {
            let start = DispatchTime.now().uptimeNanoseconds
            try work()
            samples.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
        }
        return Measurement(name: name, samples: samples)
    }
}

/// Wall-clock seconds since `start`, an uptime in nanoseconds (`DispatchTime`).
func seconds(since start: UInt64) -> Double {
    Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
}

/// The CPU time this thread has used: what a piece of work costs, without the time the
/// scheduler gave other processes (a loaded 2-core machine preempts a frame's work often).
func threadCPUNanoseconds() -> UInt64 {
    ThreadClock.cpuNanoseconds()
}

/// The thread's CPU seconds since `start` (`threadCPUNanoseconds()`).
func cpuSeconds(since start: UInt64) -> Double {
    Double(threadCPUNanoseconds() - start) / 1e9
}

/// `1.23 ms`, `456 µs`, `2.1 s`.
func formatDuration(_ seconds: Double) -> String {
    if seconds >= 1 { return String(format: "%.2f s", seconds) }
    if seconds >= 0.001 { return String(format: "%.2f ms", seconds * 1000) }
    return String(format: "%.1f µs", seconds * 1_000_000)
}
