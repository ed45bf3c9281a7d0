import Catalog

/// What one row of the paywall says at a width: the name (behind the selection marker), a
/// detail (a plan's discount badge, price per month and offer; a product's description) and,
/// at the right, the price or what the player owns. Shared by the view, which draws it, and
/// the geometry, which gives a selected row whose detail does not fit the lines to show it.
struct PaywallRowText {
    let name: String
    let nameWidth: Int
    let detail: String
    let detailWidth: Int
    let price: String
    let isSelected: Bool
    /// The price column says what the player owns instead.
    let isOwned: Bool

    /// Columns the lines beneath a row indent its detail by, under the name.
    static let detailIndent = 4

    /// The name whole, without its marker: the lines under the rows begin with it.
    let wholeName: String
    /// Whether the row's name column cuts the name.
    let nameIsCut: Bool

    /// - Parameter nameColumn: the columns the names of the rows in view share
    ///   (`nameColumn(of:width:)`), so every detail starts in the same column whatever the
    ///   script of the name beside it; nil for the row's own name.
    init(_ item: ShopItem, owned: String?, selected: Bool, width: Int, nameColumn: Int? = nil) {
        let display = item.display
        isSelected = selected
        isOwned = owned != nil
        price = owned ?? display.pricePerPeriod ?? "—"
        let priceWidth = DisplayWidth.of(price)
        name = (selected ? "▸ " : "  ") + display.name + (item.isHighlighted ? " ★" : "")
        nameWidth = max(0, min(nameColumn ?? DisplayWidth.of(name), width - priceWidth - 3))
        wholeName = display.name
        nameIsCut = DisplayWidth.of(name) > nameWidth
        // A plan's sales message comes first, so what a narrow row cuts is the offer's wording.
        detail = owned != nil ? ""
            : item.plan.map { plan in
                [plan.discountBadge, display.pricePerMonth, plan.offerLine ?? PaywallView.details(of: item)]
                    .compactMap { $0 }.joined(separator: " · ")
            } ?? display.description ?? ""
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

    /// The name column of `rows` (each measured with its own name): two columns wider than the
    /// widest name, padded to 28 where there is room, where that cuts no row's detail; else
    /// two wider, as wide or half the row, whichever cuts fewest rows (the wider of equals), so
    /// the room goes to what the rows say before it goes to padding.
    static func nameColumn(of rows: [PaywallRowText], width: Int) -> Int {
        let widest = rows.map { DisplayWidth.of($0.name) }.max() ?? 0
        func cuts(_ column: Int) -> Int {
            rows.count { DisplayWidth.of($0.name) > column || DisplayWidth.of($0.detail) > width - column - DisplayWidth.of($0.price) - 3 }
        }
        if let roomy = [max(widest + 1, min(28, width / 2)), widest + 1].first(where: { cuts($0) == 0 }) { return roomy }
        return [widest + 1, widest, min(widest, width / 2)].min { cuts($0) < cuts($1) } ?? widest
    }
}
