import Catalog
import StoreEngine

/// A store's own sheet (the App Store's refund request), drawn over the app from the engine's
/// read-only value, in the storefront's language and, right to left, mirrored as the paywall
/// is: the store's name on the box, a heading, what it is about, a list to choose from, and its
/// buttons. Keys become `StoreSheetInput`; nothing here changes the sheet.
public struct StoreOwnSheet: Widget {
    let sheet: StoreSheet
    let theme: Theme
    let direction: WritingDirection
    let boxes: [Rect]

    public init(_ sheet: StoreSheet, theme: Theme, direction: WritingDirection = .leftToRight, clearOf boxes: [Rect] = []) {
        self.sheet = sheet
        self.theme = theme
        self.direction = direction
        self.boxes = boxes
    }

    /// What a key does on the sheet; nil for keys it ignores. On the code sheet letters and
    /// digits are typed and Backspace erases.
    public static func input(for key: Key, on sheet: StoreSheet) -> StoreSheetInput? {
        if case .offerCode = sheet {
            switch key {
            case .escape: return .cancel
            case .enter: return .confirm
            case .backspace: return .erase
            case .character(let typed) where typed.isASCII && (typed.isLetter || typed.isNumber): return .type(String(typed))
            default: return nil
            }
        }
        switch key {
        case .escape: return .cancel
        case .enter: return .confirm
        case .down, .tab, .character("j"): return .next
        case .up, .backTab, .character("k"): return .previous
        case .character(let digit):
            guard let number = digit.wholeNumberValue, (1...9).contains(number) else { return nil }
            return .choose(number)
        default: return nil
        }
    }

    /// The keys that work on it, for the bottom line (the tool's English, as every hint).
    public static func hint(for sheet: StoreSheet) -> String {
        switch sheet {
        case .refundRequest: return "↑↓ or 1-5 reason · Enter submit · Esc cancel"
        case .manageSubscriptions(let page) where page.step == .cancelReasons:
            return "↑↓ or 1-5 reason · Enter cancel the subscription · Esc back"
        case .manageSubscriptions: return "↑↓ or 1-9 choose · Enter do it · Esc close"
        case .offerCode: return "type the code · Backspace erase · Enter redeem · Esc close"
        case .inAppMessage: return "Enter fix the payment · Esc dismiss"
        }
    }

    /// What the sheet shows, in its language.
    struct Page: Equatable {
        var store: String
        var heading: String
        var lines: [String]
        var prompt: String
        var choices: [String]
        var chosen: Int
        var buttons: [String]
        /// A field typed into (the code sheet's), drawn with its cursor; and what the store said of it.
        var field: String?
        var message: String?
    }

    static func page(of sheet: StoreSheet) -> Page {
        let text = StoreSheetText(language: sheet.language)
        let player = PlayerText(language: sheet.language)
        switch sheet {
        case .refundRequest(let refund):
            return Page(store: sheet.marketplace.displayName, heading: text[.refundTitle],
                        lines: [refund.productName + " · " + refund.amount, text[.purchased] + " " + refund.purchaseDay],
                        prompt: text[.chooseReason], choices: refund.reasons.map { text[$0] },
                        chosen: refund.reasons.firstIndex(of: refund.chosen) ?? 0,
                        buttons: ["[ \(text[.submit]) ]", "[ \(player[.cancel]) ]"])
        case .manageSubscriptions(let manage):
            return subscriptionPage(manage, text: text)
        case .offerCode(let code):
            let words = OfferCodeSheetText(language: code.language)
            return Page(store: code.marketplace.displayName, heading: words[.title], lines: [], prompt: words[.prompt],
                        choices: [], chosen: 0, buttons: ["[ \(words[.redeem]) ]", "[ \(player[.cancel]) ]"],
                        field: code.typed, message: code.refusal.map { words[$0] })
        case .inAppMessage(let message):
            return Page(store: message.marketplace.displayName, heading: text[message.onHold ? .onHold : .paymentProblem],
                        lines: [message.productName], prompt: text[.updatePayment], choices: [], chosen: 0,
                        buttons: ["[ \(text[.fixPayment]) ]", "[ \(text[.noThanks]) ]"])
        }
    }

