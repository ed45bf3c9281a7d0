import Foundation
import Testing

/// A cast replayed in pyte, a terminal emulator from PyPI, by Tests/Support/replay_cast.py with
/// the virtualenv `make test` sets up under .build. Without that virtualenv the test fails and
/// says which make command makes it: a round trip that silently skipped would prove nothing.
struct PyteReplay: Decodable {
    var width: Int
    var height: Int
    var outputs: Int
    var resizes: Int
    var duration: Double
    var lines: [String]

    static var python: String { AppFrames.root.appendingPathComponent(".build/pyte-venv/bin/python").path }
    static var script: String { AppFrames.root.appendingPathComponent("Tests/Support/replay_cast.py").path }

    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    static func of(castAt path: String) throws -> PyteReplay {
        guard FileManager.default.isExecutableFile(atPath: python) else {
            throw Failure(description: "\(python) is missing: run `make pyte` in \(AppFrames.root.path) "
                          + "(a virtualenv with pyte, the terminal emulator the recordings are replayed in)")
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: python)
        process.arguments = [script, path]
        let output = Pipe(), errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        // Read before waiting: a screen's JSON can fill a pipe's buffer.
        let data = output.fileHandleForReading.readDataToEndOfFile()
        let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw Failure(description: "replay_cast.py exited \(process.terminationStatus): \(message)")
        }
        return try JSONDecoder().decode(PyteReplay.self, from: data)
    }
}
