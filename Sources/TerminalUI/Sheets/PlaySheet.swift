import Catalog
import Foundation
import StoreEngine

/// Google Play's purchase sheet, drawn over the app from the engine's read-only session: the
/// product and its price, a subscription's base plan, the account, the test notice Google
/// Play shows a licence tester, the four test instruments, Buy and Cancel in the storefront's
/// language; and QA's row (the response code the purchase ends with, whether the app
/// acknowledges by itself). Keys and clicks become `PlayInput`; nothing here changes the session.
public struct PlaySheet: Widget {
    let session: PlaySession
    let theme: Theme
    let audience: Bool
    let direction: WritingDirection
    let boxes: [Rect]

    /// - Parameter audience: the sheet as a player sees it: no QA row.
    /// - Parameter direction: the storefront's; right to left, Google Play's sheet is mirrored as
    ///   the paywall is, while QA's parts (the replacement mode, the QA row, the library's status
    ///   and the keys) are drawn left to right, as the tool's English always is.
    /// - Parameter boxes: the boxes on the screen beneath, whose borders the sheet keeps clear of.
    public init(_ session: PlaySession, theme: Theme, audience: Bool = false, direction: WritingDirection = .leftToRight,
                clearOf boxes: [Rect] = []) {
        self.session = session
        self.theme = theme
        self.audience = audience
        self.direction = direction
        self.boxes = boxes
    }

    /// What a key does on the sheet; nil for keys it ignores. In front of an audience QA's
    /// letters do nothing.
    public static func input(for key: Key, audience: Bool = false) -> PlayInput? {
        switch key {
        case .escape, .character("c"): return .cancel
        case .enter, .character("b"): return .buy
        case .tab, .down, .character("j"): return .next
        case .backTab, .up, .character("k"): return .previous
        case .character("r") where !audience: return .nextResponse
        case .character("a") where !audience: return .toggleAcknowledgement
        case .character("o") where !audience: return .nextOffer
        case .character("p") where !audience: return .nextReplacementMode
        case .character(let digit):
            guard let number = digit.wholeNumberValue, (1...PlayInstrument.allCases.count).contains(number) else { return nil }
            return .choose(PlayInstrument.allCases[number - 1])
        default: return nil
        }
    }

    /// The keys that work now, for the hint bar and the sheet's last line.
    public static func hint(for session: PlaySession, audience: Bool = false) -> String {
        if audience { return "Enter buy · ↑↓ instrument · Esc cancel" }
        // With several offers `o` steps through them, on a plan change `p` through the modes,
        // and the line still fits the sheet.
        switch (session.offerChoices.count > 1, session.replacement != nil) {
        case (true, true): return "Enter buy · ↑↓ 1-4 · o offer · p mode · r code · Esc"
        case (true, false): return "Enter buy · ↑↓ 1-4 · o offer · r code · a ack · Esc cancel"
        case (false, true): return "Enter buy · ↑↓ 1-4 · p mode · r code · a ack · Esc cancel"
        case (false, false): return "Enter buy · ↑↓ 1-4 instrument · r code · a ack · Esc cancel"
        }
    }

    /// The sheet's box on a screen of `area`, clear of the borders of `boxes` beneath.
    static func box(in area: Rect, clearOf boxes: [Rect] = []) -> Rect {
        SheetBox.fit(width: 64, height: 16, in: area, clearOf: boxes)
    }

    /// Where each instrument and button is drawn, laid out left to right in `box`.
    private static func layout(for session: PlaySession, in box: Rect) -> [(PlayInput, Rect)] {
        let content = box.inset(by: 1).inset(horizontal: 1, vertical: 0)
        var targets: [(PlayInput, Rect)] = []
        for (index, instrument) in PlayInstrument.allCases.enumerated() {
            targets.append((.choose(instrument), Rect(x: content.x, y: content.y + 5 + index, width: content.width, height: 1)))
        }
        var x = content.x + 2
        for (input, caption) in [(PlayInput.buy, caption(.buy, session)), (.cancel, caption(.cancel, session))] {
            let width = DisplayWidth.of(caption)
            targets.append((input, Rect(x: x, y: content.y + 10, width: width, height: 1)))
            x += width + 3
        }
        return targets
    }

    /// Where each instrument and button is on the screen: what a click hits is what is drawn.
    /// They are the phone's, mirrored within the box in a right-to-left storefront.
    static func targets(for session: PlaySession, in area: Rect, direction: WritingDirection = .leftToRight,
                        clearOf boxes: [Rect] = []) -> [(PlayInput, Rect)] {
        let box = box(in: area, clearOf: boxes)
        return layout(for: session, in: box).map { input, rect in
            (input, direction == .rightToLeft ? rect.mirrored(within: box) : rect)
        }
    }

    /// The input a click at (x, y) gives.
    public static func input(atX x: Int, y: Int, for session: PlaySession, in area: Rect,
                             direction: WritingDirection = .leftToRight, clearOf boxes: [Rect] = []) -> PlayInput? {
        targets(for: session, in: area, direction: direction, clearOf: boxes).first { $0.1.contains(x: x, y: y) }?.0
    }

    private static func caption(_ input: PlayInput, _ session: PlaySession) -> String {
        let words = PlayerText(language: session.language)
        return input == .buy ? "[ \(words[.buy]) ]" : "[ \(words[.cancel]) ]"
    }

