import Catalog

/// What `:` can jump to: each picker (`storefront`, `variant`, `theme`, …) with the names it
/// takes, as the app holds them now (the catalog's storefronts, the themes loaded).
public struct PickerVocabulary: Sendable, Equatable {
    public struct Picker: Sendable, Equatable {
        public var name: String
        public var values: [String]

        public init(_ name: String, values: [String]) {
            self.name = name
            self.values = values
        }
    }

    public var pickers: [Picker]

    public init(_ pickers: [Picker]) {
        self.pickers = pickers
    }

    /// Case and hyphens against spaces do not count: `not-eligible` is `not eligible`.
    static func key(_ text: String) -> String {
        text.lowercased().split(whereSeparator: { $0 == " " || $0 == "-" }).joined(separator: " ")
    }

    /// The picker `word` names: exactly, or as the start of only one (`st` for storefront).
    public func picker(named word: String) -> Picker? {
        let typed = Self.key(word)
        if let exact = pickers.first(where: { Self.key($0.name) == typed }) { return exact }
        let started = pickers.filter { Self.key($0.name).hasPrefix(typed) }
        return started.count == 1 ? started[0] : nil
    }

    /// A line typed after `:` as a picker and one of its names, or the one-line reason it is
    /// none, with the nearest name when there is one.
    public func resolve(_ line: String) -> Result<(picker: String, value: String), PickerProblem> {
        let words = line.split(separator: " ", omittingEmptySubsequences: true).map(String.init)
        guard let first = words.first else { return .failure(PickerProblem("Type a picker: \(pickerNames).")) }
        guard let picker = picker(named: first) else {
            let near = Spelling.closest(to: first, among: Set(pickers.map(\.name))).map { "; did you mean \($0)?" } ?? "."
            return .failure(PickerProblem("No picker \"\(first)\"\(near) Pickers: \(pickerNames)."))
        }
        return value(words.dropFirst().joined(separator: " "), of: picker.name)
    }

    /// `value` as one of the names of the picker called `pickerName`: exactly, or the start of
    /// only one of them.
    public func value(_ value: String, of pickerName: String) -> Result<(picker: String, value: String), PickerProblem> {
        guard let picker = picker(named: pickerName) else { return .failure(PickerProblem("No picker \"\(pickerName)\".")) }
        let list = picker.values.joined(separator: ", ")
        guard !value.isEmpty else { return .failure(PickerProblem("\(picker.name) takes a name: \(list).")) }
        let typed = Self.key(value)
        if let exact = picker.values.first(where: { Self.key($0) == typed }) { return .success((picker.name, exact)) }
        let started = picker.values.filter { Self.key($0).hasPrefix(typed) }
        if started.count == 1 { return .success((picker.name, started[0])) }
        if started.count > 1 {
            return .failure(PickerProblem("\(picker.name) \"\(value)\" could be \(started.joined(separator: " or "))."))
        }
        let near = Spelling.closest(to: value, among: Set(picker.values))
        return .failure(PickerProblem("No \(picker.name) \"\(value)\"" + (near.map { "; did you mean \($0)?" } ?? ".")
                                      + (near == nil ? " Names: \(list)." : "")))
    }

    private var pickerNames: String { pickers.map(\.name).joined(separator: ", ") }

    /// The word being typed at the end of `line` and what it may become: a picker's name, or
    /// one of the picker's names once the picker is typed. `head` is the text before it.
    func completions(of line: String) -> (head: String, word: String, candidates: [String], isPicker: Bool) {
        guard let space = line.firstIndex(of: " ") else {
            return ("", line, pickers.map(\.name).filter { Self.key($0).hasPrefix(Self.key(line)) }, true)
        }
        guard let picker = picker(named: String(line[..<space])) else { return (line, "", [], false) }
        let word = String(line[line.index(after: space)...].drop { $0 == " " })
        let typed = Self.key(word)
        let candidates = picker.values.filter { typed.isEmpty || Self.key($0).hasPrefix(typed) }
        return (picker.name + " ", word, candidates, false)
    }
}

/// Why a line typed after `:` jumps nowhere: one sentence for the bottom line.
public struct PickerProblem: Error, Sendable, Equatable {
    public var message: String

    public init(_ message: String) {
        self.message = message
    }
}

