import Catalog
import Foundation
import StoreEngine

/// The App Store purchase sheet, drawn over the app from the engine's read-only session:
/// product, price and offer, the account, Buy and Cancel in the storefront's language, and QA's
/// row of other outcomes (fail with a chosen error, Ask to Buy, interrupt, tamper). Keys and
/// clicks become `StoreKitInput`; nothing here changes the session.
public struct StoreKitSheet: Widget {
    let session: StoreKitSession
    let theme: Theme
    let audience: Bool
    let direction: WritingDirection
    let boxes: [Rect]

    /// - Parameter audience: the sheet as a player sees it: no QA row, no Sandbox in the title,
    ///   no account, no keys, and no rows kept for them.
    /// - Parameter direction: the storefront's; right to left, the phone's sheet is mirrored as
    ///   the paywall is (its Arabic in visual order and shaped), while QA's row, its list of
    ///   errors and the keys are drawn left to right, as the tool's English always is.
    /// - Parameter boxes: the boxes on the screen beneath, whose borders the sheet keeps clear of.
    public init(_ session: StoreKitSession, theme: Theme, audience: Bool = false, direction: WritingDirection = .leftToRight,
                clearOf boxes: [Rect] = []) {
        self.session = session
        self.theme = theme
        self.audience = audience
        self.direction = direction
        self.boxes = boxes
    }

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
    /// only, so Enter can never press a button nobody sees. On a mirrored sheet (a right-to-left
    /// storefront) `←` and `→` swap while Buy or Cancel has the focus, as on the paywall: Buy is
    /// on the right there, and `←` goes on to Cancel. QA's row is drawn left to right, where they
    /// keep their sense.
    public static func input(for key: Key, on session: StoreKitSession, audience: Bool, mirrored: Bool = false) -> StoreKitInput? {
        var key = key
        if mirrored, session.chosenFailure == nil, session.focus == .buy || session.focus == .cancel {
            switch key {
            case .left: key = .right
            case .right: key = .left
            case .character("h"): key = .character("l")
            case .character("l"): key = .character("h")
            default: break
            }
        }
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

    /// The keys that work now, for the hint bar and QA's sheet's last line.
    public static func hint(for session: StoreKitSession, audience: Bool = false) -> String {
        if isThePlayers(session, audience: audience) { return "Enter press · ←→ choose · Esc cancel" }
        return session.chosenFailure == nil
            ? "Enter press · ←→ choose · b c f a n t · Esc cancel"
            : "↑↓ choose the error · Enter throw it · Esc back"
    }

    /// The sheet's box on a screen of `area`, clear of the borders of `boxes` beneath.
    static func box(for session: StoreKitSession, audience: Bool, in area: Rect, clearOf boxes: [Rect] = []) -> Rect {
        SheetBox.fit(width: 64, height: rows(for: session, audience: audience) + 2, in: area, clearOf: boxes)
    }

    /// Whether the sheet is drawn as a player's phone shows it: in front of an audience, unless
    /// a script has QA's list of errors open.
    private static func isThePlayers(_ session: StoreKitSession, audience: Bool) -> Bool {
        audience && session.chosenFailure == nil
    }

    /// The rows inside the border. QA's sheet has the header, Buy and Cancel, QA's row, room for
    /// the list of errors and the keys. The player's has only the product, its offer, Buy and
    /// Cancel, and a blank row under them: no account (the address is the simulator's, as
    /// `qa@sandbox.test`, and says test where nothing else may), no keys (the bottom line says them).
    private static func rows(for session: StoreKitSession, audience: Bool) -> Int {
        guard isThePlayers(session, audience: audience) else { return 13 }
        return buttonRow(for: session, audience: audience) + 2
    }

    /// The row of Buy and Cancel, counted from the first inside the border: on the player's
    /// sheet under the product, its offer and its Family Sharing line, each where there is one.
    private static func buttonRow(for session: StoreKitSession, audience: Bool) -> Int {
        guard isThePlayers(session, audience: audience) else { return 4 }
        return familySharingRow(for: session, audience: audience) + (session.familyShareable ? 1 : 0) + 1
    }

    /// The row of the Family Sharing line: under the account on QA's sheet (its row is free),
    /// under the product and its offer on the player's.
    private static func familySharingRow(for session: StoreKitSession, audience: Bool) -> Int {
        guard isThePlayers(session, audience: audience) else { return 3 }
        return session.offerLine == nil ? 1 : 2
    }

    /// Where each button is drawn, and each error of the list while it is open, laid out left to
    /// right in `box`: what a click hits is what is drawn, because both come from here.
    /// In front of an audience the QA row is neither drawn nor hit.
    private static func layout(for session: StoreKitSession, in box: Rect, audience: Bool) -> [(StoreKitInput, Rect)] {
        let content = box.inset(by: 1).inset(horizontal: 1, vertical: 0)
        var targets: [(StoreKitInput, Rect)] = []
        var x = content.x + 2
        let buttonY = content.y + buttonRow(for: session, audience: audience)
        for button in [StoreKitSession.Button.buy, .cancel] {
            let width = DisplayWidth.of(caption(button, session))
            targets.append((.pressButton(button), Rect(x: x, y: buttonY, width: width, height: 1)))
            x += width + 3
        }
        if isThePlayers(session, audience: audience) { return targets }
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

    /// Whether a target is the phone's own (Buy, Cancel), mirrored with the sheet in a
    /// right-to-left storefront; QA's row and its list of errors are the tool's, in English,
    /// drawn left to right wherever they are.
    private static func isThePhones(_ input: StoreKitInput) -> Bool {
        if case .pressButton(let button) = input { return !button.isQA }
        return false
    }

    /// Every target where it is on the screen: the phone's mirrored within the box in a
    /// right-to-left storefront, QA's as laid out.
    static func targets(for session: StoreKitSession, in area: Rect, audience: Bool = false,
                        direction: WritingDirection = .leftToRight, clearOf boxes: [Rect] = []) -> [(StoreKitInput, Rect)] {
        let box = box(for: session, audience: audience, in: area, clearOf: boxes)
        return layout(for: session, in: box, audience: audience).map { input, rect in
            (input, direction == .rightToLeft && isThePhones(input) ? rect.mirrored(within: box) : rect)
        }
    }

    /// The input a click at (x, y) gives: a button presses it; an error of the list is chosen,
    /// and a click on the chosen one throws it.
    public static func input(atX x: Int, y: Int, for session: StoreKitSession, in area: Rect,
                             audience: Bool = false, direction: WritingDirection = .leftToRight,
                             clearOf boxes: [Rect] = []) -> StoreKitInput? {
        guard let (input, _) = targets(for: session, in: area, audience: audience, direction: direction, clearOf: boxes)
            .first(where: { $0.1.contains(x: x, y: y) })
        else { return nil }
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

    /// Rendered in the screen's rectangle, over which it is centred.
    public func render(in area: Rect, on frame: inout Frame) {
        Self.draw(session, theme: theme, audience: audience, direction: direction, clearOf: boxes, in: area, into: &frame)
    }

    private static func draw(_ session: StoreKitSession, theme: Theme, audience: Bool, direction: WritingDirection,
                             clearOf boxes: [Rect], in area: Rect, into frame: inout Frame) {
        let box = box(for: session, audience: audience, in: area, clearOf: boxes)
        frame.draw(direction, in: area) { area, sheet in
            renderThePhones(session, in: direction == .rightToLeft ? box.mirrored(within: area) : box, theme: theme,
                            audience: audience, into: &sheet)
        }
        renderQA(session, in: box, theme: theme, audience: audience, into: &frame)
    }

    /// The phone's sheet: its box and title, the product, price, offer and account, Buy and Cancel.
    private static func renderThePhones(_ session: StoreKitSession, in box: Rect, theme: Theme, audience: Bool,
                                        into frame: inout Frame) {
        frame.fill(box, style: theme.surfaceStyle(.text))
        // Under the Xee SDK the sheet is StoreKit's, opened by `makePurchase`.
        let environment = audience ? "" : " · \(session.signedAsXcode ? "Xcode" : session.sandbox ? "Sandbox" : "Production")"
        let title = "App Store" + environment + (session.path == .xee && !audience ? " · Xee" : "")
        let inner = frame.drawBox(box, title: title, border: theme.border, style: theme.surfaceStyle(.accent),
                                  titleStyle: theme.surfaceStyle(.accent, bold: true))
        guard inner.height >= rows(for: session, audience: audience) else { return }
        let content = inner.inset(horizontal: 1, vertical: 0)
        StoreSheetHeader.draw(productName: session.productName, formattedPrice: session.formattedPrice,
                              offerLine: session.offerLine,
                              account: isThePlayers(session, audience: audience) ? nil : session.account,
                              language: session.language, in: content, theme: theme, into: &frame)
        if session.familyShareable {
            frame.write(AppStoreSheetText(language: session.language)[.familySharing],
                        in: Rect(x: content.x, y: content.y + familySharingRow(for: session, audience: audience),
                                 width: content.width, height: 1),
                        style: theme.surfaceStyle(.muted))
        }
        for (input, rect) in layout(for: session, in: box, audience: audience) where isThePhones(input) {
            guard case .pressButton(let button) = input else { continue }
            let focused = session.chosenFailure == nil && session.focus == button
            frame.write(caption(button, session), x: rect.x, y: rect.y,
                        style: focused ? theme.selectionStyle : theme.surfaceStyle(.accent, bold: true))
        }
    }

    /// QA's part, in English and left to right: the row of other outcomes (or the list of
    /// errors with its question), and the keys on the last line.
    private static func renderQA(_ session: StoreKitSession, in box: Rect, theme: Theme, audience: Bool,
                                 into frame: inout Frame) {
        // The player's sheet has nothing of QA's, not even the keys.
        let inner = box.inset(by: 1)
        guard !isThePlayers(session, audience: audience), inner.height >= rows(for: session, audience: false) else { return }
        let content = inner.inset(horizontal: 1, vertical: 0)
        for (input, rect) in layout(for: session, in: box, audience: audience) where !isThePhones(input) {
            switch input {
            case .pressButton(let button):
                let focused = session.chosenFailure == nil && session.focus == button
                frame.write(caption(button, session), x: rect.x, y: rect.y,
                            style: focused ? theme.selectionStyle : theme.surfaceStyle(.warning))
            case .chooseFailure(let failure):
                let chosen = failure == session.chosenFailure
                frame.write((chosen ? "▸ " : "  ") + failure.qualifiedName, in: rect,
                            style: chosen ? theme.selectionStyle : theme.surfaceStyle(.text))
            default:
                break
            }
        }
        // While QA chooses an error, the list replaces the QA row and its heading says what for.
        let qaLabel = session.chosenFailure == nil ? "QA" : "QA: what does purchase() throw?"
        frame.write(qaLabel, x: content.x, y: content.y + 6, limit: content.width, style: theme.surfaceStyle(.warning, bold: true))
        frame.write(hint(for: session, audience: audience), in: Rect(x: content.x, y: content.maxY - 1, width: content.width, height: 1),
                    style: theme.surfaceStyle(.muted))
    }
}
