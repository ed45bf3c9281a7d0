extension ProductCatalog {
    /// The SKUs a person most likely meant by `text` when no product has it: those that differ
    /// only by case or end in `.text` (`pass.weekly` for `com.example.stardust.pass.weekly`),
    /// else the closest spelling; empty when none is near.
    public func productIds(near text: String) -> [String] {
        let lowered = text.lowercased()
        let ids = products.map(\.id)
        let matches = ids.filter { $0 != text && ($0.lowercased() == lowered || (!text.isEmpty && $0.hasSuffix("." + text))) }
        if !matches.isEmpty { return matches }
        return Spelling.closest(to: text, among: Set(ids)).map { [$0] } ?? []
    }

    /// `did you mean com.example.stardust.pass.weekly?` for `text`, the SKUs it is near; nil
    /// when it is near none.
    public func didYouMean(product text: String) -> String? {
        let near = productIds(near: text)
        return near.isEmpty ? nil : "did you mean \(English.list(near, joinedBy: "or"))?"
    }
}
