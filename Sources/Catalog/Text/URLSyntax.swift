import Foundation

/// What makes a text a URL, as RFC 3986 writes one (with RFC 3987's letters beyond ASCII, which a
/// browser takes too), said the way a person can fix it: "a space (at character 25) is not allowed
/// in a URL; encode it as %20", not "it needs a scheme" for a URL that has one. `lint` checks the
/// catalog's links and redirect URL with it; `open-url` and the app's redirect handler say with
/// it why a URL was refused.
public enum URLSyntax {
    /// What keeps a text from being a URL; its `clause` says it.
    public enum Problem: Sendable, Equatable {
        case empty
        /// No `scheme:` before the first `/`, `?` or `#`.
        case noScheme
        /// A scheme with more than letters, digits, `+`, `-` and `.`, or not starting with a letter.
        case badScheme(String)
        /// A character no URL holds as it is (a space, a quote, a control, a hidden character),
        /// at its 1-based place in Unicode scalars.
        case character(Unicode.Scalar, at: Int)
        /// A `%` not followed by two hex digits.
        case lonePercent(at: Int)
        /// A port that is not a number, an IPv6 host without its closing bracket.
        case authority

        /// The problem as a clause ("it is empty", "it has no scheme (such as
        /// com.example.game://)"); `scheme` is the one suggested when there is none.
        public func clause(suggesting scheme: String) -> String {
            switch self {
            case .empty:
                return "it is empty"
            case .noScheme:
                return "it has no scheme (such as \(scheme)://)"
            case .badScheme(let written):
                return "the scheme \"\(ControlCharacters.escaped(written))\" may hold only letters, digits, \"+\", \"-\" and \".\", "
                    + "and must start with a letter"
            case .character(let scalar, let place):
                let encoded = String(scalar).utf8.map { "%" + URLSyntax.hex($0, digits: 2) }.joined()
                let named = scalar == " " ? "a space"
                    : ControlCharacters.isControl(scalar) || ControlCharacters.isHidden(scalar)
                    ? "U+\(URLSyntax.hex(scalar.value, digits: 4)), which shows nothing," : "\"\(scalar)\""
                return "\(named) (at character \(place)) is not allowed in a URL; encode it as \(encoded)"
            case .lonePercent(let place):
                return "a % (at character \(place)) starts no escape of two hex digits; write %25 for a percent sign"
            case .authority:
                return "its host or port cannot be read (a port is a number: host:8080)"
            }
        }
    }

    /// Why `text` is not a URL; nil when it is one.
    public static func problem(with text: String) -> Problem? {
        guard !text.isEmpty else { return .empty }
        guard let written = scheme(of: text) else { return .noScheme }
        guard isScheme(written) else { return .badScheme(String(written)) }
        if let problem = characterProblem(in: text) { return problem }
        // What is left to refuse is the authority.
        guard URLComponents(string: text) != nil else { return .authority }
        return nil
    }

    /// Why `text` is not a URL, as a clause; nil when it is one.
    /// - Parameter scheme: a scheme to suggest when `text` has none.
    public static func problem(with text: String, suggesting scheme: String) -> String? {
        problem(with: text)?.clause(suggesting: scheme)
    }

    /// The text before the first `:`, when that comes before any `/`, `?` or `#`: what a URL
    /// reader takes as its scheme.
    static func scheme(of text: String) -> Substring? {
        guard let colon = text.firstIndex(of: ":"), colon > text.startIndex else { return nil }
        let written = text[..<colon]
        guard !written.contains(where: { "/?#".contains($0) }) else { return nil }
        return written
    }

    /// RFC 3986: `ALPHA *( ALPHA / DIGIT / "+" / "-" / "." )`.
    public static func isScheme(_ text: Substring) -> Bool {
        guard let first = text.unicodeScalars.first, isLetter(first) else { return false }
        return text.unicodeScalars.allSatisfy { isLetter($0) || ("0"..."9").contains($0) || "+-.".unicodeScalars.contains($0) }
    }

    /// The first character a URL cannot hold as it is, or a `%` that starts no escape.
    static func characterProblem(in text: String) -> Problem? {
        let scalars = Array(text.unicodeScalars)
        for (offset, scalar) in scalars.enumerated() {
            if scalar == "%" {
                let digits = scalars.dropFirst(offset + 1).prefix(2)
                guard digits.count == 2, digits.allSatisfy({ $0.properties.isASCIIHexDigit }) else {
                    return .lonePercent(at: offset + 1)
                }
                continue
            }
            guard !isAllowed(scalar) else { continue }
            return .character(scalar, at: offset + 1)
        }
        return nil
    }

    /// RFC 3986's unreserved and reserved characters (`%` is the escape's), and anything
    /// beyond ASCII that draws (RFC 3987), but not a control, a hidden character or a space.
    private static func isAllowed(_ scalar: Unicode.Scalar) -> Bool {
        if scalar.isASCII {
            return isLetter(scalar) || ("0"..."9").contains(scalar) || "-._~:/?#[]@!$&'()*+,;=".unicodeScalars.contains(scalar)
        }
        return !ControlCharacters.isControl(scalar) && !ControlCharacters.isHidden(scalar)
            && !scalar.properties.isWhitespace && !scalar.properties.isNoncharacterCodePoint
    }

    private static func isLetter(_ scalar: Unicode.Scalar) -> Bool {
        ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar)
    }

    static func hex<Value: BinaryInteger>(_ value: Value, digits: Int) -> String {
        let text = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, digits - text.count)) + text
    }
}
