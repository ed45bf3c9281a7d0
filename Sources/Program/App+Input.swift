import Catalog
import Foundation
import StoreEngine
import TerminalUI

// Keys and the mouse, routed to whatever is on top: help, then a sheet, then the focused part.
extension App {
    mutating func handle(_ key: Key) -> [Effect] {
        // Any other key applies the rate `]` and `[` stepped to first, so what it does happens
        // at the rate on screen (the engine takes the calls in order).
        if pendingTimeRate != nil, key != .character("]"), key != .character("[") {
            return update(.applyTimeRate) + handle(key)
        }
        switch key {
        case .interrupt: return update(.quit)
        case .suspend: return [.suspend]
        default: break
        }
        if overlay != nil {
            switch key {
            case .escape, .enter, .character("?"): overlay = nil
            case .character(Character(NoticeLog.key)) where showsMessages: overlay = nil
            case .up, .character("k"): overlay?.scroll(by: -1, on: Rect(x: 0, y: 0, width: width, height: height))
            case .down, .character("j"): overlay?.scroll(by: 1, on: Rect(x: 0, y: 0, width: width, height: height))
            case .character("q"): return update(.quit)
            default: break
            }
            return []
        }
        if let sheet { return handle(key, on: sheet) }
        if choiceMenu != nil { return handleMenu(key) }
        if prompt != nil { return handlePrompt(key) }
        // A count is for the `+` right after it.
        if !Self.continuesCount(key) { advanceCount = nil }
        switch key {
        case .character("q"):
            return update(.quit)
        case .character("?"):
            overlay = HelpOverlay.overlay
        case .character(Character(NoticeLog.key)):
            overlay = noticeLog.overlay(clock: WallClock(timeZone: timeZone), now: now)
        case .escape:
            notice = nil
        case .tab:
            focus = nextFocus(after: focus, by: 1)
        case .backTab:
            focus = nextFocus(after: focus, by: -1)
        case .character("s"), .character("S"):
            let count = catalog.storefronts.count
            let step = key == .character("s") ? 1 : count - 1
            return showStorefront((paywall.storefrontIndex + step) % count)
        case .character("i"):
            let all = IntegrationPath.allCases
            return choose(all[((all.firstIndex(of: paywall.path) ?? 0) + 1) % all.count])
        case .character("v"):
            guard let paywall = paywall.paywall, !paywall.variants.isEmpty else { return [] }
            updatePaywall(.previewNextVariant)
            announceVariant()
        case .character(":"):
            notice = nil
            prompt = CommandPrompt()
        case .character("P"):
            previewNextPlayer()
        case .character("e"):
            updatePaywall(.cycleEligibility)
            announceEligibility()
        case .character("t"), .character("T"):
            let step = key == .character("t") ? 1 : themes.count - 1
            themeIndex = (themeIndex + step) % themes.count
            announceTheme()
        case .character("d"):
            device = device.next
            notice = StoreNotice(.info, device.frameWidth.map { "Device: \(device.rawValue), \($0) columns wide." }
                ?? "Device: full width.")
        case .character("r"):
            return update(.restore)
        case .character("m"):
            openTransactionMenu()
        case .character("x"):
            openXeeSettingsMenu()
        case .character("p"):
            openPromotionMenu()
        case .character("F") where !showsEvents, .character("f") where !showsEvents:
            // The Events pane is not on screen: its filters have nothing to filter.
            return []
        case .character("F"):
            // The selected event's kind only, or every kind again.
            let events = visibleEvents
            if eventKindFilter != nil {
                eventKindFilter = nil
            } else if events.indices.contains(eventsPane.selection) {
                eventKindFilter = events[eventsPane.selection].kind
            }
            scrollEventsToTop()
            notice = StoreNotice(.info, eventKindFilter.map { "Events: \($0.rawValue) only (F for every kind)." }
                                 ?? "Events: every kind.")
        case .character("f"):
            let all = [nil] + EventKind.Category.allCases.map(Optional.some)
            eventFilter = all[((all.firstIndex(of: eventFilter) ?? 0) + 1) % all.count]
            scrollEventsToTop()
            notice = StoreNotice(.info, eventFilter.map { "Events: \($0.rawValue) events only (f for the next)." }
                                 ?? "Events: all of them.")
        case .character("]"), .character("["):
            // Stepped here at once, so every press takes a step whatever the engine answers
            // meanwhile; applied once the keys settle, so the rates passed through on the way
            // never run (nor end a subscription at the sandbox's limit), and one `clock.rate` is logged.
            let stepped = shownTimeRate.stepped(by: key == .character("]") ? 1 : -1)
            pendingTimeRate = stepped
            notice = StoreNotice(.info, "Time: \(stepped.description).")
            return [.deliverWhenQuiet(.applyTimeRate, wallSeconds: Self.rateKeysSettle)]
        case .character("+"):
            // `7+`: a count typed first is how many days.
            let days = max(1, advanceCount ?? 1)
            advanceCount = nil
            return [.engine(.advanceCalendar(by: Double(days) * 86_400))]
        case .character(let digit) where digit.isASCII && digit.isNumber:
            advanceCount = min(9_999, (advanceCount ?? 0) * 10 + (digit.wholeNumberValue ?? 0))
            notice = StoreNotice(.info, "+ moves the calendar \(English.count(advanceCount ?? 0, "day")) on.")
            return []
        case .character(">"):
            return [.engine(.advanceToNextDue)]
        case .up where focus == .paywall, .character("k") where focus == .paywall:
            updatePaywall(.moveVertically(by: -1, area: layout.paywall))
        case .down where focus == .paywall, .character("j") where focus == .paywall:
            updatePaywall(.moveVertically(by: 1, area: layout.paywall))
        case .left where isMirroredPaywall, .character("h") where isMirroredPaywall:
            // Right to left, the next plan is the one to the left.
            scroll(focus, by: 1)
        case .right where isMirroredPaywall, .character("l") where isMirroredPaywall:
            scroll(focus, by: -1)
        case .up, .left, .character("k"), .character("h"):
            scroll(focus, by: -1)
        case .down, .right, .character("j"), .character("l"):
            scroll(focus, by: 1)
            return olderEventsIfNeeded()
        case .enter:
            guard focus == .paywall else {
                overlay = details(of: focus)
                return []
            }
            // After a products request gave up, Enter asks again, here, on this path.
            if case .failed = paywall.productsRequest { return requestProductsIfNeeded() }
            return buySelected()
        default:
            break
        }
        return []
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

    /// A sheet takes every key; what they mean is the path's business, decided in the engine.
    /// Except `q` after a failed call, which quits: the notice says so.
    private mutating func handle(_ key: Key, on sheet: PurchaseSheet) -> [Effect] {
        if lastCallFailed, key == .character("q") { return update(.quit) }
        // The clock moves on under a sheet too: a countdown or a payment being processed waits
        // on it, and the page names this key while the clock is paused.
        if key == .character(">") { return [.engine(.advanceToNextDue)] }
        switch sheet {
        case .payStation:
            return PayStationSheet.input(for: key).map { [.engine(.send(.payStation($0)))] } ?? []
        case .storeKit(let session):
            return StoreKitSheet.input(for: key, on: session, audience: audience)
                .map { [.engine(.send(.storeKit($0)))] } ?? []
        }
    }

    /// A filter changed the Events pane's rows: the selection back on the newest.
    private mutating func scrollEventsToTop() {
        eventsPane.move(by: -rowCount(of: .events), rowCount: rowCount(of: .events),
                        visibleRows: ListPane.visibleRows(in: layout.events))
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
            // A mirrored sheet is hit where it was drawn, as the paywall is.
            let screen = Rect(x: 0, y: 0, width: width, height: height)
            let x = paywall.writingDirection == .rightToLeft ? screen.mirroredColumn(event.x) : event.x
            let input = StoreKitSheet.input(atX: x, y: event.y, for: session, in: screen, audience: audience)
            return input.map { [.engine(.send(.storeKit($0)))] } ?? []
        }
        guard sheet == nil, overlay == nil, prompt == nil else { return [] }
        if let open = choiceMenu {
            // The menu covers the panes: a click on an item chooses it, anywhere else closes it.
            guard event.kind == .press else { return [] }
            guard let index = open.menu.item(atX: event.x, y: event.y, on: Rect(x: 0, y: 0, width: width, height: height))
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
            updatePaywall(.select(index: index))
        case .callToAction?:
            // The call to action buys what Enter buys: the selected item.
            guard let plan = paywall.callToActionItem else { return [] }
            focus = .paywall
            updatePaywall(.select(index: plan))
            return buySelected()
        case .restore?:
            return update(.restore)
        case .terms?:
            overlay = TextOverlay(title: PaywallView.text(of: paywall)[.terms],
                                  entries: [TextOverlay.Entry("", paywall.termsURL ?? "")])
        case .privacy?:
            overlay = TextOverlay(title: PaywallView.text(of: paywall)[.privacy],
                                  entries: [TextOverlay.Entry("", paywall.privacyURL ?? "")])
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
}

extension App {
    /// The paywall has the keys and is drawn right to left, so `←` and `→` swap.
    var isMirroredPaywall: Bool { focus == .paywall && paywall.writingDirection == .rightToLeft }
}
