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
        // Google Play's country and voided purchases (issue 38).
        /// Google Play's side (`PlaySettingsMenu`): the country shown, the catalog's storefronts.
        case play(country: String?, storefronts: [String])
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
        let shows = Self.views(of: transaction)
        guard !transaction.actions.isEmpty || !shows.isEmpty else { return nil }
        purpose = .transaction(id: transaction.id)
        choices = transaction.actions.map { .act($0, transactionId: transaction.id) } + shows.map(\.message)
        menu = ActionMenu(title: "\(transaction.id) · \(transaction.displayState)" + (change.map { " · \($0)" } ?? ""),
                          items: transaction.actions.map { $0.title(on: transaction.path) } + shows.map(\.title),
                          selection: selected.flatMap(transaction.actions.firstIndex(of:)) ?? 0)
    }

    // Google Play's voided purchases (issue 38): what the transaction's store shows of it, after its actions.
    /// A Google Play purchase, voided or not, is one of those `voidedpurchases.list` may list.
    private static func views(of transaction: TransactionSummary) -> [(title: String, message: Message)] {
        guard transaction.path == .play, transaction.state == .purchased else { return [] }
        return [("Voided purchases (voidedpurchases.list)…", .answerPlay(.listVoidedPurchases))]
    }

    /// Google Play's side with the country `country` (a storefront id; nil: the storefront on
    /// screen), which steps through `storefronts`; the item at `selection` selected.
    init(playCountry country: String?, storefronts: [String], selection: Int = 0) {
        purpose = .play(country: country, storefronts: storefronts)
        choices = PlaySettingsMenu.Item.allCases.compactMap {
            PlaySettingsMenu.message(for: $0, country: country, storefronts: storefronts)
        }
        menu = ActionMenu(title: PlaySettingsMenu.title, items: PlaySettingsMenu.lines(country: country),
                          selection: selection, footer: PlaySettingsMenu.footer)
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
        if case .play(let country, let storefronts) = purpose, PlaySettingsMenu.Item.allCases.indices.contains(index) {
            return PlaySettingsMenu.message(for: PlaySettingsMenu.Item.allCases[index], country: country,
                                            storefronts: storefronts, step: step)
        }
        guard case .xeeServer(let settings) = purpose, XeeSettingsMenu.Item.allCases.indices.contains(index) else { return nil }
        return .configureXee(XeeSettingsMenu.Item.allCases[index].stepped(settings, by: step))
    }
}
