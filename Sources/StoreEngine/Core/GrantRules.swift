import Catalog
import Foundation
import Ledger

/// The pure part of the completion (validate → grant → finish): whether a paid transaction may
/// be granted, and what it grants, from the catalog and the renewal rate alone. The store
/// applies it (`Store+Completion.swift`); subscriptions, signing and the paths ask it what a
/// transaction's period is.
struct GrantRules {
    var catalog: ProductCatalog
    var renewalRate: RenewalRate

    /// Why `transaction` must not be granted to `userId`, or nil: its signature (`signatureProblem`,
    /// the signer's verdict), its player, and a product and storefront the catalog has, in the
    /// storefront's currency.
    func validationProblem(_ transaction: TransactionRecord, for userId: String, signatureProblem: String?) -> String? {
        if let signatureProblem { return signatureProblem }
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

    /// What `transaction` grants, granted at `time`: a consumable's currency (times the
    /// quantity), a non-consumable's entitlement, a subscription's access level until the end of
    /// what it paid for. Nil for a restored transaction (the purchase it restores keeps its
    /// grant) and for a product that grants nothing.
    func grant(for transaction: TransactionRecord, product: Product?, at time: Date) -> GrantRecord? {
        guard let product, transaction.state != .restored else { return nil }
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
            let level = catalog.accessLevel(of: product)
            // From when it was paid, not from now: a purchase delivered again a week after a
            // crash still runs its month from the day it was paid. Calendar months, so P1M from
            // 31 January ends on the last day of February.
            // A plan change may have set the period's end apart (time credited, the old
            // billing date kept): the grant, the signature and the subscription all read it.
            let start = transaction.purchasedAt ?? transaction.updatedAt
            return GrantRecord(transactionId: transaction.id, kind: .accessLevel, key: level, amount: 1,
                               expiresAt: transaction.periodEnd
                                   ?? end(ofPeriodPaidBy: transaction, product: product, from: start, at: renewalRate),
                               grantedAt: time)
        }
    }

    /// The end of what `transaction` paid for from `start` at `rate`, on the calendar of the
    /// store that sold it (which may give a free trial a length of its own).
    func end(ofPeriodPaidBy transaction: TransactionRecord, product: Product, from start: Date,
             at rate: RenewalRate) -> Date {
        let span = paidSpan(of: transaction, product: product)
        let offer = transaction.offerType.flatMap { AppliedOffer(typeName: $0, id: transaction.offerId, of: product) }
        return transaction.calendar.end(of: span.period, count: span.count, isFreeTrial: offer?.offer.mode == .freeTrial,
                                        from: start, at: rate)
    }

    /// What a subscription's transaction paid for: the offer's span (a week's trial, three
    /// months up front), else one period of the product.
    func paidSpan(of transaction: TransactionRecord, product: Product) -> PurchaseTerms.Span {
        let offer = transaction.offerType.flatMap { AppliedOffer(typeName: $0, id: transaction.offerId, of: product) }
        return catalog.storefront(id: transaction.storefront)
            .flatMap { PurchaseTerms(product: product, storefront: $0, offer: offer)?.paidSpan }
            ?? PurchaseTerms.Span(period: product.period ?? SubscriptionPeriod(value: 1, unit: .month), count: 1)
    }
}
