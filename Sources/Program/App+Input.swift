import Catalog
import Foundation
import StoreEngine
import TerminalUI

// Keys and the mouse, routed to whatever is on top: an overlay, then a sheet, a menu or the
// prompt, then the focused part. Which key sends which message is the keymap's (`Keymap`); a
// key it does not bind where it is pressed goes to the component on top, which reads its own.
extension App {
    mutating func handle(_ key: Key) -> [Effect] {
        // Any other key applies the rate `]` and `[` stepped to first, so what it does happens
        // at the rate on screen (the engine takes the calls in order).
        if time.pendingTimeRate != nil, key != .character("]"), key != .character("[") {
            return update(.applyTimeRate) + handle(key)
        }
        let context = keyContext
        let binding = Keymap.binding(for: key, in: context)
        // A count is for the `+` right after it: any other key on the main screen drops it
        // (but Ctrl-C and Ctrl-Z, which mean the same over everything).
        if context.isMainScreen, binding?.contexts != KeyContext.everywhere, !Self.continuesCount(key) {
            _ = time.update(.dropCount)
        }
        if let binding { return update(binding.message) }
        switch context {
        case .sheet:
            // A failed call's notice says `q` quits, even from a sheet; any other key is the sheet's.
            if lastCallFailed, key == .character("q") { return update(.quit) }
            return sheets.update(.key(key, audience: audience, direction: paywall.writingDirection))
        case .menu: return follow(menus.update(.key(key)))
        case .prompt: return follow(picker.update(.key(key, vocabulary: pickerVocabulary)))
        case .paywall, .mirroredPaywall, .pane, .overlay, .notificationDetails, .messages: return []
        }
    }

    /// What has the keys now, in the order they are routed.
    var keyContext: KeyContext {
        if let overlay {
            if overlay.kind == .messages { return .messages }
            return overlay.notificationID == nil ? .overlay : .notificationDetails
        }
        if sheet != nil || storeSheet != nil { return .sheet }
        if menus.open != nil { return .menu }
        if picker.prompt != nil { return .prompt }
        if focus != .paywall { return .pane }
        return paywall.writingDirection == .rightToLeft ? .mirroredPaywall : .paywall
    }

    /// Characters that came in one burst. On Pay Station they are one input for the engine, so
    /// a paste of any length costs one call and the field takes what it holds; anywhere else
    /// each is the key it is.
    mutating func type(_ text: String) -> [Effect] {
        if overlay == nil, !lastCallFailed, sheets.takesPastes {
            // As before any key: the rate `]` and `[` stepped to first.
            let rate = time.pendingTimeRate == nil ? [] : update(.applyTimeRate)
            return rate + sheets.update(.paste(text))
        }
        return text.flatMap { handle(.character($0)) }
    }

    /// A digit, or the `+` a count of days is for.
    private static func continuesCount(_ key: Key) -> Bool {
        guard case .character(let typed) = key else { return false }
        return typed == "+" || (typed.isASCII && typed.isNumber)
    }

    mutating func handle(_ event: MouseEvent) -> [Effect] {
        if time.pendingTimeRate != nil { return update(.applyTimeRate) + handle(event) }
        // A sheet or an overlay covers the screen: clicks and the wheel go nowhere beneath it.
        // The App Store's and Google Play's sheets take clicks on their buttons.
        if sheets.takesClicks, overlay == nil, event.kind == .press {
            return sheets.update(.click(x: event.x, y: event.y, screen: Rect(x: 0, y: 0, width: width, height: height),
                                        audience: audience, direction: paywall.writingDirection, clearOf: boxesBeneath))
        }
        guard sheet == nil, storeSheet == nil, overlay == nil, picker.prompt == nil else { return [] }
        if let open = menus.open {
            // The menu covers the panes: a click on an item chooses it, anywhere else closes it.
            guard event.kind == .press else { return [] }
            let item = open.menu.item(atX: event.x, y: event.y, on: Rect(x: 0, y: 0, width: width, height: height),
                                      clearOf: boxesBeneath)
            return follow(menus.update(.click(item: item)))
        }
        guard event.kind == .press else {
            scroll(focus, by: event.kind == .wheelUp ? -1 : 1)
            return olderEventsIfNeeded()
        }
        let layout = self.layout
        // A mirrored paywall is hit where it was drawn: the column mirrored within its rectangle.
        let paywallArea = layout.paywall
        let column = paywall.writingDirection == .rightToLeft ? paywallArea.mirroredColumn(event.x) : event.x
        switch PaywallView.target(at: column, event.y, in: paywallArea, model: paywall) {
        case .item(let index)?:
            moveFocus(to: .paywall)
            if index == paywall.selection { return buySelected() }
            updatePaywall(.select(index: index), .keepRow(index: index, line: event.y, area: paywallArea))
        case .callToAction?:
            // The call to action buys what Enter buys: the selected item.
            guard let plan = paywall.callToActionItem else { return [] }
            moveFocus(to: .paywall)
            updatePaywall(.select(index: plan))
            return buySelected()
        case .restore?:
            return update(.restore)
        case .terms?:
            overlay = addressOverlay(PaywallView.text(of: paywall)[.terms], paywall.termsURL)
        case .privacy?:
            overlay = addressOverlay(PaywallView.text(of: paywall)[.privacy], paywall.privacyURL)
        case nil:
            guard let pane = layout.pane(at: event.x, event.y) else { return [] }
            moveFocus(to: pane)
            // In the Transactions pane a click selects a row, and a click on the selected row
            // opens its actions, as `m` does (a product: select, then buy).
            let area = layout.rect(of: .transactions)
            guard pane == .transactions, event.y > area.y, event.y < area.maxY - 1 else { return [] }
            let row = transactionsPane.scroll + (event.y - area.y - 1)
            guard snapshot.transactions.indices.contains(row) else { return [] }
            if row == transactionsPane.selection {
                return openTransactionMenu()
            } else {
                _ = panes.update(.move(.transactions, by: row - transactionsPane.selection,
                                       rowCount: snapshot.transactions.count, visibleRows: ListPane.visibleRows(in: area)))
            }
        }
        return []
    }

    /// A link's address in full, titled in the storefront's words and read its way.
    private func addressOverlay(_ title: String, _ address: String?) -> Overlay {
        Overlay(.address, TextOverlay(title: title, entries: [TextOverlay.Entry("", address ?? "")],
                                      direction: paywall.writingDirection))
    }
}
