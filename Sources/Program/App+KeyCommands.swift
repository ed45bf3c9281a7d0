import Catalog
import Foundation
import StoreEngine
import TerminalUI

// What each key of the keymap asks for (`Message.command`); which key sends which is `Keymap`'s.
extension App {
    /// Carries out what a key of the keymap asks for.
    mutating func obey(_ command: KeyCommand) -> [Effect] {
        switch command {
        case .showKeys:
            overlay = Overlay(.keys, HelpOverlay.overlay(listing: Keymap.help))
        case .showMessages:
            overlay = Overlay(.messages, noticeLine.log.overlay(clock: WallClock(timeZone: timeZone), now: now))
        case .closeOverlay:
            overlay = nil
        case .scrollOverlay(let step):
            let boxes = boxesBeneath
            overlay?.text.scroll(by: step, on: Rect(x: 0, y: 0, width: width, height: height), clearOf: boxes)
        case .dismissNotice:
            noticeLine.clear()
        case .stepPane(let step):
            moveFocus(to: nextFocus(after: focus, by: step))
        case .stepStorefront(let step):
            let count = catalog.storefronts.count
            return handle(.showStorefront(index: (paywall.storefrontIndex + count + step) % count))
        case .stepTheme(let step):
            themes.step(by: step)
            announceTheme()
        case .nextPath:
            let all = IntegrationPath.allCases
            return handle(.choosePath(all[((all.firstIndex(of: paywall.path) ?? 0) + 1) % all.count]))
        case .previewNextVariant:
            guard let paywall = paywall.paywall, !paywall.variants.isEmpty else { return [] }
            updatePaywall(.previewNextVariant)
            announceVariant()
        case .cycleEligibility:
            updatePaywall(.cycleEligibility)
            announceEligibility()
        case .previewNextPlayer:
            previewNextPlayer()
        case .toggleWebhookMode:
            return [.engine(.toggleWebhookMode)]
        case .nextDevice:
            device = device.next
            say(StoreNotice(.info, device.frameWidth.map { "Device: \(device.rawValue), \($0) columns wide." }
                ?? "Device: full width."))
        case .openPrompt:
            noticeLine.clear()
            _ = picker.update(.open)
        case .transactionActions:
            return openTransactionMenu()
        case .xeeSettings:
            return follow(menus.update(.openXeeSettings(xeeServer)))
        case .offerCodeSheet:
            return [.engine(.presentOfferCodeSheet(storefrontId: paywall.storefront.id, path: paywall.path))]
        case .playSettings:
            return follow(menus.update(.openPlaySettings(country: playCountry, storefronts: catalog.storefronts.map(\.id))))
        case .heldPromotions:
            return follow(menus.update(.openPromotions(held: heldPromotions, catalog: catalog,
                                                       locale: paywall.storefront.locale)))
        case .filterEventsByKind:
            // Without the Events pane on screen its filters have nothing to filter.
            guard showsEvents else { return [] }
            _ = panes.update(.filterByKind(visibleRows: ListPane.visibleRows(in: layout.events)))
            say(StoreNotice(.info, events.kind.map { "Events: \($0.rawValue) only (F for every kind)." }
                                 ?? "Events: every kind."))
        case .filterEventsByCategory:
            guard showsEvents else { return [] }
            _ = panes.update(.filterByCategory(visibleRows: ListPane.visibleRows(in: layout.events)))
            say(StoreNotice(.info, events.category.map { "Events: \($0.rawValue) events only (f for the next)." }
                                 ?? "Events: all of them."))
        case .resendNotification, .advanceToNotificationRetry:
            return serverKey(command)
        case .stepTimeRate(let step):
            let effects = time.update(.stepRate(by: step))
            say(StoreNotice(.info, "Time: \(time.shownTimeRate.description)."))
            return effects
        case .count(let digit):
            _ = time.update(.count(digit))
            say(StoreNotice(.info, "+ moves the calendar \(English.count(time.advanceCount ?? 0, "day")) on."))
        case .advanceCalendar:
            return time.update(.advanceCalendar)
        case .advanceToNextDue:
            return [.engine(.advanceToNextDue)]
        case .move(let step):
            scroll(focus, by: step)
            return step > 0 ? olderEventsIfNeeded() : []
        case .moveVertically(let step):
            updatePaywall(.moveVertically(by: step, area: layout.paywall))
        case .buySelected:
            // After a products request gave up, Enter asks again, here, on this path.
            if case .failed = paywall.productsRequest { return handle(.productsIfNeeded) }
            return buySelected()
        case .openRow:
            overlay = focus == .server ? serverDetails() : details(of: focus).map { Overlay(.row, $0) }
        case .openProduct:
            overlay = PaywallView.inFull(paywall).map { Overlay(.row, $0) }
        case .suspend:
            return [.suspend]
        case .captureScreen:
            return [.captureScreen]
        }
        return []
    }

    /// `m`, or a click on the selected transaction: the actions of the transaction selected in
    /// the Transactions pane (the newest until another is selected).
    mutating func openTransactionMenu() -> [Effect] {
        let transactions = snapshot.transactions
        let selected = transactions.indices.contains(transactionsPane.selection) ? transactions[transactionsPane.selection] : nil
        return follow(menus.update(.openTransaction(selected)))
    }
}

extension App {
    /// `R` and `N`: on the notification whose details are open, else on the Server pane's
    /// selected one; elsewhere a line saying where they work.
    mutating func serverKey(_ command: KeyCommand) -> [Effect] {
        let notifications = snapshot.notifications
        let id: Int64
        if let open = overlay?.notificationID {
            id = open
        } else if focus == .server, notifications.indices.contains(serverPane.selection) {
            id = notifications[serverPane.selection].id
        } else {
            say(StoreNotice(.info, focus == .server ? "No notification to act on yet."
                                                    : "R and N act on the Server pane's selected notification: Tab to it."))
            return []
        }
        return [.engine(command == .resendNotification ? .resendNotification(id: id) : .advanceToNextAttempt(ofNotification: id))]
    }
}
