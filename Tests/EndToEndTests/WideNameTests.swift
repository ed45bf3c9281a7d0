import Foundation
import Testing

extension EndToEnd {
    /// tmux advances its cursor per code point (a thumb with a skin tone is 4 columns, हिंदी 4),
    /// so a name with emoji sequences and Devanagari must be measured that way or its row runs
    /// into the next column and pushes the price off.
    @Suite("Names as tmux draws them", .needsTmux)
    struct WideNames {
        static let name = "Pouch \u{1F468}\u{200D}\u{1F469}\u{200D}\u{1F467}\u{200D}\u{1F466} \u{1F1F8}\u{1F1E6} \u{1F44D}\u{1F3FD} हिंदी e\u{0301}"

        /// The columns tmux gives `text`, per code point as wcwidth counts what these rows hold:
        /// emoji 2, regional indicators 1, combining marks and format characters 0.
        private func columns(_ text: Substring) -> Int {
            text.unicodeScalars.reduce(0) { total, scalar in
                switch scalar.properties.generalCategory {
                case .nonspacingMark, .enclosingMark, .format: return total
                default: break
                }
                if (0x1F1E6...0x1F1FF).contains(scalar.value) { return total + 1 }
                return total + (scalar.value >= 0x1F300 ? 2 : 1)
            }
        }

        @Test("a row with a ZWJ family, a flag, a skin tone, Devanagari and an accent keeps its price column")
        func priceStaysInItsColumn() throws {
            let state = try TemporaryDirectory()
            defer { state.remove() }
            let catalog = try String(contentsOfFile: BuiltBinary.catalog, encoding: .utf8)
            let named = catalog.replacingOccurrences(of: "\"Pouch of Gems\"", with: "\"\(Self.name)\"")
            #expect(named != catalog)
            let file = state.path + "/wide-names.json"
            try named.write(toFile: file, atomically: true, encoding: .utf8)
            let app = try TmuxSession(stateDirectory: state.path + "/state", arguments: ["--catalog", file])
            defer { app.close() }
            let screen = try app.waitUntil("the shop lists the renamed pouch") { lines in
                lines.contains { $0.contains("Pouch") && $0.contains("$0.99") }
            }
            let row = try #require(screen.first { $0.contains("Pouch") })
            let next = try #require(screen.first { $0.contains("Chest of Gems") || $0.contains("Vault of Gems") })
            // Both prices end in the same column, and both rows reach the paywall's right border there.
            func end(ofPrice line: String) -> Int? {
                guard let price = line.range(of: #"\$[0-9]+\.[0-9]{2}"#, options: .regularExpression) else { return nil }
                return columns(line[..<price.upperBound])
            }
            #expect(end(ofPrice: row) != nil && end(ofPrice: row) == end(ofPrice: next), "\(row)\n\(next)")
            // The family is sent as its four people: no joiner for tmux to fold them by.
            #expect(row.contains("Pouch \u{1F468}\u{1F469}\u{1F467}\u{1F466} "), "\(row)")
            func border(_ line: String) -> Int? {
                line.firstRange(of: "│", in: 1).map { columns(line[..<$0.lowerBound]) }
            }
            #expect(border(row) == border(next), "\(row)\n\(next)")
        }
    }
}

private extension String {
    /// The second occurrence of `separator` after the first character: the paywall's right border.
    func firstRange(of separator: String, in _: Int) -> Range<String.Index>? {
        guard let first = range(of: separator) else { return nil }
        return range(of: separator, range: first.upperBound..<endIndex)
    }
}
