import Catalog
import StoreEngine

/// The paywall in the variant's template (`cards`, `list` or `hero`), then the rest of the shop
/// as rows, then the call to action with restore, terms and privacy; every fixed word in the
/// storefront's language (`PlayerText`). Layout in `PaywallGeometry`.
public struct PaywallView: Widget {
    let model: PaywallModel
    let focused: Bool
    let theme: Theme
    let device: Device

    /// The paywall of `model`; `focused` when Tab has the paywall. On a `device` the box is its
    /// rounded frame, named after it.
    public init(_ model: PaywallModel, focused: Bool, theme: Theme, device: Device = .full) {
        self.model = model
        self.focused = focused
        self.theme = theme
        self.device = device
    }

    public func render(in area: Rect, on frame: inout Frame) {
        Self.draw(model, focused: focused, theme: theme, device: device, in: area, into: &frame)
    }

    private static func draw(_ model: PaywallModel, focused: Bool, theme: Theme, device: Device, in area: Rect,
                             into frame: inout Frame) {
        let borderStyle = theme.style(focused ? .accent : .border)
        var paywallName = model.paywall.map { "Paywall \($0.id) · \($0.placement)" } ?? "Shop"
        if let variant = model.variant { paywallName += " · \(variant.template.rawValue)" }
        // A device's frame is rounded whatever the theme's border, unless only ASCII can be drawn.
        let border = device == .full || theme.border == .ascii ? theme.border : .rounded
        // A device's frame is narrow: its name, the paywall's and the template.
        let deviceName = [device.rawValue, model.paywall?.id ?? "Shop", model.variant?.template.rawValue].compactMap { $0 }
            .joined(separator: " · ")
        frame.drawBox(area, title: device == .full ? paywallName : deviceName, border: border,
                      style: borderStyle, titleStyle: theme.style(focused ? .accent : .muted, bold: focused))
        let words = text(of: model)
        let geometry = layout(model, area: area)
        guard !geometry.title.isEmpty else { return }
        let strings = model.shop.presentation?.strings ?? PaywallStrings(title: model.catalog.app.name)
        frame.write(strings.title, in: geometry.title, style: theme.style(.text, bold: true))
        if model.itemCount == 0, let waiting = emptyShopText(model, words) {
            frame.write(waiting, in: geometry.features ?? geometry.title, style: theme.style(.warning, bold: true))
            return
        }
        if let subtitle = geometry.subtitle, let text = strings.subtitle {
            frame.write(text, in: subtitle, style: theme.style(.muted))
        }
        if let features = geometry.features, !strings.features.isEmpty {
            for (offset, line) in featureLines(strings.features, width: features.width).prefix(features.height).enumerated() {
                renderFeatureLine(line, in: Rect(x: features.x, y: features.y + offset, width: features.width, height: 1),
                                  style: theme.style(.success), into: &frame)
            }
        }
        for (index, rect) in geometry.boxes.enumerated() {
            guard let item = model.item(at: index) else { continue }
            let selected = focused && model.selection == index
            let owned = ownership(of: item, in: model, words)
            let notSold = words[.notSoldHere]
            switch geometry.boxTemplate {
            case .cards:
                renderCard(item, owned: owned, notSold: notSold, selected: selected, in: rect, theme: theme, into: &frame)
            case .list:
                renderListEntry(item, owned: owned, notSold: notSold, selected: selected, in: rect, theme: theme, into: &frame)
            case .hero:
                renderHero(item, owned: owned, notSold: notSold, features: strings.features,
                           packed: geometry.heroFeaturesPacked, selected: selected, in: rect, theme: theme, into: &frame)
            }
        }
        if let header = geometry.rowsHeader {
            frame.write(words[.shopTitle], in: header, style: theme.style(.muted, bold: true))
        }
        for (row, rect) in geometry.rows.enumerated() {
            let index = geometry.firstRowItem + row
            guard let item = model.item(at: index) else { break }
            let text = PaywallRowText(item, owned: ownership(of: item, in: model, words), selected: focused && model.selection == index,
                                      width: rect.width, nameColumn: geometry.nameColumn)
            renderRow(text, item: item, in: rect, theme: theme, into: &frame)
        }
        if let detail = geometry.rowDetail, let item = model.selectedItem {
            let text = PaywallRowText(item, owned: ownership(of: item, in: model, words), selected: true, width: detail.width,
                                      nameColumn: geometry.nameColumn)
            renderRowDetail(text, item: item, in: detail, theme: theme, into: &frame)
        }
        renderScrollCounts(geometry, area: area, theme: theme, into: &frame)
        renderButton(callToAction(of: model), in: geometry.callToAction, enabled: callToActionBuys(model), theme: theme,
                     into: &frame)
        for (index, link) in geometry.links.enumerated() {
            if index > 0, geometry.links[index - 1].rect.y == link.rect.y {
                frame.write(" · ", x: link.rect.x - 3, y: link.rect.y, style: theme.style(.muted))
            }
            frame.write(link.label, in: link.rect, style: theme.style(.muted))
        }
    }

