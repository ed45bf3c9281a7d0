import Catalog
import Foundation
import StoreEngine

/// The App Store purchase sheet, drawn over the app from the engine's read-only session:
/// product, price and offer, the account, Buy and Cancel in the storefront's language, and QA's
/// row of other outcomes (fail with a chosen error, Ask to Buy, interrupt, tamper). Keys and
/// clicks become `StoreKitInput`; nothing here changes the session.
public enum StoreKitSheet {
    /// What a key does on the sheet; nil for keys it ignores (`q` does not quit from inside it).
    public static func input(for key: Key) -> StoreKitInput? {
        switch key {
        case .escape: return .cancel
        case .enter: return .press
        case .tab, .right, .down, .character("j"), .character("l"): return .next
        case .backTab, .left, .up, .character("k"), .character("h"): return .previous
        case .character(let letter):
            return StoreKitSession.Button.allCases.first { $0.shortcut == letter }.map(StoreKitInput.pressButton)
        default: return nil
        }
    }

    /// What a key does on the sheet in front of an audience (`--audience`), where only Buy and
    /// Cancel are drawn: QA's letters do nothing, and the arrows move between the two buttons
    /// only, so Enter can never press a button nobody sees.
    public static func input(for key: Key, on session: StoreKitSession, audience: Bool) -> StoreKitInput? {
        guard audience, session.chosenFailure == nil else { return input(for: key) }
        switch input(for: key) {
        case .next?, .previous?:
            // Buy and Cancel are the first two buttons: from Buy the next, from Cancel the one before.
            return session.focus == .buy ? .next : .previous
        case .pressButton(let button)? where button.isQA:
            return nil
        case let other:
            return other
        }
    }

    /// The keys that work now, for the hint bar and the sheet's last line.
    public static func hint(for session: StoreKitSession, audience: Bool = false) -> String {
        if audience, session.chosenFailure == nil { return "Enter press · ←→ choose · Esc cancel" }
        return session.chosenFailure == nil
            ? "Enter press · ←→ choose · b c f a n t · Esc cancel"
            : "↑↓ choose the error · Enter throw it · Esc back"
    }

    /// The sheet's box on a screen of `area`.
    static func box(in area: Rect) -> Rect {
        SheetBox.fit(width: 64, height: 15, in: area)
    }

    /// Where each button is drawn, and each error of the list while it is open: what a click
    /// hits is what is drawn, because both come from here.
    /// In front of an audience the QA row is neither drawn nor hit.
    static func targets(for session: StoreKitSession, in area: Rect, audience: Bool = false) -> [(StoreKitInput, Rect)] {
        let content = box(in: area).inset(by: 1).inset(horizontal: 1, vertical: 0)
        var targets: [(StoreKitInput, Rect)] = []
        var x = content.x + 2
        for button in [StoreKitSession.Button.buy, .cancel] {
            let width = DisplayWidth.of(caption(button, session))
            targets.append((.pressButton(button), Rect(x: x, y: content.y + 4, width: width, height: 1)))
            x += width + 3
        }
        if audience, session.chosenFailure == nil { return targets }
        if session.chosenFailure == nil {
            x = content.x + 4
            for button in StoreKitSession.Button.allCases where button.isQA {
                let width = DisplayWidth.of(caption(button, session))
                targets.append((.pressButton(button), Rect(x: x, y: content.y + 6, width: width, height: 1)))
                x += width + 1
            }
        } else {
            for (index, failure) in StoreKitFailure.allCases.enumerated() {
                targets.append((.chooseFailure(failure),
                                Rect(x: content.x + 2, y: content.y + 7 + index, width: content.width - 2, height: 1)))
            }
        }
        return targets
    }

    /// The input a click at (x, y) gives: a button presses it; an error of the list is chosen,
    /// and a click on the chosen one throws it.
    public static func input(atX x: Int, y: Int, for session: StoreKitSession, in area: Rect,
                             audience: Bool = false) -> StoreKitInput? {
        guard let (input, _) = targets(for: session, in: area, audience: audience).first(where: { $0.1.contains(x: x, y: y) }) else {
            return nil
        }
        if case .chooseFailure(let failure) = input, failure == session.chosenFailure { return .press }
        return input
    }

    private static func caption(_ button: StoreKitSession.Button, _ session: StoreKitSession) -> String {
        let words = PlayerText(language: session.language)
        switch button {
        case .buy: return "[ \(words[.buy]) ]"
        case .cancel: return "[ \(words[.cancel]) ]"
        default: return "[\(button.caption)]"
        }
    }

    /// - Parameter audience: the sheet as a player sees it: no QA row, no Sandbox in the title.
    public static func render(_ session: StoreKitSession, theme: Theme, audience: Bool = false, into frame: inout Frame) {
        let area = box(in: frame.area)
        frame.fill(area, style: theme.surfaceStyle(.text))
        // Under the Xee SDK the sheet is StoreKit's, opened by `makePurchase`.
        let environment = audience ? "" : " · \(session.sandbox ? "Sandbox" : "Production")"
        let title = "App Store" + environment + (session.path == .xee && !audience ? " · Xee" : "")
        let inner = frame.drawBox(area, title: title, border: theme.border, style: theme.surfaceStyle(.accent),
                                  titleStyle: theme.surfaceStyle(.accent, bold: true))
        guard inner.height >= 13 else { return }
        let content = inner.inset(horizontal: 1, vertical: 0)
        StoreSheetHeader.draw(productName: session.productName, formattedPrice: session.formattedPrice,
                              offerLine: session.offerLine, account: session.account, language: session.language,
                              in: content, theme: theme, into: &frame)
        for (input, rect) in targets(for: session, in: frame.area, audience: audience) {
            switch input {
            case .pressButton(let button):
                let focused = session.chosenFailure == nil && session.focus == button
                frame.write(caption(button, session), x: rect.x, y: rect.y,
                            style: focused ? theme.selectionStyle
                                : theme.surfaceStyle(button.isQA ? .warning : .accent, bold: !button.isQA))
            case .chooseFailure(let failure):
                let chosen = failure == session.chosenFailure
                frame.write((chosen ? "▸ " : "  ") + failure.qualifiedName, in: rect,
                            style: chosen ? theme.selectionStyle : theme.surfaceStyle(.text))
            default:
                break
            }
        }
        // While QA chooses an error, the list replaces the QA row and its heading says what for.
        if !audience || session.chosenFailure != nil {
            let qaLabel = session.chosenFailure == nil ? "QA" : "QA: what does purchase() throw?"
            frame.write(qaLabel, x: content.x, y: content.y + 6, limit: content.width,
                        style: theme.surfaceStyle(.warning, bold: true))
        }
        frame.write(hint(for: session, audience: audience), in: Rect(x: content.x, y: content.maxY - 1, width: content.width, height: 1),
                    style: theme.surfaceStyle(.muted))
    }
}
