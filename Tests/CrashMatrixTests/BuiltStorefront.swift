import Foundation

/// The built `.build/debug/storefront` and the shipped catalog, found from this file's place
/// (…/Tests/CrashMatrixTests/) or from the directory `swift test` runs in.
enum BuiltStorefront {
    static let root: String? = {
        let file = URL(fileURLWithPath: #filePath)
        let candidates = [file, file.resolvingSymlinksInPath()].map {
            $0.deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path
        } + [FileManager.default.currentDirectoryPath]
        return candidates.first { FileManager.default.fileExists(atPath: $0 + "/catalog.json") && FileManager.default.fileExists(atPath: $0 + "/Package.swift") }
    }()

    static var binary: String? {
        guard let root else { return nil }
        let path = root + "/.build/debug/storefront"
        return FileManager.default.isExecutableFile(atPath: path) ? path : nil
    }

    static var catalog: String { (root ?? ".") + "/catalog.json" }
}

/// How a run of the binary ended, with what it wrote.
struct Ended {
    var status: Int32
    var killed: Bool
    var output: String
    var errors: String

    /// Runs `executable` to its end; its output goes through files, so no pipe can fill up.
    static func run(_ executable: String, _ arguments: [String], environment: [String: String], logs: String) throws -> Ended {
        let outPath = logs + ".out", errPath = logs + ".err"
        guard FileManager.default.createFile(atPath: outPath, contents: nil),
              FileManager.default.createFile(atPath: errPath, contents: nil) else {
            throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: outPath])
        }
        let out = try FileHandle(forWritingTo: URL(fileURLWithPath: outPath))
        let err = try FileHandle(forWritingTo: URL(fileURLWithPath: errPath))
        defer {
            try? out.close()
            try? err.close()
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { _, given in given }
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = out
        process.standardError = err
        try process.run()
        process.waitUntilExit()
        return Ended(status: process.terminationStatus,
                     killed: process.terminationReason == .uncaughtSignal && process.terminationStatus == SIGKILL,
                     output: (try? String(contentsOfFile: outPath, encoding: .utf8)) ?? "",
                     errors: (try? String(contentsOfFile: errPath, encoding: .utf8)) ?? "")
    }

    /// What `STOREFRONT_CRASH_AFTER_COMMITS` said of a run it did not end: how many commits it made.
    var commitsMade: Int? {
        guard let line = errors.split(separator: "\n").first(where: { $0.contains("STOREFRONT_CRASH_AFTER_COMMITS=") }),
              let count = line.split(separator: " ").dropFirst().first.flatMap({ Int($0) }) else { return nil }
        return count
    }
}
