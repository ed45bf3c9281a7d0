import Catalog
import StoreEngine

/// The paywall in the variant's template (`cards`, `list` or `hero`), then the rest of the shop
/// as rows, then the call to action with restore, terms and privacy; every fixed word in the
/// storefront's language (`PlayerText`). Layout in `PaywallGeometry`.
public enum PaywallView {
    /// Draws the paywall into `area`; `focused` when Tab has the paywall.
    public static func render(_ model: PaywallModel, focused: Bool, theme: Theme, in area: Rect, into frame: inout Frame) {
        let borderStyle = theme.style(focused ? .accent : .border)
        var paywallName = model.paywall.map { "Paywall \($0.id) · \($0.placement)" } ?? "Shop"
        if let variant = model.variant { paywallName += " · \(variant.template.rawValue)" }
        frame.drawBox(area, title: paywallName, border: theme.border, style: borderStyle,
                      titleStyle: theme.style(focused ? .accent : .muted, bold: focused))
        let words = text(of: model)
        let geometry = layout(model, area: area)
        guard !geometry.title.isEmpty else { return }
        let strings = model.shop.presentation?.strings ?? PaywallStrings(title: model.catalog.app.name)
        frame.write(strings.title, in: geometry.title, style: theme.style(.text, bold: true))
        if model.itemCount == 0, let waiting = emptyShopText(model, words) {
            frame.write(waiting, in: geometry.features ?? geometry.title, style: theme.style(.warning, bold: true))
            return
        }
        if let features = geometry.features, !strings.features.isEmpty {
            frame.write(strings.features.map { "✓ \($0)" }.joined(separator: "   "), in: features,
                        style: theme.style(.success))
        }
        let template = model.variant?.template ?? .cards
        for (index, rect) in geometry.boxes.enumerated() {
            guard let item = model.item(at: index) else { continue }
            let selected = focused && model.selection == index
            let owned = ownership(of: item, in: model, words)
            switch template {
            case .cards: renderCard(item, owned: owned, selected: selected, in: rect, theme: theme, into: &frame)
            case .list: renderListEntry(item, owned: owned, selected: selected, in: rect, theme: theme, into: &frame)
            case .hero:
                renderHero(item, owned: owned, features: strings.features, selected: selected, in: rect, theme: theme,
                           into: &frame)
            }
        }
        if let header = geometry.rowsHeader {
            frame.write(words[.shopTitle], in: header, style: theme.style(.muted, bold: true))
        }
        for (row, rect) in geometry.rows.enumerated() {
            let index = geometry.firstRowItem + row
            guard let item = model.item(at: index) else { break }
            renderRow(item, owned: ownership(of: item, in: model, words), selected: focused && model.selection == index,
                      in: rect, theme: theme, into: &frame)
        }
        if let detail = geometry.rowDetail, model.selection >= geometry.firstRowItem, let item = model.selectedItem {
            renderRowDetail(item, owned: ownership(of: item, in: model, words), in: detail, theme: theme, into: &frame)
        }
        renderScrollCounts(geometry, area: area, theme: theme, into: &frame)
        frame.write("[ \(callToAction(of: model)) ]", in: geometry.callToAction, style: theme.style(.accent, bold: true))
        for (index, link) in geometry.links.enumerated() {
            if index > 0 { frame.write(" · ", x: link.rect.x - 3, y: link.rect.y, style: theme.style(.muted)) }
            frame.write(link.label, in: link.rect, style: theme.style(.muted))
        }
    }

    /// What a click at (x, y) of the paywall's `area` lands on, by the same geometry as `render`.
    public static func target(at x: Int, _ y: Int, in area: Rect, model: PaywallModel) -> PaywallTarget? {
        layout(model, area: area).target(at: x, y)
    }

    static func layout(_ model: PaywallModel, area: Rect) -> PaywallGeometry {
        PaywallGeometry(model: model, inner: area.inset(by: 1).inset(horizontal: 1, vertical: 0),
                        cta: callToAction(of: model), links: links(of: model))
    }

