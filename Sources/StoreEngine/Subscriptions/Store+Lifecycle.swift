import Catalog
import Foundation
import Ledger

// Auto-renewable subscriptions on the simulated calendar: a paid purchase starts
// one; at the end of each period it renews (a new signed transaction with the same original
// transaction id, validated, granted and finished like any purchase), expires (auto-renew
// off), or fails on a billing issue (grace, then billing retry, then recovery or expiry).
// Everything happens at its own calendar time, however late the engine gets to it.
extension Store {
    /// What happened to a subscription, for the path that sold it (a path's server may hear of
    /// each through a notification).
    enum SubscriptionChange: String, Equatable {
        case renewal, refund, cancellation, uncancellation, expiration, billingIssue, gracePeriodEnded
    }

    /// A paid auto-renewable purchase starts its subscription, in the commit of its payment: the
    /// store renews what was paid for, whether or not the app got to finish it.
    func startSubscription(for paid: TransactionRecord, at time: Date) throws {
        guard paid.originalTransactionId == nil, let product = catalog.product(id: paid.productId),
              product.type == .autoRenewable,
              let expires = grantRecord(for: paid, product: product, at: time)?.expiresAt
        else { return }
        // One subscription per group: an upgrade (or a crossgrade of the same duration) ends the
        // one running at once, from when it was paid, as the new period runs. (A change that
        // waits for the renewal never got this far.)
        if let store = IntegrationPath(rawValue: paid.integrationPath)?.marketplace,
           let (running, change, _) = planChange(to: product, in: store) {
            try endForImmediateChange(running, by: change, to: product, at: paid.purchasedAt ?? time)
        }
        try save(SubscriptionRecord(originalTransactionId: paid.id, userId: paid.userId, productId: paid.productId,
                                    latestTransactionId: paid.id, expiresAt: expires, updatedAt: time,
                                    renewalRate: renewalRate.rawValue))
    }

    /// Keeps the row, in memory and in the ledger, and schedules its next step.
    func save(_ subscription: SubscriptionRecord) throws {
        try ledger.saveSubscription(subscription)
        account.record(subscription)
        schedule(subscription)
    }

    /// Puts the subscription's next step on the agenda (replacing any earlier one).
    func schedule(_ subscription: SubscriptionRecord) {
        let id = subscription.originalTransactionId
        agenda.cancel { $0 == .subscriptionDue(originalTransactionId: id) }
        let period = catalog.product(id: subscription.productId)?.period
        if let due = SubscriptionRules.nextDue(of: subscription, period: period, rate: renewalRate, after: now()) {
            agenda.schedule(.subscriptionDue(originalTransactionId: id), at: due)
        }
    }

    /// Every running subscription's next step: at launch, on the calendar as the ledger left it,
    /// and when the renewal rate changes.
    func scheduleSubscriptions() {
        for subscription in account.subscriptions.values where subscription.endedAt == nil { schedule(subscription) }
    }

    // MARK: What falls due

    /// The subscription's step that fell due at `due`, done at that calendar time.
    func subscriptionDue(_ originalId: String, at due: Date) throws -> StoreNotice? {
        guard var subscription = account.subscriptions[originalId], subscription.endedAt == nil else { return nil }
        let product = catalog.product(id: subscription.productId)
        let name = displayName(ofProduct: subscription.productId)
        let latest = subscription.latestTransactionId
        if let failedAt = subscription.billingIssueAt {
            let graceEnd = SubscriptionRules.graceEnd(subscription, period: product?.period, rate: renewalRate) ?? failedAt
            let retryEnd = SubscriptionRules.retryEnd(subscription, rate: renewalRate) ?? failedAt
            if due >= retryEnd {
                return try end(&subscription, at: retryEnd, reason: "billingError",
                               saying: "billing retry ran out: \(name) expired",
                               notice: StoreNotice(.info, "\(name) expired: billing retry ran out."))
            }
            guard due >= graceEnd else { schedule(subscription); return nil }
            try ledger.inTransaction {
                try log(.billingIssue, "grace period ended: access lost; billing retry until "
                        + EventDate.string(from: retryEnd), latest, graceEnd)
                try subscriptionChanged(.gracePeriodEnded, subscription)
            }
            schedule(subscription)
            return StoreNotice(.info, "\(name): the grace period ended; access is off while the store retries billing.")
        }
        guard due >= subscription.expiresAt else { schedule(subscription); return nil }
        let periodEnd = subscription.expiresAt
        if !subscription.autoRenew {
            return try end(&subscription, at: periodEnd, reason: "voluntary",
                           saying: "auto-renew was off: \(name) expired at the end of its period",
                           notice: StoreNotice(.info, "\(name) expired: auto-renew was off."))
        }
        // The limit counts only the renewals made at this rate, one after another: passing
        // through the sandbox on the way to another rate ends nothing.
        if let limit = renewalRate.renewalLimit, subscription.renewalRate == renewalRate.rawValue,
           subscription.renewalsAtRate >= limit {
            return try end(&subscription, at: periodEnd, reason: "sandboxRenewalLimit",
                           saying: "the sandbox stops auto-renew after \(limit) renewals: \(name) expired",
                           notice: StoreNotice(.info, "\(name) expired: the sandbox renews \(limit) times."))
        }
        if subscription.billingIssue {
            subscription.billingIssueAt = periodEnd
            subscription.updatedAt = periodEnd
            let graceEnd = renewalRate.graceEnd(for: product?.period, from: periodEnd)
            let until = EventDate.string(from: graceEnd)
            try ledger.inTransaction {
                try save(subscription)
                try log(.billingIssue, "the renewal could not be charged: grace period until \(until), access kept",
                        latest, periodEnd)
                try subscriptionChanged(.billingIssue, subscription)
            }
            return StoreNotice(.error, "\(name) could not renew (billing issue); access stays for the grace period, "
                               + "until \(until).")
        }
        return try renew(&subscription, from: periodEnd)
    }

