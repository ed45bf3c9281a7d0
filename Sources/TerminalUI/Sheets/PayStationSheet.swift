import Catalog
import Foundation
import StoreEngine

/// The mocked Pay Station, drawn over the app from the engine's read-only page: URL with its
/// token, the card form with the sandbox test cards beside it, 3-D Secure, and the final status
/// with the redirect countdown. Keys become `PayStationInput` for the engine; nothing here
/// changes the session.
public struct PayStationSheet: Widget {
    let page: PayStationPage
    let now: Date
    let clockPaused: Bool
    let theme: Theme
    let audience: Bool
    let boxes: [Rect]

    /// The page as it is at `now`, simulated time, for the countdown, which says so when the
    /// paused clock holds it.
    /// - Parameter audience: in front of an audience the title drops the sandbox marker.
    /// - Parameter boxes: the boxes on the screen beneath, whose borders the page keeps clear of.
    public init(_ page: PayStationPage, now: Date, clockPaused: Bool = false, theme: Theme, audience: Bool = false,
                clearOf boxes: [Rect] = []) {
        self.page = page
        self.now = now
        self.clockPaused = clockPaused
        self.theme = theme
        self.audience = audience
        self.boxes = boxes
    }

    /// What a key does on the page; nil for keys the page ignores (letters do not type, and
    /// `q` does not quit from inside Pay Station).
    public static func input(for key: Key) -> PayStationInput? {
        switch key {
        case .escape: return .close
        case .enter: return .submit
        case .backspace: return .deleteBackward
        case .character(" "): return .toggleSavingCard
        case .tab, .down: return .nextField
        case .backTab, .up: return .previousField
        case .character(let character) where character.isASCII && character.isNumber: return .type(character)
        default: return nil
        }
    }

    /// The keys that work on the page, for the hint bar. While the clock is paused, what waits
    /// on it (the loading, the processing, the countdown) says so and names the key that moves it.
    public static func hint(for page: PayStationPage, clockPaused: Bool = false) -> String {
        let paused = clockPaused ? " (the clock is paused: > moves it on)" : ""
        guard page.session.isLoaded else {
            return (page.session.checksUser ? "Checking your account…" : "Loading Pay Station…") + "\(paused) · Esc cancel"
        }
        switch page.session.phase {
        case .paymentMethod: return "↑↓ saved card or new card · Enter pay · Esc cancel"
        case .delivering: return "Pay Station is processing the payment…\(paused)"
        case .cardForm: return "digits · Enter next / pay · ↑↓ field · Space save card · Esc cancel"
        case .threeDSecure: return "digits · Enter send the code · Backspace · Esc cancel"
        case .done, .declined, .userRefused, .troubled, .cancelled:
            guard page.redirectDue != nil else { return "Enter or Esc back to the game" }
            return clockPaused ? "Enter back to the game now · > move the paused clock on · Esc close"
                : "Enter back to the game now · Esc close"
        }
    }

    /// The engine's reasons start in lower case, as they read inside an event.
    private static func capitalized(_ text: String) -> String {
        text.prefix(1).uppercased() + text.dropFirst()
    }

    /// The page's box on a screen of `screen`, by the catalog's `payStation.size`: small hides
    /// the test cards, large takes the screen.
    static func box(for size: PayStationSettings.Size, in screen: Rect, clearOf boxes: [Rect] = []) -> Rect {
        SheetBox.fit(width: width(of: size, in: screen), height: size == .large ? screen.height : 16, in: screen,
                     clearOf: boxes)
    }

    /// The columns a size asks for: small 60, medium 76, large the screen's.
    static func width(of size: PayStationSettings.Size, in screen: Rect) -> Int {
        switch size {
        case .small: return 60
        case .medium: return 76
        case .large: return screen.width
        }
    }

    /// The page's own colors, by the catalog's `payStation.theme`, whatever the app's theme;
    /// none when the terminal shows no color.
    static func theme(for page: PayStationPage, over appTheme: Theme) -> Theme {
        guard appTheme.hasColor else { return appTheme }
        let look = page.theme == .light ? Theme.light : Theme.dark
        return Theme(name: look.name, appearance: look.appearance, colors: look.colors, border: appTheme.border)
            .adapted(to: appTheme.depth)
    }