    /// The fixed words of the storefront's language.
    public static func text(of model: PaywallModel) -> PlayerText {
        model.shop.presentation?.text ?? PlayerText(language: model.storefront.language)
    }

    /// The button's words: those of the plan it buys, with that plan's offer for this player.
    static func callToAction(of model: PaywallModel) -> String {
        if let index = model.callToActionItem, model.shop.plans.indices.contains(index) {
            return model.shop.plans[index].callToAction
        }
        return model.shop.presentation?.cta ?? text(of: model)[.cta]
    }

    /// The footer's links: restore unless the paywall hides it; terms and privacy only when the
    /// catalog has their addresses.
    static func links(of model: PaywallModel) -> [(PaywallTarget, String)] {
        let words = text(of: model)
        var links: [(PaywallTarget, String)] = []
        if model.paywall?.showsRestore ?? true { links.append((.restore, words[.restore])) }
        if model.termsURL != nil { links.append((.terms, words[.terms])) }
        if model.privacyURL != nil { links.append((.privacy, words[.privacy])) }
        return links
    }

    /// "Waiting for access… 3/10" on the bottom border, in the storefront's language, while the
    /// app polls the Xee profile after a purchase.
    /// - Parameter clockPaused: the polls wait for the clock: `⏸` after the count (the status bar
    ///   names the key that moves it).
    public static func renderAccessWait(_ wait: AccessWait, model: PaywallModel, clockPaused: Bool = false, theme: Theme,
                                        in area: Rect, into frame: inout Frame) {
        let text = " \(text(of: model)[.waitingForAccess]) \(wait.poll)/\(wait.polls)\(clockPaused ? " ⏸" : "") "
        frame.write(text, x: area.x + 2, y: area.maxY - 1, limit: max(0, area.width - 4), style: theme.style(.warning, bold: true))
    }

    /// "▲ 2  ▼ 5" on the bottom border: how many items the rows have scrolled past and hold back.
    private static func renderScrollCounts(_ geometry: PaywallGeometry, area: Rect, theme: Theme, into frame: inout Frame) {
        var parts: [String] = []
        if geometry.hiddenAbove > 0 { parts.append("▲ \(geometry.hiddenAbove)") }
        if geometry.hiddenBelow > 0 { parts.append("▼ \(geometry.hiddenBelow)") }
        guard !parts.isEmpty else { return }
        let text = " " + parts.joined(separator: "  ") + " "
        frame.write(text, x: area.maxX - 2 - DisplayWidth.of(text), y: area.maxY - 1, style: theme.style(.accent, bold: true))
    }

    private static func emptyShopText(_ model: PaywallModel, _ words: PlayerText) -> String? {
        switch model.productsRequest {
        case .loading(let attempt): return attempt == 1 ? words[.loading] : "\(words[.loading]) (\(attempt))"
        case .failed, .answered: return words[.unavailable]
        case .idle: return nil
        }
    }

    /// "Owned" for a non-consumable the player has, "Current plan" for the plan running now.
    private static func ownership(of item: ShopItem, in model: PaywallModel, _ words: PlayerText) -> String? {
        guard model.owned.contains(item.product.id) else { return nil }
        return item.product.type == .nonConsumable ? words[.owned] : words[.currentPlan]
    }

    /// A card's lines at `width`, wrapped: what it needs to say everything. The name carries
    /// the selection marker when `marked`, before wrapping, so the marker never pushes the end
    /// of the name off the card.
    static func cardLines(_ item: ShopItem, owned: String?, marked: Bool, width: Int, theme: Theme = .dark)
        -> [(String, Style)]
    {
        unwrappedCardLines(item, owned: owned, marked: marked, theme: theme).flatMap { line in
            TextWrap.lines(line.0, width: max(1, width)).map { ($0, line.1) }
        }
    }

