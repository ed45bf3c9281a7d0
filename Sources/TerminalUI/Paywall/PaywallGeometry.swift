import Catalog

/// Something on the paywall a click can land on.
public enum PaywallTarget: Sendable, Equatable {
    /// A product, by its selection index (plans, then the shop).
    case item(Int)
    case callToAction
    case restore
    case terms
    case privacy
}

/// Where each part of the paywall goes at a size (computed, never stored, so a resize re-lays
/// everything), with one promise: every product of the variant is on screen or one scroll away,
/// the selection always on screen, and what does not fit is counted on the border.
///
/// Boxed plans (cards, list entries, the hero box) come first; the items after them are one-line
/// rows that scroll. When the boxes and a row do not fit, every item becomes a row.
struct PaywallGeometry {
    var title: Rect
    var features: Rect?
    /// The boxed plans: items `0..<boxes.count`.
    var boxes: [Rect]
    var rowsHeader: Rect?
    /// Rows for the items from `firstRowItem` on.
    var rows: [Rect]
    var firstRowItem: Int
    /// Items scrolled past above the rows, and still to come below them.
    var hiddenAbove: Int
    var hiddenBelow: Int
    /// Lines beneath the rows for the selected row's detail in full, when a row's is cut.
    var rowDetail: Rect?
    var callToAction: Rect
    /// The footer's links that are drawn, with where: restore, terms, privacy.
    var links: [(target: PaywallTarget, label: String, rect: Rect)]

    /// - Parameter links: the footer's links, in order, with their labels.
    init(model: PaywallModel, inner: Rect, cta: String, links wanted: [(PaywallTarget, String)]) {
        let template = model.variant?.template ?? .cards
        let planCount = model.shop.plans.count
        let itemCount = model.itemCount
        let featureCount = model.shop.presentation?.strings.features.count ?? 0
        let ctaWidth = DisplayWidth.of("[ \(cta) ]")
        let linksText = wanted.map(\.1).joined(separator: " · ")
        // Links share the call to action's row when they fit beside it, else get a row above.
        let linksOwnRow = !wanted.isEmpty && ctaWidth + DisplayWidth.of(linksText) + 2 > inner.width
        let footerRows = linksOwnRow ? 2 : 1

        var boxedIfRoom = template == .hero ? min(1, planCount) : planCount
        let showsFeatureRow = template != .hero
        var blockHeight = Self.blockHeight(template, boxed: boxedIfRoom, featureCount: featureCount)
        if template == .cards, boxedIfRoom > 0 {
            // Tall enough for the longest card's wrapped lines, selection marker included, so
            // nothing in a card is cut. Cards too narrow to say everything in at most
            // `maxCardHeight` rows without cutting a word give way to rows.
            let cardWidth = (inner.width - (boxedIfRoom - 1)) / boxedIfRoom - 4
            let plans = (0..<boxedIfRoom).compactMap { model.item(at: $0) }
            let fit = plans.allSatisfy {
                PaywallView.cardFits($0, owned: PaywallView.ownership(of: $0, in: model), width: cardWidth,
                                     maxLines: Self.maxCardHeight - 2)
            }
            if fit {
                let needed = plans.map {
                    PaywallView.cardLines($0, owned: PaywallView.ownership(of: $0, in: model), marked: true,
                                          width: cardWidth).count + 2
                }.max() ?? blockHeight
                blockHeight = max(blockHeight, needed)
            } else {
                boxedIfRoom = 0
                blockHeight = 0
            }
        }
        let fixed = 1 + (showsFeatureRow ? 1 : 0) + footerRows
        let rowsIfBoxed = itemCount - boxedIfRoom
        let boxed: Int
        if inner.height >= fixed + blockHeight + min(rowsIfBoxed, 1) {
            boxed = boxedIfRoom
        } else {
            boxed = 0
            blockHeight = 0
        }
        let rowCount = itemCount - boxed
        var spare = max(0, inner.height - fixed - blockHeight - min(rowCount, 4))
        if template == .cards, boxed > 0, spare >= 4 {
            blockHeight += 1
            spare -= 1
        }
        let spacers = min(spare, 3)
        var y = inner.y
        func take(_ rows: Int) -> Rect {
            defer { y += rows }
            return Rect(x: inner.x, y: y, width: inner.width, height: max(0, min(rows, inner.maxY - footerRows - y)))
        }
        title = take(1)
        // Hero keeps its features in its box; without boxes, every template lists them in a row.
        features = (showsFeatureRow || (boxed == 0 && featureCount > 0)) && inner.height >= 4 ? take(1) : nil
        if spacers >= 1 { y += 1 }
        let block = take(blockHeight)
        boxes = boxed > 0 && !block.isEmpty ? Self.boxes(template, count: boxed, in: block) : []
        let shopStarts = boxed >= planCount  // the rows begin with the shop, not with more plans
        rowsHeader = spacers >= 2 && rowCount > 0 && shopStarts ? take(1) : nil
        let footerY = inner.maxY - footerRows
        var available = max(0, footerY - (spacers >= 3 ? 1 : 0) - y)
        let selectedRow = model.selection - boxed
        // When a row in view has a detail cut on its line, the lines beneath the rows say the
        // selected row's detail whole. Whether they are there depends on the rows in view, not
        // on which is selected, so selecting a row on screen never moves the rows.
        var window = Self.offset(selection: selectedRow, previous: model.rowScroll - boxed, visible: min(rowCount, available),
                                 count: rowCount)
        let detailLines = available >= 8 ? 2 : 1
        let cut = available >= 3 && (window..<min(rowCount, window + available)).contains { row in
            guard let item = model.item(at: boxed + row) else { return false }
            return PaywallRowText(item, owned: PaywallView.ownership(of: item, in: model), selected: false,
                                  width: inner.width).detailIsCut
        }
        if cut { available -= detailLines }
        let visible = min(rowCount, available)
        window = Self.offset(selection: selectedRow, previous: model.rowScroll - boxed, visible: visible, count: rowCount)
        var rows: [Rect] = []
        while rows.count < visible { rows.append(take(1)) }
        rowDetail = cut ? Rect(x: inner.x, y: y, width: inner.width, height: detailLines) : nil
        let offset = window
        self.rows = rows
        firstRowItem = boxed + offset
        hiddenAbove = offset
        hiddenBelow = max(0, rowCount - offset - rows.count)

        let ctaRow = inner.maxY - 1
        callToAction = Rect(x: inner.x, y: ctaRow, width: min(ctaWidth, inner.width), height: inner.height > 0 ? 1 : 0)
        let linksY = linksOwnRow ? ctaRow - 1 : ctaRow
        var x = inner.maxX - DisplayWidth.of(linksText)
        if linksOwnRow { x = max(inner.x, x) }
        var links: [(target: PaywallTarget, label: String, rect: Rect)] = []
        for (index, link) in wanted.enumerated() {
            if index > 0 { x += DisplayWidth.of(" · ") }
            let width = DisplayWidth.of(link.1)
            if x >= inner.x, x + width <= inner.maxX, linksY >= inner.y {
                links.append((link.0, link.1, Rect(x: x, y: linksY, width: width, height: 1)))
            }
            x += width
        }
        self.links = links
    }

