import Foundation
import Testing

/// The team's backend for the whole matrix: `Tests/Support/receive_any.py`, started once (one
/// per trial would cost a Python start each) and stopped at the run's end. A trial reads the
/// lines under its own prefix.
final class MatrixReceiver {
    let port: String
    private let process = Process()
    private let log: String

    init(root: String, folder: String) throws {
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        log = folder + "/received.jsonl"
        let portFile = folder + "/port"
        process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        process.arguments = [root + "/Tests/Support/receive_any.py", portFile, log]
        process.standardInput = FileHandle.nullDevice
        try process.run()
        // It writes its port once it listens; until then there is nothing to post to.
        while !FileManager.default.fileExists(atPath: portFile) {
            try #require(process.isRunning, "the notification receiver stopped before it listened")
            Thread.sleep(forTimeInterval: 0.02)
        }
        port = try String(contentsOfFile: portFile, encoding: .utf8)
    }

    /// The posts whose path begins with `prefix` (a trial's).
    func posts(under prefix: String) -> [ReceivedPost] {
        let text = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
        return ReceivedPost.read(log: text).filter { $0.path.hasPrefix(prefix + "/") }
    }

    /// SIGKILL: the test process may hold SIGTERM blocked, and a child inherits that mask.
    func stop() {
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
    }
}
