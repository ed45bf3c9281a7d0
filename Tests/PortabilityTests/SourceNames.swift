import Foundation

/// A name a source file uses, and where: what a failure points at.
struct UsedName: Hashable, CustomStringConvertible {
    var name: String
    var file: String
    var line: Int
    /// Followed by `(`: a function called (or a function-like macro).
    var isCall: Bool

    var description: String { "\(file):\(line): \(name)" }
}

/// The package root: two folders above this target's files (Tests/PortabilityTests/).
let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()

/// Reads a file of the package by its path from the root.
func packageFile(_ path: String) throws -> String {
    try String(contentsOf: packageRoot.appendingPathComponent(path), encoding: .utf8)
}

/// The files of a folder of the package ending in `suffix`, by their path from the root, sorted.
func packageFiles(under folder: String, endingIn suffix: String) -> [String] {
    let url = packageRoot.appendingPathComponent(folder)
    let names = FileManager.default.enumerator(atPath: url.path)?.compactMap { $0 as? String } ?? []
    return names.filter { $0.hasSuffix(suffix) }.sorted().map { "\(folder)/\($0)" }
}

/// A list of names made by scripts/c-api-names: one a line, `#` lines saying where it came from.
struct NameList {
    /// The first comment line: the library, its version and where the headers came from.
    var source: String
    var names: Set<String>

    init(fixture: String) throws {
        let lines = try packageFile("Tests/PortabilityTests/Fixtures/\(fixture)").split(separator: "\n").map(String.init)
        source = lines.first { $0.hasPrefix("#") }.map { String($0.dropFirst(2)) } ?? ""
        names = Set(lines.filter { !$0.hasPrefix("#") && !$0.isEmpty })
    }
}

/// Text with comments and the insides of string literals blanked (newlines kept, so line
/// numbers still hold). What remains is code, whose names are the ones a compiler would look up.
enum CodeText {
    /// Swift: `//` and nested `/* */` comments; `"..."`, `"""..."""` and raw `#"..."#` strings,
    /// whose interpolations `\(...)` stay code.
    static func swift(_ text: String) -> String {
        let characters = Array(text)
        var output = characters
        enum Mode { case code(interpolationDepth: Int?), lineComment, blockComment(Int), string(hashes: Int, multiline: Bool) }
        var modes: [Mode] = [.code(interpolationDepth: nil)]
        var index = 0
        func blank(_ range: Range<Int>) { for at in range where output[at] != "\n" { output[at] = " " } }
        func starts(_ prefix: String, at position: Int) -> Bool {
            let prefix = Array(prefix)
            return position + prefix.count <= characters.count && Array(characters[position..<position + prefix.count]) == prefix
        }
        while index < characters.count {
            switch modes[modes.count - 1] {
            case .code(let depth):
                if starts("//", at: index) {
                    modes.append(.lineComment)
                    continue
                }
                if starts("/*", at: index) {
                    modes.append(.blockComment(1))
                    blank(index..<index + 2)
                    index += 2
                    continue
                }
                var hashes = 0
                while starts(String(repeating: "#", count: hashes + 1), at: index) { hashes += 1 }
                if characters.count > index + hashes, characters[index + hashes] == "\"" {
                    let multiline = starts("\"\"\"", at: index + hashes)
                    let length = hashes + (multiline ? 3 : 1)
                    blank(index..<index + length)
                    index += length
                    modes.append(.string(hashes: hashes, multiline: multiline))
                    continue
                }
                if let depth {
                    if characters[index] == "(" {
                        modes[modes.count - 1] = .code(interpolationDepth: depth + 1)
                    } else if characters[index] == ")" {
                        if depth == 0 {
                            modes.removeLast()
                            blank(index..<index + 1)
                        } else {
                            modes[modes.count - 1] = .code(interpolationDepth: depth - 1)
                        }
                    }
                }
                index += 1
            case .lineComment:
                if characters[index] == "\n" {
                    modes.removeLast()
                } else {
                    blank(index..<index + 1)
                }
                index += 1
            case .blockComment(let depth):
                if starts("*/", at: index) {
                    blank(index..<index + 2)
                    index += 2
                    modes.removeLast()
                    if depth > 1 { modes.append(.blockComment(depth - 1)) }
                } else if starts("/*", at: index) {
                    blank(index..<index + 2)
                    index += 2
                    modes[modes.count - 1] = .blockComment(depth + 1)
                } else {
                    blank(index..<index + 1)
                    index += 1
                }
            case .string(let hashes, let multiline):
                let close = (multiline ? "\"\"\"" : "\"") + String(repeating: "#", count: hashes)
                let interpolation = "\\" + String(repeating: "#", count: hashes) + "("
                if starts(close, at: index) {
                    blank(index..<index + close.count)
                    index += close.count
                    modes.removeLast()
                } else if starts(interpolation, at: index) {
                    blank(index..<index + interpolation.count)
                    index += interpolation.count
                    modes.append(.code(interpolationDepth: 0))
                } else if characters[index] == "\\" {
                    blank(index..<min(index + 2, characters.count))
                    index += 2
                } else {
                    blank(index..<index + 1)
                    index += 1
                }
            }
        }
        return String(output)
    }

