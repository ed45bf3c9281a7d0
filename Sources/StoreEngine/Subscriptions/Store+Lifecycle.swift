import Catalog
import Foundation
import Ledger

// Auto-renewable subscriptions on the simulated calendar: a paid purchase starts
// one; at the end of each period it renews (a new signed transaction with the same original
// transaction id, validated, granted and finished like any purchase), expires (auto-renew
// off), or fails on a billing issue (grace, then billing retry, then recovery or expiry).
// Everything happens at its own calendar time, however late the engine gets to it.
extension Store {
    /// A paid auto-renewable purchase starts its subscription, in the commit of its payment: the
    /// store renews what was paid for, whether or not the app got to finish it. Returns the
    /// transaction as it leaves it: a replacement sets where its first period ends.
    func startSubscription(for paid: TransactionRecord, at time: Date) throws -> TransactionRecord {
        guard paid.originalTransactionId == nil, let product = catalog.product(id: paid.productId),
              product.type == .autoRenewable
        else { return paid }
        var paid = paid
        // One subscription per group: an upgrade (or a crossgrade of the same duration) ends the
        // one running at once, from when it was paid, as the new period runs; a store that lets
        // the app choose how (a replacement) ends it its way. (A change that waits for the
        // renewal never got this far.)
        if let store = IntegrationPath(rawValue: paid.integrationPath)?.marketplace,
           let running = planChange(to: product, in: store) {
            if let replacement = try path(of: paid).lifecycle?.planReplacement(forTransaction: paid.id, in: context),
               !replacement.waitsForRenewal {
                paid.periodEnd = try replace(running, by: replacement, with: paid, product: product,
                                             at: paid.purchasedAt ?? time)
            } else {
                let code = paid.offerType.flatMap { AppliedOffer(typeName: $0, id: paid.offerId, of: product) }?
                    .isRedeemedWithACode == true
                try endForImmediateChange(running, to: product, at: paid.purchasedAt ?? time, redeemingACode: code)
            }
        }
        guard let expires = grantRecord(for: paid, product: product, at: time)?.expiresAt else { return paid }
        try save(SubscriptionRecord(originalTransactionId: paid.id, userId: paid.userId, productId: paid.productId,
                                    latestTransactionId: paid.id, expiresAt: expires, updatedAt: time,
                                    renewalRate: renewalRate.rawValue, integrationPath: paid.integrationPath))
        return paid
    }

    /// Keeps the row, in memory and in the ledger, and schedules its next step. The row carries
    /// what the catalog says of its product now (its access level and period), for readers
    /// without the catalog; a product the catalog no longer has keeps what the row had.
    func save(_ subscription: SubscriptionRecord) throws {
        var subscription = subscription
        if let product = catalog.product(id: subscription.productId) {
            subscription.level = catalog.accessLevel(of: product)
            subscription.period = product.period?.description ?? subscription.period
        }
        try ledger.saveSubscription(subscription)
        account.record(subscription)
        schedule(subscription)
    }

    /// Puts the subscription's next step on the agenda (replacing any earlier one).
    func schedule(_ subscription: SubscriptionRecord) {
        let id = subscription.originalTransactionId
        upcoming.agenda.cancel { $0 == .subscriptionDue(originalTransactionId: id) }
        let period = catalog.product(id: subscription.productId)?.period
        if let due = SubscriptionRules.nextDue(of: subscription, period: period, rate: renewalRate, after: now()) {
            upcoming.agenda.schedule(.subscriptionDue(originalTransactionId: id), at: due)
        }
    }

    /// Every running subscription's next step: at launch, on the calendar as the ledger left it,
    /// and when the renewal rate changes.
    func scheduleSubscriptions() {
        for subscription in account.subscriptions.values where subscription.endedAt == nil { schedule(subscription) }
    }

    // MARK: What falls due

    /// The lifecycle's decisions for the catalog and the rate as they are now.
    var lifecycle: SubscriptionLifecycle { SubscriptionLifecycle(rules: grantRules) }