    /// Rendered in the screen's rectangle, over which it is centred.
    public func render(in area: Rect, on frame: inout Frame) {
        Self.draw(page, now: now, clockPaused: clockPaused, theme: theme, audience: audience, clearOf: boxes, in: area,
                  into: &frame)
    }

    private static func draw(_ page: PayStationPage, now: Date, clockPaused: Bool, theme appTheme: Theme,
                             audience: Bool, clearOf boxes: [Rect], in screen: Rect, into frame: inout Frame) {
        let session = page.session
        let theme = theme(for: page, over: appTheme)
        let area = box(for: page.size, in: screen, clearOf: boxes)
        let surface = theme.surfaceStyle(.text)
        frame.fill(area, style: surface)
        // The small page has room for the short word only.
        let mode = session.opensExternalBrowser ? (page.size == .small ? "browser" : "external browser") : "in-app"
        let title = "Pay Station · \(session.sandbox && !audience ? "sandbox · " : "")\(mode)"
        let inner = frame.drawBox(area, title: title, border: theme.border, style: theme.surfaceStyle(.accent),
                                  titleStyle: theme.surfaceStyle(.accent, bold: true))
        // The catalog's look, at the right of the top border, where it cannot hide the title.
        // The size as drawn: a small or medium page on a screen narrower than it says so.
        let narrowed = page.size != .large && !SheetBox.hasItsWidth(width(of: page.size, in: screen), in: screen)
        let look = " \(page.theme.rawValue) · \(page.size.rawValue)\(narrowed ? ", narrowed" : "") "
        let lookX = area.maxX - 2 - DisplayWidth.of(look)
        if lookX > area.x + DisplayWidth.of(title) + 5 {
            frame.write(look, x: lookX, y: area.y, style: theme.surfaceStyle(.muted))
        }
        guard inner.height >= 4 else { return }
        let content = inner.inset(horizontal: 1, vertical: 0)
        var y = content.y
        func line(_ text: String, _ style: Style, x: Int? = nil, width: Int? = nil) {
            guard y < content.maxY else { return }
            let left = x ?? content.x
            frame.write(text, in: Rect(x: left, y: y, width: width ?? content.maxX - left, height: 1), style: style)
        }
        /// The engine's reason, wrapped on at most three lines.
        func paragraph(_ text: String) {
            for piece in TextWrap.lines(text, width: content.width).prefix(3) {
                line(piece, theme.surfaceStyle(.text))
                y += 1
            }
        }
        if session.opensExternalBrowser {
            // A browser window: its address bar, whole on two lines when one is too short (QA
            // copies the token from it).
            for (index, piece) in TextWrap.lines(session.url, width: content.width - 4).prefix(2).enumerated() {
                line((index == 0 ? "◀ ▶ " : "    ") + piece, theme.surfaceStyle(.muted))
                y += 1
            }
        } else {
            // Inside the app there is no address bar: the SDK's own header, and the token.
            line("Xsolla Pay Station, inside \(page.appName)", theme.surfaceStyle(.accent, bold: true))
            y += 1
            line("token \(session.token)", theme.surfaceStyle(.muted))
            y += 1
        }
        let priceWidth = DisplayWidth.of(session.formattedPrice)
        line(session.productName, theme.surfaceStyle(.text, bold: true), width: content.width - priceWidth - 1)
        frame.write(session.formattedPrice, x: content.maxX - priceWidth, y: y, style: theme.surfaceStyle(.price, bold: true))
        y += 1
        // What is charged now is the price above; what follows, under an offer, is said here.
        if let later = session.laterTerms { line(later, theme.surfaceStyle(.accent)) }
        y += 1
        guard session.isLoaded else {
            if session.checksUser {
                line("Checking your account with the game…", theme.surfaceStyle(.text, bold: true))
                y += 1
                line("Webhook mode: the game's server answers user_validation.", theme.surfaceStyle(.muted))
            } else {
                line("Loading Pay Station…", theme.surfaceStyle(.text, bold: true))
                y += 1
                line("A cold start: payStation.prewarm in the catalog removes it.", theme.surfaceStyle(.muted))
            }
            frame.write(hint(for: page), in: Rect(x: content.x, y: content.maxY - 1, width: content.width, height: 1),
                        style: theme.surfaceStyle(.muted))
            return
        }
        switch session.phase {
        case .paymentMethod:
            line("Pay with", theme.surfaceStyle(.text, bold: true))
            y += 1
            let saved = session.savedCard.map { "Saved card •••• \($0.suffix(4))" } ?? "Saved card"
            for (method, caption) in [(PayStationSession.Method.savedCard, saved), (.newCard, "A new card")] {
                let chosen = session.method == method
                line((chosen ? "▸ " : "  ") + caption, chosen ? theme.surfaceStyle(.accent, bold: true) : theme.surfaceStyle(.text))
                y += 1
            }
            y += 1
            line("[ Pay \(session.formattedPrice) ]", theme.surfaceStyle(.accent, bold: true))
        case .delivering:
            line("✓ Paid. Pay Station is processing the payment (status delivering)…", theme.surfaceStyle(.success, bold: true))
            y += 1
            line("Invoice \(session.invoiceId) · transaction \(session.transactionId)", theme.surfaceStyle(.muted))
        case .cardForm:
            renderForm(page, theme: theme, content: content, y: &y, into: &frame)
        case .threeDSecure:
            line("3-D Secure: the bank asks for a code.", theme.surfaceStyle(.warning, bold: true))
            y += 1
            line("Code  " + session.secureCode + "▏", theme.surfaceStyle(.text))
            y += 2
            line("The sandbox bank sends \(TestCard.threeDSecureCode); type it, then Enter.", theme.surfaceStyle(.muted))
            y += 1
        case .done:
            line("✓ Payment successful (status done)", theme.surfaceStyle(.success, bold: true))
            y += 1
            if session.opensExternalBrowser, let url = page.redirectURL {
                // The browser sends the player back with this URL; a presenter can deliver it
                // by hand (`storefront open-url`), so it is shown whole.
                for piece in TextWrap.lines(url, width: content.width).prefix(3) {
                    line(piece, theme.surfaceStyle(.muted))
                    y += 1
                }
                y += 1
            } else {
                line("Invoice \(session.invoiceId) · transaction \(session.transactionId)", theme.surfaceStyle(.muted))
                y += 2
            }
            if let due = page.redirectDue {
                let seconds = max(0, Int(saturating: due.timeIntervalSince(now).rounded(.up)))
                line(clockPaused ? "Returning to \(page.appName) in \(seconds) s: the clock is paused (> moves it)"
                     : "Returning to \(page.appName) in \(seconds) s…", theme.surfaceStyle(.text))
                y += 1
                line("[ \(page.returnButtonCaption) ]  Enter", theme.surfaceStyle(.accent, bold: true))
            } else {
                line("Waiting for Pay Station…", theme.surfaceStyle(.muted))
            }
        case .declined(let reason):
            line("✗ Payment declined (status troubled)", theme.surfaceStyle(.error, bold: true))
            y += 1
            line(reason + " Nothing was charged.", theme.surfaceStyle(.text))
        case .userRefused(let reason):
            line("✗ Payment is not available for this account", theme.surfaceStyle(.error, bold: true))
            y += 1
            paragraph(Self.capitalized(reason) + ". Nothing was charged.")
        case .troubled(let reason, let retryAt):
            line("! Paid; the order is not complete (status troubled)", theme.surfaceStyle(.warning, bold: true))
            y += 1
            paragraph(Self.capitalized(reason) + ".")
            if let retryAt {
                let wait = retryAt > now ? "in " + English.duration(retryAt.timeIntervalSince(now)) : "now"
                paragraph("Xsolla retries \(wait); the item arrives once the game's server takes it"
                          + (retryAt > now ? " (> moves the clock there)." : "."))
            }
            if let due = page.redirectDue {
                let seconds = max(0, Int(saturating: due.timeIntervalSince(now).rounded(.up)))
                line("Returning to \(page.appName) in \(seconds) s…", theme.surfaceStyle(.text))
                y += 1
                line("[ \(page.returnButtonCaption) ]  Enter", theme.surfaceStyle(.accent, bold: true))
            }
        case .cancelled:
            line("Closed.", theme.surfaceStyle(.muted))
        }
        // On the card form the problem sits under its field (`renderForm`); elsewhere here.
        if let problem = session.problem, session.phase != .cardForm {
            frame.write(problem, in: Rect(x: content.x, y: content.maxY - 2, width: content.width, height: 1),
                        style: theme.surfaceStyle(.error, bold: true))
        }
        frame.write(hint(for: page), in: Rect(x: content.x, y: content.maxY - 1, width: content.width, height: 1),
                    style: theme.surfaceStyle(.muted))
    }