    /// What a click at (x, y) of the paywall's `area` lands on, by the same geometry as `render`.
    public static func target(at x: Int, _ y: Int, in area: Rect, model: PaywallModel) -> PaywallTarget? {
        layout(model, area: area).target(at: x, y)
    }

    /// `o`: the selected product whole, whatever its row cut: its name, its price (or what the
    /// player owns) and what it says (a plan's badge, price per month and terms; a description).
    public static func inFull(_ model: PaywallModel) -> TextOverlay? {
        guard let item = model.selectedItem else { return nil }
        let text = PaywallRowText(item, owned: ownership(of: item, in: model), selected: false, width: 0)
        return TextOverlay(title: item.display.name, entries: [text.price, text.detail].filter { !$0.isEmpty }.map { .init("", $0) },
                           direction: model.writingDirection)
    }

    /// The rows the paywall box uses in `area`, border included: all of them while a product is
    /// out of view or the products are loading; else down to its links, with room for the most
    /// lines any row in view opens under it, so selecting one never resizes the box.
    public static func rowsUsed(by model: PaywallModel, in area: Rect) -> Int {
        let geometry = layout(model, area: area)
        guard model.itemCount > 0, geometry.hiddenAbove == 0, geometry.hiddenBelow == 0 else { return area.height }
        let bottom = ([geometry.callToAction.maxY] + geometry.links.map(\.rect.maxY)).max() ?? area.maxY
        let unopened = geometry.mostRowDetailLines - (geometry.rowDetail?.height ?? 0)
        let used = min(area.height, bottom + unopened + 1 - area.y)
        // Some choices depend on the height itself (a subtitle, features on more than one line):
        // the box shrinks only where it then shows the same, every product still in view.
        let shrunk = layout(model, area: Rect(x: area.x, y: area.y, width: area.width, height: used))
        let same = shrunk.hiddenBelow == 0 && shrunk.boxes.count == geometry.boxes.count
            && shrunk.features?.height == geometry.features?.height && (shrunk.subtitle == nil) == (geometry.subtitle == nil)
        return same ? used : area.height
    }

    /// Whether the selected row says less under it than it cut, so only `o` reads it whole.
    public static func selectionIsCut(_ model: PaywallModel, in area: Rect) -> Bool {
        layout(model, area: area).rowDetailIsCut
    }

    /// The boxed plans (cards, list entries, the hero box) where they are on the screen when the
    /// paywall is drawn in `area`: mirrored within it in a right-to-left storefront. A box over
    /// the screen keeps its borders clear of theirs too.
    public static func boxes(of model: PaywallModel, in area: Rect) -> [Rect] {
        let boxes = layout(model, area: area).boxes
        return model.writingDirection == .rightToLeft ? boxes.map { $0.mirrored(within: area) } : boxes
    }

    /// The geometry of `model` in `area`, laid out once for each state of the model
    /// (`PaywallGeometryCache`).
    static func layout(_ model: PaywallModel, area: Rect) -> PaywallGeometry {
        let inner = content(of: area)
        return model.geometries.geometry(for: .init(revision: model.revision, inner: inner, mode: DisplayWidth.mode)) {
            PaywallGeometry(model: model, inner: inner, cta: callToAction(of: model), links: links(of: model))
        }
    }

    /// The widest the paywall's content grows: on a wide terminal it stays a column in the
    /// middle, as on a tablet, rather than a name at one edge and its price 170 columns away.
    public static let maxContentWidth = 116

    /// Inside the border and a column of margin, at most `maxContentWidth`, centred.
    static func content(of area: Rect) -> Rect {
        let inner = area.inset(by: 1).inset(horizontal: 1, vertical: 0)
        guard inner.width > maxContentWidth else { return inner }
        return Rect(x: inner.x + (inner.width - maxContentWidth) / 2, y: inner.y, width: maxContentWidth, height: inner.height)
    }

