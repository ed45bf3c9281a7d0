import Foundation
import Synchronization

/// A program the export runs (`rsvg-convert`, `git`), found on PATH and run to its end, with
/// what it printed. Found by hand rather than through `/usr/bin/env`, so "not installed" is
/// told apart from "it ran and failed".
struct ExportProcess {
    var executable: String

    /// The program on PATH, or nil.
    static func find(_ name: String, path: String? = ProcessInfo.processInfo.environment["PATH"]) -> ExportProcess? {
        for directory in (path ?? "/usr/local/bin:/usr/bin:/bin").split(separator: ":") where !directory.isEmpty {
            let candidate = "\(directory)/\(name)"
            if FileManager.default.isExecutableFile(atPath: candidate) { return ExportProcess(executable: candidate) }
        }
        return nil
    }

    struct Outcome {
        var status: Int32
        var output: Data
        var errors: String
    }

    /// Runs with `arguments` in `directory`; standard output and error are read as they come,
    /// so a program that prints much never blocks on a full pipe.
    func run(_ arguments: [String], in directory: String? = nil) throws -> Outcome {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        if let directory { process.currentDirectoryURL = URL(fileURLWithPath: directory) }
        let output = Pipe(), errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        process.standardInput = FileHandle.nullDevice
        try process.run()
        // Written by one reader thread, read after it is waited for.
        let errorsRead = Mutex(Data())
        let group = DispatchGroup()
        group.enter()
        DispatchQueue.global().async {
            let read = errors.fileHandleForReading.readDataToEndOfFile()
            errorsRead.withLock { $0 = read }
            group.leave()
        }
        let data = output.fileHandleForReading.readDataToEndOfFile()
        group.wait()
        process.waitUntilExit()
        return Outcome(status: process.terminationStatus, output: data,
                       errors: String(decoding: errorsRead.withLock { $0 }, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines))
    }
}
