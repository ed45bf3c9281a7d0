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
        if pendingTimeRate != nil, key != .character("]"), key != .character("[") {
            return update(.applyTimeRate) + handle(key)
        }
        let context = keyContext
        let binding = Keymap.binding(for: key, in: context)
        // A count is for the `+` right after it: any other key on the main screen drops it
        // (but Ctrl-C and Ctrl-Z, which mean the same over everything).
        if context.isMainScreen, binding?.contexts != KeyContext.everywhere, !Self.continuesCount(key) {
            advanceCount = nil
        }
        if let binding { return update(binding.message) }
        switch context {
        case .sheet: return sheet.map { handle(key, on: $0) } ?? []
        case .menu: return handleMenu(key)
        case .prompt: return handlePrompt(key)
        case .paywall, .mirroredPaywall, .pane, .overlay, .messages: return []
        }
    }

    /// What has the keys now, in the order they are routed.
    var keyContext: KeyContext {
        if let overlay { return overlay.kind == .messages ? .messages : .overlay }
        if sheet != nil { return .sheet }
        if choiceMenu != nil { return .menu }
        if prompt != nil { return .prompt }
        if focus != .paywall { return .pane }
        return paywall.writingDirection == .rightToLeft ? .mirroredPaywall : .paywall
    }

    /// Characters that came in one burst. On Pay Station they are one input for the engine, so
    /// a paste of any length costs one call and the field takes what it holds; anywhere else
    /// each is the key it is.
    mutating func type(_ text: String) -> [Effect] {
        if overlay == nil, !lastCallFailed, case .payStation? = sheet {
            // As before any key: the rate `]` and `[` stepped to first.
            let rate = pendingTimeRate == nil ? [] : update(.applyTimeRate)
            return rate + [.engine(.send(.payStation(.paste(text))))]
        }
        return text.flatMap { handle(.character($0)) }
    }

    /// A sheet takes the keys the keymap leaves it; what they mean is the path's business,
    /// decided in the engine. Except `q` after a failed call, which quits: the notice says so.
    private mutating func handle(_ key: Key, on sheet: PurchaseSheet) -> [Effect] {
        if lastCallFailed, key == .character("q") { return update(.quit) }
        switch sheet {
        case .payStation:
            return PayStationSheet.input(for: key).map { [.engine(.send(.payStation($0)))] } ?? []
        case .storeKit(let session):
            return StoreKitSheet.input(for: key, on: session, audience: audience,
                                       mirrored: paywall.writingDirection == .rightToLeft)
                .map { [.engine(.send(.storeKit($0)))] } ?? []
        case .play:
            return PlaySheet.input(for: key, audience: audience).map { [.engine(.send(.play($0)))] } ?? []
        case .described(let sheet):
            guard case .character(let letter) = key, let choice = sheet.choice(on: letter) else { return [] }
            return [.engine(.send(.choose(choice.name, on: sheet.path)))]
        }
    }

    /// A digit, or the `+` a count of days is for.
    private static func continuesCount(_ key: Key) -> Bool {
        guard case .character(let typed) = key else { return false }
        return typed == "+" || (typed.isASCII && typed.isNumber)
    }

    mutating func handle(_ event: MouseEvent) -> [Effect] {
        if pendingTimeRate != nil { return update(.applyTimeRate) + handle(event) }
        // A sheet or an overlay covers the screen: clicks and the wheel go nowhere beneath it.
        // The App Store sheet's buttons take clicks.
        if case .storeKit(let session)? = sheet, overlay == nil, event.kind == .press {
            // Each button is hit where it was drawn: a mirrored sheet's own mirrored, QA's row not.
            let screen = Rect(x: 0, y: 0, width: width, height: height)
            let input = StoreKitSheet.input(atX: event.x, y: event.y, for: session, in: screen, audience: audience,
                                            direction: paywall.writingDirection, clearOf: boxesBeneath)
            return input.map { [.engine(.send(.storeKit($0)))] } ?? []
        }
        // Google Play's sheet takes clicks on its instruments and buttons, mirrored as the App Store's.
        if case .play(let session)? = sheet, overlay == nil, event.kind == .press {
            let screen = Rect(x: 0, y: 0, width: width, height: height)
            return PlaySheet.input(atX: event.x, y: event.y, for: session, in: screen, direction: paywall.writingDirection,
                                   clearOf: boxesBeneath).map { [.engine(.send(.play($0)))] } ?? []
        }
        guard sheet == nil, overlay == nil, prompt == nil else { return [] }
        if let open = choiceMenu {
            // The menu covers the panes: a click on an item chooses it, anywhere else closes it.
            guard event.kind == .press else { return [] }
            guard let index = open.menu.item(atX: event.x, y: event.y, on: Rect(x: 0, y: 0, width: width, height: height),
                                             clearOf: boxesBeneath)
            else {
                choiceMenu = nil
                return []
            }
            return update(open.choosing(index))
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
            focus = .paywall
            if index == paywall.selection { return buySelected() }
            updatePaywall(.select(index: index), .keepRow(index: index, line: event.y, area: paywallArea))
        case .callToAction?:
            // The call to action buys what Enter buys: the selected item.
            guard let plan = paywall.callToActionItem else { return [] }
            focus = .paywall
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
            focus = pane
            // In the Transactions pane a click selects a row, and a click on the selected row
            // opens its actions, as `m` does (a product: select, then buy).
            let area = layout.rect(of: .transactions)
            guard pane == .transactions, event.y > area.y, event.y < area.maxY - 1 else { return [] }
            let row = transactionsPane.scroll + (event.y - area.y - 1)
            guard snapshot.transactions.indices.contains(row) else { return [] }
            if row == transactionsPane.selection {
                openTransactionMenu()
            } else {
                transactionsPane.move(by: row - transactionsPane.selection, rowCount: snapshot.transactions.count,
                                      visibleRows: ListPane.visibleRows(in: area))
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
