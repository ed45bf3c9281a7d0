import StoreEngine
import TerminalUI

/// `m` on a transaction: the actions that apply to it now, as a menu over the screen.
public struct TransactionMenu: Sendable, Equatable {
    public let transactionId: String
    public let actions: [TransactionAction]
    public internal(set) var menu: ActionMenu

    /// Nil when nothing applies to the transaction.
    init?(_ transaction: TransactionSummary) {
        guard !transaction.actions.isEmpty else { return nil }
        transactionId = transaction.id
        actions = transaction.actions
        menu = ActionMenu(title: "\(transaction.id) · \(transaction.displayState)", items: actions.map(\.title))
    }

    /// The message choosing item `index` sends.
    func choosing(_ index: Int) -> Message {
        .act(actions[index], transactionId: transactionId)
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
        guard let menu = TransactionMenu(transaction) else {
            notice = StoreNotice(.info, "Nothing to do with \(transaction.id) (\(transaction.displayState)): actions "
                                 + "apply to a pending Ask to Buy or interrupted purchase, and to a finished purchase.")
            return
        }
        transactionMenu = menu
    }

    mutating func handleMenu(_ key: Key) -> [Effect] {
        guard var open = transactionMenu else { return [] }
        switch key {
        case .escape: transactionMenu = nil
        case .up, .character("k"), .backTab: open.menu.move(by: -1)
        case .down, .character("j"), .tab: open.menu.move(by: 1)
        case .enter: return update(open.choosing(open.menu.selection))
        case .character("q"): return update(.quit)
        default: break
        }
        if transactionMenu != nil { transactionMenu = open }
        return []
    }
}
