/// "Did you mean" for misspelt keys, values, ids and scenario commands.
///
/// An edit distance costs the product of the two lengths, and ids and keys come from files
/// anyone can write: a million-character id against thirty SKUs took seconds. Only candidates
/// that could be within reach are compared, and nothing longer than `longestComparedWord`.
public enum Spelling {
    /// Nobody misspells a key or an id this long; longer words (and candidates) get no suggestion.
    static let longestComparedWord = 200

    /// The candidate `word` most likely misspells (ignoring case; the nearer, then the first in
    /// alphabetical order), or nil when none is near enough.
    public static func closest(to word: String, among candidates: Set<String>) -> String? {
        let lowered = word.lowercased()
        // A loop, not map-filter-sorted: the chain took the type checker 4.6 s.
        var nearest: (edits: Int, candidate: String)?
        for candidate in shortlist(for: word, among: candidates) {
            let edits = distance(lowered, candidate.lowercased())
            guard edits <= allowedDistance(for: candidate) else { continue }
            if nearest.map({ (edits, candidate) < $0 }) ?? true { nearest = (edits, candidate) }
        }
        return nearest?.candidate
    }

    /// How far a word may be from `candidate` and still be taken for a misspelling of it.
    static func allowedDistance(for candidate: String) -> Int {
        max(1, candidate.count / 3)
    }

    /// The candidates worth an edit distance with `word`: the difference in length is a lower
    /// bound on the distance, so a candidate whose length alone puts it out of reach is skipped.
    static func shortlist(for word: String, among candidates: Set<String>) -> [String] {
        // The UTF-8 length first: counting a million characters is cheap, but not free.
        guard word.utf8.count <= 4 * longestComparedWord else { return [] }
        let length = word.lowercased().count
        guard length <= longestComparedWord else { return [] }
        return candidates.filter { candidate in
            guard candidate.utf8.count <= 4 * longestComparedWord else { return false }
            let candidateLength = candidate.lowercased().count
            return candidateLength <= longestComparedWord
                && abs(candidateLength - length) <= allowedDistance(for: candidate)
        }
    }

    /// Edits from `a` to `b`, two neighbours swapped counting as one (`DUE` is one from `DEU`):
    /// the commonest slip of the fingers, which would otherwise cost two.
    static func distance(_ a: String, _ b: String) -> Int {
        let a = Array(a), b = Array(b)
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var beforePrevious = [Int](repeating: 0, count: b.count + 1)
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    current[j] = min(current[j], beforePrevious[j - 2] + 1)
                }
            }
            (beforePrevious, previous, current) = (previous, current, beforePrevious)
        }
        return previous[b.count]
    }
}

/// "Did you mean" for many words against one set of candidates, with the work bounded: each
/// suggestion compares the word with every candidate within reach, so ten thousand unknown SKUs
/// against ten thousand known ones would take an edit distance a hundred million times. Once
/// `comparisonBudget` candidates have been looked at, the words that follow get no suggestion.
struct SpellingSuggestions {
    static let comparisonBudget = 200_000

    let candidates: Set<String>
    private var spent = 0

    init(among candidates: Set<String>) {
        self.candidates = candidates
    }

    mutating func closest(to word: String) -> String? {
        guard spent + candidates.count <= Self.comparisonBudget else { return nil }
        spent += candidates.count
        return Spelling.closest(to: word, among: candidates)
    }
}
