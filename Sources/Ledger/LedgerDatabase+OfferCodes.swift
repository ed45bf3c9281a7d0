import Foundation

// A code a purchase was redeemed with (an App Store offer code, a Google Play promo code): kept
// as an entry of the transaction's history, written in the commit that opens the purchase, as a
// prorated refund is kept. A code is used while a purchase redeemed with it has not failed: a
// purchase cancelled on the store's sheet gives its code back, in the commit that fails it.
extension LedgerDatabase {
    /// Notes that `redemption.transactionId` was redeemed with a code, inside the caller's
    /// commit. Throws `unknownTransaction` for an id that was never inserted.
    public func recordRedemption(_ redemption: OfferCodeRedemption) throws {
        try appendNote(redemption.note, toTransaction: redemption.transactionId, at: redemption.time)
    }

    /// How many purchases that have not failed were redeemed with `code` (spelt as the catalog
    /// spells it), by any player.
    public func uses(ofCode code: String) throws -> Int {
        let statement = try database.prepare("""
            SELECT count(DISTINCT h.transaction_id) FROM transaction_history h
            JOIN transactions t ON t.id = h.transaction_id
            WHERE h.note IN (?1, ?2) AND t.state != 'failed'
            """)
        try statement.bind(OfferCodeRedemption.note(code: code, oneTime: false), at: 1)
        try statement.bind(OfferCodeRedemption.note(code: code, oneTime: true), at: 2)
        _ = try statement.step()
        return statement.int(column: 0)
    }

    /// Whether `user` bought `productId` under the offer `offerType` `offerId` in a purchase
    /// that has not failed: the stores redeem an offer once per player.
    public func hasBought(_ productId: String, under offerType: String, _ offerId: String, user: String) throws -> Bool {
        let statement = try database.prepare("""
            SELECT 1 FROM transactions WHERE user_id = ?1 AND product_id = ?2 AND offer_type = ?3 AND offer_id = ?4
            AND state != 'failed' LIMIT 1
            """)
        try statement.bind(user, at: 1)
        try statement.bind(productId, at: 2)
        try statement.bind(offerType, at: 3)
        try statement.bind(offerId, at: 4)
        return try statement.step()
    }

    /// The code a transaction was redeemed with, if it was.
    public func redemption(ofTransaction id: String) throws -> OfferCodeRedemption? {
        let statement = try database.prepare("""
            SELECT time, note FROM transaction_history WHERE transaction_id = ?1 AND note LIKE ?2 ORDER BY id LIMIT 1
            """)
        try statement.bind(id, at: 1)
        try statement.bind("%" + OfferCodeRedemption.notePrefix + "%", at: 2)
        guard try statement.step() else { return nil }
        return OfferCodeRedemption(transactionId: id, time: statement.date(column: 0), note: statement.string(column: 1))
    }
}

/// A purchase redeemed with a code: `SPRING50` for `txn-000003`.
public struct OfferCodeRedemption: Sendable, Equatable {
    public var transactionId: String
    /// As the catalog spells it.
    public var code: String
    /// A one-time code (else a custom code, which the stores also call a vanity code).
    public var oneTime: Bool
    public var time: Date

    public init(transactionId: String, code: String, oneTime: Bool, time: Date) {
        self.transactionId = transactionId
        self.code = code
        self.oneTime = oneTime
        self.time = time
    }

    /// The history entry's note, as QA reads it there too: `offer code SPRING50`, `one-time offer code K7QF2M9X`.
    static let notePrefix = "offer code "
    private static let oneTimePrefix = "one-time "

    static func note(code: String, oneTime: Bool) -> String {
        (oneTime ? oneTimePrefix : "") + notePrefix + code
    }

    var note: String { Self.note(code: code, oneTime: oneTime) }

    init?(transactionId: String, time: Date, note: String) {
        let oneTime = note.hasPrefix(Self.oneTimePrefix)
        let rest = oneTime ? note.dropFirst(Self.oneTimePrefix.count) : Substring(note)
        guard rest.hasPrefix(Self.notePrefix) else { return nil }
        let code = String(rest.dropFirst(Self.notePrefix.count))
        guard !code.isEmpty, !code.contains(" ") else { return nil }
        self.init(transactionId: transactionId, code: code, oneTime: oneTime, time: time)
    }
}
