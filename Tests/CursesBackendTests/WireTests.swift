import Foundation
import Testing

/// What the app writes to a terminal, read by pyte (a terminal emulator) through a
/// pseudo-terminal: the built binary's first frame sets attributes once per run of cells that
/// look alike (a blank looks as the cell before it), never around every gap, and a Down move
/// sends only what changed, a small part of a repaint. Counts of sequences and runs, not of
/// bytes or time: the property holds on any machine.
@Suite("Bytes on the wire")
struct WireTests {
    private static let root = SupportScript.root

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
        let binary = try SupportScript.binary()
        let python = Self.root.appendingPathComponent(".build/pyte-venv/bin/python").path
        try #require(FileManager.default.isExecutableFile(atPath: python),
                     "\(python) is missing: run `make pyte` (a virtualenv with pyte, the terminal emulator)")
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("storefront-wire-\(UUID().uuidString.prefix(8))")
        defer { try? FileManager.default.removeItem(at: scratch) }
        return try SupportScript.run("wire_reading.py", python: python, arguments: [
            "--", binary, "--catalog", Self.root.appendingPathComponent("catalog.json").path,
            "--state-dir", scratch.appendingPathComponent("state").path, "--user", "qa-wire",
        ])
    }

    @Test func attributesChangeOncePerRunAndAMoveSendsOnlyWhatChanged() throws {
        let reading = try read()
        #expect(reading.screen.contains { $0.contains("Paywall main") }, "the first frame never showed the paywall")
        // One change per run, and the reset curses ends every update with.
        #expect(reading.firstFrame.attributeChanges <= reading.firstFrame.runs + 1,
                "\(reading.firstFrame.attributeChanges) attribute changes for \(reading.firstFrame.runs) runs on this screen:\n\(reading.screen.joined(separator: "\n"))")
        #expect((reading.move.changedCells ?? 0) > 0, "Down changed nothing on screen")
        #expect(reading.move.bytes * 4 < reading.firstFrame.bytes,
                "a move wrote \(reading.move.bytes) bytes, a repaint \(reading.firstFrame.bytes)")
    }
}
