import Catalog
import StoreEngine

/// The paywall in the variant's template (`cards`, `list` or `hero`), then the rest of the shop
/// as rows, then the call to action with restore, terms and privacy.
public enum PaywallView {
    struct Geometry {
        var title: Rect
        var features: Rect?
        /// One rectangle per plan shown: a card, a list entry, or the hero box.
        var plans: [Rect]
        var shopHeader: Rect?
        var shopRows: [Rect]
        var footer: Rect
    }

    /// Rows a plan takes in each template.
    private static func planBlockHeight(_ template: PaywallTemplate, planCount: Int, featureCount: Int, spare: Bool) -> Int {
        guard planCount > 0 else { return 0 }
        switch template {
        case .cards: return spare ? 6 : 5
        case .list: return planCount * 2
        case .hero: return 2 + 4 + featureCount  // borders, name, three price lines, features
        }
    }

    static func geometry(in inner: Rect, template: PaywallTemplate, planCount: Int, featureCount: Int,
                         shopCount: Int) -> Geometry {
        let showsFeatureRow = template != .hero
        let fixed = 1 + (showsFeatureRow ? 1 : 0) + 1  // title, features, footer
        var blockHeight = planBlockHeight(template, planCount: planCount, featureCount: featureCount, spare: false)
        var spare = max(0, inner.height - fixed - blockHeight - min(shopCount, 4))
        if template == .cards, planCount > 0, spare >= 4 {
            blockHeight += 1
            spare -= 1
        }
        let spacers = min(spare, 3)
        var y = inner.y
        func take(_ rows: Int) -> Rect {
            defer { y += rows }
            return Rect(x: inner.x, y: y, width: inner.width, height: max(0, min(rows, inner.maxY - 1 - y)))
        }
        let title = take(1)
        let features = showsFeatureRow ? take(1) : nil
        if spacers >= 1 { y += 1 }
        let block = take(blockHeight)
        var plans: [Rect] = []
        if planCount > 0, !block.isEmpty {
            switch template {
            case .cards:
                let constraints = (0..<planCount).flatMap { index -> [Layout.Constraint] in
                    index == 0 ? [.fill(1)] : [.length(1), .fill(1)]
                }
                plans = Layout.split(block, .horizontal, constraints).enumerated().filter { $0.offset % 2 == 0 }.map(\.element)
            case .list:
                plans = (0..<planCount).map { Rect(x: block.x, y: block.y + 2 * $0, width: block.width, height: 2) }
                    .filter { $0.maxY <= block.maxY }
            case .hero:
                plans = [block.centered(width: min(block.width, 64), height: block.height)]
            }
        }
        var shopHeader: Rect?
        if spacers >= 2, shopCount > 0 { shopHeader = take(1) }
        let footerY = inner.maxY - 1
        var shopRows: [Rect] = []
        while shopRows.count < shopCount, y < footerY - (spacers >= 3 ? 1 : 0) {
            shopRows.append(take(1))
        }
        let footer = Rect(x: inner.x, y: footerY, width: inner.width, height: inner.height > 0 ? 1 : 0)
        return Geometry(title: title, features: features, plans: plans, shopHeader: shopHeader, shopRows: shopRows,
                        footer: footer)
    }

    private static func layout(_ model: PaywallModel, area: Rect) -> Geometry {
        geometry(in: area.inset(by: 1).inset(horizontal: 1, vertical: 0), template: model.variant?.template ?? .cards,
                 planCount: model.shop.plans.count, featureCount: model.shop.presentation?.strings.features.count ?? 0,
                 shopCount: model.shop.shopIndices.count)
    }

    /// The first shop row shown: the list scrolls so the selection stays visible.
    private static func shopOffset(selection: Int, planCount: Int, visibleRows: Int, shopCount: Int) -> Int {
        let selectedRow = selection - planCount
        guard visibleRows > 0, selectedRow >= visibleRows else { return 0 }
        return min(selectedRow - visibleRows + 1, max(0, shopCount - visibleRows))
    }

