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

    /// The name whole, without its marker: the lines under the rows begin with it.
    let wholeName: String
    /// Whether the row's name column cuts the name.
    let nameIsCut: Bool

    init(_ item: ShopItem, owned: String?, selected: Bool, width: Int) {
        let display = item.display
        price = owned ?? display.pricePerPeriod ?? "—"
        let priceWidth = DisplayWidth.of(price)
        name = (selected ? "▸ " : "  ") + display.name + (item.isHighlighted ? " ★" : "")
        // Names line up in a column of 28 where there is room for it; on a phone-wide paywall
        // the column is at most half the row, so the detail keeps room too.
        nameWidth = max(0, min(max(min(28, width / 2), DisplayWidth.of(name) + 1), width - priceWidth - 3))
        wholeName = display.name
        nameIsCut = DisplayWidth.of(name) > nameWidth
        detail = owned != nil ? ""
            : item.plan.map { $0.offerLine ?? PaywallView.details(of: item) ?? display.pricePerMonth ?? "" }
            ?? display.description ?? ""
        // One blank column on each side keeps the detail apart from the name and the price.
        detailWidth = max(0, width - nameWidth - priceWidth - 3)
    }

    /// Whether the name or the detail is cut on the row's one line.
    var detailIsCut: Bool { nameIsCut || DisplayWidth.of(detail) > detailWidth }

    /// What the row cut, whole, wrapped to the lines under it for a row `width` columns wide:
    /// the detail, after the whole name when the name is what was cut.
    func detailLines(width: Int) -> [String] {
        let text = !nameIsCut ? detail : detail.isEmpty ? wholeName : wholeName + ": " + detail
        return TextWrap.lines(text, width: max(1, width - Self.detailIndent - 1))
    }
}
