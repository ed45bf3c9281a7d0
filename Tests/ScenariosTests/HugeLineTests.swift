import Foundation
import Testing
@testable import Scenarios

/// Hostile sizes: a line of one 1,000,000-character word, a line past the limit. The parser
/// reads each line once (no work per pair of characters: the nearest command is looked for
/// only among names of about the word's length), and what it says back is short.
@Suite("Parser: huge lines")
struct HugeLineTests {
    @Test func aMillionCharacterWordIsAnUnknownCommandSaidShortly() throws {
        let word = String(repeating: "a", count: 1_000_000)
        let error = try #require(parseError("size 80x24\n\(word)\n", file: "huge.scenario"))
        #expect(error.line == 2)
        #expect(error.message.hasPrefix("unknown command aaaaaaaaaa"), "\(error.message.prefix(200))")
        #expect(error.message.contains("… (1000000 characters)"), "\(error.message.prefix(200))")
        #expect(error.message.utf8.count < 1_000, "the message quotes the whole word: \(error.message.utf8.count) bytes")
    }

    /// Checked when the line runs (a SKU, a storefront the catalog lacks): said as shortly.
    @Test("a million-character SKU or storefront is quoted by its start when its line runs", arguments: ["select", "storefront"])
    func aMillionCharacterArgumentIsQuotedShortlyWhenItRuns(command: String) throws {
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        let word = String(repeating: "a", count: 1_000_000)
        let file = try scratch.write("huge.scenario", "catalog \(try repositoryCatalog())\n\(command) \(word)\nselect 1\n")
        let result = ScenarioRunner.run(file, options: try options(in: scratch))
        let error = try #require(result.scriptError, "\(result.summary)")
        #expect(error.line == 2)
        #expect(error.message.contains("… (1000000 characters)"), "\(error.message.prefix(200))")
        #expect(error.message.utf8.count < 1_000, "the message quotes the whole word: \(error.message.utf8.count) bytes")
        #expect(result.transcript.joined().utf8.count < 10_000, "the transcript quotes the whole line")
    }

    @Test func aLongWordStillGetsItsSuggestion() throws {
        let error = try #require(parseError("advanse 2s\n", file: "t.scenario"))
        #expect(error.message.contains("(did you mean advance?)"))
    }

    @Test func aLinePastTheLimitIsRefusedBeforeItIsRead() throws {
        let line = "open-url \"" + String(repeating: "u", count: ScenarioParser.maxLineBytes) + "\""
        let error = try #require(parseError("size 80x24\n\(line)\n", file: "huge.scenario"))
        #expect(error.line == 2)
        #expect(error.message == "line 2 is \(line.utf8.count) bytes long; a line holds at most \(ScenarioParser.maxLineBytes)")
    }

    @Test func aLongURLUnderTheLimitIsKeptWhole() throws {
        let url = "com.example.stardust://xsollaconfirm/payment?user_id=" + String(repeating: "u", count: 500_000)
        #expect(try command("open-url \"\(url)\"") == .openURL(url))
    }
}
