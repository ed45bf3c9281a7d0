import Foundation
import Program
import TerminalUI
import TestFixtures
import Testing

/// Issue 18 item 6: one keymap. The dispatch, the help and `storefront --help` read `Keymap`;
/// docs/reference.md's table of keys is checked against it both ways, naming the row or the
/// binding they disagree on.
@Suite("Keymap")
struct KeymapTests {
    /// A row of the docs' table: its key cell as written, and the keys it names.
    struct DocumentedRow: Sendable {
        var cell: String
        var keys: [Key]
    }

    /// Keys as docs/reference.md and the help write them; a single character is itself.
    static let keyNames: [String: Key] = [
        "←": .left, "→": .right, "↑": .up, "↓": .down, "Enter": .enter, "Esc": .escape, "Tab": .tab,
        "Shift-Tab": .backTab, "Backspace": .backspace, "Ctrl-C": .interrupt, "Ctrl-Z": .suspend,
    ]

    static func name(of key: Key) -> String {
        if case .character(let character) = key { return String(character) }
        return keyNames.first { $0.value == key }?.key ?? "\(key)"
    }

    /// The rows of a `## Keys` table: each backquoted name in the first cell is a key, and
    /// `` `0`–`9` `` every character from one to the other. A name that is no key throws.
    static func rows(ofKeysTableIn page: String) throws -> [DocumentedRow] {
        let start = try #require(page.range(of: "\n## Keys\n"), "no ## Keys section")
        let end = page.range(of: "\n## ", range: start.upperBound..<page.endIndex)?.lowerBound ?? page.endIndex
        var rows: [DocumentedRow] = []
        var inTable = false
        for line in page[start.upperBound..<end].split(separator: "\n", omittingEmptySubsequences: false) {
            guard line.hasPrefix("|") else {
                if inTable { break }  // the table ends at its first line that is not a row
                continue
            }
            inTable = true
            let cell = line.dropFirst().prefix { $0 != "|" }.trimmingCharacters(in: .whitespaces)
            guard cell.hasPrefix("`") else { continue }  // the header and its rule
            rows.append(DocumentedRow(cell: cell, keys: try keys(in: cell)))
        }
        return rows
    }

