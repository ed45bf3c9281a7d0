import Foundation
import Ledger

/// Signs transactions with one ledger's key as the App Store signs what it hands the app: a
/// compact JWS (ES256) over a `SignedTransactionPayload`, its header carrying the certificates
/// that lead from the key to the root a backend trusts. It knows nothing of the ledger or the
/// catalog; the store says what to sign and keeps the result.
struct TransactionSigner {
    let key: SigningKey
    let certificates: SigningCertificates

    /// The compact JWS of `payload` (a transaction, a subscription's renewal info), with the
    /// certificates of the environment it names.
    func sign(_ payload: some AppStoreSignedPayload) throws -> String {
        let environment = SignedEnvironment(rawValue: payload.environment) ?? .production
        let header = JWS.header(x5c: certificates.x5c(for: environment), for: environment)
        return try JWS.signing(try payload.encoded(), with: key, header: header).compact
    }

    /// A forgery of `compact`: its payload altered (99 more of the product than were paid for;
    /// a change of price would change nothing in a free trial) under the real signature, which
    /// therefore no longer verifies. Nil when `compact` is not a signed transaction.
    static func forgery(of compact: String) throws -> String? {
        guard let jws = JWS(compact: compact), var payload = SignedTransactionPayload.decoded(from: jws.payload) else {
            return nil
        }
        payload.quantity += 99
        return jws.replacingPayload(with: try payload.encoded()).compact
    }
}

/// Checks a transaction's signed form as the engine does before it grants: this ledger's key,
/// for this app. (A backend checks the certificate chain instead; the engine holds the key.)
struct TransactionVerifier {
    let key: SigningKey
    /// The app's bundle id, which a signature must name; nil checks none (`history` has no
    /// catalog to take it from).
    var bundleId: String?

    /// Why the signed form of `transaction` cannot be trusted, or nil when it verifies: it must
    /// be this key's ES256 signature, for this app's bundle id, of this very transaction.
    func problem(with transaction: TransactionRecord) -> String? {
        guard let text = transaction.signedTransaction else { return "the transaction is not signed" }
        guard let jws = JWS(compact: text) else { return "the signed transaction is not a compact JWS" }
        guard jws.isSigned(by: key) else { return "the signed transaction was altered, so its signature does not verify" }
        guard let payload = SignedTransactionPayload.decoded(from: jws.payload) else {
            return "the signed payload is not a transaction"
        }
        if let bundleId, payload.bundleId != bundleId {
            return "signed for bundle \(payload.bundleId), not \(bundleId)"
        }
        // A ledger older than Apple's shape of ids signed with its own: either names this transaction.
        let names = [AppStoreIdentifiers.transactionId(of: transaction.id), transaction.id]
        guard names.contains(payload.transactionId), payload.productId == transaction.productId else {
            let signedFor = AppStoreIdentifiers.ledgerId(ofTransaction: payload.transactionId) ?? payload.transactionId
            return "the signature is for \(signedFor), of \(payload.productId)"
        }
        return nil
    }
}
