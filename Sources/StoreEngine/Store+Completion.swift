import Catalog
import Foundation
import Ledger

// After a purchase: validate, grant once, finish.
extension Store {
    /// validateTransaction, then grant, then finishTransaction. Each step commits on its own so
    /// that a crash between them leaves a purchased, unfinished transaction to deliver again.
    func complete(_ transactionId: String) throws -> StoreNotice {
        let time = now()
        guard let transaction = try ledger.transaction(id: transactionId) else {
            return StoreNotice(.error, "Transaction \(transactionId) is not in the ledger.")
        }
        if let problem = validationProblem(transaction) {
            try ledger.inTransaction {
                try log(.validationFailed, problem, transactionId, time)
                try ledger.markFinished(transaction: transactionId, at: time)
                try log(.finished, "finished without granting", transactionId, time)
            }
            return StoreNotice(.error, "Validation failed: \(problem). Nothing was granted.")
        }
        try log(.validated, "validated", transactionId, time)
        let product = catalog.product(id: transaction.productId)
        let grant = grantRecord(for: transaction, product: product, at: time)
        try ledger.inTransaction {
            if let grant, try ledger.recordGrant(grant) {
                try log(.granted, describe(grant), transactionId, time)
            }
        }
        checkpoint(.granted)
        try ledger.inTransaction {
            try ledger.markFinished(transaction: transactionId, at: time)
            try log(.finished, "finished", transactionId, time)
        }
        let name = product.map { $0.name.resolved(for: "en") ?? $0.shortId } ?? transaction.productId
        return StoreNotice(.success, "Purchased \(name)" + (grant.map { ": \(describe($0))" } ?? "") + ".")
    }

    func validationProblem(_ transaction: TransactionRecord) -> String? {
        guard transaction.userId == userId else { return "made by another user" }
        guard catalog.product(id: transaction.productId) != nil else {
            return "product \(transaction.productId) is not in the catalog"
        }
        guard let storefront = catalog.storefront(id: transaction.storefront) else {
            return "storefront \(transaction.storefront) is not in the catalog"
        }
        guard transaction.currency == storefront.currency else { return "currency \(transaction.currency) does not match" }
        return nil
    }

    func grantRecord(for transaction: TransactionRecord, product: Product?, at time: Date) -> GrantRecord? {
        guard let product else { return nil }
        switch product.type {
        case .consumable:
            guard case .currency(let currency, let amount)? = product.grants else { return nil }
            return GrantRecord(transactionId: transaction.id, kind: .currency, key: currency,
                               amount: amount * transaction.quantity, grantedAt: time)
        case .nonConsumable:
            let key: String
            if case .entitlement(let entitlement)? = product.grants { key = entitlement } else { key = product.id }
            return GrantRecord(transactionId: transaction.id, kind: .nonConsumable, key: key, amount: 1, grantedAt: time)
        case .autoRenewable, .nonRenewing:
            let level = product.group.flatMap { catalog.subscriptionGroup(id: $0)?.accessLevel } ?? product.id
            let days = product.period?.approximateDays ?? 30
            // From when it was purchased, not from now: a purchase delivered again a week after
            // a crash still runs its month from the day it was paid.
            return GrantRecord(transactionId: transaction.id, kind: .accessLevel, key: level, amount: 1,
                               expiresAt: transaction.updatedAt.addingTimeInterval(TimeInterval(days) * 86_400),
                               grantedAt: time)
        }
    }

    func describe(_ grant: GrantRecord) -> String {
        switch grant.kind {
        case .currency: return "+\(grant.amount) \(grant.key)"
        case .nonConsumable: return "\(grant.key) unlocked"
        case .accessLevel: return "\(grant.key) access"
        }
    }
}