    static func keys(in cell: String) throws -> [Key] {
        let pieces = cell.components(separatedBy: "`")
        var keys: [Key] = []
        for index in stride(from: 1, to: pieces.count, by: 2) {
            let name = pieces[index]
            // `a`–`b`: the range, its first and last already named on either side of the dash.
            if index >= 3, pieces[index - 1].trimmingCharacters(in: .whitespaces) == "–",
               let low = pieces[index - 2].unicodeScalars.first, let high = name.unicodeScalars.first, low < high {
                for value in (low.value + 1)..<high.value {
                    keys.append(.character(Character(try #require(Unicode.Scalar(value)))))
                }
            }
            if let key = keyNames[name] {
                keys.append(key)
            } else {
                try #require(name.count == 1, "`\(name)` in the row \"\(cell)\" is not a key")
                keys.append(.character(Character(name)))
            }
        }
        return keys
    }

    /// Where the table and the keymap disagree, one sentence each: a bound key no row names, a
    /// documented key nothing binds.
    static func disagreements(between rows: [DocumentedRow], and bindings: [KeyBinding]) -> [String] {
        var found: [String] = []
        for binding in bindings {
            for key in binding.keys where !rows.contains(where: { $0.keys.contains(key) }) {
                found.append("`\(name(of: key))` is bound (\(binding.message)), but no row of the table names it")
            }
        }
        for row in rows {
            for key in row.keys where !bindings.contains(where: { $0.keys.contains(key) }) {
                found.append("the row \"\(row.cell)\" names `\(name(of: key))`, which the keymap does not bind")
            }
        }
        return found
    }

    static func referenceRows() throws -> [DocumentedRow] {
        try rows(ofKeysTableIn: String(contentsOf: packageRoot.appendingPathComponent("docs/reference.md"), encoding: .utf8))
    }

    @Test func theReferenceDocumentsEveryBindingAndBindsEveryDocumentedKey() throws {
        let rows = try Self.referenceRows()
        #expect(rows.count > 20, "the table was read: \(rows.map(\.cell))")
        let disagreements = Self.disagreements(between: rows, and: Keymap.bindings)
        #expect(disagreements.isEmpty, "\(disagreements.joined(separator: "\n"))")
    }

    /// The check itself: a row planted for a key nothing binds, and a binding no row names, are
    /// each reported by name; a key both name is not.
    @Test func aWrongRowOrAnUndocumentedBindingIsNamed() throws {
        let rows = [DocumentedRow(cell: "`q`", keys: try Self.keys(in: "`q`")),
                    DocumentedRow(cell: "`@`", keys: try Self.keys(in: "`@`"))]
        let bindings = [KeyBinding(.character("q"), help: nil, sends: .quit),
                        KeyBinding(.character("~"), help: nil, sends: .quit)]
        #expect(Self.disagreements(between: rows, and: bindings) == [
            "`~` is bound (quit), but no row of the table names it",
            "the row \"`@`\" names `@`, which the keymap does not bind",
        ])
    }

    @Test func aRangeOfCharactersNamesEachOfThem() throws {
        let keys = try Self.keys(in: "`0`–`3` `+` / `>`")
        #expect(keys == ["0", "1", "2", "3", "+", ">"].map { Key.character(Character($0)) })
        #expect(try Self.keys(in: "`Shift-Tab` or `←`") == [.backTab, .left])
    }

    /// So the order of the rows decides nothing: a key means one thing wherever it is pressed.
    @Test func noKeyIsBoundTwiceInOneContext() {
        for context in KeyContext.allCases {
            var seen: [(Key, KeyBinding)] = []
            for binding in Keymap.bindings where binding.contexts.contains(context) {
                for key in binding.keys {
                    if let earlier = seen.first(where: { $0.0 == key }) {
                        Issue.record("`\(Self.name(of: key))` in \(context): \(earlier.1.message) and \(binding.message)")
                    }
                    seen.append((key, binding))
                }
            }
        }
    }

    @Test(arguments: ["Enter / o", "Esc", "Tab / Shift-Tab", "s / S", "t / T", "v / i", "e / P", ":", "r", "?", "q / Ctrl-C", "Ctrl-Z", "mouse"])
    func helpListsTheKey(key: String) {
        #expect(Keymap.help.contains { $0.keys == key })
    }

    /// Each line once, though several bindings share it (`s`, `S`).
    @Test func helpListsEachLineOnce() {
        #expect(Set(Keymap.help.map(\.keys)).count == Keymap.help.count)
        #expect(Keymap.help.filter { $0.keys == "s / S" }.count == 1)
    }

    @Test func helpFitsEveryKeyInItsBox() {
        var frame = Frame(width: 80, height: 24)
        frame.render(TextOverlayView(HelpOverlay.overlay(listing: Keymap.help), theme: .dark), in: frame.area)
        let text = frame.text
        #expect(text.contains("Ctrl-Z"))
        #expect(text.contains("Esc or ? closes"))
    }

    /// At the smallest size the keys do not fit: nothing is cut, the rest is one scroll away.
    @Test func atTheSmallestSizeHelpScrollsAndCutsNothing() {
        var frame = Frame(width: 60, height: 18)
        var help = HelpOverlay.overlay(listing: Keymap.help)
        frame.render(TextOverlayView(help, theme: .dark), in: frame.area)
        #expect(frame.text.contains("▼"))
        #expect(!frame.text.contains("…"), "descriptions wrap instead of being cut")
        for _ in 0..<30 { help.scroll(by: 1, on: frame.area) }
        frame = Frame(width: 60, height: 18)
        frame.render(TextOverlayView(help, theme: .dark), in: frame.area)
        #expect(frame.text.contains("mouse"))
        #expect(frame.text.contains("▲"))
        help.scroll(by: -1, on: frame.area)
        #expect(help.scroll > 0, "one press back from the end moves back at once")
    }

    /// What is open is known by what it is, not by its title: `n` closes the messages, and over
    /// the keys does nothing.
    @Test func nClosesTheMessagesOnly() {
        var app = makeApp()
        app.receive(.key(.character("?")), .key(.character("n")))
        #expect(app.showsHelp)
        #expect(!app.showsMessages)
        app.receive(.key(.escape), .key(.character("n")))
        #expect(app.showsMessages)
        #expect(!app.showsHelp)
        app.receive(.key(.character("n")))
        #expect(app.overlay == nil)
    }

    /// A key does what its binding's message does when sent by name: `S`, the previous storefront.
    @Test func aKeySendsItsBindingsMessage() throws {
        let key = Key.character("S")
        let binding = try #require(Keymap.binding(for: key, in: .paywall))
        var byKey = makeApp()
        var byName = makeApp()
        byKey.receive(.key(key))
        byName.receive(binding.message)
        #expect(byKey.paywall.storefrontIndex == byName.paywall.storefrontIndex)
        #expect(byKey.paywall.storefrontIndex != makeApp().paywall.storefrontIndex)
    }
}
