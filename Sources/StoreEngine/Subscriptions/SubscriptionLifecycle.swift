import Catalog
import Foundation
import Ledger

/// The lifecycle's decisions for an auto-renewable subscription, pure: what the step that fell
/// due does (renew, expire, fail into grace, lose access when grace ends) and what a renewal
/// charges and changes, from the subscription's row, the catalog and the renewal rate. It
/// returns what to record; the store writes it, logs it and tells the paths
/// (`Store+Lifecycle.swift`).
struct SubscriptionLifecycle {
    /// The completion's rules, for what a renewal's period grants.
    var rules: GrantRules

    var catalog: ProductCatalog { rules.catalog }
    var renewalRate: RenewalRate { rules.renewalRate }

    /// A subscription ended: the row as it is kept, the event's line and the player's notice.
    struct Ending: Equatable {
        var subscription: SubscriptionRecord
        var time: Date
        var message: String
        var notice: StoreNotice
    }

    /// What a subscription's step that fell due does.
    enum DueStep: Equatable {
        /// Nothing yet: the step is only put on the agenda again.
        case notYet
        /// No more renewals: it expires.
        case end(Ending)
        /// The grace period ended at `time`: access is off while the store retries billing.
        case endGrace(at: Date, message: String, notice: StoreNotice)
        /// The renewal at the end of the period could not be charged: the row with the billing
        /// issue's start, and grace begins, access kept.
        case failRenewal(SubscriptionRecord, at: Date, message: String, notice: StoreNotice)
        /// A new period from `start`, paid by a renewal.
        case renew(from: Date)
        /// The pause scheduled starts at the period's end, `time`: the row with when it
        /// resumes; nothing is charged and access ended with the period.
        case pause(SubscriptionRecord, at: Date, notice: StoreNotice)
    }

    /// What `subscription`'s step that fell due at `due` does; `name` is the product's name as
    /// the notices say it. Each step happens at its own calendar time (the period's end, grace's
    /// end, retry's end), however late `due` is.
    func step(of subscription: SubscriptionRecord, named name: String, dueAt due: Date) -> DueStep {
        let period = catalog.product(id: subscription.productId)?.period
        let calendar = subscription.calendar
        // Paused: it resumes at the pause's end with a renewal, however late `due` is; with a
        // billing issue that renewal fails as any would, into grace.
        if let resumesAt = subscription.pausedUntil {
            guard due >= resumesAt else { return .notYet }
            guard subscription.billingIssue else { return .renew(from: resumesAt) }
            var resumed = subscription
            resumed.pausedUntil = nil
            resumed.expiresAt = resumesAt
            return failedRenewal(of: resumed, at: resumesAt, period: period, named: name)
        }
        if let failedAt = subscription.billingIssueAt {
            let graceEnd = SubscriptionRules.graceEnd(subscription, period: period, rate: renewalRate) ?? failedAt
            let retryEnd = SubscriptionRules.retryEnd(subscription, period: period, rate: renewalRate) ?? failedAt
            if due >= retryEnd {
                return .end(ending(subscription, at: retryEnd, reason: "billingError",
                                   saying: "\(calendar.retryName) ran out: \(name) expired",
                                   notice: StoreNotice(.info, "\(name) expired: \(calendar.retryName) ran out.")))
            }
            guard due >= graceEnd else { return .notYet }
            return .endGrace(at: graceEnd,
                             message: "grace period ended: access lost; \(calendar.retryName) until " + EventDate.string(from: retryEnd),
                             notice: StoreNotice(.info, "\(name): the grace period ended; \(calendar.retryExplanation)."))
        }
        guard due >= subscription.expiresAt else { return .notYet }
        let periodEnd = subscription.expiresAt
        if !subscription.autoRenew {
            return .end(ending(subscription, at: periodEnd, reason: "voluntary",
                               saying: "auto-renew was off: \(name) expired at the end of its period",
                               notice: StoreNotice(.info, "\(name) expired: auto-renew was off.")))
        }
        // The limit counts only the renewals made at this rate, one after another: passing
        // through the sandbox on the way to another rate ends nothing.
        if let limit = calendar.renewalLimit(at: renewalRate), subscription.renewalRate == renewalRate.rawValue,
           subscription.renewalsAtRate >= limit {
            return .end(ending(subscription, at: periodEnd, reason: "sandboxRenewalLimit",
                               saying: "\(calendar.limitSetter) stops auto-renew after \(limit) renewals: \(name) expired",
                               notice: StoreNotice(.info, "\(name) expired: \(calendar.limitSetter) renews \(limit) times.")))
        }
        if let length = subscription.scheduledPause.flatMap(PauseDuration.init(rawValue:)) {
            var paused = subscription
            paused.scheduledPause = nil
            paused.pausedUntil = length.end(from: periodEnd, on: calendar, at: renewalRate)
            paused.updatedAt = periodEnd
            return .pause(paused, at: periodEnd, notice: StoreNotice(
                .info, "\(name) is paused for \(length.words), until " + EventDate.string(from: paused.pausedUntil ?? periodEnd)
                    + "; no access until it resumes."))
        }
        if subscription.billingIssue {
            return failedRenewal(of: subscription, at: periodEnd, period: period, named: name)
        }
        return .renew(from: periodEnd)
    }