    /// Rows a block of boxed plans takes in each template.
    private static func blockHeight(_ template: PaywallTemplate, boxed: Int, featureCount: Int) -> Int {
        guard boxed > 0 else { return 0 }
        switch template {
        case .cards: return 5
        case .list: return boxed * 2
        case .hero: return 2 + 4 + featureCount  // borders, name, three price lines, features
        }
    }

    private static func boxes(_ template: PaywallTemplate, count: Int, in block: Rect) -> [Rect] {
        switch template {
        case .cards:
            let constraints = (0..<count).flatMap { index -> [Layout.Constraint] in
                index == 0 ? [.fill(1)] : [.length(1), .fill(1)]
            }
            return Layout.split(block, .horizontal, constraints).enumerated().filter { $0.offset % 2 == 0 }.map(\.element)
        case .list:
            return (0..<count).map { Rect(x: block.x, y: block.y + 2 * $0, width: block.width, height: 2) }
                .filter { $0.maxY <= block.maxY }
        case .hero:
            return [block.centered(width: min(block.width, 64), height: block.height)]
        }
    }

    /// The tallest a card grows, borders included, so the shop keeps room beneath the cards.
    static let maxCardHeight = 8

    /// The first row's item among the rows: where they were (`previous`), moved only as far as
    /// the selection needs to be in view. A click on a row that is on screen therefore never
    /// scrolls it from under the pointer, and a second click there buys what was clicked.
    private static func offset(selection: Int, previous: Int, visible: Int, count: Int) -> Int {
        guard visible > 0 else { return 0 }
        var offset = min(max(0, previous), max(0, count - visible))
        if selection >= 0, selection < offset { offset = selection }
        if selection >= offset + visible { offset = selection - visible + 1 }
        return offset
    }

    /// What a click at (x, y) lands on.
    func target(at x: Int, _ y: Int) -> PaywallTarget? {
        if let box = boxes.firstIndex(where: { $0.contains(x: x, y: y) }) { return .item(box) }
        if let row = rows.firstIndex(where: { $0.contains(x: x, y: y) }) { return .item(firstRowItem + row) }
        if callToAction.contains(x: x, y: y) { return .callToAction }
        return links.first { $0.rect.contains(x: x, y: y) }?.target
    }
}
