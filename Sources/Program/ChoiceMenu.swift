import Catalog
import StoreEngine
import TerminalUI

/// A menu over the screen whose items each send a message: the actions of the selected
/// transaction (`m`), or the promoted purchases the Xee SDK holds (`p`).
public struct ChoiceMenu: Sendable, Equatable {
    public internal(set) var menu: ActionMenu
    public let choices: [Message]
    /// The transaction whose actions these are (`m`); nil for another menu.
    public let transactionId: String?

    /// The actions of a transaction's menu, in order.
    public var actions: [TransactionAction] {
        choices.compactMap { choice in
            if case .act(let action, _) = choice { return action }
            return nil
        }
    }

    /// The actions that apply to the transaction now; nil when none does.
    init?(_ transaction: TransactionSummary) {
        guard !transaction.actions.isEmpty else { return nil }
        transactionId = transaction.id
        choices = transaction.actions.map { .act($0, transactionId: transaction.id) }
        menu = ActionMenu(title: "\(transaction.id) · \(transaction.displayState)", items: transaction.actions.map(\.title))
    }

    /// Buying each held promoted product; nil when none is held.
    init?(heldPromotions: [String], catalog: Catalog, locale: String) {
        guard !heldPromotions.isEmpty else { return nil }
        transactionId = nil
        choices = heldPromotions.map { .buyPromoted(productId: $0) }
        menu = ActionMenu(title: "Promoted purchases held", items: heldPromotions.map { id in
            "Buy " + (catalog.product(id: id).map { $0.name.resolved(for: locale) ?? $0.shortId } ?? id)
        })
    }

    /// The message choosing item `index` sends.
    func choosing(_ index: Int) -> Message {
        choices[index]
    }
}

extension App {
    /// Opens the actions of the transaction selected in the Transactions pane (the newest
    /// until another is selected), or says why there are none.
    mutating func openTransactionMenu() {
        let transactions = snapshot.transactions
        guard transactions.indices.contains(transactionsPane.selection) else {
            notice = StoreNotice(.info, "No transaction to act on yet.")
            return
        }
        let transaction = transactions[transactionsPane.selection]
        guard let menu = ChoiceMenu(transaction) else {
            notice = StoreNotice(.info, "Nothing to do with \(transaction.id), which is \(transaction.displayState): actions "
                                 + "apply to a pending Ask to Buy or interrupted purchase, and to a finished purchase.")
            return
        }
        choiceMenu = menu
    }

    /// `p`: the promoted purchases the Xee SDK's delegate held, to buy one now.
    mutating func openPromotionMenu() {
        guard let menu = ChoiceMenu(heldPromotions: heldPromotions, catalog: catalog, locale: paywall.storefront.locale)
        else {
            notice = StoreNotice(.info, "No promoted purchase is held: storefront promote SKU starts one, and the "
                                 + "delegate holds it when the scenario says xee promoted hold.")
            return
        }
        choiceMenu = menu
    }

    mutating func handleMenu(_ key: Key) -> [Effect] {
        guard var open = choiceMenu else { return [] }
        switch key {
        case .escape: choiceMenu = nil
        case .up, .character("k"), .backTab: open.menu.move(by: -1)
        case .down, .character("j"), .tab: open.menu.move(by: 1)
        case .enter: return update(open.choosing(open.menu.selection))
        case .character("q"): return update(.quit)
        default: break
        }
        if choiceMenu != nil { choiceMenu = open }
        return []
    }
}