    /// Whether a card `width` columns wide (inside its padding) says everything of `item`
    /// without cutting a word, selected or not, in at most `maxLines` lines. When one card
    /// does not, the plans are drawn as rows instead.
    static func cardFits(_ item: ShopItem, owned: String?, width: Int, maxLines: Int) -> Bool {
        let lines = unwrappedCardLines(item, owned: owned, marked: true, theme: .dark).map(\.0)
        let words = lines.flatMap { $0.split(separator: " ") }
        guard words.allSatisfy({ DisplayWidth.of(String($0)) <= width }) else { return false }
        return lines.reduce(0) { $0 + TextWrap.lines($1, width: width).count } <= maxLines
    }

    private static func unwrappedCardLines(_ item: ShopItem, owned: String?, marked: Bool, theme: Theme) -> [(String, Style)] {
        let notSold = PlayerText(language: item.storefront.language)[.notSoldHere]
        return [((marked ? "▸ " : "") + item.display.name, theme.style(.text, bold: true))]
            + planLines(item, owned: owned, notSold: notSold, theme: theme)
    }

    static func ownership(of item: ShopItem, in model: PaywallModel) -> String? {
        ownership(of: item, in: model, text(of: model))
    }

    private static func planLines(_ item: ShopItem, owned: String?, notSold: String, theme: Theme) -> [(String, Style)] {
        let display = item.display
        var lines: [(String, Style)] = [(display.pricePerPeriod ?? notSold, theme.style(.price, bold: true))]
        if let owned {
            // What the player has is not advertised to them again.
            lines[0] = (owned, theme.style(.success, bold: true))
            return lines
        }
        if let perMonth = display.pricePerMonth { lines.append((perMonth, theme.style(.muted))) }
        if let offer = item.plan?.offerLine { lines.append((offer, theme.style(.accent))) }
        return lines
    }

    private static func renderCard(_ item: ShopItem, owned: String?, selected: Bool, in rect: Rect, theme: Theme,
                                   into frame: inout Frame) {
        let display = item.display
        var title = display.periodName ?? ""
        if item.isHighlighted { title += " ★" }
        let border = selected ? Style(foreground: theme.color(.selection), background: theme.color(.background), bold: true)
            : theme.style(item.isHighlighted ? .badge : .border)
        let inner = frame.drawBox(rect, title: title, border: theme.border, style: border,
                                  titleStyle: selected ? border : theme.style(item.isHighlighted ? .badge : .muted, bold: true))
        // "╭─ title ─ -61% ─╮": the corners, the spaces and at least one dash between the two.
        if let badge = item.plan?.discountBadge, rect.width >= DisplayWidth.of(title) + DisplayWidth.of(badge) + 9 {
            let text = " \(badge) "
            frame.write(text, x: rect.maxX - 2 - DisplayWidth.of(text), y: rect.y, style: theme.style(.badge, bold: true))
        }
        guard !inner.isEmpty else { return }
        let content = inner.inset(horizontal: 1, vertical: 0)
        // A line too long for a narrow card wraps onto the next rather than being cut; the
        // geometry made the cards tall enough (`PaywallGeometry`).
        let wrapped = cardLines(item, owned: owned, marked: selected, width: content.width, theme: theme)
        for (offset, line) in wrapped.prefix(content.height).enumerated() {
            frame.write(line.0, in: Rect(x: content.x, y: content.y + offset, width: content.width, height: 1), style: line.1)
        }
    }

    private static func renderListEntry(_ item: ShopItem, owned: String?, selected: Bool, in rect: Rect, theme: Theme,
                                        into frame: inout Frame) {
        let display = item.display
        let first = Rect(x: rect.x, y: rect.y, width: rect.width, height: 1)
        let base = selected ? theme.selectionStyle : theme.style(.text, bold: true)
        frame.fill(first, style: base)
        let mark = selected ? "✓" : "○"
        let star = item.isHighlighted ? " ★" : ""
        let price = owned ?? display.pricePerPeriod ?? PlayerText(language: item.storefront.language)[.notSoldHere]
        let badge = owned == nil ? item.plan?.discountBadge.map { "  \($0)" } ?? "" : ""
        let right = price + badge
        let rightWidth = DisplayWidth.of(right)
        frame.write(" \(mark) \(display.name)\(star)", in: Rect(x: first.x, y: first.y, width: first.width - rightWidth - 2,
                                                                height: 1), style: base)
        frame.write(right, x: first.maxX - rightWidth - 1, y: first.y, style: selected ? base : theme.style(.price, bold: true))
        var details: [String] = []
        if owned == nil, let perMonth = display.pricePerMonth { details.append(perMonth) }
        if owned == nil, let offer = item.plan?.offerLine { details.append(offer) }
        frame.write("    " + details.joined(separator: " · "), in: Rect(x: rect.x, y: rect.y + 1, width: rect.width, height: 1),
                    style: theme.style(item.plan?.offerLine == nil ? .muted : .accent))
    }