    /// The subscription's step that fell due at `due`, done at that calendar time: the
    /// lifecycle decides it, the store records it.
    func subscriptionDue(_ originalId: String, at due: Date) throws -> StoreNotice? {
        guard var subscription = account.subscriptions[originalId], subscription.endedAt == nil else { return nil }
        switch lifecycle.step(of: subscription, named: displayName(ofProduct: subscription.productId), dueAt: due) {
        case .notYet:
            schedule(subscription)
            return nil
        case .end(let ending):
            try ledger.inTransaction {
                try save(ending.subscription)
                try logLifecycle(.expired(reason: ending.subscription.endReason), ending.message,
                                 of: ending.subscription, at: ending.time)
                try subscriptionChanged(.expiration, ending.subscription)
            }
            return telling(ending.notice, whatIsLeftOf: level(of: ending.subscription))
        case .endGrace(let time, let message, let notice):
            try ledger.inTransaction {
                try logLifecycle(.gracePeriodExpired, message, of: subscription, at: time)
                try subscriptionChanged(.gracePeriodEnded, subscription)
            }
            schedule(subscription)
            return telling(notice, whatIsLeftOf: level(of: subscription))
        case .failRenewal(let failed, let time, let message, let notice):
            try ledger.inTransaction {
                try save(failed)
                try logLifecycle(.renewalFailed, message, of: failed, at: time)
                try subscriptionChanged(.billingIssue, failed)
            }
            return notice
        case .pause(let paused, let time, let notice):
            try ledger.inTransaction {
                try save(paused)
                try logLifecycle(.paused, "paused until " + EventDate.string(from: paused.pausedUntil ?? time)
                                 + ": no renewal charged, access off", of: paused, at: time)
                try subscriptionChanged(.pause, paused)
            }
            return telling(notice, whatIsLeftOf: level(of: paused))
        case .renew(let start):
            return try renew(&subscription, from: start)
        }
    }

    /// A renewal: a new period from `start`, paid by a new transaction with the same original
    /// transaction id, signed, then validated, granted and finished by the one completion.
    @discardableResult
    func renew(_ subscription: inout SubscriptionRecord, from start: Date) throws -> StoreNotice {
        let terms: SubscriptionLifecycle.RenewalTerms
        switch lifecycle.renewal(of: subscription, after: try ledger.transaction(id: subscription.latestTransactionId)) {
        case .cannotRenew(let notice): return notice
        case .renews(let renewalTerms): terms = renewalTerms
        }
        let product = terms.product
        let recovers = subscription.billingIssueAt != nil
        let renewal: TransactionRecord = try ledger.inTransaction {
            let sequence = try ledger.nextValue(ofSequence: "transaction")
            var record = lifecycle.renewalTransaction(terms, of: subscription, id: LedgerTransactionId.of(sequence: Int64(sequence)),
                                                      at: start)
            // The store's own id for this recurrence, where it keeps one (Google Play's `GPA.…..0`).
            record.pathReference = try path(of: record).lifecycle?.renewalReference(of: subscription, in: context)
            try ledger.insert(record)
            try sign(record, at: start)
            try log(.purchased, "renewed: period \(subscription.renewals + 2) from "
                    + EventDate.string(from: start), record.id, start)
            try refresh(record.id)
            subscription = lifecycle.renewed(subscription, by: record, terms, at: start)
            try save(subscription)
            try shareWithFamily(renewal: record, of: subscription, at: start)
            // The store's notification of the renewal (the change that waited for it said with it).
            let into = terms.changesProduct ? ", into \(product.shortId), the change that waited for this renewal" : ""
            try logLifecycle(recovers ? .recovered : .renewed,
                             "\(product.shortId) renewed\(Self.until(subscription.expiresAt))\(into)", of: subscription,
                             at: start)
            // A path's server may hear of the renewal by notification: scheduled in the renewal's commit.
            try path(of: record).lifecycle?.subscriptionChanged(recovers ? .recovery : .renewal, record, in: context)
            return record
        }
        carryover.openedThisRun.insert(renewal.id)
        let owner = path(of: renewal)
        if owner.traits.readsCurrentEntitlements {
            try log(.transactionUpdate, "Transaction.updates: \(renewal.id) renews \(subscription.originalTransactionId)",
                    renewal.id, start)
        }
        let completed = try complete(try ledger.transaction(id: renewal.id) ?? renewal, at: start)
        // A renewal that failed validation says so; one that went through says until when.
        if completed.tone == .error { return completed }
        return StoreNotice(.success, "\(displayName(ofProduct: product.id)) renewed until "
                           + EventDate.string(from: subscription.expiresAt) + ".")
    }

    /// Logs `event` of `subscription` (on its latest transaction) by its store's name.
    func logLifecycle(_ event: LifecycleEvent, _ message: String, of subscription: SubscriptionRecord, at time: Date) throws {
        try logLifecycle(event, message, transaction: subscription.latestTransactionId,
                         onPath: subscription.integrationPath, at: time)
    }
}
