import Catalog
import Foundation
import StoreEngine

/// The rows of the three live panes, from the summaries the engine hands up.
public enum PaneRows {
    public static func emptyText(_ pane: Pane) -> String {
        switch pane {
        case .transactions: return "No transactions yet."
        case .entitlements: return "Nothing owned yet."
        case .events: return "No events yet."
        case .paywall: return ""
        }
    }

    /// The widths of the product and state columns: at least 11 and 10, wider when a listed
    /// transaction needs it, so every column lines up and none is cut.
    public struct Columns: Sendable, Equatable {
        public var product = 11
        public var state = 10

        public init(product: Int = 11, state: Int = 10) {
            self.product = product
            self.state = state
        }

        public init(fitting transactions: [TransactionSummary]) {
            self.init()
            for transaction in transactions {
                product = max(product, DisplayWidth.of(PaneRows.productName(of: transaction)))
                state = max(state, DisplayWidth.of(transaction.displayState))
            }
        }
    }

    /// The last part of the SKU, as `Product.shortId` has it: from the id alone, so a frame
    /// costs no catalog lookup per row.
    static func productName(of transaction: TransactionSummary) -> String {
        transaction.productId.split(separator: ".").last.map(String.init) ?? transaction.productId
    }

    /// A transaction's row. The amount is what was charged, in the storefront's format:
    /// nothing reads as charged that was not. `narrow` drops the id so the state stays
    /// visible, and the amount too unless the row still fits `width` with it (a cut amount
    /// would misread; Enter opens the row in full).
    public static func transaction(_ transaction: TransactionSummary, catalog: Catalog, narrow: Bool,
                                   width: Int = .max, columns: Columns = Columns()) -> ListPane.Row {
        let product = productName(of: transaction)
        let mark = transaction.isFinished ? "✓" : "…"
        let role: Theme.Role
        switch transaction.state {
        case .purchased, .restored: role = transaction.revokedAt == nil ? .success : .muted
        case .failed: role = transaction.failure?.isError == false ? .muted : .error
        case .purchasing, .deferred: role = .warning
        }
        let state = transaction.displayState
        if narrow {
            // "pending", not "pending (Ask to Buy)": the state stays whole; Enter says why.
            let brief = transaction.pending == nil ? state : "pending"
            let short = "\(pad(product, 10)) \(brief) \(mark)"
            let charged = short + " " + transaction.chargeText(catalog: catalog)
            return ListPane.Row(DisplayWidth.of(charged) <= width ? charged : short, role)
        }
        return ListPane.Row("\(transaction.id) \(pad(product, columns.product)) \(pad(state, columns.state)) \(mark) "
                            + transaction.chargeText(catalog: catalog), role)
    }

    /// Balances first, then access levels and non-consumables.
    /// - Parameter toTheSecond: expiries to the second, when periods are shorter than a minute.
    public static func entitlements(_ snapshot: StoreSnapshot, clock: WallClock, toTheMinute: Bool = false,
                                    toTheSecond: Bool = false) -> [ListPane.Row] {
        let balances = snapshot.balances.sorted { $0.key < $1.key }.map {
            ListPane.Row("\($0.key): \($0.value)", .price)
        }
        let access = snapshot.entitlements.map { entitlement -> ListPane.Row in
            // The store it comes from, last: each store knows only its own purchases.
            let store = entitlement.storeNames.map { " · \($0)" } ?? ""
            if entitlement.isLifetime { return ListPane.Row("\(entitlement.id) owned\(store)", .success) }
            if let wait = entitlement.serverWait {
                let poll = wait.poll.map { " \($0)/\(wait.polls)" } ?? ""
                return ListPane.Row("\(entitlement.id) waiting for the server\(poll)\(store)", .warning)
            }
            let until = entitlement.expiresAt.map(toTheSecond ? clock.second : toTheMinute ? clock.minute : clock.day) ?? "?"
            // On Xee, where the server's last change came from.
            let source = (entitlement.source.map { " · \($0)" } ?? "") + store
            // What the subscription behind it is going through says more than the date, where
            // the app grants the level itself; on Xee (a source) the server's profile decides,
            // and it hears of the store's changes only by notification.
            switch entitlement.source == nil ? entitlement.subscription?.status : nil {
            case .inGracePeriod?:
                return ListPane.Row("\(entitlement.id) active in grace to \(until) · billing issue\(source)", .warning)
            case .inBillingRetryPeriod?:
                return ListPane.Row("\(entitlement.id) inactive · billing retry\(source)", .error)
            case .revoked?:
                return ListPane.Row("\(entitlement.id) refunded\(source)", .muted)
            default:
                break
            }
            // "renews" carries both willRenew and the date, in the room of "to".
            let term = entitlement.willRenew ? "active · renews \(until)" : "active to \(until)"
            return entitlement.isActive
                ? ListPane.Row("\(entitlement.id) \(term)\(source)", .success)
                : ListPane.Row("\(entitlement.id) expired \(until)\(source)", .muted)
        }
        return balances + access
    }

    public static func event(_ event: EventSummary, clock: WallClock) -> ListPane.Row {
        let role: Theme.Role
        switch event.kind.tone {
        case .failure: role = .error
        case .success: role = .success
        case .neutral: role = .text
        }
        // The transaction is named in the Transactions pane; here the message gets the room.
        return ListPane.Row("\(clock.time(event.time)) \(event.kind) \(event.message)", role)
    }

    private static func pad(_ text: String, _ width: Int) -> String {
        DisplayWidth.pad(text, to: width)
    }
}
