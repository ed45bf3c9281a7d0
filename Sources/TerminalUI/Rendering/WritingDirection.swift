import CText

/// Which way a storefront's text and layout read. A right-to-left storefront is drawn as a
/// phone shows it: its paywall's rectangle mirrored as a layout (`Frame.draw(_:in:_:)`), each
/// text run in it put in visual order by the Unicode Bidirectional Algorithm (fribidi).
public enum WritingDirection: String, Sendable {
    case leftToRight, rightToLeft

    /// The languages written right to left (ISO 639: Arabic, Hebrew, Persian, Urdu, Pashto,
    /// Yiddish, Dhivehi, Sorani Kurdish, Sindhi, Uyghur), from a locale such as `ar_SA` or `he-IL`.
    public init(locale: String) {
        let language = locale.split(whereSeparator: { $0 == "_" || $0 == "-" }).first.map { $0.lowercased() } ?? ""
        let rightToLeft: Set = ["ar", "he", "iw", "fa", "ur", "ps", "yi", "dv", "ckb", "sd", "ug"]
        self = rightToLeft.contains(language) ? .rightToLeft : .leftToRight
    }
}

/// Text of mixed directions in visual order, as a terminal that does not reorder must be sent it.
public enum BidiText {
    /// `text` (logical order) as it reads left to right on screen in a right-to-left paragraph:
    /// reordered, brackets mirrored, Arabic letters in their joined presentation forms (a
    /// terminal does not shape). A lam-alef ligature takes one column where its letters took two.
    /// fribidi orders code points, so each grapheme cluster (an emoji sequence, a flag, a letter
    /// and its marks) is put where fribidi put its code points and kept in its own order, whole.
    public static func visualRightToLeft(_ text: String) -> String {
        // The clusters `Frame.write` draws by, so each comes out as one.
        let clusters = DisplayWidth.clusters(of: text)
        let scalars = clusters.flatMap { $0 }.map(\.value)
        guard !scalars.isEmpty else { return text }
        var visual = [FriBidiChar](repeating: 0, count: scalars.count)
        var logicalAt = [FriBidiStrIndex](repeating: 0, count: scalars.count)
        let done = scalars.withUnsafeBufferPointer { input in
            sf_visual_rtl(input.baseAddress, FriBidiStrIndex(input.count), &visual, &logicalAt) != 0
        }
        guard done else { return text }
        // Each code point as fribidi shows it (shaped, mirrored) and where, by its logical place.
        var shown = scalars
        var place = Array(scalars.indices)
        for (position, logical) in logicalAt.enumerated() where scalars.indices.contains(Int(logical)) {
            shown[Int(logical)] = visual[position]
            place[Int(logical)] = position
        }
        // Each cluster where the leftmost of its code points shows.
        var start = 0
        let placed = clusters.map { cluster in
            defer { start += cluster.count }
            let range = start..<start + cluster.count
            return (column: place[range].min() ?? start, range: range)
        }
        var result = String.UnicodeScalarView()
        for (_, range) in placed.sorted(by: { $0.column < $1.column }) {
            for index in range where shown[index] != 0xFEFF {
                if let scalar = Unicode.Scalar(shown[index]) { result.append(scalar) }
            }
        }
        return String(result)
    }

    /// The columns `text` gives up when shaped right to left: one per lam-alef ligature. Zero
    /// without a lam (U+0644), the only letter that ligates, so most text is not shaped twice.
    public static func columnsLostToLigatures(in text: String) -> Int {
        guard text.unicodeScalars.contains("\u{0644}") else { return 0 }
        return max(0, DisplayWidth.of(text) - DisplayWidth.of(visualRightToLeft(text)))
    }
}
