import Foundation

/// `Bench/floor/api-responder.c` running beside the bench: started here, it says its port on
/// its first line, and ends when its standard input closes (`stop`), or with the bench.
final class FloorResponder {
    let port: UInt16
    private let process: Process
    private let input: Pipe

    private init(port: UInt16, process: Process, input: Pipe) {
        self.port = port
        self.process = process
        self.input = input
    }

    /// The running floor, or why there is none.
    static func start(path: String) -> (process: FloorResponder?, skipped: String?) {
        guard FileManager.default.isExecutableFile(atPath: path) else {
            return (nil, "\(path) is not built (make bench builds it from Bench/floor/api-responder.c)")
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        let input = Pipe()
        let output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        do {
            try process.run()
        } catch {
            return (nil, "\(path) did not start: \(error)")
        }
        var line = Data()
        while !line.contains(UInt8(ascii: "\n")) {
            let more = output.fileHandleForReading.availableData
            if more.isEmpty { break }
            line += more
        }
        guard let port = UInt16(String(decoding: line, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)), port > 0 else {
            process.terminate()
            return (nil, "\(path) did not say its port")
        }
        return (FloorResponder(port: port, process: process, input: input), nil)
    }

    func stop() {
        try? input.fileHandleForWriting.close()
        process.waitUntilExit()
    }
}