    /// Draws the paywall into `area`; `focused` when Tab has the paywall.
    public static func render(_ model: PaywallModel, focused: Bool, theme: Theme, in area: Rect, into frame: inout Frame) {
        let borderStyle = theme.style(focused ? .accent : .border)
        var paywallName = model.paywall.map { "Paywall \($0.id) · \($0.placement)" } ?? "Shop"
        if let variant = model.variant { paywallName += " · \(variant.template.rawValue)" }
        frame.drawBox(area, title: paywallName, border: theme.border, style: borderStyle,
                      titleStyle: theme.style(focused ? .accent : .muted, bold: focused))
        let plans = model.shop.plans.map(model.planItem)
        let shop = model.shop.shopIndices
        let geometry = layout(model, area: area)
        guard !geometry.title.isEmpty else { return }
        let strings = model.shop.presentation?.strings ?? PaywallStrings(title: model.catalog.app.name)
        frame.write(strings.title, in: geometry.title, style: theme.style(.text, bold: true))
        if plans.isEmpty, shop.isEmpty, let waiting = emptyShopText(model) {
            frame.write(waiting, in: geometry.features ?? geometry.title, style: theme.style(.warning, bold: true))
            return
        }
        if let features = geometry.features, !strings.features.isEmpty {
            frame.write(strings.features.map { "✓ \($0)" }.joined(separator: "   "), in: features,
                        style: theme.style(.success))
        }
        let template = model.variant?.template ?? .cards
        for (index, rect) in geometry.plans.enumerated() where plans.indices.contains(index) {
            let selected = focused && model.selection == index
            switch template {
            case .cards: renderCard(plans[index], selected: selected, in: rect, theme: theme, into: &frame)
            case .list: renderListEntry(plans[index], selected: selected, in: rect, theme: theme, into: &frame)
            case .hero:
                renderHero(plans[index], features: strings.features, selected: selected, in: rect, theme: theme, into: &frame)
            }
        }
        if let header = geometry.shopHeader {
            frame.write("More for your game", in: header, style: theme.style(.muted, bold: true))
        }
        let offset = shopOffset(selection: model.selection, planCount: plans.count, visibleRows: geometry.shopRows.count,
                                shopCount: shop.count)
        for (row, rect) in geometry.shopRows.enumerated() where shop.indices.contains(offset + row) {
            let index = offset + row
            renderRow(model.shopItem(atCatalogIndex: shop[index]), selected: focused && model.selection == plans.count + index,
                      in: rect, theme: theme, into: &frame)
        }
        renderFooter(model, cta: strings.cta, in: geometry.footer, theme: theme, into: &frame)
    }

    private static func emptyShopText(_ model: PaywallModel) -> String? {
        switch model.productsRequest {
        case .loading(let attempt): return attempt == 1 ? "Loading products…" : "Loading products… (attempt \(attempt))"
        case .failed(let attempts): return "Products could not be loaded (\(attempts) attempts). Press s to try again."
        case .answered: return "The store returned no products for this project (see Events)."
        case .idle: return nil
        }
    }

    private static func renderFooter(_ model: PaywallModel, cta: String, in footer: Rect, theme: Theme, into frame: inout Frame) {
        let ctaWidth = frame.write("[ \(cta) ]", x: footer.x, y: footer.y, limit: footer.width,
                                   style: theme.style(.accent, bold: true))
        var links = ["Terms", "Privacy"]
        if model.paywall?.showsRestore ?? true { links.insert("Restore purchases", at: 0) }
        let text = links.joined(separator: " · ")
        let width = DisplayWidth.of(text)
        if footer.width >= ctaWidth + width + 2 {
            frame.write(text, x: footer.maxX - width, y: footer.y, style: theme.style(.muted))
        }
    }

    private static func planLines(_ item: ShopItem, theme: Theme) -> [(String, Style)] {
        let display = item.display
        var lines: [(String, Style)] = [(display.pricePerPeriod ?? "not sold here", theme.style(.price, bold: true))]
        if let perMonth = display.pricePerMonth { lines.append((perMonth, theme.style(.muted))) }
        if let offer = item.plan?.offerLine { lines.append((offer, theme.style(.accent))) }
        return lines
    }

    private static func renderCard(_ item: ShopItem, selected: Bool, in rect: Rect, theme: Theme, into frame: inout Frame) {
        let display = item.display
        var title = display.periodName ?? ""
        if item.isHighlighted { title += " ★" }
        let border = selected ? Style(foreground: theme.color(.selection), background: theme.color(.background), bold: true)
            : theme.style(item.isHighlighted ? .badge : .border)
        let inner = frame.drawBox(rect, title: title, border: theme.border, style: border,
                                  titleStyle: selected ? border : theme.style(item.isHighlighted ? .badge : .muted, bold: true))
        if let badge = item.plan?.discountBadge, rect.width > DisplayWidth.of(title) + DisplayWidth.of(badge) + 10 {
            let text = " \(badge) "
            frame.write(text, x: rect.maxX - 2 - DisplayWidth.of(text), y: rect.y, style: theme.style(.badge, bold: true))
        }
        guard !inner.isEmpty else { return }
        let content = inner.inset(horizontal: 1, vertical: 0)
        let lines = [((selected ? "▸ " : "") + display.name, theme.style(.text, bold: true))] + planLines(item, theme: theme)
        for (offset, line) in lines.prefix(content.height).enumerated() {
            frame.write(line.0, in: Rect(x: content.x, y: content.y + offset, width: content.width, height: 1), style: line.1)
        }
    }

