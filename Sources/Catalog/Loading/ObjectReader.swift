import Foundation

/// Reads the members of one JSON object with type checks, reporting every problem to a shared
/// list with its JSON path and position instead of stopping at the first.
struct ObjectReader {
    let node: JSONNode
    let diagnostics: DiagnosticList
    /// Where the object stands, spelt out only when a message names it.
    private let place: ReaderPath
    /// Whether a key is written twice (an error reported): then a member's value is not always
    /// the one a lookup of its key finds.
    private let hasRepeatedKeys: Bool

    /// The object's JSON path, such as `$.products[2].prices`.
    var path: String { place.spelled }

    /// Nil (with an error reported) when `node` is not an object. Unknown keys are reported as
    /// errors when `allowedKeys` is given: a misspelt key must not be silently ignored.
    ///
    /// Members are found in the node itself (the last of a key written twice, as the node keeps
    /// them), not copied into a dictionary per object: a catalog has tens of thousands of small
    /// objects. A member's path is spelt only for an error about it.
    init?(_ node: JSONNode, path: String, diagnostics: DiagnosticList, allowedKeys: Set<String>? = nil) {
        self.init(node, place: ReaderPath(path), diagnostics: diagnostics, allowedKeys: allowedKeys)
    }

    private init?(_ node: JSONNode, place: ReaderPath, diagnostics: DiagnosticList, allowedKeys: Set<String>?) {
        guard case .object(let list) = node.value else {
            diagnostics.error("expected an object, found \(node.kindName)", path: place.spelled, at: node.position)
            return nil
        }
        var seen = DuplicateKeys(count: list.count)
        var repeated = false
        for (offset, member) in list.enumerated() {
            if seen.isRepeated(member.key, at: offset, in: list) {
                repeated = true
                diagnostics.error("duplicate key \"\(member.key)\"", path: place.appending(key: member.key).spelled,
                                  at: member.keyPosition)
            }
            if let allowedKeys, !allowedKeys.contains(member.key) {
                var message = "unknown key \"\(member.key)\""
                if let guess = Spelling.closest(to: member.key, among: allowedKeys) {
                    message += "; did you mean \"\(guess)\"?"
                    // What the key was meant to say did not load either: a check of that key
                    // would only repeat this error in other words.
                    diagnostics.markFailed(place.appending(key: guess).spelled)
                } else {
                    message += "; expected one of \(allowedKeys.sorted().joined(separator: ", "))"
                }
                diagnostics.error(message, path: place.appending(key: member.key).spelled, at: member.keyPosition)
            }
        }
        self.init(node: node, place: place, diagnostics: diagnostics, hasRepeatedKeys: repeated)
    }

    /// The same object, its problems reported to `list` instead.
    func reporting(to list: DiagnosticList) -> ObjectReader {
        ObjectReader(node: node, place: place, diagnostics: list, hasRepeatedKeys: hasRepeatedKeys)
    }

    private init(node: JSONNode, place: ReaderPath, diagnostics: DiagnosticList, hasRepeatedKeys: Bool) {
        self.node = node
        self.place = place
        self.diagnostics = diagnostics
        self.hasRepeatedKeys = hasRepeatedKeys
    }

