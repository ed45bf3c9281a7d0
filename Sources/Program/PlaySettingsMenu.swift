import Catalog
import StoreEngine

/// What the `g` menu shows: Google Play's side that QA changes as Play Billing Lab and the Play
/// Console do. The Play account's country (Enter or `→` steps it through the catalog's
/// storefronts and back to none, `←` the other way; the engine logs `play.country` and its
/// report brings the value the menu then shows), and the voided purchases (Enter lists them).
enum PlaySettingsMenu {
    enum Item: CaseIterable {
        case country
        case voidedPurchases
    }

    static let title = "Google Play (QA)"
    static let footer = "↑↓ choose · Enter or ←→ change · Esc close"

    /// `Country            DEU`, `Voided purchases   …`: the values in a column.
    static func lines(country: String?) -> [String] {
        let values = [("Country", country ?? "as the storefront on screen"), ("Voided purchases", "voidedpurchases.list…")]
        let width = values.map(\.0.count).max() ?? 0
        return values.map { label, value in label + String(repeating: " ", count: width - label.count + 3) + value }
    }

    /// The country `step` places from `country` along none, then each of `storefronts`, round.
    static func country(after country: String?, by step: Int, among storefronts: [String]) -> String? {
        let values: [String?] = [nil] + storefronts
        let index = values.firstIndex(of: country) ?? 0
        return values[((index + step) % values.count + values.count) % values.count]
    }

    /// What choosing `item` sends (stepping the country by `step`); nil for an item without a
    /// value to step (`←` `→` on the voided purchases).
    static func message(for item: Item, country: String?, storefronts: [String], step: Int? = nil) -> Message? {
        switch item {
        case .country: return .answerPlay(.setCountry(Self.country(after: country, by: step ?? 1, among: storefronts)))
        case .voidedPurchases: return step == nil ? .answerPlay(.listVoidedPurchases) : nil
        }
    }
}
