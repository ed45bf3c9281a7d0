import CSQLite
import Foundation

extension LedgerDatabase {
    /// Changes what a purchase not yet paid will charge, and under which offer: a path whose
    /// app launches its purchase flow again with other terms while its sheet is open (Google
    /// Play's offer, which QA may switch on the sheet). Throws `unknownTransaction` for an id
    /// never inserted.
    public func updateTerms(ofTransaction id: String, price: String, amountCharged: String, offerType: String?,
                            offerId: String?, at time: Date) throws {
        let statement = try database.prepare("""
            UPDATE transactions SET price = ?2, amount_charged = ?3, offer_type = ?4, offer_id = ?5, updated_at = ?6
            WHERE id = ?1
            """)
        try statement.bind(id, at: 1)
        try statement.bind(price, at: 2)
        try statement.bind(amountCharged, at: 3)
        try statement.bind(offerType, at: 4)
        try statement.bind(offerId, at: 5)
        try statement.bind(time, at: 6)
        try statement.step()
        guard database.changes == 1 else { throw LedgerError.unknownTransaction(id: id) }
    }
}
