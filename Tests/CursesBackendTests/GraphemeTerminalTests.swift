@testable import CursesBackend
import Foundation
import TerminalUI
import Testing

/// The width probe end to end: the built binary in a pseudo-terminal that answers as a terminal
/// drawing grapheme clusters would (mode 2027 permanently set, each sample advancing as one
/// glyph), or as one that answers only cursor reports, or nothing. A product named with a ZWJ
/// family shows which way the app measured: per grapheme, the family is one 2-column cell that
/// ncurses gets as its first code point (it would count the whole sequence as 8 columns), so
/// only the man reaches the terminal; per code point, all four people go out, 8 columns, as
/// tmux draws them.
@Suite("The width probe against a terminal")
struct GraphemeTerminalTests {
    private static let root = SupportScript.root
    private static let family = "\u{1F468}\u{200D}\u{1F469}\u{200D}\u{1F467}\u{200D}\u{1F466}"

    private struct Drawn: Decodable {
        var frame_seen: Bool
        var after_probe: String
    }

    /// Runs the app on a catalog whose gems pouch is the family's, in a terminal of `kind`.
    private func run(terminal kind: String) throws -> Drawn {
        let binary = try SupportScript.binary()
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("storefront-probe-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        let catalog = try String(contentsOf: Self.root.appendingPathComponent("catalog.json"), encoding: .utf8)
            .replacingOccurrences(of: "\"Pouch of Gems\"", with: "\"\(Self.family) Family Pouch\"")
        let catalogFile = scratch.appendingPathComponent("catalog.json")
        try catalog.write(to: catalogFile, atomically: true, encoding: .utf8)
        // What a grapheme terminal advances over each sample: the widths the app would then measure by.
        let widths = TerminalProbe.samples.map { sample in DisplayWidth.measuring(.graphemes) { DisplayWidth.of(sample) } }
        return try SupportScript.run("probing_terminal.py", python: "/usr/bin/python3", arguments: [
            kind, widths.map(String.init).joined(separator: ","), "--", binary,
            "--catalog", catalogFile.path, "--state-dir", scratch.appendingPathComponent("state").path, "--storefront", "USA",
        ], environment: ["WAIT_FOR": "Family Pouch"])
    }

    @Test func aGraphemeTerminalGetsTheFamilyAsOneCell() throws {
        let drawn = try run(terminal: "graphemes")
        #expect(drawn.frame_seen, "the first frame never showed the family's row")
        #expect(drawn.after_probe.contains("\u{1F468}"))
        #expect(!drawn.after_probe.contains("\u{1F469}"), "the family went out per code point to a terminal that draws clusters")
    }

    @Test("Per code point where the terminal does not say it draws clusters", arguments: ["dsr-only", "silent"])
    func otherTerminalsGetEveryCodePoint(kind: String) throws {
        let drawn = try run(terminal: kind)
        #expect(drawn.frame_seen, "the first frame never showed the family's row")
        #expect(["\u{1F468}", "\u{1F469}", "\u{1F467}", "\u{1F466}"].allSatisfy(drawn.after_probe.contains),
                "the family's four code points did not all go out")
    }
}
