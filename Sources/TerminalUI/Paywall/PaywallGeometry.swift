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
    /// How the boxes are drawn: the variant's template, or `list` where cards fit neither side by
    /// side nor stacked but list entries do, so each plan keeps its badge and price per month.
    var boxTemplate: PaywallTemplate
    /// The hero box's features packed side by side (`✓ A   ✓ B`), where one a line leaves no
    /// room for a row, the button and the links beneath it.
    var heroFeaturesPacked = false
    var rowsHeader: Rect?
    /// Rows for the items from `firstRowItem` on.
    var rows: [Rect]
    var firstRowItem: Int
    /// The columns the rows' names share (`PaywallRowText.nameColumn`).
    var nameColumn = 0
    /// Items scrolled past above the rows, and still to come below them.
    var hiddenAbove: Int
    var hiddenBelow: Int
    /// Lines for the selected row's name and detail in full, when its row cuts them: directly
    /// under it, so they read as its terms, as many as the whole text wraps to.
    var rowDetail: Rect?
    /// The selected row's words need more lines than `rowDetail` has.
    var rowDetailIsCut = false
    /// The most lines a row in view opens under it when selected.
    var mostRowDetailLines = 0
    /// The item selected when the geometry was laid out, whose row `rowDetail` is directly under.
    var selection: Int
    /// The primary button: a bar across the content's width, right after the plans and rows
    /// (on a tall screen the room left over goes below the links, not above the button).
    var callToAction: Rect
    /// The footer's links that are drawn, with where: restore, terms, privacy.
    var links: [(target: PaywallTarget, label: String, rect: Rect)]

    /// - Parameter links: the footer's links, in order, with their labels.
    init(model: PaywallModel, inner: Rect, cta: String, links wanted: [(PaywallTarget, String)]) {
        let template = model.variant?.template ?? .cards
        boxTemplate = template
        selection = model.selection
        let planCount = model.shop.plans.count
        let itemCount = model.itemCount
        let strings = model.shop.presentation?.strings
        let featureCount = strings?.features.count ?? 0
        let ctaWidth = DisplayWidth.of(cta) + 4
        let hasSubtitle = !(strings?.subtitle ?? "").trimmingCharacters(in: .whitespaces).isEmpty && inner.height >= 8

        let boxedIfRoom = template == .hero ? min(1, planCount) : planCount
        let showsFeatureRow = template != .hero
        // Features that do not fit on one line take a second and third, where there is room.
        let featureRows = inner.height >= 16
            ? max(1, min(3, PaywallView.featureLines(strings?.features ?? [], width: inner.width).count)) : 1
        var blockHeight = Self.blockHeight(template, boxed: boxedIfRoom, featureCount: featureCount)
        var stackedHeights: [Int] = []
        var entryHeights: [Int] = []
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
                // Too tall either way: list entries or rows, as the height decides below.
                blockHeight = inner.height + 1
            }
        }
        // A list entry says its terms on a second line; one with none (a player not eligible
        // for the offer, a plan of a month) is one line, with no empty one under it.
        if template == .list {
            entryHeights = Self.entryHeights(model, count: boxedIfRoom, width: inner.width)
            blockHeight = entryHeights.reduce(0, +)
        }
        if template == .hero, boxedIfRoom > 0, let hero = model.item(at: 0) {
            // As tall as what the box says: its name and prices, then the features.
            blockHeight = 2 + PaywallView.heroLineCount(hero, owned: PaywallView.ownership(of: hero, in: model)) + featureCount
        }
        let top = 1 + (hasSubtitle ? 1 : 0) + (showsFeatureRow ? featureRows : 0)
        let rowsIfBoxed = itemCount - boxedIfRoom
        // The links go on their own row under the button, whose bar spans the width at every
        // size: where room is short the boxes give way, never the button.
        let linksOwnRow = !wanted.isEmpty && inner.height >= 3
        // On their own row, links too wide for one line go on as many as they need (a phone's
        // width in German or French), never dropped.
        let linkLines = linksOwnRow ? Self.lines(of: wanted.map(\.1), width: inner.width) : [Array(wanted.indices)]
        let footerRows = linksOwnRow ? 1 + max(1, min(linkLines.count, max(1, inner.height - 2))) : 1
        let fixed = top + footerRows
        // A selected row that cuts its terms needs the lines under it to say them whole: itself
        // and as many lines as they wrap to; the boxes give way when only they stand in the way.
        let selectedRowLines = model.selection >= boxedIfRoom ? Self.detailLineCount(model, item: model.selection,
                                                                                    width: inner.width, nameColumn: nil) : 0
        let rowsNeeded = selectedRowLines > 0 ? 1 + selectedRowLines : min(rowsIfBoxed, 1)
        if template == .hero, boxedIfRoom > 0, inner.height < fixed + blockHeight + rowsNeeded {
            // The hero's features side by side rather than one a line, where that keeps the box.
            let features = strings?.features ?? []
            let packed = PaywallView.featureLines(features, width: min(inner.width, Self.heroWidth) - 4).count
            if packed < featureCount, inner.height >= fixed + blockHeight - featureCount + packed + rowsNeeded {
                blockHeight += packed - featureCount
                heroFeaturesPacked = true
            }
        }
        var boxed = boxedIfRoom
        if template == .cards, boxedIfRoom > 0, inner.height < fixed + blockHeight + rowsNeeded,
           case let entries = Self.entryHeights(model, count: boxedIfRoom, width: inner.width),
           inner.height >= fixed + entries.reduce(0, +) + rowsNeeded {
            // Cards too tall for the screen (a phone at 80x24): list entries, which keep each
            // plan's badge, price per month and terms where plain rows have no room for them.
            boxTemplate = .list
            entryHeights = entries
            stackedHeights = []
            blockHeight = entries.reduce(0, +)
        }
        if inner.height < fixed + blockHeight + rowsNeeded {
            boxed = 0
            blockHeight = 0
        }
        let rowCount = itemCount - boxed
        let spare = max(0, inner.height - fixed - blockHeight - min(rowCount, 4))
        let spacers = min(spare, 3)
        let shopStarts = boxed >= planCount  // the rows begin with the shop, not with more plans
        let hasRowsHeader = spacers >= 2 && rowCount > 0 && shopStarts
        // A blank row under the features only when no row is hidden for it.
        let blankUnderFeatures = spacers >= 1
            && inner.height - fixed - blockHeight - (hasRowsHeader ? 1 : 0) - rowCount - selectedRowLines >= 1
        var y = inner.y
        func take(_ rows: Int) -> Rect {
            defer { y += rows }
            return Rect(x: inner.x, y: y, width: inner.width, height: max(0, min(rows, inner.maxY - footerRows - y)))
        }
        title = take(1)
        subtitle = hasSubtitle ? take(1) : nil
        // Hero keeps its features in its box; without boxes, every template lists them in a row.
        features = (showsFeatureRow || (boxed == 0 && featureCount > 0)) && inner.height >= 4 ? take(featureRows) : nil
        if blankUnderFeatures { y += 1 }
        let block = take(blockHeight)
        cardsStacked = !stackedHeights.isEmpty && boxed > 0
        if cardsStacked {
            var top = block.y
            boxes = stackedHeights.map { height in
                defer { top += height }
                return Rect(x: block.x, y: top, width: block.width, height: height)
            }.filter { $0.maxY <= block.maxY }
        } else {
            boxes = boxed > 0 && !block.isEmpty ? Self.boxes(boxTemplate, count: boxed, heights: entryHeights, in: block) : []
        }
        rowsHeader = hasRowsHeader ? take(1) : nil
        let footerY = inner.maxY - footerRows
        // Up to the footer: the blank row before the button is taken only from room left over.
        let available = max(0, footerY - y)
        let selectedRow = model.selection - boxed
        // The names share a column measured over the rows that can be in view (the window only
        // narrows from here), so every detail starts in the same column.
        var window = Self.offset(selection: selectedRow, previous: model.rowScroll - boxed, visible: min(rowCount, available),
                                 count: rowCount)
        nameColumn = PaywallRowText.nameColumn(of: (window..<min(rowCount, window + available)).compactMap { row in
            model.item(at: boxed + row).map { PaywallRowText($0, owned: PaywallView.ownership(of: $0, in: model), selected: false,
                                                            width: inner.width) }
        }, width: inner.width)
        // When the selected row cuts its name or detail, the lines directly under it say them
        // whole, as many as they wrap to (all the rows but the selected one's, at the most), and
        // the rows under them move down or out of view.
        let wantedLines = (0..<rowCount).contains(selectedRow)
            ? Self.detailLineCount(model, item: model.selection, width: inner.width, nameColumn: nameColumn) : 0
        let detailLines = available >= 2 ? min(wantedLines, available - 1) : 0
        let visible = max(0, min(rowCount, available - detailLines))
        window = Self.offset(selection: selectedRow, previous: model.rowScroll - boxed, visible: visible, count: rowCount)
        let offset = window
        var rows: [Rect] = []
        var detail: Rect?
        while rows.count < visible {
            rows.append(take(1))
            if detailLines > 0, offset + rows.count - 1 == selectedRow { detail = take(detailLines) }
        }
        rowDetail = detail
        rowDetailIsCut = wantedLines > (detail?.height ?? 0)
        let column = nameColumn
        mostRowDetailLines = (offset..<offset + rows.count).map { row in
            Self.detailLineCount(model, item: boxed + row, width: inner.width, nameColumn: column)
        }.max() ?? 0
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
    /// columns left over split as margins either side of the row. An odd count gives up a
    /// column a card where that makes the margins equal (`boxes` widens an even count's middle
    /// gap instead).
    static func cardWidth(count: Int, in width: Int) -> Int {
        let widest = max(0, (width - (count - 1)) / max(1, count))
        let leftOver = width - (widest * count + count - 1)
        return count % 2 == 1 && leftOver % 2 == 1 && widest > 1 ? widest - 1 : widest
    }

    /// The hero box's widest.
    static let heroWidth = 64

    /// Each of the first `count` plans' heights as a list entry.
    private static func entryHeights(_ model: PaywallModel, count: Int, width: Int) -> [Int] {
        (0..<count).map { index in
            model.item(at: index).map { PaywallView.listEntryHeight($0, owned: PaywallView.ownership(of: $0, in: model), width: width) } ?? 2
        }
    }

    /// The lines item `index` needs under its row to say what the row cuts (0 when it cuts nothing).
    private static func detailLineCount(_ model: PaywallModel, item index: Int, width: Int, nameColumn: Int?) -> Int {
        guard let item = model.item(at: index) else { return 0 }
        let text = PaywallRowText(item, owned: PaywallView.ownership(of: item, in: model), selected: true, width: width,
                                  nameColumn: nameColumn)
        return text.detailIsCut ? text.detailLines(width: width).count : 0
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
            // Columns left over that cannot split evenly go to the middle gap, so the row of
            // cards is as far from either side.
            let middleGap = (block.width - (width * count + count - 1)) % 2
            let left = block.x + (block.width - (width * count + count - 1 + middleGap)) / 2
            return (0..<count).map { index in
                Rect(x: left + index * (width + 1) + (index >= count / 2 ? middleGap : 0), y: block.y, width: width,
                     height: block.height)
            }
        case .list:
            var y = block.y
            return (0..<count).map { index in
                let height = heights.indices.contains(index) ? heights[index] : 2
                defer { y += height }
                return Rect(x: block.x, y: y, width: block.width, height: height)
            }.filter { $0.maxY <= block.maxY }
        case .hero:
            return [block.centered(width: min(block.width, heroWidth), height: block.height)]
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

    /// Whether a click on `line` lands on `item`, on its row or the lines under it.
    func shows(item: Int, onLine line: Int) -> Bool {
        rows.first.map { target(at: $0.x, line) == .item(item) } ?? false
    }

    /// What a click at (x, y) lands on.
    func target(at x: Int, _ y: Int) -> PaywallTarget? {
        if let box = boxes.firstIndex(where: { $0.contains(x: x, y: y) }) { return .item(box) }
        if let row = rows.firstIndex(where: { $0.contains(x: x, y: y) }) { return .item(firstRowItem + row) }
        // The lines under the selected row are its own: a second click where the first landed
        // buys it, although the lines it opened moved the rows below.
        if let rowDetail, rowDetail.contains(x: x, y: y) { return .item(selection) }
        if callToAction.contains(x: x, y: y) { return .callToAction }
        return links.first { $0.rect.contains(x: x, y: y) }?.target
    }
}
