import StoreEngine

/// The columns of the Transactions pane: id, SKU, state, mark, charge. Sized once per report
/// from what is listed, so every row lines up, then fitted to the pane's width on each draw.
/// The charge is the last thing to go, and never goes: a paid row without its amount reads as
/// a cancelled one. When a row is too wide, the state shortens first (`pending`, not
/// `pending (Ask to Buy)`), then the SKU is cut, then the id goes (Enter shows every field).
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
        public var showsId: Bool
        public var product: Int
        public var state: Int
        /// States in their short form (`pending`).
        public var shortStates: Bool

        /// Every column at the width it wants: for a row with no pane width to fit, the default of
        /// `PaneRows.transaction` (tests; `history` writes its own lines).
        public static let wide = TransactionColumns().fitted(to: .max)
    }

    static let idWidth = 10
    /// Where there is room, the SKU and state columns are at least this wide, so a short list
    /// looks like a long one.
    static let paddedProduct = 11
    static let paddedState = 10
    /// A SKU cut below this no longer says which product it was; the id goes first.
    static let shortestProduct = 6
    /// A state cut below this says nothing; below it the SKU shrinks further.
    static let shortestState = 4

    public func fitted(to width: Int) -> Fit {
        let shortest = min(product, Self.shortestProduct)
        for showsId in [true, false] {
            // What the SKU and the state share, after the charge, the mark and the separators.
            let room = width - charge - 4 - (showsId ? Self.idWidth + 1 : 0)
            if room >= product + state {
                // What is left pads the SKU, then the state.
                let padded = max(product, min(Self.paddedProduct, room - state))
                return Fit(showsId: showsId, product: padded, state: max(state, min(Self.paddedState, room - padded)),
                           shortStates: false)
            }
            if room - shortState >= shortest {
                return Fit(showsId: showsId, product: min(product, room - shortState), state: shortState, shortStates: true)
            }
        }
        // Narrower still: the state cut too, and last the SKU below its shortest.
        let room = width - charge - 4
        let state = min(shortState, max(Self.shortestState, room - shortest))
        return Fit(showsId: false, product: max(1, min(shortest, room - state)), state: state, shortStates: true)
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
}
