/// Small pieces of English for messages (the engine's notices, the command line, lint), which
/// are in English whatever the storefront.
public enum English {
    /// `1 product`, `2 products`, `0 products`: a count and its noun. `plural` when the noun does
    /// not take an `s` (`1 try`, `2 tries`); `one` for the number when there is one, where a
    /// sentence says `a problem` rather than `1 problem`.
    public static func count(_ count: Int, _ singular: String, plural: String? = nil, one: String = "1") -> String {
        count == 1 ? "\(one) \(singular)" : "\(count) \(plural ?? singular + "s")"
    }

    /// `it` for one thing, `them` for more: what a sentence about `count` things calls them.
    public static func pronoun(forCount count: Int) -> String {
        count == 1 ? "it" : "them"
    }

    /// `a`, `a or b`, `a, b or c`.
    public static func list(_ items: [String], joinedBy conjunction: String) -> String {
        guard items.count > 1, let last = items.last else { return items.first ?? "" }
        return items.dropLast().joined(separator: ", ") + " \(conjunction) " + last
    }

    /// `90 s`, `4 min`, `3 h`, `2 days`: a span of time in its largest whole unit, rounded down.
    /// `oneDay` is how exactly one day reads: `1 day` beside other counts, `a day` in a sentence.
    public static func duration(_ seconds: Double, oneDay: String = "1 day") -> String {
        switch seconds {
        case 86_400...:
            let days = Int(saturating: seconds / 86_400)
            return days == 1 ? oneDay : count(days, "day")
        case 3600...: return "\(Int(saturating: seconds / 3600)) h"
        case 60...: return "\(Int(saturating: seconds / 60)) min"
        default: return "\(Int(saturating: seconds)) s"
        }
    }
}
