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
    /// The variant's `subtitle`, under the title, when it has one and the paywall has the room.
    var subtitle: Rect?
    var features: Rect?
    /// The boxed plans: items `0..<boxes.count`.
    var boxes: [Rect]
    /// Cards one above the other across the width (a phone), where `↑` `↓` step from card to card.
    var cardsStacked = false
    var rowsHeader: Rect?
    /// Rows for the items from `firstRowItem` on.
    var rows: [Rect]
    var firstRowItem: Int
    /// Items scrolled past above the rows, and still to come below them.
    var hiddenAbove: Int
    var hiddenBelow: Int
    /// Lines for the selected row's name and detail in full, when a row in view cuts them:
    /// directly under the selected row, so they read as its terms, or under the rows when the
    /// selection is not a row in view.
    var rowDetail: Rect?
    /// The item selected when the geometry was laid out, which `rowDetail` belongs to when it
    /// is directly under its row.
    var selection: Int
    /// The primary button: a bar across the content's width, right after the plans and rows
    /// (on a tall screen the room left over goes below the links, not above the button).
    var callToAction: Rect
    /// The footer's links that are drawn, with where: restore, terms, privacy.
    var links: [(target: PaywallTarget, label: String, rect: Rect)]

    /// - Parameter links: the footer's links, in order, with their labels.
    init(model: PaywallModel, inner: Rect, cta: String, links wanted: [(PaywallTarget, String)]) {
        let template = model.variant?.template ?? .cards
        selection = model.selection
        let planCount = model.shop.plans.count
        let itemCount = model.itemCount
        let strings = model.shop.presentation?.strings
        let featureCount = strings?.features.count ?? 0
        let ctaWidth = DisplayWidth.of(cta) + 4
        let linksText = wanted.map(\.1).joined(separator: " · ")
        let hasSubtitle = !(strings?.subtitle ?? "").trimmingCharacters(in: .whitespaces).isEmpty && inner.height >= 8

        var boxedIfRoom = template == .hero ? min(1, planCount) : planCount
        let showsFeatureRow = template != .hero
        // Features that do not fit on one line take a second and third, where there is room.
        let featureRows = inner.height >= 16
            ? max(1, min(3, PaywallView.featureLines(strings?.features ?? [], width: inner.width).count)) : 1
        var blockHeight = Self.blockHeight(template, boxed: boxedIfRoom, featureCount: featureCount)
        var stackedHeights: [Int] = []
        if template == .cards, boxedIfRoom > 0 {
            // Tall enough for the longest card's wrapped lines, so nothing in a card is cut, and
            // no taller: a card with less to say has no empty row of its own. Cards too narrow
            // side by side to say everything in at most `maxCardHeight` rows without cutting a
            // word stack one above the other across the width, as on a phone, where the height
            // holds them with a row of the shop; else they give way to rows.
            let plans = (0..<boxedIfRoom).compactMap { model.item(at: $0) }
            let notSold = PaywallView.text(of: model)[.notSoldHere]
            func heights(width: Int) -> [Int]? {
                let fit = plans.allSatisfy {
                    PaywallView.cardFits($0, owned: PaywallView.ownership(of: $0, in: model), notSold: notSold, width: width,
                                         maxLines: Self.maxCardHeight - 2)
                }
                guard fit else { return nil }
                return plans.map {
                    min(Self.maxCardHeight, PaywallView.cardLines($0, owned: PaywallView.ownership(of: $0, in: model),
                                                                  notSold: notSold, marked: true, width: width).count + 2)
                }
            }
            // The same for every move: measured once a shop, by what the cards say.
            let owned = plans.map { PaywallView.ownership(of: $0, in: model) }
            func measuredHeights(width: Int) -> [Int]? {
                model.shop.measures.cardHeights(for: .init(width: width, owned: owned, notSold: notSold)) { heights(width: width) }
            }
            let sideBySide = measuredHeights(width: Self.cardWidth(count: boxedIfRoom, in: inner.width) - 4)
            let stacked = sideBySide == nil ? measuredHeights(width: inner.width - 4) : nil
            let room = inner.height - 1 - (hasSubtitle ? 1 : 0) - featureRows - 2 - 1
            if let sideBySide {
                blockHeight = sideBySide.max() ?? blockHeight
            } else if let stacked, stacked.reduce(0, +) + 1 <= room {
                stackedHeights = stacked
                blockHeight = stacked.reduce(0, +)
            } else {
                boxedIfRoom = 0
                blockHeight = 0
            }
        }
        // A list entry says its terms on a second line; one with none (a player not eligible
        // for the offer, a plan of a month) is one line, with no empty one under it.
        let entryHeights = template == .list
            ? (0..<boxedIfRoom).map { index in
                model.item(at: index).map { PaywallView.listEntryHeight($0, owned: PaywallView.ownership(of: $0, in: model), width: inner.width)
                } ?? 2
            } : []
        if template == .list { blockHeight = entryHeights.reduce(0, +) }
        if template == .hero, boxedIfRoom > 0, let hero = model.item(at: 0) {
            // As tall as what the box says: its name and prices, then the features.
            blockHeight = 2 + PaywallView.heroLineCount(hero, owned: PaywallView.ownership(of: hero, in: model)) + featureCount
        }
        let top = 1 + (hasSubtitle ? 1 : 0) + (showsFeatureRow ? featureRows : 0)
        let rowsIfBoxed = itemCount - boxedIfRoom
        // The links go on their own row under the button, unless that row is what keeps the
        // plans from their boxes (or from a row at all); then, or when the two do not fit side
        // by side anyway, they share the button's row, at its right.
        let besideFits = ctaWidth + DisplayWidth.of(linksText) + 2 <= inner.width
        let roomy = inner.height >= top + blockHeight + min(rowsIfBoxed, 1) + 2
            || inner.height < top + blockHeight + min(rowsIfBoxed, 1) + 1
        let linksOwnRow = !wanted.isEmpty && inner.height >= 3 && (roomy || !besideFits)
        // On their own row, links too wide for one line go on as many as they need (a phone's
        // width in German or French), never dropped.
        let linkLines = linksOwnRow ? Self.lines(of: wanted.map(\.1), width: inner.width) : [Array(wanted.indices)]
        let footerRows = linksOwnRow ? 1 + max(1, min(linkLines.count, max(1, inner.height - 2))) : 1
        let fixed = top + footerRows
        // A selected row that cuts its terms needs the lines under it to say them whole (three
        // rows: itself and one or two lines); the boxes give way when only they stand in the way.
        let selectedRowCut = model.selection >= boxedIfRoom && model.item(at: model.selection).map { item in
            PaywallRowText(item, owned: PaywallView.ownership(of: item, in: model), selected: false,
                           width: inner.width).detailIsCut
        } ?? false
        let rowsNeeded = selectedRowCut ? 3 : min(rowsIfBoxed, 1)
        let boxed: Int
        if inner.height >= fixed + blockHeight + rowsNeeded {
            boxed = boxedIfRoom
        } else {
            boxed = 0
            blockHeight = 0
        }
        let rowCount = itemCount - boxed
        let spare = max(0, inner.height - fixed - blockHeight - min(rowCount, 4))
        let spacers = min(spare, 3)
        var y = inner.y
        func take(_ rows: Int) -> Rect {
            defer { y += rows }
            return Rect(x: inner.x, y: y, width: inner.width, height: max(0, min(rows, inner.maxY - footerRows - y)))
        }
        title = take(1)
        subtitle = hasSubtitle ? take(1) : nil
        // Hero keeps its features in its box; without boxes, every template lists them in a row.
        features = (showsFeatureRow || (boxed == 0 && featureCount > 0)) && inner.height >= 4 ? take(featureRows) : nil
        if spacers >= 1 { y += 1 }
        let block = take(blockHeight)
        cardsStacked = !stackedHeights.isEmpty && boxed > 0
        if cardsStacked {
            var top = block.y
            boxes = stackedHeights.map { height in
                defer { top += height }
                return Rect(x: block.x, y: top, width: block.width, height: height)
            }.filter { $0.maxY <= block.maxY }
        } else {
            boxes = boxed > 0 && !block.isEmpty ? Self.boxes(template, count: boxed, heights: entryHeights, in: block) : []
        }
        let shopStarts = boxed >= planCount  // the rows begin with the shop, not with more plans
        rowsHeader = spacers >= 2 && rowCount > 0 && shopStarts ? take(1) : nil
        let footerY = inner.maxY - footerRows
        // Up to the footer: the blank row before the button is taken only from room left over.
        let available = max(0, footerY - y)
        let selectedRow = model.selection - boxed
        // When a row in view cuts its name or detail, one or two lines directly under the
        // selected row say its whole. Whether they are there depends on the rows in view, not on
        // which is selected, so the window of rows never changes with the selection; the rows
        // under the lines move with it, and a click on the lines is a click on the selected row
        // (`target`), so a second click where the first landed buys what it selected.
        var window = Self.offset(selection: selectedRow, previous: model.rowScroll - boxed, visible: min(rowCount, available),
                                 count: rowCount)
        let detailLines = available >= 8 ? 2 : 1
        let cut = available >= 3 && (window..<min(rowCount, window + available)).contains { row in
            guard let item = model.item(at: boxed + row) else { return false }
            return PaywallRowText(item, owned: PaywallView.ownership(of: item, in: model), selected: false,
                                  width: inner.width).detailIsCut
        }
        let visible = max(0, min(rowCount, available - (cut ? detailLines : 0)))
        window = Self.offset(selection: selectedRow, previous: model.rowScroll - boxed, visible: visible, count: rowCount)
        let offset = window
        var rows: [Rect] = []
        var detail: Rect?
        while rows.count < visible {
            rows.append(take(1))
            if cut, offset + rows.count - 1 == selectedRow { detail = take(detailLines) }
        }
        if cut, detail == nil { detail = take(detailLines) }
        rowDetail = detail
        self.rows = rows
        firstRowItem = boxed + offset
        hiddenAbove = offset
        hiddenBelow = max(0, rowCount - offset - rows.count)

        // The button follows what it sells, one blank row apart when there is room for one.
        let ctaRow = min(y + (y < footerY ? 1 : 0), footerY)
        let linksY = linksOwnRow ? ctaRow + 1 : ctaRow
        callToAction = Rect(x: inner.x, y: ctaRow, width: linksOwnRow || wanted.isEmpty ? inner.width : min(ctaWidth, inner.width),
                            height: inner.height > 0 ? 1 : 0)
        var links: [(target: PaywallTarget, label: String, rect: Rect)] = []
        for (lineIndex, line) in linkLines.enumerated() {
            let lineY = linksY + lineIndex
            let lineText = line.map { wanted[$0].1 }.joined(separator: " · ")
            var x = linksOwnRow ? inner.x + max(0, (inner.width - DisplayWidth.of(lineText)) / 2)
                : inner.maxX - DisplayWidth.of(lineText)
            for (position, index) in line.enumerated() {
                if position > 0 { x += DisplayWidth.of(" · ") }
                let width = DisplayWidth.of(wanted[index].1)
                if x >= inner.x, x + width <= inner.maxX, lineY >= inner.y, lineY < inner.maxY {
                    links.append((wanted[index].0, wanted[index].1, Rect(x: x, y: lineY, width: width, height: 1)))
                }
                x += width
            }
        }
        self.links = links
    }

    /// The links' indices, packed into lines of `width` with " · " between them, in order.
    static func lines(of labels: [String], width: Int) -> [[Int]] {
        var lines: [[Int]] = []
        var current: [Int] = []
        var used = 0
        for (index, label) in labels.enumerated() {
            let needed = DisplayWidth.of(label) + (current.isEmpty ? 0 : DisplayWidth.of(" · "))
            if !current.isEmpty, used + needed > width {
                lines.append(current)
                current = []
                used = 0
            }
            used += DisplayWidth.of(label) + (current.isEmpty ? 0 : DisplayWidth.of(" · "))
            current.append(index)
        }
        if !current.isEmpty { lines.append(current) }
        return lines
    }

    /// Each card's width when `count` cards share `width` columns one apart: all the same, the
    /// columns left over split as margins either side of the row.
    static func cardWidth(count: Int, in width: Int) -> Int {
        max(0, (width - (count - 1)) / max(1, count))
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

    private static func boxes(_ template: PaywallTemplate, count: Int, heights: [Int], in block: Rect) -> [Rect] {
        switch template {
        case .cards:
            let width = cardWidth(count: count, in: block.width)
            let left = block.x + (block.width - (width * count + count - 1)) / 2
            return (0..<count).map { Rect(x: left + $0 * (width + 1), y: block.y, width: width, height: block.height) }
        case .list:
            var y = block.y
            return (0..<count).map { index in
                let height = heights.indices.contains(index) ? heights[index] : 2
                defer { y += height }
                return Rect(x: block.x, y: y, width: block.width, height: height)
            }.filter { $0.maxY <= block.maxY }
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
        // The lines under the selected row are its own: a second click where the first landed
        // buys it, although the lines it opened moved the rows below.
        if let rowDetail, rowDetail.contains(x: x, y: y), let above = rows.lastIndex(where: { $0.maxY <= rowDetail.y }),
           rows[above].maxY == rowDetail.y, firstRowItem + above == selection {
            return .item(selection)
        }
        if callToAction.contains(x: x, y: y) { return .callToAction }
        return links.first { $0.rect.contains(x: x, y: y) }?.target
    }
}
