import Foundation
import Ledger

/// What the App Store Server API reads of a ledger: the App Store's transactions (those with a
/// JWS; a store that signs with its own key has none), by Apple's ids, and a customer's
/// subscriptions as the App Store reports them.
struct AppStoreLedgerReader {
    let ledger: LedgerDatabase
    let credentials: ServerCredentials

    /// A transaction and what its JWS says.
    struct Signed {
        var record: TransactionRecord
        var compact: String
        var payload: SignedTransactionPayload
    }

    /// One subscription as Get All Subscription Statuses lists it.
    struct SubscriptionStatusRow {
        var group: String
        /// 1 active, 2 expired, 3 in billing retry, 4 in grace, 5 revoked.
        var status: Int
        var originalTransactionId: String
        var signedTransactionInfo: String
        var signedRenewalInfo: String
    }

    /// The App Store transaction Apple's id names, nil when there is none (or it is another store's).
    func transaction(appStoreId: String) throws -> TransactionRecord? {
        guard let id = AppStoreIdentifiers.ledgerId(ofTransaction: appStoreId),
              let record = try ledger.transaction(id: id), record.signedTransaction != nil else { return nil }
        return record
    }

    /// What `body` makes of the JWS of the App Store transaction Apple's id names, its bytes
    /// lent for the call only; nil when there is none (or it is another store's, which has no
    /// JWS): Get Transaction Info's whole answer, read alone.
    func withSignedTransaction<T>(appStoreId: String, _ body: (UnsafeRawBufferPointer) -> T) throws -> T? {
        guard let id = AppStoreIdentifiers.ledgerId(ofTransaction: appStoreId) else { return nil }
        var made: T?
        guard try ledger.withSignedTransaction(ofTransaction: id, { made = body($0) }) else { return nil }
        return made
    }

    /// Every App Store transaction of the customer with its JWS, in the ledger's order.
    func signedTransactions(ofCustomer userId: String) throws -> [Signed] {
        try ledger.transactions(newestFirst: Int.max, user: userId).compactMap { record in
            guard let compact = record.signedTransaction, let payload = SignedTransactionPayload.decoded(compact: compact) else {
                return nil
            }
            return Signed(record: record, compact: compact, payload: payload)
        }
    }

    /// The environment the transaction's JWS was signed for (`Sandbox` when unreadable).
    func environment(of transaction: TransactionRecord) -> String {
        transaction.signedTransaction.flatMap(SignedTransactionPayload.decoded(compact:))?.environment
            ?? SignedEnvironment.sandbox.rawValue
    }

    /// The customer's App Store subscriptions at the ledger's simulated time, each with its
    /// latest transaction's JWS and its renewal info signed now.
    func subscriptionStatuses(ofCustomer userId: String, at wallTime: Date) throws -> [SubscriptionStatusRow] {
        let history = try LedgerHistory(reading: ledger, catalog: nil, wallTime: wallTime, signingAppTransactions: false)
        guard let player = history.players.first(where: { $0.userId == userId }) else { return [] }
        return try player.subscriptions.compactMap { subscription in
            guard let renewalInfo = history.signedRenewalInfo[subscription.originalTransactionId],
                  let latest = try ledger.transaction(id: subscription.latestTransactionId),
                  let compact = latest.signedTransaction, let payload = SignedTransactionPayload.decoded(compact: compact)
            else { return nil }
            return SubscriptionStatusRow(
                group: payload.subscriptionGroupIdentifier ?? AppStoreIdentifiers.subscriptionGroupIdentifier(of: subscription.productId),
                status: Self.number(of: subscription.status),
                originalTransactionId: AppStoreIdentifiers.transactionId(of: subscription.originalTransactionId),
                signedTransactionInfo: compact, signedRenewalInfo: renewalInfo)
        }
    }

    /// Apple's number for a subscription's status (`Status`: 1 active … 5 revoked).
    static func number(of status: SubscriptionStatus) -> Int {
        switch status {
        case .subscribed: return 1
        case .expired, .paused: return 2
        case .inBillingRetryPeriod: return 3
        case .inGracePeriod: return 4
        case .revoked: return 5
        }
    }
}
