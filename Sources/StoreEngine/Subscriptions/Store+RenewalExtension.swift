import Catalog
import Foundation
import Ledger

// A renewal date moved later at no charge: what a backend asks of a store to make up for an
// outage (the App Store's renewal-date extension, Google Play's deferral), or QA's `m` and a
// scenario's `extend-renewal`. Every reader of the period's end follows, in one commit.
extension Store {
    /// Moves the end of the period `transaction`'s subscription runs now as `moved` says:
    /// the subscription's row and its next step on the agenda, the latest transaction's period
    /// end (which its grant and its signature read, signed again), the grant, and what a path's
    /// server keeps of it; the store's event says so. Refused, with nothing written, once the end
    /// is no longer the one the caller read, or when the new end is not later.
    func extendRenewal(ofSubscriptionOf transaction: TransactionRecord, _ moved: RenewalExtension) throws -> StoreNotice {
        let originalId = transaction.originalTransactionId ?? transaction.id
        guard var subscription = account.subscriptions[originalId], subscription.endedAt == nil else {
            return .refusal("\(transaction.id) has no running subscription; nothing changed.")
        }
        let before = subscription.expiresAt
        if let expected = moved.expectedEnd, abs(expected.timeIntervalSince(before)) >= 0.001 {
            return .refusal("The renewal date is \(EventDate.string(from: before)), not \(EventDate.string(from: expected)) "
                            + "as the request expected; nothing changed.")
        }
        let after = subscription.end(extendedBy: moved.span, at: renewalRate)
        guard after > before else {
            return .refusal("The renewal date \(EventDate.string(from: before)) can only move later; nothing changed.")
        }
        let time = now()
        let latest = subscription.latestTransactionId
        subscription.expiresAt = after
        subscription.updatedAt = time
        try ledger.inTransaction {
            try ledger.recordPeriodEnd(after, ofTransaction: latest)
            try ledger.moveGrantExpiry(ofTransaction: latest, to: after)
            account.moveGrantExpiry(ofTransaction: latest, to: after)
            // A signature QA broke stays broken: signing it again would mend it.
            if let record = try ledger.transaction(id: latest), signatureProblem(record) == nil {
                try sign(record, at: time)
            }
            // After the signature: the account keeps the transaction as the ledger has it, new JWS included.
            try refresh(latest)
            try save(subscription)
            for path in paths {
                try path.accessServer?.periodRescaled(ofTransaction: latest, from: before, to: after, in: context)
            }
            let note = moved.note.map { "; " + $0 } ?? ""
            try logLifecycle(.renewalExtended, "renewal date moved from \(EventDate.string(from: before)) to "
                             + "\(EventDate.string(from: after)) at no charge\(note)", of: subscription, at: time)
        }
        return StoreNotice(.info, "\(displayName(ofProduct: subscription.productId)) now renews "
                           + EventDate.string(from: after) + ".")
    }
}

extension SubscriptionRecord {
    /// Where its period ends once extended by `span`: days on its store's calendar at `rate`
    /// (an accelerated sandbox shortens them as it shortens the periods), or the date given.
    /// The engine moves it there, and a store's API answers with it before the engine has.
    func end(extendedBy span: RenewalExtension.Span, at rate: RenewalRate) -> Date {
        switch span {
        case .days(let days):
            calendar.end(of: SubscriptionPeriod(value: days, unit: .day), count: 1, isFreeTrial: false, from: expiresAt, at: rate)
        case .until(let date): date
        }
    }
}