    static func path(_ base: String, key: String) -> String {
        let plain = !key.isEmpty && key.unicodeScalars.allSatisfy {
            ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0) || $0 == "_"
        }
        return plain ? "\(base).\(key)" : "\(base)[\"\(key)\"]"
    }

    func path(of key: String) -> String { place.appending(key: key).spelled }

    func has(_ key: String) -> Bool { node[key] != nil }

    /// The raw member, for values whose shape depends on context.
    func member(_ key: String) -> JSONNode? { node[key] }

    /// Every member, in source order.
    var orderedMembers: [JSONNode.Member] {
        if case .object(let list) = node.value { return list }
        return []
    }

    /// Every member in source order, read by `read` from its key and the value a lookup of that
    /// key finds (the last of a key written twice), those it gives nil for left out. For tables
    /// of any keys (prices, texts by language): each value is reached without looking its key
    /// up among the others.
    func readMembers<Value>(_ read: (_ key: String, _ value: JSONNode) -> Value?) -> [(key: String, value: Value)] {
        let list = orderedMembers
        var values: [(key: String, value: Value)] = []
        values.reserveCapacity(list.count)
        for member in list {
            let value = hasRepeatedKeys ? node[member.key] ?? member.value : member.value
            if let read = read(member.key, value) { values.append((member.key, read)) }
        }
        return values
    }

    private func missing(_ key: String, expected: String) {
        diagnostics.error("missing required key \"\(key)\" (\(expected))", path: path, at: node.position,
                          subject: path(of: key))
    }

    private func wrongType(_ key: String, _ value: JSONNode, expected: String) {
        diagnostics.error("expected \(expected), found \(value.kindName)", path: path(of: key), at: value.position)
    }

    func string(_ key: String, required: Bool = false) -> String? {
        guard let value = node[key] else {
            if required { missing(key, expected: "a string") }
            return nil
        }
        return string(value, of: key, required: required)
    }

    /// An optional member that, when present, must be a string with something in it.
    func nonEmptyString(_ key: String) -> String? {
        node[key].flatMap { string($0, of: key, required: true) }
    }

    /// `value`, the member `key`'s, as a string.
    func string(_ value: JSONNode, of key: String, required: Bool = false) -> String? {
        guard case .string(let text) = value.value else {
            wrongType(key, value, expected: "a string")
            return nil
        }
        if required && text.isEmpty {
            diagnostics.error("must not be empty", path: path(of: key), at: value.position)
            return nil
        }
        return text
    }

    /// The member `key` as an address the app serves on (`127.0.0.1:8780`).
    func servedAddress(_ key: String) -> ServedAddress? {
        guard let value = node[key], let text = string(value, of: key) else { return nil }
        guard let address = ServedAddress(parsing: text) else {
            diagnostics.error("expected \(ServedAddress.expected), found \"\(text)\"", path: path(of: key), at: value.position)
            return nil
        }
        return address
    }

    /// The member `key` as a URL a store's server posts to.
    func notificationURL(_ key: String) -> NotificationURL? {
        guard let value = node[key], let text = string(value, of: key) else { return nil }
        if let problem = NotificationURL.problem(with: text) {
            diagnostics.error(problem, path: path(of: key), at: value.position)
            return nil
        }
        return NotificationURL(parsing: text)
    }

    func bool(_ key: String, required: Bool = false) -> Bool? {
        guard let value = node[key] else {
            if required { missing(key, expected: "true or false") }
            return nil
        }
        guard case .bool(let flag) = value.value else {
            wrongType(key, value, expected: "true or false")
            return nil
        }
        return flag
    }

    func int(_ key: String, required: Bool = false, range: ClosedRange<Int>? = nil) -> Int? {
        guard let value = node[key] else {
            if required { missing(key, expected: "a whole number") }
            return nil
        }
        guard case .number(let text) = value.value else {
            wrongType(key, value, expected: "a whole number")
            return nil
        }
        guard let number = Int(text) else {
            // Too many digits for any integer is still a whole number: out of range, not the wrong type.
            let isWhole = text.drop { $0 == "-" }.allSatisfy { $0.isASCII && $0.isNumber }
            if isWhole, let range {
                diagnostics.error("\(text) is out of range; expected \(range.lowerBound) to \(range.upperBound)",
                                  path: path(of: key), at: value.position)
            } else {
                wrongType(key, value, expected: "a whole number")
            }
            return nil
        }
        if let range, !range.contains(number) {
            diagnostics.error("\(number) is out of range; expected \(range.lowerBound) to \(range.upperBound)",
                              path: path(of: key), at: value.position)
            return nil
        }
        return number
    }

    func enumeration<Value: RawRepresentable & CaseIterable>(
        _ key: String, as type: Value.Type, required: Bool = false
    ) -> Value? where Value.RawValue == String {
        guard let text = string(key, required: required) else { return nil }
        if let value = Value(rawValue: text) { return value }
        let choices = Value.allCases.map(\.rawValue)
        var message = "unknown value \"\(text)\"; expected one of \(choices.joined(separator: ", "))"
        if let guess = Spelling.closest(to: text, among: Set(choices)) {
            message = "unknown value \"\(text)\"; did you mean \"\(guess)\"?"
        }
        diagnostics.error(message, path: path(of: key), at: node[key]?.position)
        return nil
    }

    func object(_ key: String, required: Bool = false, allowedKeys: Set<String>? = nil) -> ObjectReader? {
        guard let value = node[key] else {
            if required { missing(key, expected: "an object") }
            return nil
        }
        return ObjectReader(value, place: place.appending(key: key), diagnostics: diagnostics, allowedKeys: allowedKeys)
    }

    /// The elements of an array member with their paths.
    func array(_ key: String, required: Bool = false) -> [(node: JSONNode, path: String)]? {
        guard let value = node[key] else {
            if required { missing(key, expected: "an array") }
            return nil
        }
        guard case .array(let elements) = value.value else {
            wrongType(key, value, expected: "an array")
            return nil
        }
        let base = path(of: key)
        return elements.enumerated().map { ($0.element, "\(base)[\($0.offset)]") }
    }

    func strings(_ key: String) -> [String]? {
        guard let elements = array(key) else { return nil }
        var kept: [Int] = []
        let texts = elements.enumerated().compactMap { index, element -> String? in
            guard case .string(let text) = element.node.value else {
                diagnostics.error("expected a string, found \(element.node.kindName)", path: element.path,
                                  at: element.node.position)
                return nil
            }
            kept.append(index)
            return text
        }
        diagnostics.kept(kept, of: elements.count, inArrayAt: path(of: key))
        return texts
    }

    /// The elements of an array member that must be objects, each read with `allowedKeys` and
    /// decoded by `decode`; the ones that are not objects, or that it returns nil for, are left
    /// out (each has reported why). Like `elements`, but no element's path is spelt unless a
    /// message needs it: a catalog's products are read this way.
    func objects<Element>(_ key: String, required: Bool = false, allowedKeys: Set<String>,
                          _ decode: (ObjectReader) -> Element?) -> [Element] {
        guard let value = node[key] else {
            if required { missing(key, expected: "an array") }
            return []
        }
        guard case .array(let elements) = value.value else {
            wrongType(key, value, expected: "an array")
            return []
        }
        let base = path(of: key)
        var kept: [Int] = []
        var decoded: [Element] = []
        kept.reserveCapacity(elements.count)
        decoded.reserveCapacity(elements.count)
        for (index, element) in elements.enumerated() {
            guard let reader = ObjectReader(element, place: ReaderPath(base, index: index), diagnostics: diagnostics,
                                            allowedKeys: allowedKeys),
                  let value = decode(reader) else { continue }
            kept.append(index)
            decoded.append(value)
        }
        diagnostics.kept(kept, of: elements.count, inArrayAt: base)
        return decoded
    }

    /// The elements of an array member decoded by `decode`, the ones it returns nil for left out
    /// (each has reported why); which were kept is noted, so places are named by the file's index.
    func elements<Element>(_ key: String, required: Bool = false,
                           _ decode: ((node: JSONNode, path: String)) -> Element?) -> [Element] {
        guard let elements = array(key, required: required) else { return [] }
        var kept: [Int] = []
        let decoded = elements.enumerated().compactMap { index, element -> Element? in
            guard let value = decode(element) else { return nil }
            kept.append(index)
            return value
        }
        diagnostics.kept(kept, of: elements.count, inArrayAt: path(of: key))
        return decoded
    }

    /// A price: a decimal string such as "4.99" (a bare JSON number is accepted too, read from
    /// its source text, never through Double). Must be zero or more.
    func decimal(_ key: String, required: Bool = false) -> Decimal? {
        guard let value = node[key] else {
            if required { missing(key, expected: "a decimal string such as \"4.99\"") }
            return nil
        }
        return ObjectReader.decimal(value, path: path(of: key), diagnostics: diagnostics)
    }

    /// `path` is spelt only for an error: a large catalog has tens of thousands of prices.
    static func decimal(_ value: JSONNode, path: @autoclosure () -> String, diagnostics: DiagnosticList) -> Decimal? {
        let text: String
        switch value.value {
        case .string(let string): text = string
        case .number(let number): text = number
        default:
            diagnostics.error("expected a price as a decimal string such as \"4.99\", found \(value.kindName)",
                              path: path(), at: value.position)
            return nil
        }
        guard let number = PriceText.parse(text) else {
            diagnostics.error("\"\(text)\" is not a price; write a decimal such as \"4.99\"", path: path(), at: value.position)
            return nil
        }
        guard number >= 0 else {
            diagnostics.error("price \(text) is negative", path: path(), at: value.position)
            return nil
        }
        return number
    }
}

