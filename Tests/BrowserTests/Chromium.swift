import Foundation

/// Debian's headless Chromium, run offline on a local page: the DOM after the page's scripts
/// ran, or a screenshot. Each run gets a fresh profile so runs beside each other never share one.
struct Chromium {
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    let executable: String

    /// The browser on PATH (`chromium`, as Debian names it), or a failure that says how to get it.
    static func find() throws -> Chromium {
        for directory in (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin").split(separator: ":") {
            for name in ["chromium", "chromium-browser", "google-chrome"] {
                let path = "\(directory)/\(name)"
                if FileManager.default.isExecutableFile(atPath: path) { return Chromium(executable: path) }
            }
        }
        throw Failure(description: "no chromium on PATH: `make test-browser` installs Debian's chromium")
    }

    /// The page's DOM once its scripts have run (`--dump-dom`), with `script` run first when
    /// given: it is appended to the page as its last element, so it sees everything the page built.
    func dom(of page: URL, windowSize: (Int, Int) = (1280, 900)) throws -> String {
        try run(["--dump-dom", page.absoluteString], windowSize: windowSize)
    }

    /// A PNG of the page at `windowSize`, written to `output`.
    func screenshot(of page: URL, to output: URL, windowSize: (Int, Int) = (1280, 900)) throws {
        _ = try run(["--screenshot=\(output.path)", page.absoluteString], windowSize: windowSize)
        guard FileManager.default.fileExists(atPath: output.path) else {
            throw Failure(description: "chromium wrote no screenshot to \(output.path)")
        }
    }

    private func run(_ arguments: [String], windowSize: (Int, Int)) throws -> String {
        let profile = FileManager.default.temporaryDirectory
            .appendingPathComponent("storefront-chromium-\(UUID().uuidString.prefix(8))")
        defer { try? FileManager.default.removeItem(at: profile) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        // No network at all: a page that reached for one would show it as a missing picture.
        process.arguments = ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
                             "--user-data-dir=\(profile.path)", "--proxy-server=127.0.0.1:9",
                             "--virtual-time-budget=5000", "--window-size=\(windowSize.0),\(windowSize.1)",
                             "--hide-scrollbars"] + arguments
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        // Read while it runs: a large DOM would fill the pipe and stall the browser.
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw Failure(description: "chromium exited \(process.terminationStatus) on \(arguments.joined(separator: " "))")
        }
        return String(decoding: data, as: UTF8.self)
    }
}

/// Where a browser test leaves its screenshots for a person to look at: `.build/browser-tests`.
enum TestOutput {
    static func directory(_ name: String) throws -> URL {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent(".build/browser-tests/\(name)")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        return root
    }
}