    private static func renderHero(_ item: ShopItem, owned: String?, features: [String], selected: Bool, in rect: Rect,
                                   theme: Theme, into frame: inout Frame) {
        let display = item.display
        let border = selected ? Style(foreground: theme.color(.selection), background: theme.color(.background), bold: true)
            : theme.style(.badge)
        let inner = frame.drawBox(rect, title: (display.periodName ?? "") + (item.isHighlighted ? " ★" : ""),
                                  border: theme.border, style: border, titleStyle: border)
        guard !inner.isEmpty else { return }
        let content = inner.inset(horizontal: 1, vertical: 0)
        let notSold = PlayerText(language: item.storefront.language)[.notSoldHere]
        var lines = [((selected ? "▸ " : "") + display.name, theme.style(.text, bold: true))]
            + planLines(item, owned: owned, notSold: notSold, theme: theme)
        while lines.count < 3 { lines.append(("", theme.style(.text))) }
        lines += features.map { ("✓ \($0)", theme.style(.success)) }
        for (offset, line) in lines.prefix(content.height).enumerated() {
            frame.write(line.0, in: Rect(x: content.x, y: content.y + offset, width: content.width, height: 1),
                        alignment: .center, style: line.1)
        }
    }

    /// One line of the shop, or a plan that has no box: the name, a detail (the description, or
    /// the plan's offer), and the price or what the player owns.
    private static func renderRow(_ item: ShopItem, owned: String?, selected: Bool, in rect: Rect, theme: Theme,
                                  into frame: inout Frame) {
        let text = PaywallRowText(item, owned: owned, selected: selected, width: rect.width)
        let base = selected ? theme.selectionStyle : theme.style(.text)
        frame.fill(rect, style: base)
        let priceWidth = DisplayWidth.of(text.price)
        frame.write(text.name, in: Rect(x: rect.x, y: rect.y, width: text.nameWidth, height: 1), style: base)
        frame.write(text.detail, in: Rect(x: rect.x + text.nameWidth + 1, y: rect.y, width: text.detailWidth, height: 1),
                    style: selected ? base : theme.style(item.plan?.offerLine == nil ? .muted : .accent))
        frame.write(text.price, x: rect.maxX - priceWidth - 1, y: rect.y,
                    style: selected ? base : theme.style(owned == nil ? .price : .success, bold: true))
    }

    /// The selected row's detail whole, beneath the rows, under the names.
    private static func renderRowDetail(_ item: ShopItem, owned: String?, in rect: Rect, theme: Theme,
                                        into frame: inout Frame) {
        let text = PaywallRowText(item, owned: owned, selected: true, width: rect.width)
        let indent = PaywallRowText.detailIndent
        var lines = text.detailLines(width: rect.width)
        if lines.count > rect.height, rect.height > 0 {
            // More than the lines hold: the last one ends in "…" rather than stopping short.
            lines = Array(lines.prefix(rect.height - 1)) + [lines.dropFirst(rect.height - 1).joined(separator: " ")]
        }
        for (offset, line) in lines.prefix(rect.height).enumerated() {
            frame.write(line, in: Rect(x: rect.x + indent, y: rect.y + offset, width: rect.width - indent - 1, height: 1),
                        style: theme.style(item.plan?.offerLine == nil ? .muted : .accent))
        }
    }
}
