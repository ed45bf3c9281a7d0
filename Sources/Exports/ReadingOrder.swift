import Foundation

/// Text a right-to-left frame holds in visual order (the order its cells run left to right,
/// Arabic in its shaped presentation forms, brackets mirrored), put back in the order a person
/// reads and types it: what a change summary quotes, so `ر.س./سنة` reads as the catalog says it.
enum ReadingOrder {
    /// Whether `text` holds a right-to-left letter (Hebrew or Arabic, shaped or not).
    static func holdsRightToLeft(_ text: String) -> Bool {
        text.unicodeScalars.contains(where: isRightToLeft)
    }

    /// `visual` in reading order: the sequence reversed, except that each stretch of
    /// left-to-right letters and digits (with what stands between them) keeps its own order, as
    /// the bidirectional algorithm left it; shaped letters go back to the letters typed.
    static func logical(fromVisual visual: String) -> String {
        var pieces: [String] = []
        var kept = ""
        var pending = ""  // neutrals after a kept stretch, joining it only if one follows
        func closeKept() {
            if !kept.isEmpty { pieces.append(kept) }
            kept = ""
            for character in pending { pieces.append(String(character)) }
            pending = ""
        }
        for character in visual {
            switch kind(of: character) {
            case .keptInOrder:
                kept += pending + String(character)
                pending = ""
            case .neutral where !kept.isEmpty:
                pending.append(character)
            case .neutral, .rightToLeft:
                closeKept()
                pieces.append(String(character))
            }
        }
        closeKept()
        return pieces.reversed().map { piece in
            if let mirrored = mirroredBrackets[piece] { return mirrored }
            return isShapedForm(piece) ? piece.precomposedStringWithCompatibilityMapping : piece
        }.joined()
    }

    private enum Kind { case rightToLeft, keptInOrder, neutral }

    private static func kind(of character: Character) -> Kind {
        guard let scalar = character.unicodeScalars.first else { return .neutral }
        if isRightToLeft(scalar) { return .rightToLeft }
        // Arabic-Indic digits are read left to right inside a right-to-left line, as ours are.
        if (0x0660...0x0669).contains(scalar.value) || (0x06F0...0x06F9).contains(scalar.value) { return .keptInOrder }
        return character.isLetter || character.isNumber ? .keptInOrder : .neutral
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

    private static let mirroredBrackets: [String: String] = [
        "(": ")", ")": "(", "[": "]", "]": "[", "{": "}", "}": "{", "<": ">", ">": "<", "«": "»", "»": "«",
    ]
}