    /// C: `/* */` and `//` comments, string and character literals.
    static func c(_ text: String) -> String {
        let characters = Array(text)
        var output = characters
        var index = 0
        func blank(_ at: Int) { if at < output.count, output[at] != "\n" { output[at] = " " } }
        while index < characters.count {
            let next = index + 1 < characters.count ? characters[index + 1] : " "
            if characters[index] == "/", next == "*" {
                while index < characters.count, !(characters[index] == "*" && index + 1 < characters.count && characters[index + 1] == "/") {
                    blank(index)
                    index += 1
                }
                blank(index)
                blank(index + 1)
                index += 2
            } else if characters[index] == "/", next == "/" {
                while index < characters.count, characters[index] != "\n" {
                    blank(index)
                    index += 1
                }
            } else if characters[index] == "\"" || characters[index] == "'" {
                let quote = characters[index]
                index += 1
                while index < characters.count, characters[index] != quote, characters[index] != "\n" {
                    if characters[index] == "\\" {
                        blank(index)
                        index += 1
                    }
                    blank(index)
                    index += 1
                }
                index += 1
            } else {
                index += 1
            }
        }
        return String(output)
    }
}

private let identifierPattern = try! NSRegularExpression(pattern: "[A-Za-z_][A-Za-z0-9_]*")

/// The identifiers of one line of code, each with the characters around it (spaces skipped),
/// the one right after it, and the word after it.
private func identifiers(in line: String) -> [(name: String, before: Character?, after: Character?, next: Character?, afterWord: String?)] {
    let range = NSRange(line.startIndex..<line.endIndex, in: line)
    return identifierPattern.matches(in: line, range: range).compactMap { match in
        guard let found = Range(match.range, in: line) else { return nil }
        // A number's tail (0x1F, 1e9) is not a name.
        if found.lowerBound > line.startIndex, line[line.index(before: found.lowerBound)].isNumber { return nil }
        let before = line[..<found.lowerBound].last { $0 != " " && $0 != "\t" }
        let rest = line[found.upperBound...].drop { $0 == " " || $0 == "\t" }
        let afterWord = rest.prefix { $0.isLetter || $0 == "_" }
        let next = found.upperBound < line.endIndex ? line[found.upperBound] : nil
        return (String(line[found]), before, rest.first, next, afterWord.isEmpty ? nil : String(afterWord))
    }
}

