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
    init?(heldPromotions: [String], catalog: ProductCatalog, locale: String) {
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
