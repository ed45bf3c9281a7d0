import Catalog
import StoreEngine
import TerminalUI

/// A menu over the screen whose items each send a message: the actions of the selected
/// transaction (`m`), the promoted purchases the Xee SDK holds (`p`), or the Xee server's
/// settings QA switches (`x`).
public struct ChoiceMenu: Sendable, Equatable {
    /// What the menu is about, which decides what its items send.
    public enum Purpose: Sendable, Equatable {
        /// The actions of this transaction.
        case transaction(id: String)
        case promotions
        /// These settings, each item one of them (`XeeSettingsMenu`).
        case xeeServer(XeeServerSettings)
    }

    public internal(set) var menu: ActionMenu
    public let purpose: Purpose
    let choices: [Message]

    /// The transaction whose actions these are (`m`); nil for another menu.
    public var transactionId: String? {
        if case .transaction(let id) = purpose { return id }
        return nil
    }

    /// The actions of a transaction's menu, in order.
    public var actions: [TransactionAction] {
        choices.compactMap { choice in
            if case .act(let action, _) = choice { return action }
            return nil
        }
    }

    /// The actions that apply to the transaction now; nil when none does. `change` says in the
    /// title what changed since the menu opened (`renewed from txn-000009`).
    init?(_ transaction: TransactionSummary, change: String? = nil, selecting selected: TransactionAction? = nil) {
        guard !transaction.actions.isEmpty else { return nil }
        purpose = .transaction(id: transaction.id)
        choices = transaction.actions.map { .act($0, transactionId: transaction.id) }
        menu = ActionMenu(title: "\(transaction.id) · \(transaction.displayState)" + (change.map { " · \($0)" } ?? ""),
                          items: transaction.actions.map { $0.title(on: transaction.path) },
                          selection: selected.flatMap(transaction.actions.firstIndex(of:)) ?? 0)
    }

    /// Buying each held promoted product; nil when none is held.
    init?(heldPromotions: [String], catalog: Catalog, locale: String) {
        guard !heldPromotions.isEmpty else { return nil }
        purpose = .promotions
        choices = heldPromotions.map { .buyPromoted(productId: $0) }
        menu = ActionMenu(title: "Promoted purchases held", items: heldPromotions.map { id in
            "Buy " + (catalog.product(id: id).map { $0.name.resolved(for: locale) ?? $0.shortId } ?? id)
        })
    }

    /// The Xee server's settings with their values now, the item at `selection` selected.
    init(xeeServer settings: XeeServerSettings, selection: Int = 0) {
        purpose = .xeeServer(settings)
        choices = XeeSettingsMenu.Item.allCases.map { .configureXee($0.stepped(settings, by: 1)) }
        menu = ActionMenu(title: XeeSettingsMenu.title, items: XeeSettingsMenu.lines(for: settings),
                          selection: selection, footer: XeeSettingsMenu.footer)
    }

    /// The message choosing item `index` sends.
    func choosing(_ index: Int) -> Message {
        choices[index]
    }

    /// The message `←` or `→` on item `index` sends (`step` -1 or 1): the setting's previous
    /// or next value; nil in a menu whose items have no values.
    func stepping(_ index: Int, by step: Int) -> Message? {
        guard case .xeeServer(let settings) = purpose, XeeSettingsMenu.Item.allCases.indices.contains(index) else { return nil }
        return .configureXee(XeeSettingsMenu.Item.allCases[index].stepped(settings, by: step))
    }
}

extension App {
    /// Opens the actions of the transaction selected in the Transactions pane (the newest
    /// until another is selected), or says why there are none.
    mutating func openTransactionMenu() {
        let transactions = snapshot.transactions
        guard transactions.indices.contains(transactionsPane.selection) else {
            say(StoreNotice(.info, "No transaction to act on yet."))
            return
        }
        let transaction = transactions[transactionsPane.selection]
        guard let menu = ChoiceMenu(transaction) else {
            say(StoreNotice(.info, "Nothing to do with \(transaction.id), which is \(transaction.displayState): actions "
                                 + "apply to a pending Ask to Buy or interrupted purchase, and to a finished purchase."))
            return
        }
        choiceMenu = menu
    }

    /// `p`: the promoted purchases the Xee SDK's delegate held, to buy one now.
    mutating func openPromotionMenu() {
        guard let menu = ChoiceMenu(heldPromotions: heldPromotions, catalog: catalog, locale: paywall.storefront.locale)
        else {
            say(StoreNotice(.info, "No promoted purchase is held: storefront promote SKU starts one, and the "
                                 + "delegate holds it when the scenario says xee promoted hold."))
            return
        }
        choiceMenu = menu
    }

    /// `x`: the Xee server's In-App Purchase key, Apple's answer and the promoted-purchase answer,
    /// with their values now, to switch from inside the app as a scenario's `xee` lines do.
    mutating func openXeeSettingsMenu() {
        choiceMenu = ChoiceMenu(xeeServer: xeeServer)
    }

    /// The engine reported: an open `m` menu is about its transaction as it is now. A renewal is
    /// the same subscription, so the menu of a purchase renewed while it was open becomes the
    /// renewal's (the Transactions pane's newest row moved to it too), and a menu whose actions
    /// changed (auto-renew turned off, a refund) shows the new ones; either way its title says
    /// what changed, and the selection stays on the same action where it still applies. A
    /// menu left with nothing to do closes and says why.
    mutating func refreshTransactionMenu() {
        guard let open = choiceMenu, case .transaction(let id) = open.purpose,
              let shown = snapshot.transactions.first(where: { $0.id == id }) else { return }
        let original = shown.originalTransactionId ?? shown.id
        let current = shown.subscription == nil
            ? snapshot.transactions.first { $0.subscription?.originalTransactionId == original && $0.subscription?.isLive == true }
                ?? shown
            : shown
        guard current.id != id || current.actions != open.actions else { return }
        let selected = open.actions.indices.contains(open.menu.selection) ? open.actions[open.menu.selection] : nil
        let change = current.id != id ? "renewed from \(id)" : "changed"
        guard let menu = ChoiceMenu(current, change: change, selecting: selected) else {
            choiceMenu = nil
            say(StoreNotice(.info, "\(id) changed while its menu was open: it is \(current.displayState) now, "
                                 + "and no action applies to it."))
            return
        }
        choiceMenu = menu
    }

    /// The engine reported its Xee settings: an open `x` menu shows them, on the same item.
    mutating func refreshXeeSettingsMenu() {
        guard let open = choiceMenu, case .xeeServer(let shown) = open.purpose, shown != xeeServer else { return }
        choiceMenu = ChoiceMenu(xeeServer: xeeServer, selection: open.menu.selection)
    }

    mutating func handleMenu(_ key: Key) -> [Effect] {
        guard var open = choiceMenu else { return [] }
        switch key {
        case .escape: choiceMenu = nil
        case .up, .character("k"), .backTab: open.menu.move(by: -1)
        case .down, .character("j"), .tab: open.menu.move(by: 1)
        case .left, .character("h"), .right, .character("l"):
            let step = key == .left || key == .character("h") ? -1 : 1
            if let message = open.stepping(open.menu.selection, by: step) { return update(message) }
        case .enter: return update(open.choosing(open.menu.selection))
        case .character("q"): return update(.quit)
        default: break
        }
        if choiceMenu != nil { choiceMenu = open }
        return []
    }
}