    private static func renderForm(_ page: PayStationPage, theme: Theme, content: Rect, y: inout Int,
                                   into frame: inout Frame) {
        let session = page.session
        // 14 columns of label, 24 of value: a grouped 19-digit number and the cursor fit.
        let formWidth = min(38, content.width)
        let cardsX = content.x + formWidth + 1
        let fields: [(PayStationSession.Field, String, String)] = [
            (.number, "Card number", TestCard.grouped(session.cardNumber)),
            (.expiry, "Expiry", expiryText(session.expiry)),
            (.cvv, "CVV", String(repeating: "•", count: session.cvv.count)),
        ]
        let top = y
        for (field, label, value) in fields {
            let focused = session.focus == field
            let style = focused ? theme.surfaceStyle(.accent, bold: true) : theme.surfaceStyle(.text)
            frame.write((focused ? "▸ " : "  ") + DisplayWidth.pad(label, to: 12), x: content.x, y: y, limit: 14, style: style)
            let shown = value + (focused ? "▏" : "")
            frame.write(DisplayWidth.pad(shown.isEmpty ? "·" : shown, to: formWidth - 14), x: content.x + 14, y: y,
                        limit: formWidth - 14, style: style)
            // What is wrong with the field, under it, until the player types again.
            if focused, let problem = session.problem {
                frame.write(problem, in: Rect(x: content.x + 2, y: y + 1, width: formWidth - 2, height: 1),
                            style: theme.surfaceStyle(.error, bold: true))
            }
            y += 2
        }
        let pay = "[ Pay \(session.formattedPrice) ]"
        frame.write(pay, x: content.x + 2, y: y, limit: formWidth,
                    style: theme.surfaceStyle(session.focus == .cvv ? .accent : .muted, bold: true))
        let saveX = content.x + 4 + DisplayWidth.of(pay)
        frame.write("\(session.savesCard ? "[x]" : "[ ]") save card", x: saveX, y: y,
                    limit: max(0, content.x + formWidth - saveX), style: theme.surfaceStyle(.text))
        if content.maxX - cardsX >= 24 {
            var cardY = top
            frame.write("Sandbox test cards", x: cardsX, y: cardY, limit: content.maxX - cardsX,
                        style: theme.surfaceStyle(.muted, bold: true))
            cardY += 1
            for card in page.testCards {
                frame.write("\(TestCard.grouped(card.number)) \(card.label)", x: cardsX, y: cardY, limit: content.maxX - cardsX,
                            style: theme.surfaceStyle(.text))
                cardY += 1
            }
            frame.write("expiry \(session.suggestedExpiry.prefix(2))/\(session.suggestedExpiry.suffix(2)) · any CVV", x: cardsX, y: cardY, limit: content.maxX - cardsX,
                        style: theme.surfaceStyle(.muted))
        }
    }

    private static func expiryText(_ digits: String) -> String {
        digits.count > 2 ? "\(digits.prefix(2))/\(digits.dropFirst(2))" : digits
    }
}
