/// Small pieces of English for messages (the engine's notices, the command line, lint), which
/// are in English whatever the storefront.
public enum English {
    /// `1 product`, `2 products`, `0 products`: a count and its noun. `plural` when the noun does
    /// not take an `s` (`1 try`, `2 tries`).
    public static func count(_ count: Int, _ singular: String, plural: String? = nil) -> String {
        "\(count) \(count == 1 ? singular : plural ?? singular + "s")"
    }

    /// `a`, `a or b`, `a, b or c`.
    public static func list(_ items: [String], joinedBy conjunction: String) -> String {
        guard items.count > 1, let last = items.last else { return items.first ?? "" }
        return items.dropLast().joined(separator: ", ") + " \(conjunction) " + last
    }
}