/// The names a Swift file uses from outside itself: identifiers in code that is compiled on the
/// platform asked about, not a member (`.name`) unless asked, not an argument label or
/// parameter (`name:`), and not declared in the file (`let`, `var`, a type, `for name in`, a
/// closure's `name in`), as a local such as `columns` or `term` shadows the C name it shares.
enum SwiftNames {
    /// `condition` says whether an `#if` condition holds on that platform; nil keeps both branches.
    /// `members`: `.name` too, for the fields of C structs (`info.st_mtimespec`).
    static func used(in text: String, file: String, members: Bool = false, condition: (String) -> Bool? = { _ in nil }) -> [UsedName] {
        var found: [UsedName] = []
        var declared: Set<String> = []
        var branches: [(active: Bool, taken: Bool?)] = []
        for (index, line) in CodeText.swift(text).components(separatedBy: "\n").enumerated() {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed.hasPrefix("#if ") {
                let holds = condition(String(trimmed.dropFirst(4)))
                branches.append((active: holds ?? true, taken: holds))
                continue
            }
            if trimmed.hasPrefix("#elseif ") || trimmed == "#else" {
                guard let last = branches.popLast() else { continue }
                let holds = trimmed == "#else" ? true : condition(String(trimmed.dropFirst(8)))
                switch (last.taken, holds) {
                case (true?, _): branches.append((false, true))
                case (false?, let holds): branches.append((holds ?? true, holds))
                case (nil, _): branches.append((true, nil))
                }
                continue
            }
            if trimmed == "#endif" {
                _ = branches.popLast()
                continue
            }
            guard branches.allSatisfy(\.active) else { continue }
            var previousWord: String?
            var declaring = false
            for token in identifiers(in: line) {
                defer { previousWord = token.name }
                if ["let", "var"].contains(token.name) {
                    declaring = true
                    continue
                }
                // A function of the file's own is not left out: Platform's `LocalSocket.connect` calls
                // the C `connect`, and both are the same name to this scan.
                if ["struct", "enum", "class", "typealias", "protocol"].contains(previousWord ?? "") {
                    declared.insert(token.name)
                }
                if previousWord == "func" { continue }
                if declaring {
                    declared.insert(token.name)
                    // `let (a, b) =` declares each; `let a: T =` and `let a =` one.
                    if token.after != "," { declaring = false }
                    continue
                }
                if token.afterWord == "in" && (token.before == "{" || token.before == "," || previousWord == "for") {
                    declared.insert(token.name)
                    continue
                }
                if token.before == ".", !members { continue }
                // `name:` is a label or a parameter, but `case KEY_UP:` and `case KEY_BACKSPACE, KEY_DC:`
                // are patterns (and `a ? b : c` has its colon apart).
                if token.next == ":", !(previousWord == "case" || (token.before == "," && line.contains("case "))) {
                    if ["(", ","].contains(token.before ?? " ") { declared.insert(token.name) }
                    continue
                }
                found.append(UsedName(name: token.name, file: file, line: index + 1, isCall: token.after == "("))
            }
        }
        return found.filter { !declared.contains($0.name) }
    }
}