    private static func renderListEntry(_ item: ShopItem, selected: Bool, in rect: Rect, theme: Theme,
                                        into frame: inout Frame) {
        let display = item.display
        let first = Rect(x: rect.x, y: rect.y, width: rect.width, height: 1)
        let base = selected ? theme.selectionStyle : theme.style(.text, bold: true)
        frame.fill(first, style: base)
        let mark = selected ? "✓" : "○"
        let star = item.isHighlighted ? " ★" : ""
        let price = display.pricePerPeriod ?? "not sold here"
        let badge = item.plan?.discountBadge.map { "  \($0)" } ?? ""
        let right = price + badge
        let rightWidth = DisplayWidth.of(right)
        frame.write(" \(mark) \(display.name)\(star)", in: Rect(x: first.x, y: first.y, width: first.width - rightWidth - 2,
                                                                height: 1), style: base)
        frame.write(right, x: first.maxX - rightWidth - 1, y: first.y, style: selected ? base : theme.style(.price, bold: true))
        var details: [String] = []
        if let perMonth = display.pricePerMonth { details.append(perMonth) }
        if let offer = item.plan?.offerLine { details.append(offer) }
        frame.write("    " + details.joined(separator: " · "), in: Rect(x: rect.x, y: rect.y + 1, width: rect.width, height: 1),
                    style: theme.style(item.plan?.offerLine == nil ? .muted : .accent))
    }

    private static func renderHero(_ item: ShopItem, features: [String], selected: Bool, in rect: Rect, theme: Theme,
                                   into frame: inout Frame) {
        let display = item.display
        let border = selected ? Style(foreground: theme.color(.selection), background: theme.color(.background), bold: true)
            : theme.style(.badge)
        let inner = frame.drawBox(rect, title: (display.periodName ?? "") + (item.isHighlighted ? " ★" : ""),
                                  border: theme.border, style: border, titleStyle: border)
        guard !inner.isEmpty else { return }
        let content = inner.inset(horizontal: 1, vertical: 0)
        var lines = [((selected ? "▸ " : "") + display.name, theme.style(.text, bold: true))] + planLines(item, theme: theme)
        while lines.count < 3 { lines.append(("", theme.style(.text))) }
        lines += features.map { ("✓ \($0)", theme.style(.success)) }
        for (offset, line) in lines.prefix(content.height).enumerated() {
            frame.write(line.0, in: Rect(x: content.x, y: content.y + offset, width: content.width, height: 1),
                        alignment: .center, style: line.1)
        }
    }

    private static func renderRow(_ item: ShopItem, selected: Bool, in rect: Rect, theme: Theme, into frame: inout Frame) {
        let display = item.display
        let base = selected ? theme.selectionStyle : theme.style(.text)
        frame.fill(rect, style: base)
        let price = display.pricePerPeriod ?? "—"
        let priceWidth = DisplayWidth.of(price)
        let marker = selected ? "▸ " : "  "
        let nameWidth = max(0, min(28, rect.width - priceWidth - 3))
        frame.write(marker + display.name, in: Rect(x: rect.x, y: rect.y, width: nameWidth, height: 1), style: base)
        let detailRect = Rect(x: rect.x + nameWidth + 1, y: rect.y, width: rect.width - nameWidth - priceWidth - 2, height: 1)
        frame.write(display.description ?? "", in: detailRect, style: selected ? base : theme.style(.muted))
        frame.write(price, x: rect.maxX - priceWidth - 1, y: rect.y, style: selected ? base : theme.style(.price, bold: true))
    }

    /// Which item a click at (x, y) lands on, using the same geometry as `render`.
    public static func itemIndex(at x: Int, _ y: Int, in area: Rect, model: PaywallModel) -> Int? {
        let planCount = model.shop.plans.count
        let geometry = layout(model, area: area)
        if let plan = geometry.plans.firstIndex(where: { $0.contains(x: x, y: y) }) { return plan }
        if let row = geometry.shopRows.firstIndex(where: { $0.contains(x: x, y: y) }) {
            let offset = shopOffset(selection: model.selection, planCount: planCount, visibleRows: geometry.shopRows.count,
                                    shopCount: model.shop.shopIndices.count)
            return planCount + offset + row
        }
        return nil
    }
}
