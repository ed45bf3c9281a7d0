import Testing
@testable import TerminalUI

/// The shortcut `Frame.write` and `DisplayWidth.of` take for text whose every code point is a
/// grapheme cluster of its own (prices, borders, most names) must draw exactly what the
/// cluster rules draw: checked against them for every code point of the first two planes, for
/// neighbours, and for whole texts cut at a limit.
@Suite("Code points that are clusters of their own")
struct StandaloneWidthTests {
    static let scalars: [Unicode.Scalar] = (0..<UInt32(0x20000)).compactMap(Unicode.Scalar.init)
    static let standalone = scalars.filter { DisplayWidth.standaloneWidth($0) != nil }

    @Test("alone, each draws as the cluster rules draw it, in both width modes", arguments: WidthMode.allCases)
    func alone(mode: WidthMode) {
        var mismatches: [String] = []
        DisplayWidth.measuring(mode) {
            for scalar in Self.standalone {
                let width = DisplayWidth.standaloneWidth(scalar) ?? 0
                let cells = DisplayWidth.cells(of: [scalar])
                if cells != [DisplayWidth.DrawnCell(grapheme: String(scalar), width: width)] {
                    mismatches.append("U+\(String(scalar.value, radix: 16, uppercase: true)): \(cells) against width \(width)")
                }
            }
        }
        #expect(mismatches.isEmpty, "\(mismatches.prefix(10))")
        // Most code points take the shortcut; a table that said "no" to all would pass the rest.
        #expect(Self.standalone.count > 60_000)
    }

    @Test("two side by side are two clusters, whichever they are")
    func neighbours() {
        let partners: [Unicode.Scalar] = ["a", "\u{20AC}", "\u{2500}", "\u{65E5}", "\u{00A0}", "\u{0915}", "\u{AC00}"]
        var joined: [String] = []
        for (index, scalar) in Self.standalone.enumerated() {
            let next = Self.standalone[(index + 1) % Self.standalone.count]
            for other in partners + [next] where DisplayWidth.standaloneWidth(other) != nil {
                for pair in [[scalar, other], [other, scalar]] where DisplayWidth.clusters(of: String(String.UnicodeScalarView(pair))).count != 2 {
                    joined.append(pair.map { "U+" + String($0.value, radix: 16, uppercase: true) }.joined(separator: " "))
                }
            }
        }
        #expect(joined.isEmpty, "\(joined.prefix(10))")
    }

    @Test("a frame draws such text cell for cell as the cluster rules do, cut where it must be",
          arguments: ["5,49\u{00A0}\u{20AC}/Monat", "\u{FFE5}800/\u{6708}", "\u{20B9}2,999", "\u{256D}\u{2500}\u{2500} \u{041F}\u{0440}\u{0435}\u{043C}\u{0438}\u{0443}\u{043C} \u{2500}\u{256E}",
                      "\u{65E5}\u{672C}\u{8A9E}\u{306E}\u{30D7}\u{30E9}\u{30F3}", "\u{0395}\u{03C4}\u{03AE}\u{03C3}\u{03B9}\u{03BF} \u{00B7} \u{2026}"],
          [3, 4, 7, 40])
    func frame(text: String, limit: Int) {
        #expect(DisplayWidth.standaloneColumns(of: text) != nil, "the sample must take the shortcut")
        var drawn = Frame(width: 40, height: 1)
        let used = drawn.write(text, x: 0, y: 0, limit: limit, style: .plain)
        // What the cluster rules give, laid out by hand: a wide cell that does not fit leaves a blank.
        var expected = Frame(width: 40, height: 1)
        var column = 0
        for cell in DisplayWidth.clusters(of: text).flatMap(DisplayWidth.cells(of:)) {
            guard column + cell.width <= limit else {
                if column < limit, cell.width == 2 { column += 1 }
                break
            }
            expected.cells[column] = Cell(cell.grapheme, width: cell.width)
            if cell.width == 2 { expected.cells[column + 1] = Cell("", width: 0) }
            column += cell.width
        }
        #expect(drawn == expected, "\(drawn.lines) against \(expected.lines)")
        #expect(used == column)
        #expect(DisplayWidth.of(text) == DisplayWidth.clusters(of: text).flatMap(DisplayWidth.cells(of:)).reduce(0) { $0 + $1.width })
    }

    /// A row cut to its pane by the shortcuts (ASCII, code points of their own) is the cut the
    /// cluster rules make: the longest run of whole clusters that fits.
    @Test func aTextCutToAWidthIsTheLongestRunOfWholeClustersThatFits() {
        let texts = ["notif.delivered HTTP 204 in 5 ms: payment to http://127.0.0.1:9/x",
                     "15:24:30 ps.troubled status troubled → ¥6,000 · 日本語のテキスト…", "ok",
                     "e\u{301}mile 👩‍👩‍👧 done", "ห้องสมุด · नमस्ते"]
        for text in texts {
            let clusters = DisplayWidth.clusters(of: text)
            for width in 0...(DisplayWidth.of(text) + 2) {
                let cut = DisplayWidth.prefix(of: text, fitting: width)
                // Whole clusters, as many as fit.
                var fitting = 0
                var used = 0
                for cluster in clusters {
                    let cells = DisplayWidth.cells(of: cluster).reduce(0) { $0 + $1.width }
                    if used + cells > width { break }
                    used += cells
                    fitting += 1
                }
                let expected = String(String.UnicodeScalarView(clusters.prefix(fitting).joined()))
                #expect(cut == expected, "\(text) at \(width): \(cut) against \(expected)")
            }
        }
    }
}