    /// Ends the subscription at `time`: no more renewals, and `EXPIRATION`.
    private func end(_ subscription: inout SubscriptionRecord, at time: Date, reason: String, saying message: String,
                     notice: StoreNotice) throws -> StoreNotice {
        subscription.endedAt = time
        subscription.endReason = reason
        subscription.updatedAt = time
        let ended = subscription
        try ledger.inTransaction {
            try save(ended)
            try log(.expiration, message + " (\(reason))", ended.latestTransactionId, time)
            try subscriptionChanged(.expiration, ended)
        }
        return notice
    }

    /// A renewal: a new period from `start`, paid by a new transaction with the same original
    /// transaction id, signed, then validated, granted and finished by the one completion.
    @discardableResult
    func renew(_ subscription: inout SubscriptionRecord, from start: Date) throws -> StoreNotice {
        guard let previous = try ledger.transaction(id: subscription.latestTransactionId),
              let product = catalog.product(id: subscription.pendingProductId ?? subscription.productId),
              let storefront = catalog.storefront(id: previous.storefront)
        else { return StoreNotice(.error, "\(subscription.originalTransactionId) cannot renew: its product or storefront left the catalog.") }
        let changesProduct = product.id != subscription.productId
        let offer = changesProduct ? nil : continuingOffer(of: subscription, previous: previous, product: product)
        guard let terms = PurchaseTerms(product: product, storefront: storefront, offer: offer) else {
            return StoreNotice(.error, "\(product.shortId) has no price in \(storefront.id) any more: it cannot renew.")
        }
        // A price increase the subscriber accepted is what renewals charge from now on.
        let regular = subscription.priceIncrease == "accepted"
            ? Self.increased(terms.regularPrice, currency: storefront.currency) : terms.regularPrice
        let charge = offer == nil ? regular : terms.chargeNow
        let renewal: TransactionRecord = try ledger.inTransaction {
            let sequence = try ledger.nextValue(ofSequence: "transaction")
            let record = TransactionRecord(
                id: String(format: "txn-%06d", sequence), productId: product.id, userId: subscription.userId,
                storefront: storefront.id, integrationPath: previous.integrationPath, state: .purchased, quantity: 1,
                price: "\(regular)", currency: storefront.currency, variationId: previous.variationId,
                createdAt: start, updatedAt: start, purchasedAt: start, amountCharged: "\(charge)",
                offerType: offer?.typeName, offerId: offer?.offer.id,
                originalTransactionId: subscription.originalTransactionId, locale: storefront.locale)
            try ledger.insert(record)
            try sign(record, at: start)
            try log(.purchased, "renewed: period \(subscription.renewals + 2) from "
                    + EventDate.string(from: start), record.id, start)
            try refresh(record.id)
            if changesProduct {
                try log(.productChange, "renewed into \(product.shortId), the change that waited for this renewal",
                        record.id, start)
                subscription.productId = product.id
                subscription.pendingProductId = nil
            }
            subscription.latestTransactionId = record.id
            subscription.expiresAt = grantRecord(for: record, product: product, at: start)?.expiresAt ?? start
            subscription.renewals += 1
            if subscription.renewalRate != renewalRate.rawValue {
                subscription.renewalRate = renewalRate.rawValue
                subscription.renewalsAtRate = 0
            }
            subscription.renewalsAtRate += 1
            subscription.billingIssueAt = nil
            subscription.updatedAt = start
            try save(subscription)
            // A path's server may hear of the renewal by notification: scheduled in the renewal's commit.
            try path(of: record).subscriptionChanged(.renewal, record, in: context)
            return record
        }
        openedThisRun.insert(renewal.id)
        let owner = path(of: renewal)
        if owner.readsCurrentEntitlements {
            try log(.transactionUpdate, "Transaction.updates: \(renewal.id) renews \(subscription.originalTransactionId)",
                    renewal.id, start)
        }
        let completed = try complete(try ledger.transaction(id: renewal.id) ?? renewal, at: start)
        if !owner.grantsAccessLocally {
            try log(.renewal, "\(product.shortId) renewed\(Self.until(subscription.expiresAt)) (the App Store's renewal; "
                    + "the server hears of it by notification)", renewal.id, start)
        }
        // A renewal that failed validation says so; one that went through says until when.
        if completed.tone == .error { return completed }
        return StoreNotice(.success, "\(displayName(ofProduct: product.id)) renewed until "
                           + EventDate.string(from: subscription.expiresAt) + ".")
    }

    /// A price increase QA requests: a quarter more, rounded down to the currency's minor unit.
    static func increased(_ price: Decimal, currency: String) -> Decimal {
        var raised = price * Decimal(125) / Decimal(100)
        var rounded = Decimal()
        NSDecimalRound(&rounded, &raised, PriceFormatter.minorUnitDigits(ofCurrency: currency), .down)
        return rounded
    }

    /// The introductory offer a renewal still pays at its price: a pay-as-you-go offer for its
    /// number of periods; a trial or a paid-up-front offer converts to the regular price.
    private func continuingOffer(of subscription: SubscriptionRecord, previous: TransactionRecord,
                                 product: Product) -> AppliedOffer? {
        guard let type = previous.offerType,
              let applied = AppliedOffer(typeName: type, id: previous.offerId, of: product),
              applied.offer.mode == .payAsYouGo,
              subscription.renewals + 1 < applied.offer.periods
        else { return nil }
        return applied
    }
}