/// A reader's JSON path, kept as parts until a message needs it spelt out: a large catalog
/// reads tens of thousands of objects (`$.products[4711].prices`) and reports on none of them.
private struct ReaderPath {
    /// Spelt already.
    private var base: String
    /// Then this element of it, and then this key.
    private var index: Int?
    private var key: String?

    init(_ base: String, index: Int? = nil) {
        self.base = base
        self.index = index
    }

    var spelled: String {
        var text = base
        if let index { text += "[\(index)]" }
        if let key { text = ObjectReader.path(text, key: key) }
        return text
    }

    /// The path of member `key`: kept in parts one level down, spelt from there on.
    func appending(key: String) -> ReaderPath {
        var path = self.key == nil ? self : ReaderPath(spelled)
        path.key = key
        return path
    }
}

/// Strict decimal text: digits with at most one point, no exponent, no thousands separators.
enum PriceText {
    private static let posix = Locale(identifier: "en_US_POSIX")

    /// Read digit by digit: a catalog of 10,000 products has 80,000 prices, and Foundation's
    /// `Decimal(string:locale:)` cost a quarter of a launch with them. What Foundation would give
    /// is kept exactly (`Tests/CatalogTests/PriceTextTests.swift` compares both): a significand
    /// of the digits, the fraction's length as a negative exponent, the trailing zeros of a
    /// significand folded into the exponent. Negative prices (an error) and significands past
    /// 64 bits are left to Foundation.
    static func parse(_ text: String) -> Decimal? {
        var significand: UInt64 = 0
        var fits = true
        var wholeDigits = 0
        var fractionDigits = 0
        var sawPoint = false
        var negative = false
        var count = 0
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "-") where count == 0 && !negative:
                negative = true
                continue
            case UInt8(ascii: "."):
                guard !sawPoint, wholeDigits > 0 else { return nil }
                sawPoint = true
            case UInt8(ascii: "0")...UInt8(ascii: "9"):
                if sawPoint { fractionDigits += 1 } else { wholeDigits += 1 }
                let (times10, overflowTimes) = significand.multipliedReportingOverflow(by: 10)
                let (sum, overflowPlus) = times10.addingReportingOverflow(UInt64(byte - UInt8(ascii: "0")))
                if overflowTimes || overflowPlus { fits = false }
                significand = sum
            default:
                return nil
            }
            count += 1
        }
        guard wholeDigits > 0, !sawPoint || fractionDigits > 0, count <= 30 else { return nil }
        // Zero keeps its written exponent in Foundation's reading; it is rare enough to ask.
        guard fits, !negative, significand != 0 else { return Decimal(string: text, locale: posix) }
        return exactly(significand, exponent: -fractionDigits)
    }

    /// The value Foundation's parsing makes of `significand` × 10^`exponent`, not zero: without
    /// trailing zeros in the significand.
    private static func exactly(_ significand: UInt64, exponent: Int) -> Decimal {
        var significand = significand
        var exponent = exponent
        while significand % 10 == 0 {
            significand /= 10
            exponent += 1
        }
        return Decimal(sign: .plus, exponent: exponent, significand: Decimal(significand))
    }
}

/// Which keys of an object came before: for the few members of most objects a look back is
/// quicker than a set, which the large ones get.
private struct DuplicateKeys {
    private var keys: Set<String>?

    init(count: Int) {
        keys = count > JSONNode.indexedObjectSize ? [] : nil
    }

    mutating func isRepeated(_ key: String, at offset: Int, in members: [JSONNode.Member]) -> Bool {
        if keys != nil { return !keys!.insert(key).inserted }
        return members[..<offset].contains { $0.key == key }
    }
}