/// The names a C header uses in the code its preprocessor keeps for one library: `#if`,
/// `#ifdef` and `#elif` are evaluated against that library's names (for `defined`) and
/// version numbers, and the header's own `#define`s, so a call behind a version check is
/// counted only where the check lets it through. Names in directives are not counted: a
/// feature test (`defined(BUTTON5_PRESSED)`) may name what is missing.
enum CNames {
    static func used(in text: String, file: String, library names: Set<String>, values: [String: Int]) -> [UsedName] {
        var defined: [String: String] = [:]
        var found: [UsedName] = []
        var branches: [(active: Bool, taken: Bool)] = []
        func isActive() -> Bool { branches.allSatisfy(\.active) }
        func holds(_ expression: String) -> Bool {
            var parser = ConditionParser(text: expression, isDefined: { names.contains($0) || defined[$0] != nil }) { name in
                if let value = defined[name] {
                    var inner = ConditionParser(text: value, isDefined: { _ in false }) { values[$0] ?? 0 }
                    return inner.value()
                }
                return values[name] ?? 0
            }
            return parser.value() != 0
        }
        for (index, line) in CodeText.c(text).components(separatedBy: "\n").enumerated() {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            guard trimmed.hasPrefix("#") else {
                guard isActive() else { continue }
                for token in identifiers(in: line) {
                    found.append(UsedName(name: token.name, file: file, line: index + 1, isCall: token.after == "("))
                }
                continue
            }
            let directive = trimmed.dropFirst().trimmingCharacters(in: .whitespaces)
            let word = directive.prefix { $0.isLetter }
            let rest = directive.dropFirst(word.count).trimmingCharacters(in: .whitespaces)
            switch word {
            case "if", "ifdef", "ifndef":
                let outerActive = isActive()
                let condition = word == "if" ? holds(rest) : (word == "ifdef") == (names.contains(rest) || defined[rest] != nil)
                branches.append((outerActive && condition, condition))
            case "elif":
                guard let last = branches.popLast() else { continue }
                let outerActive = isActive()
                let condition = !last.taken && holds(rest)
                branches.append((outerActive && condition, last.taken || condition))
            case "else":
                guard let last = branches.popLast() else { continue }
                branches.append((isActive() && !last.taken, true))
            case "endif":
                _ = branches.popLast()
            case "define" where isActive():
                let name = String(rest.prefix { $0.isLetter || $0.isNumber || $0 == "_" })
                defined[name] = rest.dropFirst(name.count).trimmingCharacters(in: .whitespaces)
            case "undef" where isActive():
                defined[rest] = nil
            default:
                break
            }
        }
        return found
    }
}

/// An `#if` expression: integers, names, `defined(X)`, `!`, comparisons, `&&` and `||`, as
/// the C preprocessor reads them (a name that is not a macro is 0).
struct ConditionParser {
    private var tokens: [String]
    private var position = 0
    let isDefined: (String) -> Bool
    let valueOf: (String) -> Int

    init(text: String, isDefined: @escaping (String) -> Bool, valueOf: @escaping (String) -> Int) {
        let pattern = try! NSRegularExpression(pattern: "[A-Za-z_][A-Za-z0-9_]*|[0-9]+[A-Za-z]*|&&|\\|\\||==|!=|>=|<=|[()!<>]")
        let range = NSRange(text.startIndex..<text.endIndex, in: text)
        tokens = pattern.matches(in: text, range: range).compactMap { Range($0.range, in: text).map { String(text[$0]) } }
        self.isDefined = isDefined
        self.valueOf = valueOf
    }

    mutating func value() -> Int { or() }

    private mutating func take(_ token: String) -> Bool {
        guard position < tokens.count, tokens[position] == token else { return false }
        position += 1
        return true
    }

    private mutating func or() -> Int {
        var result = and()
        while take("||") { let right = and(); result = (result != 0 || right != 0) ? 1 : 0 }
        return result
    }

    private mutating func and() -> Int {
        var result = comparison()
        while take("&&") { let right = comparison(); result = (result != 0 && right != 0) ? 1 : 0 }
        return result
    }

    private mutating func comparison() -> Int {
        let left = unary()
        for (symbol, compare) in [("==", (==)), ("!=", (!=)), (">=", (>=)), ("<=", (<=)), (">", (>)), ("<", (<))] as [(String, (Int, Int) -> Bool)] {
            if take(symbol) { return compare(left, unary()) ? 1 : 0 }
        }
        return left
    }

    private mutating func unary() -> Int {
        if take("!") { return unary() == 0 ? 1 : 0 }
        if take("(") {
            let inner = or()
            _ = take(")")
            return inner
        }
        guard position < tokens.count else { return 0 }
        let token = tokens[position]
        position += 1
        if token == "defined" {
            let parenthesized = take("(")
            let name = position < tokens.count ? tokens[position] : ""
            position += 1
            if parenthesized { _ = take(")") }
            return isDefined(name) ? 1 : 0
        }
        if let number = Int(token.prefix { $0.isNumber }), token.first?.isNumber == true { return number }
        return valueOf(token)
    }
}
