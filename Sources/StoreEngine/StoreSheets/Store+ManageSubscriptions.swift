import Catalog
import Foundation
import Ledger

// The store's own subscription page, as the app opens it (`AppStore.showManageSubscriptions(in:)`,
// or Google Play's subscription center through its deep link): the player cancels, turns
// auto-renew on again, resumes a pause or picks another plan of the group. Each is the same
// change QA's action makes, with the store's own notification; another plan is bought through
// the store's purchase sheet, as on the phone, so its upgrade or downgrade follows the store's rules.

extension EventKind {
    /// The app showed the store's subscription page, and what the player did there.
    public static let manageSubscriptions = EventKind(rawValue: "subscriptions.manage")
}

extension Store {
    /// Opens the subscription page of the subscription `summary` is the latest transaction of.
    func openManageSubscriptions(for record: TransactionRecord, _ summary: TransactionSummary) -> StoreNotice? {
        guard let subscription = summary.subscription, let product = catalog.product(id: record.productId) else {
            return .refusal("\(record.id) is not a subscription's latest transaction: there is no subscription page for it.")
        }
        let storefront = catalog.storefront(id: record.storefront)
        let locale = sheetLocale(of: record)
        let marketplace = summary.path?.marketplace ?? .appStore
        var options: [ManageSubscriptionsSheet.Option] = []
        let actions = summary.actions
        if actions.contains(.cancelRenewal) { options.append(.cancel) }
        if actions.contains(.enableRenewal) { options.append(.resubscribe) }
        if actions.contains(.resume) { options.append(.resume) }
        // The group's plans this storefront sells: the others while it runs; once it has ended,
        // its own too, bought again.
        if let storefront, let group = product.group {
            for plan in catalog.products where plan.group == group && plan.status == .available
                && (plan.id != product.id || !subscription.isLive) {
                guard let price = plan.price(in: storefront), let period = plan.period else { continue }
                options.append(.plan(productId: plan.id, name: plan.name.resolved(for: locale) ?? plan.shortId,
                                     price: PriceFormatter.format(price, per: period, in: storefront)))
            }
        }
        let standing: ManageSubscriptionsSheet.Standing
        switch subscription.status {
        case .paused: standing = .paused(until: subscription.pausedUntil ?? subscription.expiresAt)
        case .expired, .revoked: standing = .ended(on: subscription.endedAt ?? subscription.expiresAt)
        case .subscribed, .inGracePeriod, .inBillingRetryPeriod:
            standing = subscription.autoRenew ? .renews(on: subscription.expiresAt) : .expires(on: subscription.expiresAt)
        }
        let price = storefront.flatMap { storefront in
            product.price(in: storefront).flatMap { amount in
                product.period.map { PriceFormatter.format(amount, per: $0, in: storefront) }
            }
        } ?? summary.chargeText
        storeSheet = .manageSubscriptions(ManageSubscriptionsSheet(
            marketplace: marketplace, language: LocalizedText.language(of: locale),
            transactionId: record.id, productId: product.id, productName: sheetName(of: record, in: locale),
            price: price, standing: standing, options: options, asksWhyOnCancel: marketplace == .googlePlay))
        return nil
    }

