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
        let (process, input, output): (Process, Pipe, Pipe)
        switch startFloorProgram(path: path, source: "Bench/floor/api-responder.c") {
        case .success(let started): (process, input, output) = started
        case .failure(let failure): return (nil, failure.message)
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