/// `:`: a one-line prompt on the bottom line that jumps to a named storefront, variant, theme,
/// eligibility or player state (`:storefront DEU`). `Tab` completes what is typed as far as
/// the candidates agree, then steps through them; the candidates are listed above the line.
public struct CommandPrompt: Sendable, Equatable {
    public private(set) var text = ""
    /// After a `Tab` that could not complete further: the candidates it steps through, and
    /// which one it filled in.
    private var cycle: (head: String, candidates: [String], index: Int, isPicker: Bool)?

    public init() {}

    public static func == (lhs: CommandPrompt, rhs: CommandPrompt) -> Bool {
        lhs.text == rhs.text && lhs.cycle?.index == rhs.cycle?.index && lhs.cycle?.candidates == rhs.cycle?.candidates
    }

    public mutating func insert(_ character: Character) {
        cycle = nil
        // Control characters never go into the line (a pasted newline, an escape).
        guard !character.isNewline, character.unicodeScalars.allSatisfy({ $0.value >= 0x20 && $0.value != 0x7F }) else {
            return
        }
        text.append(character)
    }

    public mutating func deleteBackward() {
        cycle = nil
        if !text.isEmpty { text.removeLast() }
    }

    /// `Tab`: the longest start every candidate shares; when that adds nothing, the next candidate.
    public mutating func complete(with vocabulary: PickerVocabulary) {
        if let cycle, !cycle.candidates.isEmpty {
            let index = (cycle.index + 1) % cycle.candidates.count
            self.cycle?.index = index
            text = cycle.head + cycle.candidates[index] + (cycle.isPicker ? " " : "")
            return
        }
        let (head, word, candidates, isPicker) = vocabulary.completions(of: text)
        guard let first = candidates.first else { return }
        if candidates.count == 1 {
            text = head + first + (isPicker ? " " : "")
            return
        }
        let shared = candidates.dropFirst().reduce(first) { shared, candidate in
            String(zip(shared, candidate).prefix { PickerVocabulary.key(String($0)) == PickerVocabulary.key(String($1)) }
                .map(\.0))
        }
        if PickerVocabulary.key(shared).count > PickerVocabulary.key(word).count {
            text = head + shared
            return
        }
        cycle = (head, candidates, 0, isPicker)
        text = head + first + (isPicker ? " " : "")
    }

    /// The candidates listed above the line, and the one `Tab` filled in.
    public func shownCandidates(with vocabulary: PickerVocabulary) -> (names: [String], chosen: Int?) {
        if let cycle { return (cycle.candidates, cycle.index) }
        return (vocabulary.completions(of: text).candidates, nil)
    }

    /// The prompt on `line` (the bottom line) and its candidates on the row above it (`CommandPromptView`).
    func draw(with vocabulary: PickerVocabulary, theme: Theme, on line: Rect, into frame: inout Frame) {
        frame.fill(line, style: theme.style(.text))
        let prompt = ":" + text
        let shown = DisplayWidth.of(prompt) + 2 > line.width
            ? "…" + String(prompt.suffix(max(1, line.width - 3))) : prompt
        frame.write(" " + shown, in: line, style: theme.style(.text, bold: true))
        let cursor = line.x + 1 + DisplayWidth.of(shown)
        if cursor < line.maxX {
            frame.write(" ", in: Rect(x: cursor, y: line.y, width: 1, height: 1), style: theme.selectionStyle)
        }
        guard line.y > 0 else { return }
        let row = Rect(x: line.x, y: line.y - 1, width: line.width, height: 1)
        frame.fill(row, style: theme.style(.muted))
        let (names, chosen) = shownCandidates(with: vocabulary)
        var x = row.x + 1
        let label = names.isEmpty ? "no match · Tab completes · Enter jumps · Esc closes" : "Tab:"
        frame.write(label, in: Rect(x: x, y: row.y, width: max(0, row.maxX - x), height: 1), style: theme.style(.muted))
        x += DisplayWidth.of(label) + 1
        for (index, name) in names.enumerated() {
            let width = DisplayWidth.of(name)
            guard x + width + (index == names.count - 1 ? 0 : 2) <= row.maxX else {
                frame.write("…", in: Rect(x: min(x, row.maxX - 1), y: row.y, width: 1, height: 1), style: theme.style(.muted))
                break
            }
            frame.write(name, in: Rect(x: x, y: row.y, width: width, height: 1),
                        style: index == chosen ? theme.selectionStyle : theme.style(.accent))
            x += width + 2
        }
    }
}
