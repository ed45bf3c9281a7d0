import Foundation
import Testing

/// A Python script of `Support/` run on the built binary in the pseudo-terminal it makes, as a
/// terminal would run it (`TERM=xterm-256color`, `LANG=C.UTF-8`, no color overrides), and the
/// JSON it prints at the end, decoded.
enum SupportScript {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// The debug binary `swift build` made; the test fails saying so when it is missing.
    static func binary() throws -> String {
        let binary = root.appendingPathComponent(".build/debug/storefront").path
        try #require(FileManager.default.isExecutableFile(atPath: binary), "build first: swift build")
        return binary
    }

    /// Runs `python` on `Support/<script>` with `arguments`; `environment` adds or replaces variables.
    static func run<Output: Decodable>(_ script: String, python: String, arguments: [String],
                                       environment extra: [String: String] = [:],
                                       as type: Output.Type = Output.self) throws -> Output {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: python)
        process.arguments = [root.appendingPathComponent("Tests/CursesBackendTests/Support/\(script)").path] + arguments
        var environment = ProcessInfo.processInfo.environment
        environment["TERM"] = "xterm-256color"
        environment["LANG"] = "C.UTF-8"
        environment["COLORTERM"] = nil
        environment["NO_COLOR"] = nil
        environment.merge(extra) { $1 }
        process.environment = environment
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return try JSONDecoder().decode(Output.self, from: data)
    }
}
