import Foundation
import Synchronization
import Testing

/// Where the package and its built `storefront` binary are. The tests run the real binary, so
/// `swift build` must have run first; they find the package from the current directory (where
/// `swift test` runs) or from this file's path, with and without resolving symlinks, so they work
/// both in the main checkout and in a worktree whose `Tests/EndToEndTests` is a symlink.
enum BuiltBinary {
    static let packageRoot: URL? = {
        var candidates: [URL] = []
        var directory = URL(fileURLWithPath: FileManager.default.currentDirectoryPath, isDirectory: true)
        while true {
            candidates.append(directory)
            let parent = directory.deletingLastPathComponent()
            if parent.path == directory.path { break }
            directory = parent
        }
        // …/Tests/EndToEndTests/BuiltBinary.swift -> up two directories from the file's own.
        let file = URL(fileURLWithPath: #filePath)
        for url in [file, file.resolvingSymlinksInPath()] {
            candidates.append(url.deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent())
        }
        return candidates.first(where: isStorefrontPackage)
    }()

    private static func isStorefrontPackage(_ directory: URL) -> Bool {
        let manifest = directory.appendingPathComponent("Package.swift")
        guard let text = try? String(contentsOf: manifest, encoding: .utf8) else { return false }
        return text.contains("name: \"storefront\"") && text.contains("EndToEndTests")
    }

    /// The package root, for files the tests read from the source tree.
    static var root: String { packageRoot?.path ?? "." }

    /// The default catalog at the package root; its `Themes/` sit beside it. `make test` builds
    /// the binary before the tests; a plain `swift test` runs whatever binary was built last.
    static var catalog: String { (packageRoot?.appendingPathComponent("catalog.json").path) ?? "catalog.json" }

    /// The path of `.build/debug/storefront`; fails the test, saying to build it, when it is missing.
    static func path() throws -> String {
        guard let root = packageRoot else {
            throw EndToEndStop(plain: "cannot find the storefront package (its Package.swift) above "
                               + "\(FileManager.default.currentDirectoryPath) or \(#filePath)")
        }
        let binary = root.appendingPathComponent(".build/debug/storefront").path
        guard FileManager.default.isExecutableFile(atPath: binary) else {
            throw EndToEndStop(plain: "\(binary) is missing: run `swift build` in \(root.path) first; "
                               + "the end-to-end tests run the built binary")
        }
        return binary
    }

    /// The Python with the stores' libraries the tests check with (`make pyte`); without it the
    /// test stops, naming what `library` it wanted.
    static func libraryPython(for library: String) throws -> String {
        let python = root + "/.build/pyte-venv/bin/python"
        guard FileManager.default.isExecutableFile(atPath: python) else {
            throw EndToEndStop(plain: "\(python) is missing: run `make pyte` (\(library))")
        }
        return python
    }
}

/// Stops a test: after a failed wait (recorded with its screen) instead of letting every later
/// step wait out its own timeout, or when there is nothing to run.
struct EndToEndStop: Error, CustomStringConvertible {
    var description: String
    init(_ reason: String) { description = "stopped: \(reason)" }
    init(plain message: String) { description = message }
}

/// A temporary state directory for one test, removed by `remove()`.
final class TemporaryDirectory {
    let path: String

    init() throws {
        path = FileManager.default.temporaryDirectory
            .appendingPathComponent("storefront-e2e-\(UUID().uuidString.prefix(8).lowercased())").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    func remove() {
        try? FileManager.default.removeItem(atPath: path)
    }

    deinit { remove() }
}

/// Runs a program to its end and returns its exit status and output.
struct Finished {
    var status: Int32
    var standardOutput: String
    var standardError: String

    static func run(_ executable: String, _ arguments: [String], environment: [String: String]? = nil,
                    in directory: String? = nil) throws -> Finished {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        if let environment { process.environment = environment }
        if let directory { process.currentDirectoryURL = URL(fileURLWithPath: directory, isDirectory: true) }
        let output = Pipe()
        let errors = Pipe()
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        // Small outputs: read standard error on another thread so neither pipe can fill up.
        let errorData = ErrorCollector(errors.fileHandleForReading)
        let outputData = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Finished(status: process.terminationStatus,
                        standardOutput: String(decoding: outputData, as: UTF8.self),
                        standardError: String(decoding: errorData.wait(), as: UTF8.self))
    }
}

private final class ErrorCollector: Sendable {
    private let data = Mutex(Data())
    private let done = DispatchSemaphore(value: 0)

    init(_ handle: FileHandle) {
        Thread.detachNewThread { [self] in
            let read = handle.readDataToEndOfFile()
            data.withLock { $0 = read }
            done.signal()
        }
    }

    func wait() -> Data {
        done.wait()
        return data.withLock { $0 }
    }
}