    /// Rendered in the screen's rectangle, over which it is centred.
    public func render(in area: Rect, on frame: inout Frame) {
        Self.draw(session, theme: theme, audience: audience, direction: direction, clearOf: boxes, in: area, into: &frame)
    }

    private static func draw(_ session: PlaySession, theme: Theme, audience: Bool, direction: WritingDirection,
                             clearOf boxes: [Rect], in area: Rect, into frame: inout Frame) {
        let box = box(in: area, clearOf: boxes)
        let mirrored = direction == .rightToLeft
        frame.draw(direction, in: area) { area, sheet in
            renderThePhones(session, in: mirrored ? box.mirrored(within: area) : box, theme: theme, audience: audience,
                            withMode: !mirrored, into: &sheet)
        }
        renderQA(session, in: box, theme: theme, audience: audience, modeApart: mirrored, into: &frame)
    }

    /// Google Play's sheet: the product, price, account, test notice, instruments, the plan it
    /// replaces, Buy and Cancel; `withMode` adds QA's replacement mode after the replaced plan.
    private static func renderThePhones(_ session: PlaySession, in box: Rect, theme: Theme, audience: Bool,
                                        withMode: Bool, into frame: inout Frame) {
        frame.fill(box, style: theme.surfaceStyle(.text))
        let inner = frame.drawBox(box, title: "Google Play", border: theme.border, style: theme.surfaceStyle(.accent),
                                  titleStyle: theme.surfaceStyle(.accent, bold: true))
        guard inner.height >= 14 else { return }
        let content = inner.inset(horizontal: 1, vertical: 0)
        let text = PlaySheetText(language: session.language)
        StoreSheetHeader.draw(productName: session.productName, formattedPrice: session.formattedPrice,
                              offerLine: session.offerLine, account: session.account, language: session.language,
                              in: content, theme: theme, into: &frame)
        frame.write(text[.testNotice], in: Rect(x: content.x, y: content.y + 3, width: content.width, height: 1),
                    style: theme.surfaceStyle(.warning))
        frame.write(text[.paymentMethod], in: Rect(x: content.x, y: content.y + 4, width: content.width, height: 1),
                    style: theme.surfaceStyle(.text, bold: true))
        if let replacement = session.replacement {
            // The player's line in the sheet's language; QA's the mode the app passed, and its key.
            let line = text[.replaces] + " · " + replacement.replacedName
                + (audience || !withMode ? "" : "  " + modeText(replacement))
            frame.write(line, in: Rect(x: content.x, y: content.y + 9, width: content.width, height: 1),
                        style: theme.surfaceStyle(.accent))
        }
        for (input, rect) in layout(for: session, in: box) {
            switch input {
            case .choose(let instrument):
                let chosen = instrument == session.instrument
                frame.write((chosen ? "(•) " : "( ) ") + text[instrument], in: rect,
                            style: chosen ? theme.selectionStyle : theme.surfaceStyle(.text))
            case .buy, .cancel:
                let buy = input == .buy
                frame.write(caption(input, session), x: rect.x, y: rect.y,
                            style: buy && !session.reconnecting ? theme.selectionStyle : theme.surfaceStyle(.accent, bold: true))
            default:
                break
            }
        }
    }

    /// The replacement mode the app passes, after the key that changes it.
    private static func modeText(_ replacement: PlayReplacement) -> String {
        "p " + replacement.mode.rawValue
    }

    /// QA's part, in English and left to right: the QA row, the library's status, the keys; on
    /// a mirrored sheet also the replacement mode, at the left of the replaced plan's line.
    private static func renderQA(_ session: PlaySession, in box: Rect, theme: Theme, audience: Bool, modeApart: Bool,
                                 into frame: inout Frame) {
        let inner = box.inset(by: 1)
        guard inner.height >= 14 else { return }
        let content = inner.inset(horizontal: 1, vertical: 0)
        if modeApart, !audience, let replacement = session.replacement {
            frame.write(modeText(replacement), x: content.x, y: content.y + 9, limit: content.width,
                        style: theme.surfaceStyle(.accent))
        }
        if !audience {
            // Each setting after the key that changes it; the longest code still fits the width.
            let acknowledges = session.appAcknowledges ? "on" : "off"
            let offers = session.offerChoices.count
            let qa = offers > 1
                ? "QA  o offer \(session.offerIndex + 1)/\(offers) · r \(session.response.rawValue) · a ack \(acknowledges)"
                : "QA  r \(session.response.rawValue) · a app acknowledges \(acknowledges)"
            frame.write(qa, in: Rect(x: content.x, y: content.y + 11, width: content.width, height: 1),
                        style: theme.surfaceStyle(.warning, bold: true))
        }
        if let status = status(of: session) {
            frame.write(status, in: Rect(x: content.x, y: content.y + 12, width: content.width, height: 1),
                        style: theme.surfaceStyle(.error))
        }
        frame.write(hint(for: session, audience: audience), in: Rect(x: content.x, y: content.maxY - 1, width: content.width, height: 1),
                    style: theme.surfaceStyle(.muted))
    }

    /// What the last answer left on the sheet: a transient error to try again after, or the
    /// reconnection under way (the library's own words: QA reads them).
    private static func status(of session: PlaySession) -> String? {
        if session.reconnecting { return "SERVICE_DISCONNECTED: reconnecting (startConnection)…" }
        return session.lastResult.map { "\($0.rawValue): nothing was charged; try again" }
    }
}
