import Catalog
import StoreEngine
import TerminalUI

/// The menu over the panes, when one is open: the actions of a transaction (`m`), the promoted
/// purchases the Xee SDK holds (`p`), the Xee server's settings (`x`), or Google Play's (`g`).
/// Its own update opens, moves, refreshes and closes it; what an item does is a message for the
/// app (`Reply`).
public struct Menus: Sendable, Equatable {
    public private(set) var open: ChoiceMenu?

    public enum Action: Sendable, Equatable {
        /// `m`: the actions of the transaction selected in the Transactions pane (nil: none is).
        case openTransaction(TransactionSummary?)
        /// `p`: buying one of the promoted purchases held, named in the storefront's `locale`.
        case openPromotions(held: [String], catalog: ProductCatalog, locale: String)
        /// `x`: the Xee server's settings with their values now.
        case openXeeSettings(XeeServerSettings)
        case key(Key)
        /// A click on the menu's item `index`; nil: a click anywhere else, which closes it.
        case click(item: Int?)
        /// The engine reported its transactions: an open `m` menu follows its transaction.
        case transactionsReported([TransactionSummary])
        /// The engine reported the Xee server's settings: an open `x` menu shows them.
        case xeeServerReported(XeeServerSettings)
        // Google Play's country and voided purchases (issue 38).
        /// `g`: Google Play's side, the Play country as reported, stepping through `storefronts`.
        case openPlaySettings(country: String?, storefronts: [String])
        /// The engine reported the Play country: an open `g` menu shows it.
        case playCountryReported(String?)
        case close
    }

    public init() {}

    mutating func update(_ action: Action) -> Reply? {
        switch action {
        case .openTransaction(let transaction):
            guard let transaction else { return .say(StoreNotice(.info, "No transaction to act on yet.")) }
            guard let menu = ChoiceMenu(transaction) else {
                return .say(StoreNotice(.info, "Nothing to do with \(transaction.id), which is \(transaction.displayState): "
                                        + "actions apply to a pending Ask to Buy or interrupted purchase, and to a finished purchase."))
            }
            open = menu
        case .openPromotions(let held, let catalog, let locale):
            guard let menu = ChoiceMenu(heldPromotions: held, catalog: catalog, locale: locale) else {
                return .say(StoreNotice(.info, "No promoted purchase is held: storefront promote SKU starts one, and the "
                                        + "delegate holds it when the scenario says xee promoted hold."))
            }
            open = menu
        case .openXeeSettings(let settings):
            open = ChoiceMenu(xeeServer: settings)
        case .key(let key):
            return press(key)
        case .click(let item):
            guard let menu = open, let item else {
                open = nil
                return nil
            }
            return .send(menu.choosing(item))
        case .transactionsReported(let transactions):
            return follow(transactions)
        case .xeeServerReported(let settings):
            guard let menu = open, case .xeeServer(let shown) = menu.purpose, shown != settings else { return nil }
            open = ChoiceMenu(xeeServer: settings, selection: menu.menu.selection)
        case .openPlaySettings(let country, let storefronts):
            open = ChoiceMenu(playCountry: country, storefronts: storefronts)
        case .playCountryReported(let country):
            guard let menu = open, case .play(let shown, let storefronts) = menu.purpose, shown != country else { return nil }
            open = ChoiceMenu(playCountry: country, storefronts: storefronts, selection: menu.menu.selection)
        case .close:
            open = nil
        }
        return nil
    }

    /// The menu takes every key the keymap leaves it: the arrows (and `hjkl`) move and step, Enter
    /// chooses, Esc closes, `q` quits.
    private mutating func press(_ key: Key) -> Reply? {
        guard var menu = open else { return nil }
        switch key {
        case .escape:
            open = nil
            return nil
        case .up, .character("k"), .backTab: menu.menu.move(by: -1)
        case .down, .character("j"), .tab: menu.menu.move(by: 1)
        case .left, .character("h"), .right, .character("l"):
            let step = key == .left || key == .character("h") ? -1 : 1
            return menu.stepping(menu.menu.selection, by: step).map(Reply.send)
        case .enter: return .send(menu.choosing(menu.menu.selection))
        case .character("q"): return .send(.quit)
        default: break
        }
        open = menu
        return nil
    }

    /// An open `m` menu is about its transaction as it is now. A renewal is the same
    /// subscription, so the menu of a purchase renewed while it was open becomes the renewal's
    /// (the Transactions pane's newest row moved to it too), and a menu whose actions changed
    /// (auto-renew turned off, a refund) shows the new ones; either way its title says what
    /// changed, and the selection stays on the same action where it still applies. A menu left
    /// with nothing to do closes and says why.
    private mutating func follow(_ transactions: [TransactionSummary]) -> Reply? {
        guard let menu = open, case .transaction(let id) = menu.purpose,
              let shown = transactions.first(where: { $0.id == id }) else { return nil }
        let original = shown.originalTransactionId ?? shown.id
        let current = shown.subscription == nil
            ? transactions.first { $0.subscription?.originalTransactionId == original && $0.subscription?.isLive == true }
                ?? shown
            : shown
        guard current.id != id || current.actions != menu.actions else { return nil }
        let selected = menu.actions.indices.contains(menu.menu.selection) ? menu.actions[menu.menu.selection] : nil
        let change = current.id != id ? "renewed from \(id)" : "changed"
        guard let followed = ChoiceMenu(current, change: change, selecting: selected) else {
            open = nil
            return .say(StoreNotice(.info, "\(id) changed while its menu was open: it is \(current.displayState) now, "
                                    + "and no action applies to it."))
        }
        open = followed
        return nil
    }
}
