import Catalog

/// What one row of the paywall says at a width: the name (behind the selection marker), a
/// detail (the plan's offer, else its price per month, else the product's description) and,
/// at the right, the price or what the player owns. Shared by the view, which draws it, and
/// the geometry, which gives a selected row whose detail does not fit the lines to show it.
struct PaywallRowText {
    let name: String
    let nameWidth: Int
    let detail: String
    let detailWidth: Int
    let price: String

    /// Columns the lines beneath a row indent its detail by, under the name.
    static let detailIndent = 4

    init(_ item: ShopItem, owned: String?, selected: Bool, width: Int) {
        let display = item.display
        price = owned ?? display.pricePerPeriod ?? "—"
        let priceWidth = DisplayWidth.of(price)
        name = (selected ? "▸ " : "  ") + display.name + (item.isHighlighted ? " ★" : "")
        nameWidth = max(0, min(max(28, DisplayWidth.of(name) + 1), width - priceWidth - 3))
        detail = owned != nil ? "" : item.plan.map { $0.offerLine ?? display.pricePerMonth ?? "" } ?? display.description ?? ""
        // One blank column on each side keeps the detail apart from the name and the price.
        detailWidth = max(0, width - nameWidth - priceWidth - 3)
    }

    /// Whether the detail is cut on the row's one line.
    var detailIsCut: Bool { DisplayWidth.of(detail) > detailWidth }

    /// The detail wrapped to the lines beneath the row, for a row `width` columns wide.
    func detailLines(width: Int) -> [String] {
        TextWrap.lines(detail, width: max(1, width - Self.detailIndent - 1))
    }
}