    /// The subscription page: the plan and where it stands, then what can be done, or the
    /// cancel survey's reasons.
    private static func subscriptionPage(_ manage: ManageSubscriptionsSheet, text: StoreSheetText) -> Page {
        let standing: String
        switch manage.standing {
        case .renews: standing = text[.renews]
        case .expires: standing = text[.expires]
        case .paused: standing = text[.pausedUntil]
        case .ended: standing = text[.ended]
        }
        let heading = text[manage.marketplace == .googlePlay ? .subscriptions : .editSubscription]
        let lines = [manage.productName + " · " + manage.price, standing + " " + manage.standingDay]
        if manage.step == .cancelReasons {
            let reasons = CancelSurveyReason.allCases
            return Page(store: manage.marketplace.displayName, heading: heading, lines: lines, prompt: text[.whyCancel],
                        choices: reasons.map { text[$0] }, chosen: reasons.firstIndex(of: manage.reason) ?? 0,
                        buttons: ["[ \(text[.cancelSubscription]) ]", "[ \(text[.done]) ]"])
        }
        let choices = manage.options.map { option -> String in
            switch option {
            case .cancel: return text[.cancelSubscription]
            case .resubscribe: return text[manage.marketplace == .googlePlay ? .restore : .resubscribe]
            case .resume: return text[.resume]
            case .plan(_, let name, let price): return name + " · " + price
            }
        }
        return Page(store: manage.marketplace.displayName, heading: heading, lines: lines, prompt: text[.options],
                    choices: choices, chosen: manage.chosen, buttons: ["[ \(text[.proceed]) ]", "[ \(text[.done]) ]"])
    }

    /// The sheet's box on a screen of `area`: as tall as its page, clear of the boxes beneath.
    static func box(for page: Page, in area: Rect, clearOf boxes: [Rect] = []) -> Rect {
        // Border, heading, its lines, a blank, the prompt, the choices (or the field and what the
        // store said of it), a blank, the buttons, border.
        let height = 2 + 1 + page.lines.count + 2 + page.choices.count + (page.field == nil ? 0 : 2) + 2
        return SheetBox.fit(width: 60, height: height, in: area, clearOf: boxes)
    }

    public func render(in area: Rect, on frame: inout Frame) {
        let page = Self.page(of: sheet)
        let box = Self.box(for: page, in: area, clearOf: boxes)
        let mirrored = direction == .rightToLeft
        frame.draw(direction, in: area) { area, drawn in
            Self.draw(page, in: mirrored ? box.mirrored(within: area) : box, theme: theme, into: &drawn)
        }
    }

    private static func draw(_ page: Page, in box: Rect, theme: Theme, into frame: inout Frame) {
        frame.fill(box, style: theme.surfaceStyle(.text))
        let inner = frame.drawBox(box, title: page.store, border: theme.border, style: theme.surfaceStyle(.accent),
                                  titleStyle: theme.surfaceStyle(.accent, bold: true))
        let content = inner.inset(horizontal: 1, vertical: 0)
        var y = content.y
        func line(_ text: String, _ style: Style) {
            guard y < content.maxY else { return }
            frame.write(text, in: Rect(x: content.x, y: y, width: content.width, height: 1), style: style)
            y += 1
        }
        line(page.heading, theme.surfaceStyle(.text, bold: true))
        for text in page.lines { line(text, theme.surfaceStyle(.muted)) }
        y += 1
        line(page.prompt, theme.surfaceStyle(.text, bold: true))
        for (index, choice) in page.choices.enumerated() {
            let chosen = index == page.chosen
            line((chosen ? "› " : "  ") + "\(index + 1) " + choice, theme.surfaceStyle(chosen ? .accent : .text, bold: chosen))
        }
        if let field = page.field {
            // The field's end shows when the code is longer than the sheet is wide.
            let room = max(1, content.width - 4)
            line("[ " + String(field.suffix(room - 1)) + "▏ ]", theme.surfaceStyle(.accent, bold: true))
            line(page.message ?? "", theme.surfaceStyle(.warning))
        }
        y += 1
        var x = content.x + 2
        for (index, button) in page.buttons.enumerated() where y < content.maxY {
            x += frame.write(button, x: x, y: y, limit: max(0, content.maxX - x),
                             style: theme.surfaceStyle(index == 0 ? .accent : .text, bold: index == 0)) + 3
        }
    }
}
