import Foundation
import Testing
@testable import Scenarios

/// `caption "TEXT"` and `# comments` as a demo reads them: parsed, checked, and shown in a
/// headless transcript without changing what the scenario does.
@Suite("Parser and runner: captions")
struct CaptionTests {
    @Test("caption takes one quoted text")
    func parses() throws {
        #expect(try command(#"caption "Pay with a test card""#) == .caption("Pay with a test card"))
        #expect(try command("caption Hello") == .caption("Hello"))
        #expect(try command(#"caption "  spaced  ""#) == .caption("spaced"))
    }

    @Test("caption without text, with two words, or empty is a script error naming the line")
    func errors() throws {
        let none = try #require(parseError("buy\ncaption"))
        #expect(none.line == 2)
        #expect(none.message.contains("caption takes one TEXT in quotes"))
        let two = try #require(parseError("caption two words"))
        #expect(two.message.contains("caption takes one TEXT in quotes"))
        let empty = try #require(parseError(#"caption "  ""#))
        #expect(empty.message.contains("empty caption"))
        let misspelt = try #require(parseError(#"captoin "x""#))
        #expect(misspelt.message.contains("did you mean caption?"))
    }

    @Test("type TEXT is a key per character; empty or with control characters is a script error")
    func type() throws {
        #expect(try command("type 4111") == .keys([.character("4"), .character("1"), .character("1"), .character("1")]))
        #expect(try command(#"type "a b""#) == .keys([.character("a"), .character(" "), .character("b")]))
        #expect(try #require(parseError(#"type """#)).message.contains("types nothing"))
        #expect(try #require(parseError("type")).message.contains("type takes one TEXT"))
        #expect(try #require(parseError("type \"a\u{7}\"")).message.contains("printable"))
    }

    @Test("comments are kept by line, whole-line or after a command; a # inside quotes or a word is not one")
    func comments() throws {
        let scenario = try ScenarioParser.parse("""
            # Heading
            buy   # after a command
            caption "no # comment here"
            select a#b
            #
            """, file: "t.scenario")
        #expect(scenario.comments == [1: "Heading", 2: "after a command"])
        #expect(scenario.comments(after: 0, upTo: 2) == "Heading after a command")
        #expect(scenario.comments(after: 2, upTo: 5) == nil)
        #expect(scenario.lines.map(\.command) == [.buy, .caption("no # comment here"), .select(.sku("a#b"))])
    }

    @Test("headless, a caption is in the transcript as written and changes nothing else")
    func headless() throws {
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        try scratch.write("tiny.json", tinyCatalog)
        let file = try scratch.write("told.scenario", """
            catalog tiny.json
            caption "The player buys gems"
            select com.example.gems
            expect screen lacks "The player buys gems"
            """)
        let result = ScenarioRunner.run(file, options: ScenarioOptions())
        #expect(result.passed, "\(result.transcript)")
        #expect(result.transcript.contains("    2  caption \"The player buys gems\""))
    }
}