    /// A key on the subscription page: a choice moved; Enter does the chosen thing (on Google
    /// Play, Cancel asks why first); Esc closes it, or goes back from the survey.
    func answer(_ input: StoreSheetInput, onSubscriptionPage sheet: ManageSubscriptionsSheet) throws -> StoreNotice? {
        var sheet = sheet
        switch input {
        case .type, .erase:
            return nil
        case .previous, .next, .choose:
            sheet.choose(input)
            storeSheet = .manageSubscriptions(sheet)
            return nil
        case .cancel where sheet.step == .cancelReasons:
            sheet.step = .options
            storeSheet = .manageSubscriptions(sheet)
            return nil
        case .cancel:
            try ledger.inTransaction {
                try log(.manageSubscriptions, "showManageSubscriptions closed: nothing changed", sheet.transactionId, now())
            }
            storeSheet = nil
            return StoreNotice(.info, "The subscription page was closed; nothing changed.")
        case .confirm where sheet.step == .cancelReasons:
            return try cancel(sheet, because: sheet.reason)
        case .confirm:
            guard sheet.options.indices.contains(sheet.chosen) else { return nil }
            switch sheet.options[sheet.chosen] {
            case .cancel where sheet.asksWhyOnCancel:
                sheet.step = .cancelReasons
                storeSheet = .manageSubscriptions(sheet)
                return nil
            case .cancel: return try cancel(sheet, because: nil)
            case .resubscribe: return try change(sheet, by: .enableRenewal, "turned auto-renew on")
            case .resume: return try change(sheet, by: .resume, "resumed the subscription")
            case .plan(let productId, let name, _):
                guard let record = try ledger.transaction(id: sheet.transactionId),
                      let storefront = catalog.storefront(id: record.storefront) else {
                    storeSheet = nil
                    return .refusal("The subscription is gone: there is no plan to change.")
                }
                try ledger.inTransaction {
                    try log(.manageSubscriptions, "showManageSubscriptions: chose \(productId) (\(name)); "
                            + "the store's purchase sheet confirms it", sheet.transactionId, now())
                }
                storeSheet = nil
                return try startPurchase(of: productId, in: storefront, on: path(of: record).id, variationId: nil)
            }
        }
    }

    /// Auto-renew off through the page, with the survey's reason where the store asks one, in
    /// the commit of the cancellation.
    private func cancel(_ sheet: ManageSubscriptionsSheet, because reason: CancelSurveyReason?) throws -> StoreNotice? {
        try change(sheet, by: .cancelRenewal, reason.map { "cancelled, survey reason \($0.rawValue)" } ?? "cancelled") {
            guard let reason, let record = try ledger.transaction(id: sheet.transactionId) else { return }
            let answer = CancelSurveyAnswer(reason: reason, cancelledAt: now())
            try ledger.setSetting(CancelSurveyAnswer.key(record.originalTransactionId ?? record.id), to: answer.recorded)
        }
    }

    /// What the player chose on the page, done as QA's action does it, logged with it in one commit.
    private func change(_ sheet: ManageSubscriptionsSheet, by action: TransactionAction, _ words: String,
                        also write: () throws -> Void = {}) throws -> StoreNotice? {
        var notice: StoreNotice?
        try ledger.inTransaction {
            try write()
            try log(.manageSubscriptions, "showManageSubscriptions: \(words)", sheet.transactionId, now())
            notice = try perform(action, on: sheet.transactionId)
        }
        storeSheet = nil
        return notice
    }

}

/// The reason a subscriber gave on the cancel survey, and when it cancelled: kept in the
/// ledger's settings by the subscription's first transaction, so the store's API reports it
/// for that cancellation only (a later one, without the survey, has another time).
struct CancelSurveyAnswer: Equatable {
    var reason: CancelSurveyReason
    var cancelledAt: Date

    static func key(_ originalTransactionId: String) -> String { "cancelSurvey." + originalTransactionId }

    /// `REASON SECONDS`, the seconds since 2001 as the ledger keeps dates.
    var recorded: String { "\(reason.rawValue) \(cancelledAt.timeIntervalSinceReferenceDate)" }

    init(reason: CancelSurveyReason, cancelledAt: Date) {
        self.reason = reason
        self.cancelledAt = cancelledAt
    }

    init?(recorded text: String) {
        let parts = text.split(separator: " ")
        guard parts.count == 2, let reason = CancelSurveyReason(rawValue: String(parts[0])),
              let seconds = Double(parts[1]) else { return nil }
        self.init(reason: reason, cancelledAt: Date(timeIntervalSinceReferenceDate: seconds))
    }

    /// The answer of the cancellation `subscription` shows, if it was this one.
    func answers(_ subscription: SubscriptionSummary) -> Bool {
        guard let cancelled = subscription.unsubscribedAt, !subscription.autoRenew else { return false }
        return abs(cancelled.timeIntervalSince(cancelledAt)) < 0.001
    }
}
