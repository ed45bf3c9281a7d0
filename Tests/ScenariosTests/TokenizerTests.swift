import Testing
@testable import Scenarios

/// How a line splits into words: spaces separate, double quotes keep spaces, `\` escapes inside
/// quotes, and `#` starts a comment only where a word could start, outside quotes.
@Suite("Tokenizer")
struct TokenizerTests {
    private func words(_ line: String) throws -> [String] {
        do {
            return try ScenarioParser.tokenize(line)
        } catch {
            Issue.record("\(line) did not tokenize: \(error.message)")
            return []
        }
    }

    private func problem(_ line: String) -> String? {
        do {
            let words = try ScenarioParser.tokenize(line)
            Issue.record("\(line) tokenized to \(words), expected a problem")
            return nil
        } catch {
            return error.message
        }
    }

    @Test("spaces and tabs separate words; runs of them count once")
    func spaces() throws {
        #expect(try words("expect   balance\tgems  10") == ["expect", "balance", "gems", "10"])
        #expect(try words("") == [])
        #expect(try words("   \t ") == [])
    }

    @Test("double quotes keep spaces and the # inside them")
    func quotes() throws {
        #expect(try words(#"expect screen contains "Pay Station · sandbox""#)
                == ["expect", "screen", "contains", "Pay Station · sandbox"])
        #expect(try words(##"expect screen contains "# not a comment""##) == ["expect", "screen", "contains", "# not a comment"])
        #expect(try words(##"key "#""##) == ["key", "#"])
    }

    @Test("a quote next to other text joins it into one word")
    func quoteJoinsWord() throws {
        #expect(try words(#"say "two words"after"#) == ["say", "two wordsafter"])
        #expect(try words(#"pre"fix""#) == ["prefix"])
    }

    @Test("an empty pair of quotes is an empty word, not nothing")
    func emptyQuotes() throws {
        // The parser relies on this to say `expect screen contains ""` needs text.
        #expect(try words(#"expect screen contains """#) == ["expect", "screen", "contains", ""])
    }

    @Test(#"inside quotes \" is a quote and \\ a backslash; elsewhere \ is plain text"#)
    func escapes() throws {
        #expect(try words(#""say \"hi\"""#) == [#"say "hi""#])
        #expect(try words(#""back\\slash""#) == [#"back\slash"#])
        // Any escaped character stands for itself: there is no \n.
        #expect(try words(#""a\nb""#) == ["anb"])
        #expect(try words(#"C:\path"#) == [#"C:\path"#])
    }

    @Test("# starts a comment at the start of a line or a word, outside quotes")
    func comments() throws {
        #expect(try words("# the whole line") == [])
        #expect(try words("   # indented") == [])
        #expect(try words("buy # what follows is ignored") == ["buy"])
        #expect(try words(#"expect screen contains "x" # "unclosed"#) == ["expect", "screen", "contains", "x"])
    }

    @Test("# inside a word is part of the word (URLs keep their fragments)")
    func hashInsideWord() throws {
        #expect(try words("open-url app://x/#fragment") == ["open-url", "app://x/#fragment"])
    }

    @Test("an unclosed quote is a problem that says to close it")
    func unclosedQuote() {
        #expect(problem(#"expect screen contains "Pay"#)?.contains("a quote is not closed") == true)
        #expect(problem(#"""#)?.contains("a quote is not closed") == true)
    }

    @Test("a backslash ending the line inside quotes escapes nothing")
    func trailingBackslash() {
        #expect(problem(#"expect screen contains "Pay\"#)?.contains(#"a \ at the end of the line escapes nothing"#) == true)
    }
}
