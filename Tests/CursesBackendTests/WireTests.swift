import Foundation
import Testing

/// What the app writes to a terminal, read by pyte (a terminal emulator) through a
/// pseudo-terminal: the built binary's first frame sets attributes once per run of cells that
/// look alike (a blank looks as the cell before it), never around every gap, and a Down move
/// sends only what changed, a small part of a repaint. Counts of sequences and runs, not of
/// bytes or time: the property holds on any machine.
@Suite("Bytes on the wire")
struct WireTests {
    private static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    private struct Reading: Decodable {
        struct Update: Decodable {
            var bytes: Int
            var attributeChanges: Int
            var runs: Int
            var changedCells: Int?
        }

        var firstFrame: Update
        var move: Update
        var screen: [String]
    }

    private func read() throws -> Reading {
        let binary = Self.root.appendingPathComponent(".build/debug/storefront").path
        try #require(FileManager.default.isExecutableFile(atPath: binary), "build first: swift build")
        let python = Self.root.appendingPathComponent(".build/pyte-venv/bin/python").path
        try #require(FileManager.default.isExecutableFile(atPath: python),
                     "\(python) is missing: run `make pyte` (a virtualenv with pyte, the terminal emulator)")
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("storefront-wire-\(UUID().uuidString.prefix(8))")
        defer { try? FileManager.default.removeItem(at: scratch) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: python)
        process.arguments = [Self.root.appendingPathComponent("Tests/CursesBackendTests/Support/wire_reading.py").path, "--",
                             binary, "--catalog", Self.root.appendingPathComponent("catalog.json").path,
                             "--state-dir", scratch.appendingPathComponent("state").path, "--user", "qa-wire"]
        var environment = ProcessInfo.processInfo.environment
        environment["TERM"] = "xterm-256color"
        environment["LANG"] = "C.UTF-8"
        environment["COLORTERM"] = nil
        environment["NO_COLOR"] = nil
        process.environment = environment
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return try JSONDecoder().decode(Reading.self, from: data)
    }

    @Test func attributesChangeOncePerRunAndAMoveSendsOnlyWhatChanged() throws {
        let reading = try read()
        #expect(reading.screen.contains { $0.contains("Paywall main") }, "the first frame never showed the paywall")
        // One change per run, and the reset curses ends every update with.
        #expect(reading.firstFrame.attributeChanges <= reading.firstFrame.runs + 1,
                "\(reading.firstFrame.attributeChanges) attribute changes for \(reading.firstFrame.runs) runs")
        #expect((reading.move.changedCells ?? 0) > 0, "Down changed nothing on screen")
        #expect(reading.move.bytes * 4 < reading.firstFrame.bytes,
                "a move wrote \(reading.move.bytes) bytes, a repaint \(reading.firstFrame.bytes)")
    }
}