    /// A renewal at `periodEnd` that could not be charged: grace from then, access kept.
    func failedRenewal(of subscription: SubscriptionRecord, at periodEnd: Date, period: SubscriptionPeriod?,
                       named name: String) -> DueStep {
        var failed = subscription
        failed.billingIssueAt = periodEnd
        failed.updatedAt = periodEnd
        let until = EventDate.string(from: subscription.calendar.graceEnd(for: period, from: periodEnd, at: renewalRate))
        return .failRenewal(failed, at: periodEnd,
                            message: "the renewal could not be charged: grace period until \(until), access kept",
                            notice: StoreNotice(.error, "\(name) could not renew (billing issue); access stays for "
                                                + "the grace period, until \(until)."))
    }

    /// `subscription` ended at `time` for `reason`.
    private func ending(_ subscription: SubscriptionRecord, at time: Date, reason: String, saying message: String,
                        notice: StoreNotice) -> Ending {
        var ended = subscription
        ended.endedAt = time
        ended.endReason = reason
        ended.updatedAt = time
        return Ending(subscription: ended, time: time, message: message + " (\(reason))", notice: notice)
    }

    // MARK: Renewals

    /// What a renewal charges: the product it renews into (a change that waited for it, else
    /// the same), in the previous transaction's storefront, with the offer it still pays.
    struct RenewalTerms: Equatable {
        /// The subscription's latest transaction, which the renewal follows.
        var previous: TransactionRecord
        var product: Product
        var storefront: Storefront
        var offer: AppliedOffer?
        /// The price renewals charge without an offer.
        var regularPrice: Decimal
        /// What this renewal charges.
        var charge: Decimal
        /// Whether it renews into another product than the subscription's.
        var changesProduct: Bool
    }

    enum Renewal: Equatable {
        case renews(RenewalTerms)
        /// It cannot renew, and the notice says why.
        case cannotRenew(StoreNotice)
    }

    /// What `subscription`'s renewal charges, after `previous`, its latest transaction (nil
    /// when the ledger does not have it).
    func renewal(of subscription: SubscriptionRecord, after previous: TransactionRecord?) -> Renewal {
        guard let previous,
              let product = catalog.product(id: subscription.pendingProductId ?? subscription.productId),
              let storefront = catalog.storefront(id: previous.storefront)
        else {
            return .cannotRenew(StoreNotice(
                .error, "\(subscription.originalTransactionId) cannot renew: its product or storefront left the catalog."))
        }
        let changesProduct = product.id != subscription.productId
        let offer = changesProduct ? nil : continuingOffer(of: subscription, previous: previous, product: product)
        guard let terms = PurchaseTerms(product: product, storefront: storefront, offer: offer) else {
            return .cannotRenew(StoreNotice(.error, "\(product.shortId) has no price in \(storefront.id) any more: it cannot renew."))
        }
        // A price increase the subscriber accepted is what renewals charge from now on.
        let regular = subscription.priceIncrease == "accepted"
            ? Self.increased(terms.regularPrice, currency: storefront.currency) : terms.regularPrice
        return .renews(RenewalTerms(previous: previous, product: product, storefront: storefront, offer: offer, regularPrice: regular,
                                    charge: offer == nil ? regular : terms.chargeNow, changesProduct: changesProduct))
    }

    /// The renewal's transaction, `id`, paid at `start`: the same original transaction id, on
    /// the previous transaction's path.
    func renewalTransaction(_ terms: RenewalTerms, of subscription: SubscriptionRecord, id: String,
                            at start: Date) -> TransactionRecord {
        let previous = terms.previous
        return TransactionRecord(
            id: id, productId: terms.product.id, userId: subscription.userId,
            storefront: terms.storefront.id, integrationPath: previous.integrationPath, state: .purchased, quantity: 1,
            price: "\(terms.regularPrice)", currency: terms.storefront.currency, variationId: previous.variationId,
            createdAt: start, updatedAt: start, purchasedAt: start, amountCharged: "\(terms.charge)",
            offerType: terms.offer?.typeName, offerId: terms.offer?.recordedId,
            originalTransactionId: subscription.originalTransactionId, locale: terms.storefront.locale)
    }

    /// `subscription` after `renewal` paid a new period from `start`: into the product a waiting
    /// change named, until the period's end, counted (at this rate, for the sandbox's limit),
    /// with any billing issue behind it.
    func renewed(_ subscription: SubscriptionRecord, by renewal: TransactionRecord, _ terms: RenewalTerms,
                 at start: Date) -> SubscriptionRecord {
        var renewed = subscription
        if terms.changesProduct {
            renewed.productId = terms.product.id
            renewed.pendingProductId = nil
        }
        renewed.latestTransactionId = renewal.id
        renewed.expiresAt = rules.grant(for: renewal, product: terms.product, at: start)?.expiresAt ?? start
        renewed.renewals += 1
        if renewed.renewalRate != renewalRate.rawValue {
            renewed.renewalRate = renewalRate.rawValue
            renewed.renewalsAtRate = 0
        }
        renewed.renewalsAtRate += 1
        renewed.billingIssueAt = nil
        renewed.pausedUntil = nil
        renewed.updatedAt = start
        return renewed
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
