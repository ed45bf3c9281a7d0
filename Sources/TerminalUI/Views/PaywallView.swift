import Catalog

/// The paywall: title, features, the variant's plans as cards, the rest of the shop as rows,
/// and the call to action with restore, terms and privacy.
enum PaywallView {
    struct Geometry {
        var title: Rect
        var features: Rect
        var cards: [Rect]
        var shopHeader: Rect?
        var shopRows: [Rect]
        var footer: Rect
    }

    static func geometry(in inner: Rect, planCount: Int, shopCount: Int) -> Geometry {
        var cardHeight = planCount > 0 ? 5 : 0
        let minimum = 2 + cardHeight + shopCount + 1
        var spare = max(0, inner.height - minimum)
        if planCount > 0, spare >= 4 {
            cardHeight += 1
            spare -= 1
        }
        let spacers = min(spare, 3)
        var y = inner.y
        func take(_ rows: Int) -> Rect {
            defer { y += rows }
            return Rect(x: inner.x, y: y, width: inner.width, height: max(0, min(rows, inner.maxY - y)))
        }
        let title = take(1)
        let features = take(1)
        if spacers >= 1 { y += 1 }
        let cardRow = take(cardHeight)
        var cards: [Rect] = []
        if planCount > 0, !cardRow.isEmpty {
            let constraints = (0..<planCount).flatMap { index -> [Layout.Constraint] in
                index == 0 ? [.fill(1)] : [.length(1), .fill(1)]
            }
            cards = Layout.split(cardRow, .horizontal, constraints).enumerated().filter { $0.offset % 2 == 0 }.map(\.element)
        }
        var shopHeader: Rect?
        if spacers >= 2, shopCount > 0 { shopHeader = take(1) }
        let footerY = inner.maxY - 1
        var shopRows: [Rect] = []
        for _ in 0..<shopCount where y < footerY - (spacers >= 3 ? 1 : 0) {
            shopRows.append(take(1))
        }
        let footer = Rect(x: inner.x, y: footerY, width: inner.width, height: inner.height > 0 ? 1 : 0)
        return Geometry(title: title, features: features, cards: cards, shopHeader: shopHeader, shopRows: shopRows,
                        footer: footer)
    }

    static func render(_ state: AppState, in area: Rect, into frame: inout Frame) {
        let theme = state.theme
        let focused = state.focus == .paywall
        let borderStyle = theme.style(focused ? .accent : .border)
        let paywallName = state.paywall.map { "Paywall \($0.id) · \($0.placement)" } ?? "Shop"
        let inner = frame.drawBox(area, title: paywallName, border: theme.border, style: borderStyle,
                                  titleStyle: theme.style(focused ? .accent : .muted, bold: focused))
        guard !inner.isEmpty else { return }
        let items = state.items
        let plans = items.filter(\.isPlan)
        let shop = items.filter { !$0.isPlan }
        let geometry = geometry(in: inner.inset(horizontal: 1, vertical: 0), planCount: plans.count, shopCount: shop.count)
        let strings = state.paywall.flatMap { paywall in
            state.variant?.strings(for: state.storefront.locale, defaultLocale: paywall.defaultLocale)
        } ?? PaywallStrings(title: state.catalog.app.name)
        frame.write(strings.title, in: geometry.title, style: theme.style(.text, bold: true))
        if !strings.features.isEmpty {
            frame.write(strings.features.map { "✓ \($0)" }.joined(separator: "   "), in: geometry.features,
                        style: theme.style(.success))
        }
        for (index, rect) in geometry.cards.enumerated() where plans.indices.contains(index) {
            renderCard(plans[index], selected: focused && state.selection == index, in: rect, theme: theme, into: &frame)
        }
        if let header = geometry.shopHeader {
            frame.write("More for your game", in: header, style: theme.style(.muted, bold: true))
        }
        for (index, rect) in geometry.shopRows.enumerated() where shop.indices.contains(index) {
            renderRow(shop[index], selected: focused && state.selection == plans.count + index, in: rect, theme: theme,
                      into: &frame)
        }
        let cta = "[ \(strings.cta) ]"
        let ctaWidth = frame.write(cta, x: geometry.footer.x, y: geometry.footer.y, limit: geometry.footer.width,
                                   style: theme.style(.accent, bold: true))
        let links = "Restore purchases · Terms · Privacy"
        let linksWidth = DisplayWidth.of(links)
        if geometry.footer.width >= ctaWidth + linksWidth + 2 {
            frame.write(links, x: geometry.footer.maxX - linksWidth, y: geometry.footer.y, style: theme.style(.muted))
        }
    }

    private static func renderCard(_ item: ShopItem, selected: Bool, in rect: Rect, theme: Theme, into frame: inout Frame) {
        let display = item.display
        var title = display.periodName ?? ""
        if item.isHighlighted { title += " ★" }
        let border = selected ? Style(foreground: theme.color(.selection), background: theme.color(.background), bold: true)
            : theme.style(item.isHighlighted ? .badge : .border)
        let inner = frame.drawBox(rect, title: title, border: theme.border, style: border,
                                  titleStyle: selected ? border : theme.style(item.isHighlighted ? .badge : .muted, bold: true))
        guard !inner.isEmpty else { return }
        let content = inner.inset(horizontal: 1, vertical: 0)
        var lines: [(String, Style)] = [
            ((selected ? "▸ " : "") + display.name, theme.style(.text, bold: true)),
            (display.pricePerPeriod ?? "not sold here", theme.style(.price, bold: true)),
        ]
        if let perMonth = display.pricePerMonth { lines.append((perMonth, theme.style(.muted))) }
        if let offer = display.offerLine { lines.append((offer, theme.style(.accent))) }
        for (offset, line) in lines.prefix(content.height).enumerated() {
            frame.write(line.0, in: Rect(x: content.x, y: content.y + offset, width: content.width, height: 1), style: line.1)
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
        let detail = display.description ?? ""
        let detailRect = Rect(x: rect.x + nameWidth + 1, y: rect.y, width: rect.width - nameWidth - priceWidth - 2, height: 1)
        frame.write(detail, in: detailRect, style: selected ? base : theme.style(.muted))
        frame.write(price, x: rect.maxX - priceWidth - 1, y: rect.y, style: selected ? base : theme.style(.price, bold: true))
    }

    /// Which item a click at (x, y) lands on, using the same geometry as `render`.
    static func itemIndex(at x: Int, _ y: Int, in area: Rect, state: AppState) -> Int? {
        let items = state.items
        let planCount = items.filter(\.isPlan).count
        let inner = area.inset(by: 1).inset(horizontal: 1, vertical: 0)
        let geometry = geometry(in: inner, planCount: planCount, shopCount: items.count - planCount)
        if let card = geometry.cards.firstIndex(where: { $0.contains(x: x, y: y) }) { return card }
        if let row = geometry.shopRows.firstIndex(where: { $0.contains(x: x, y: y) }) { return planCount + row }
        return nil
    }
}
