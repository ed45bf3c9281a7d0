import Ledger

/// A store that signs what it hands the app with a key of its own (Google Play's purchase JSON
/// and its SHA1withRSA signature), kept in its path's rows: a capability of the path that has
/// one (`PurchasePath.ownKey`). The engine signs every other path's transactions as the App
/// Store does (a JWS), and asks none of this of them.
protocol OwnKeySigning: AnyObject {
    /// Keeps `transaction`, just paid, signed as its store hands it to the app, in the path's
    /// rows inside the caller's commit.
    func signOwnPurchase(_ transaction: TransactionRecord, in context: PathContext) throws

    /// Why the store's own signature of `transaction` cannot be trusted, or nil when it verifies.
    func ownSignatureProblem(of transaction: TransactionRecord, in context: PathContext) -> String?

    /// Alters the store's own signed form of `transaction`, keeping its signature, so that it no
    /// longer verifies (QA's tamper).
    func tamperOwnSignature(of transaction: TransactionRecord, in context: PathContext) throws
}
