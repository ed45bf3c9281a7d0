import Foundation

/// Text a right-to-left frame holds in visual order (the order its cells run left to right,
/// Arabic in its shaped presentation forms, brackets mirrored), put back in the order a person
/// reads and types it: what a change summary quotes, so `ر.س./سنة` reads as the catalog says it.
enum ReadingOrder {
    /// Whether `text` holds a right-to-left letter (Hebrew or Arabic, shaped or not), or
    /// Arabic digits and signs, which only a right-to-left screen draws (`٪٦٩-`, a badge).
    static func holdsRightToLeft(_ text: String) -> Bool {
        text.unicodeScalars.contains { isRightToLeft($0) || (0x0660...0x066C).contains($0.value) || (0x06F0...0x06F9).contains($0.value) }
    }

    /// `visual` in reading order: the pieces reversed, where a piece is a stretch the
    /// bidirectional algorithm left in its own order (left-to-right words with the spaces and
    /// marks between them, a bracket pair around them; a number with the separators inside it)
    /// or any other single character. Shaped letters go back to the letters typed.
    static func logical(fromVisual visual: String) -> String {
        var pieces: [String] = []
        var stretch: [Character] = []
        var pending: [Character] = []  // neutrals after a stretch, in it only if it goes on
        func closeStretch() {
            // A closing bracket whose opener is inside the stretch belongs to it.
            while let first = pending.first, let opener = openers[first], count(opener, in: stretch) > count(first, in: stretch) {
                stretch.append(first)
                pending.removeFirst()
            }
            if !stretch.isEmpty {
                // An opening bracket just before the stretch, closed inside it, belongs to it too.
                if let last = pieces.last, let bracket = last.first, last.count == 1, let closer = closers[bracket],
                   count(closer, in: stretch) > count(bracket, in: stretch) {
                    pieces.removeLast()
                    stretch.insert(bracket, at: 0)
                }
                pieces.append(String(stretch))
            }
            pieces += pending.map { String($0) }
            stretch = []
            pending = []
        }
        for character in visual {
            switch kind(of: character) {
            case .letter where !stretch.isEmpty && stretch.contains(where: { kind(of: $0) == .letter }),
                 .digit where !stretch.isEmpty && (pending.isEmpty || joinsNumber(pending, after: stretch)):
                stretch += pending + [character]
                pending = []
            case .letter, .digit:
                closeStretch()
                stretch = [character]
            case .neutral where !stretch.isEmpty:
                pending.append(character)
            case .neutral, .rightToLeft:
                closeStretch()
                pieces.append(String(character))
            }
        }
        closeStretch()
        return pieces.reversed().map { piece in
            if piece.count == 1, let bracket = piece.first, let mirrored = openers[bracket] ?? closers[bracket] {
                return String(mirrored)
            }
            return isShapedForm(piece) ? piece.precomposedStringWithCompatibilityMapping : piece
        }.joined()
    }

    /// One separator between digits (`149.99`, `١٬٢٠٠`) keeps a number whole; a space between
    /// two numbers does not: each is its own piece, as the algorithm reorders them.
    private static func joinsNumber(_ pending: [Character], after stretch: [Character]) -> Bool {
        if stretch.contains(where: { kind(of: $0) == .letter }) { return true }
        return pending.count == 1 && ".,:/٫٬-+".contains(pending[0]) && stretch.last.map { kind(of: $0) == .digit } == true
    }

    private enum Kind { case rightToLeft, letter, digit, neutral }

    private static func kind(of character: Character) -> Kind {
        guard let scalar = character.unicodeScalars.first else { return .neutral }
        if isRightToLeft(scalar) { return .rightToLeft }
        if character.isNumber { return .digit }
        return character.isLetter ? .letter : .neutral
    }

    private static func isRightToLeft(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        // Arabic-Indic digits, and the decimal and thousands separators between them, are not letters.
        guard !(0x0660...0x066C).contains(value), !(0x06F0...0x06F9).contains(value) else { return false }
        return (0x0590...0x08FF).contains(value) || (0xFB1D...0xFDFF).contains(value) || (0xFE70...0xFEFF).contains(value)
    }

    private static func isShapedForm(_ piece: String) -> Bool {
        piece.unicodeScalars.contains { (0xFB50...0xFDFF).contains($0.value) || (0xFE70...0xFEFF).contains($0.value) }
    }

    private static func count(_ character: Character, in characters: [Character]) -> Int {
        characters.filter { $0 == character }.count
    }

    private static let closers: [Character: Character] = ["(": ")", "[": "]", "{": "}", "<": ">", "«": "»"]
    private static let openers: [Character: Character] = [")": "(", "]": "[", "}": "{", ">": "<", "»": "«"]
}