    /// The fixed words of the storefront's language.
    public static func text(of model: PaywallModel) -> PlayerText {
        model.shop.presentation?.text ?? PlayerText(language: model.storefront.language)
    }

    /// The button's words: those of what it buys, which is what Enter buys. A plan says its
    /// offer for this player; the plan running now or a product owned says so, as its row does,
    /// since the button cannot buy it; a shop row selected below the plans says "Buy" and its
    /// price, so the button never names one product while Enter buys another.
    static func callToAction(of model: PaywallModel) -> String {
        let words = text(of: model)
        if let index = model.callToActionItem, let item = model.item(at: index) {
            if let owned = ownership(of: item, in: model, words) { return owned }
            if model.shop.plans.indices.contains(index) { return model.shop.plans[index].callToAction }
            return item.display.pricePerPeriod.map { "\(words[.buy]) · \($0)" } ?? words[.buy]
        }
        return model.shop.presentation?.cta ?? words[.cta]
    }

    /// Whether the button can buy what it names: not the plan running now, nor a product owned.
    static func callToActionBuys(_ model: PaywallModel) -> Bool {
        guard let index = model.callToActionItem, let item = model.item(at: index) else { return true }
        return !model.owned.contains(item.product.id)
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

    /// The one mark of the selection in every template, on a card, a list entry, the hero box
    /// and a row alike: `▸` before the name, the name (and a box's border) in the selection's color.
    static func marker(selected: Bool) -> String { selected ? "▸ " : "" }

    /// The selected item's text: the selection's color, bold; underlined without color.
    static func selectedStyle(_ theme: Theme) -> Style {
        Style(foreground: theme.color(.selection), background: theme.color(.background), bold: true,
              underline: !theme.hasColor)
    }

    /// The primary button: a bar in the accent color across its rectangle, the words centred;
    /// reverse video without color.
    /// A button that cannot buy (the plan running now) is a bar of the surface color with muted
    /// words: there, but plainly not the primary action.
    private static func renderButton(_ label: String, in rect: Rect, enabled: Bool, theme: Theme,
                                     into frame: inout Frame) {
        guard !rect.isEmpty else { return }
        let bar = enabled
            ? Style(foreground: theme.color(.background), background: theme.color(.accent), bold: true,
                    reverse: !theme.hasColor)
            : Style(foreground: theme.color(.muted), background: theme.color(.surface), bold: false)
        frame.fill(rect, style: bar)
        frame.write(DisplayWidth.truncate(label, to: max(1, rect.width - 2)), in: rect, alignment: .center, style: bar)
    }

    /// The features, `✓ Double rewards   ✓ No ads`, packed into lines of `width`, each line its
    /// features: a feature that does not fit beside the others starts the next line, so none is
    /// cut while lines remain.
    static func featureLines(_ features: [String], width: Int) -> [[String]] {
        var lines: [[String]] = []
        var used = 0
        for feature in features.map({ "✓ \($0)" }) {
            let columns = DisplayWidth.of(feature)
            if !lines.isEmpty, used + 3 + columns <= width {
                lines[lines.count - 1].append(feature)
                used += 3 + columns
            } else {
                lines.append([feature])
                used = columns
            }
        }
        return lines
    }

    /// One line of features, three columns apart. Each is a text run of its own, so a mirrored
    /// paywall orders each apart (its `✓` on its leading side) and the features right to left,
    /// English ones too: as one run, English features would read left to right with the marks
    /// between them.
    private static func renderFeatureLine(_ features: [String], in rect: Rect, style: Style, into frame: inout Frame) {
        frame.fill(rect, style: style)
        var x = rect.x
        for feature in features where x < rect.maxX {
            // What a run draws, shaped, is what it takes: a lam-alef ligature is one column.
            x += frame.write(DisplayWidth.truncate(feature, to: rect.maxX - x), x: x, y: rect.y,
                             limit: rect.maxX - x, style: style) + 3
        }
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
    static func cardLines(_ item: ShopItem, owned: String?, notSold: String, marked: Bool, width: Int, theme: Theme = .dark)
        -> [(String, Style)]
    {
        unwrappedCardLines(item, owned: owned, notSold: notSold, marked: marked, theme: theme).flatMap { line in
            TextWrap.lines(line.0, width: max(1, width)).map { ($0, line.1) }
        }
    }

    /// Whether a card `width` columns wide (inside its padding) says everything of `item`
    /// without cutting a word, selected or not, in at most `maxLines` lines. When one card
    /// does not, the plans are drawn as rows instead.
    static func cardFits(_ item: ShopItem, owned: String?, notSold: String, width: Int, maxLines: Int) -> Bool {
        let lines = unwrappedCardLines(item, owned: owned, notSold: notSold, marked: true, theme: .dark).map(\.0)
        let pieces = lines.flatMap { TextWrap.pieces(of: $0) }
        guard pieces.allSatisfy({ DisplayWidth.of($0.text) <= width }) else { return false }
        return lines.reduce(0) { $0 + TextWrap.lines($1, width: width).count } <= maxLines
    }

    private static func unwrappedCardLines(_ item: ShopItem, owned: String?, notSold: String, marked: Bool,
                                           theme: Theme) -> [(String, Style)] {
        return [(marker(selected: marked) + item.display.name, theme.style(.text, bold: true))]
            + planLines(item, owned: owned, notSold: notSold, theme: theme)
    }

    /// What a list entry says under its name: the price per month, the offer or the details;
    /// first the discount badge when it would cut the name beside the price.
    static func listEntryDetails(_ item: ShopItem, owned: String?, width: Int) -> [String] {
        guard owned == nil else { return [] }
        let badge = listEntryBadgeBesidePrice(item, owned: owned, width: width) ? nil : item.plan?.discountBadge
        return [badge, item.display.pricePerMonth, item.plan?.offerLine ?? details(of: item)].compactMap { $0 }
    }

    /// Whether a list entry's first line holds its name whole with the badge beside the price.
    static func listEntryBadgeBesidePrice(_ item: ShopItem, owned: String?, width: Int) -> Bool {
        guard owned == nil, let badge = item.plan?.discountBadge else { return true }
        let name = DisplayWidth.of(" ▸ " + item.display.name + (item.isHighlighted ? " ★" : ""))
        return name + DisplayWidth.of(item.display.pricePerPeriod ?? "") + DisplayWidth.of("  " + badge) + 2 <= width
    }

    /// A list entry's terms wrapped under its name, indented, on at most two lines.
    static func listEntryDetailLines(_ item: ShopItem, owned: String?, width: Int) -> [String] {
        let details = listEntryDetails(item, owned: owned, width: width)
        guard !details.isEmpty else { return [] }
        let lines = TextWrap.lines(details.joined(separator: " · "), width: max(1, width - 4))
        return lines.count > 2 ? [lines[0], lines.dropFirst().joined(separator: " ")] : lines
    }

    /// Rows a list entry takes: its name and price, and the lines of terms it has to say.
    static func listEntryHeight(_ item: ShopItem, owned: String?, width: Int) -> Int {
        1 + listEntryDetailLines(item, owned: owned, width: width).count
    }

    /// The lines of the hero box above its features: the name, then the plan's prices and terms.
    static func heroLineCount(_ item: ShopItem, owned: String?) -> Int {
        1 + planLines(item, owned: owned, notSold: "", theme: .dark).count
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
        if let offer = item.plan?.offerLine {
            lines.append((offer, theme.style(.accent)))
        } else if let details = details(of: item) {
            lines.append((details, theme.style(.muted)))
        }
        return lines
    }

    /// The variant's `offerDetails` for a plan without an offer, unless they only repeat a
    /// price the plan already shows (`{{ product.price_per_period }}`).
    static func details(of item: ShopItem) -> String? {
        guard let details = item.plan?.details, details != item.display.pricePerPeriod,
              details != item.display.pricePerMonth else { return nil }
        return details
    }

    private static func renderCard(_ item: ShopItem, owned: String?, notSold: String, selected: Bool, in rect: Rect, theme: Theme,
                                   into frame: inout Frame) {
        let display = item.display
        var title = display.periodName ?? ""
        if item.isHighlighted { title += " ★" }
        // Only the selection colors a border; the highlight is its star and title, in the
        // badge's color, so the two never look alike.
        let border = selected ? selectedStyle(theme) : theme.style(.border)
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
        var wrapped = cardLines(item, owned: owned, notSold: notSold, marked: selected, width: content.width, theme: theme)
        if selected, !wrapped.isEmpty { wrapped[0].1 = selectedStyle(theme) }
        for (offset, line) in wrapped.prefix(content.height).enumerated() {
            frame.write(line.0, in: Rect(x: content.x, y: content.y + offset, width: content.width, height: 1), style: line.1)
        }
    }

    private static func renderListEntry(_ item: ShopItem, owned: String?, notSold: String, selected: Bool, in rect: Rect, theme: Theme,
                                        into frame: inout Frame) {
        let display = item.display
        let first = Rect(x: rect.x, y: rect.y, width: rect.width, height: 1)
        let base = selected ? selectedStyle(theme) : theme.style(.text, bold: true)
        frame.fill(first, style: theme.style(.text))
        let star = item.isHighlighted ? " ★" : ""
        let price = owned ?? display.pricePerPeriod ?? notSold
        let badge = owned == nil && listEntryBadgeBesidePrice(item, owned: owned, width: rect.width)
            ? item.plan?.discountBadge.map { "  \($0)" } ?? "" : ""
        let right = price + badge
        let rightWidth = DisplayWidth.of(right)
        frame.write(" " + (selected ? "▸ " : "  ") + display.name + star,
                    in: Rect(x: first.x, y: first.y, width: max(0, first.width - rightWidth - 2), height: 1), style: base)
        frame.write(right, x: first.maxX - rightWidth - 1, y: first.y, style: selected ? base : theme.style(.price, bold: true))
        let lines = listEntryDetailLines(item, owned: owned, width: rect.width)
        for (offset, line) in lines.prefix(rect.height - 1).enumerated() {
            frame.write("   " + line, in: Rect(x: rect.x, y: rect.y + 1 + offset, width: rect.width, height: 1),
                        style: theme.style(item.plan?.offerLine == nil ? .muted : .accent))
        }
    }

    /// - Parameter packed: the features side by side (`featureLines`), where one a line does not fit.
    private static func renderHero(_ item: ShopItem, owned: String?, notSold: String, features: [String], packed: Bool,
                                   selected: Bool, in rect: Rect, theme: Theme, into frame: inout Frame) {
        let display = item.display
        let border = selected ? selectedStyle(theme) : theme.style(.border)
        let inner = frame.drawBox(rect, title: (display.periodName ?? "") + (item.isHighlighted ? " ★" : ""),
                                  border: theme.border, style: border,
                                  titleStyle: selected ? border : theme.style(.badge, bold: true))
        guard !inner.isEmpty else { return }
        let content = inner.inset(horizontal: 1, vertical: 0)
        let lines = [(marker(selected: selected) + display.name, selected ? selectedStyle(theme) : theme.style(.text, bold: true))]
            + planLines(item, owned: owned, notSold: notSold, theme: theme)
        for (offset, line) in lines.prefix(content.height).enumerated() {
            frame.write(line.0, in: Rect(x: content.x, y: content.y + offset, width: content.width, height: 1),
                        alignment: .center, style: line.1)
        }
        // The features as one column, centred as a block, so their checkmarks line up.
        // Packed side by side when rows are short, each feature still a run of its own.
        let checks = packed ? featureLines(features, width: content.width) : features.map { ["✓ \($0)"] }
        let column = min(content.width, checks.map { DisplayWidth.of($0.joined(separator: "   ")) }.max() ?? 0)
        let left = content.x + (content.width - column) / 2
        for (offset, check) in checks.enumerated() where lines.count + offset < content.height {
            renderFeatureLine(check, in: Rect(x: left, y: content.y + lines.count + offset, width: column, height: 1),
                              style: theme.style(.success), into: &frame)
        }
    }

    /// One line of the shop, or a plan that has no box: the name, a detail (the description, or
    /// the plan's offer), and the price or what the player owns.
    private static func renderRow(_ text: PaywallRowText, item: ShopItem, in rect: Rect, theme: Theme, into frame: inout Frame) {
        let selected = text.isSelected
        let base = selected ? selectedStyle(theme) : theme.style(.text)
        frame.fill(rect, style: theme.style(.text))
        let priceWidth = DisplayWidth.of(text.price)
        frame.write(text.name, in: Rect(x: rect.x, y: rect.y, width: text.nameWidth, height: 1), style: base)
        frame.write(text.detail, in: Rect(x: rect.x + text.nameWidth + 1, y: rect.y, width: text.detailWidth, height: 1),
                    style: theme.style(item.plan?.offerLine == nil ? .muted : .accent))
        frame.write(text.price, x: rect.maxX - priceWidth - 1, y: rect.y,
                    style: selected ? base : theme.style(text.isOwned ? .success : .price, bold: true))
    }

    /// The selected row's detail whole, beneath it, under the names.
    private static func renderRowDetail(_ text: PaywallRowText, item: ShopItem, in rect: Rect, theme: Theme,
                                        into frame: inout Frame) {
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
