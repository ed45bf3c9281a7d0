import Foundation

/// `Bench/floor/notification-receiver.c` running beside the bench: the team's backend at its
/// fastest (204 to every POST) and one that hangs (a port that never answers). It says both
/// ports on its first line, counts the POSTs it answered when asked (`answered()`) and the
/// Xsolla webhooks among them whose signature it found right with `xsollaSecretKey`
/// (`signedWebhooks()`; a wrong one it refuses), and ends when its standard input closes
/// (`stop`), or with the bench.
final class BenchReceiver {
    let port: UInt16
    let hangingPort: UInt16
    private let process: Process
    private let input: Pipe
    private let output: Pipe

    private init(ports: (UInt16, UInt16), process: Process, input: Pipe, output: Pipe) {
        (port, hangingPort) = ports
        self.process = process
        self.input = input
        self.output = output
    }

    /// The project's secret key the receiver checks Xsolla's signatures with, as a backend does.
    static let xsollaSecretKey = "notification-bench-secret"

    /// The running receiver, or why there is none.
    static func start(path: String) -> Result<BenchReceiver, CommandFailure> {
        let (process, input, output): (Process, Pipe, Pipe)
        switch startFloorProgram(path: path, source: "Bench/floor/notification-receiver.c", arguments: [xsollaSecretKey]) {
        case .success(let started): (process, input, output) = started
        case .failure(let failure): return .failure(failure)
        }
        let ports = readLine(from: output).split(separator: " ").compactMap { UInt16($0) }
        guard ports.count == 2, ports.allSatisfy({ $0 > 0 }) else {
            process.terminate()
            return .failure(CommandFailure(.ioError, "\(path) did not say its ports"))
        }
        let receiver = BenchReceiver(ports: (ports[0], ports[1]), process: process, input: input, output: output)
        // One built before it checked Xsolla's signatures counts only the POSTs: nothing could be checked.
        guard receiver.counts() == (0, 0) else {
            receiver.stop()
            return .failure(CommandFailure(.configuration, "\(path) is older than its source, which counts the webhooks signed "
                                           + "right: make \(path)"))
        }
        return .success(receiver)
    }

    var url: String { "http://127.0.0.1:\(port)/notifications" }
    var hangingURL: String { "http://127.0.0.1:\(hangingPort)/notifications" }
    /// Where Xsolla's webhooks go: their signature is checked there.
    var xsollaURL: String { "http://127.0.0.1:\(port)/xsolla" }

    /// The POSTs it answered 204 so far.
    func answered() -> Int { counts().answered }

    /// The Xsolla webhooks it answered 204 so far, each signed right.
    func signedWebhooks() -> Int { counts().signed }

    private func counts() -> (answered: Int, signed: Int) {
        input.fileHandleForWriting.write(Data("count\n".utf8))
        let numbers = Self.readLine(from: output).split(separator: " ").map { Int($0) ?? -1 }
        return numbers.count == 2 ? (numbers[0], numbers[1]) : (-1, -1)
    }

    func stop() {
        try? input.fileHandleForWriting.close()
        process.waitUntilExit()
    }

    /// One line, read a byte at a time: nothing past it is taken from the pipe.
    private static func readLine(from pipe: Pipe) -> String {
        var line = Data()
        while let byte = try? pipe.fileHandleForReading.read(upToCount: 1), let first = byte.first, first != UInt8(ascii: "\n") {
            line.append(first)
        }
        return String(decoding: line, as: UTF8.self).trimmingCharacters(in: .whitespaces)
    }
}
