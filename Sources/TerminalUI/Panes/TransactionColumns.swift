import StoreEngine

/// The columns of the Transactions pane: id, SKU, state, mark, charge. Sized once per report
/// from what is listed, so every row lines up, then fitted to the pane's width on each draw.
///
/// The id and the charge always stay: the id names the row `m` and Enter act on (ten rows of
/// `gems_100 failed` cannot be told apart without it), and a paid row without its amount reads
/// as a cancelled one. When a row is too wide the others give way in this order, each only
/// once the one before has nothing more to give:
/// 1. the SKU is cut, down to six cells (`gems_…`);
/// 2. the state takes its short form (`pending`, not `pending (Ask to Buy)`), and the SKU gets
///    back what that frees;
/// 3. the SKU is cut to two cells (`g…`);
/// 4. the state is cut, down to four cells (`pur…`);
/// 5. the SKU column goes, then the state column;
/// 6. the id drops its `txn-` prefix and keeps its number (`000042`).
/// Enter shows every field in full.
public struct TransactionColumns: Sendable, Equatable {
    /// The widest SKU, state, state once shortened, and charge (`R$ 199,90 refunded`) listed.
    public var product = 0
    public var state = 0
    public var shortState = 0
    public var charge = 0

    public init() {}

    public init(fitting transactions: [TransactionSummary]) {
        for transaction in transactions {
            product = max(product, DisplayWidth.of(Self.productName(of: transaction)))
            state = max(state, DisplayWidth.of(transaction.displayState))
            shortState = max(shortState, DisplayWidth.of(Self.shortState(of: transaction)))
            charge = max(charge, DisplayWidth.of(transaction.chargeText))
        }
    }

    /// How the columns share a row of `width` cells.
    public struct Fit: Sendable, Equatable {
        /// The id whole (`txn-000042`), or only its number (`000042`) on the narrowest rows.
        public var wholeIds: Bool
        /// The SKU's cells; 0 leaves the column out.
        public var product: Int
        /// The state's cells; 0 leaves the column out.
        public var state: Int
        /// States in their short form (`pending`).
        public var shortStates: Bool

        /// Every column at the width it wants: for a row with no pane width to fit, the default of
        /// `PaneRows.transaction` (tests; `history` writes its own lines).
        public static let wide = TransactionColumns().fitted(to: .max)
    }

    static let idWidth = 10
    /// The id without its `txn-` prefix.
    static let numberWidth = 6
    /// Where there is room, the SKU and state columns are at least this wide, so a short list
    /// looks like a long one.
    static let paddedProduct = 11
    static let paddedState = 10
    /// A SKU cut below this no longer says which product it was: the state shortens first.
    static let shortestProduct = 6
    /// The SKU's first letter and `…`: the last the SKU keeps before its column goes.
    static let letterProduct = 2
    /// A state cut below this says nothing: the SKU column goes first.
    static let shortestState = 4

    public func fitted(to width: Int) -> Fit {
        // What the SKU and the state share with the id and every separator taken out: the id, the
        // mark and the charge are on every row.
        let shared = width - Self.idWidth - 1 - charge - 2
        // Both columns, each with its separator.
        let both = shared - 2
        // 0. Everything whole; what is left pads the SKU, then the state.
        if both >= product + state {
            let padded = max(product, min(Self.paddedProduct, both - state))
            return Fit(wholeIds: true, product: padded, state: max(state, min(Self.paddedState, both - padded)),
                       shortStates: false)
        }
        // 1. The SKU cut, the state whole.
        if both - state >= min(product, Self.shortestProduct) {
            return Fit(wholeIds: true, product: both - state, state: state, shortStates: false)
        }
        // 2. The state short, the SKU given what is left, up to all of it.
        if both - shortState >= min(product, Self.shortestProduct) {
            return Fit(wholeIds: true, product: min(product, both - shortState), state: shortState, shortStates: true)
        }
        // 3. The SKU down to its first letter.
        if both - shortState >= min(product, Self.letterProduct) {
            return Fit(wholeIds: true, product: both - shortState, state: shortState, shortStates: true)
        }
        // 4. The state cut, the SKU at its letter.
        let letter = min(product, Self.letterProduct)
        if both - letter >= min(shortState, Self.shortestState) {
            return Fit(wholeIds: true, product: letter, state: min(shortState, both - letter), shortStates: true)
        }
        // 5. The SKU column goes (and its separator), then the state column.
        let stateOnly = shared - 1
        if stateOnly >= min(shortState, Self.shortestState) {
            return Fit(wholeIds: true, product: 0, state: min(shortState, stateOnly), shortStates: true)
        }
        if shared >= 0 { return Fit(wholeIds: true, product: 0, state: 0, shortStates: true) }
        // 6. The id keeps its number; the state comes back if that frees room for it.
        let number = shared + Self.idWidth - Self.numberWidth
        let state = number - 1 >= min(shortState, Self.shortestState) ? min(shortState, number - 1) : 0
        return Fit(wholeIds: false, product: 0, state: state, shortStates: true)
    }

    /// The last part of the SKU, as `Product.shortId` has it: from the id alone, so a frame
    /// costs no catalog lookup per row.
    static func productName(of transaction: TransactionSummary) -> String {
        transaction.productId.split(separator: ".").last.map(String.init) ?? transaction.productId
    }

    /// The state in a word: why a transaction waits is in its details (Enter).
    static func shortState(of transaction: TransactionSummary) -> String {
        transaction.pending == nil ? transaction.displayState : "pending"
    }

    /// The id as a row of `fit` shows it: whole, or its number without `txn-`.
    static func id(of transaction: TransactionSummary, in fit: Fit) -> String {
        guard !fit.wholeIds, transaction.id.hasPrefix("txn-") else { return transaction.id }
        return String(transaction.id.dropFirst(4))
    }
}
