import Catalog
import Foundation

/// What QA can do to one transaction from outside the purchase (the transaction's actions, `m`,
/// and the scenario commands `approve`, `decline`, `resolve`, `refund`).
public enum TransactionAction: Sendable, Equatable {
    /// A parent approves an Ask to Buy request: the transaction arrives on `Transaction.updates`.
    case approve
    /// A parent declines it: the store delivers nothing, and nothing is charged.
    case decline
    /// An interrupted purchase is completed (terms accepted): delivered on `Transaction.updates`.
    case resolve
    /// The store refunds the purchase: revocation date and reason, access removed.
    case refund(RefundReason)
    /// The subscription ends now (Xcode's "Expire Subscription").
    case expire
    /// A renewal now, with a new period from now.
    case renew
    /// QA's billing issue: on, the next renewal fails (grace, then billing retry); off, it is
    /// cleared, and a subscription in grace or retry recovers at once.
    case billingIssue(Bool)
    /// The player turns auto-renew off: access stays until the period ends.
    case cancelRenewal
    /// The player turns it on again.
    case enableRenewal
    /// The store asks the subscriber to consent to a price increase (a quarter more).
    case requestPriceIncrease
    /// The subscriber's answer: accepted, renewals charge the new price; declined, auto-renew
    /// goes off and the plan expires at the end of its period.
    case answerPriceIncrease(accept: Bool)
    /// The subscriber pauses it (on a store that pauses subscriptions) when the period running
    /// ends: no renewal is charged and access is off until the pause ends, when it renews.
    case pause(PauseDuration)
    /// A pause already scheduled is changed to another length, before it starts.
    case changePause(PauseDuration)
    /// A pause scheduled is called off before it starts: the subscription renews as before.
    case cancelPause
    /// A paused subscription resumes now, with a renewal charged from now.
    case resume
    /// The store moves the running period's end later, charging nothing: a backend's
    /// compensation (the App Store's renewal-date extension, Google Play's deferral) or QA's.
    case extendRenewal(RenewalExtension)
    /// QA alters the signed transaction: it no longer verifies.
    case tamper
    /// Deleted, as Xcode's transaction manager deletes one: what it used up (an introductory
    /// offer) is available again.
    case delete
    // Refund requests: the player asks on the App Store's own sheet, the App Store decides later.
    /// The app calls `Transaction.beginRefundRequest(for:in:)`: the App Store's refund sheet opens.
    case requestRefund
    /// The App Store decides the request that waits: approved, a refund (`REFUND`); declined,
    /// nothing changes but the notification (`REFUND_DECLINED`).
    case decideRefundRequest(approve: Bool)
    /// The App Store reverses a refund it gave (`REFUND_REVERSED`): the purchase is the player's again.
    case reverseRefund
    /// The app shows the store's subscription page (`showManageSubscriptions(in:)`, Google
    /// Play's subscription center): the player cancels, resubscribes, resumes or changes plan there.
    case manageSubscriptions
    /// The app calls `showInAppMessages` on a store that has them (Google Play) for a
    /// subscription in grace or on hold: the store's message, where the player fixes the payment.
    case showInAppMessages
    /// The app opens the store's code sheet (`presentOfferCodeRedeemSheet()`, Google Play's
    /// promo code) on the transaction's store and storefront, as `O` does on the paywall's.
    case redeemOfferCode
    /// The store's country (as `g`), from a purchase of a store whose account has one QA sets:
    /// the app's menu opens.
    case changeStoreCountry
    // Google Play's voided purchases (issue 38): the chargeback.
    /// The player's bank takes the payment back, on a store that reports chargebacks
    /// (`IntegrationPath.reportsChargebacks`): revoked as a refund is, its reason `chargeback`.
    case chargeback
    // Family Sharing: the purchaser stops sharing the purchase; every member's access ends (REVOKE).
    case stopFamilySharing

    /// Whether it acts on the subscription rather than on the one transaction.
    public var isSubscriptionAction: Bool {
        switch self {
        case .expire, .renew, .billingIssue, .cancelRenewal, .enableRenewal, .requestPriceIncrease, .answerPriceIncrease,
             .pause, .changePause, .cancelPause, .resume, .extendRenewal, .manageSubscriptions, .showInAppMessages:
            return true
        case .approve, .decline, .resolve, .refund, .tamper, .delete, .requestRefund, .decideRefundRequest, .reverseRefund, .chargeback,
             .stopFamilySharing, .redeemOfferCode, .changeStoreCountry:
            return false
        }
    }

    /// The action as a menu line.
    public var title: String {
        switch self {
        case .approve: return "Approve (Ask to Buy)"
        case .decline: return "Decline (Ask to Buy)"
        case .resolve: return "Resolve the interrupted purchase"
        case .refund(let reason): return "Refund (\(reason.rawValue))"
        case .expire: return "Expire the subscription now"
        case .renew: return "Renew now"
        case .billingIssue(let on): return on ? "Billing issue on (the next renewal fails)" : "Clear the billing issue"
        case .cancelRenewal: return "Turn auto-renew off"
        case .enableRenewal: return "Turn auto-renew on"
        case .requestPriceIncrease: return "Request a price increase"
        case .answerPriceIncrease(let accept): return accept ? "Accept the price increase" : "Decline the price increase"
        case .pause(let length): return "Pause for \(length.words), from the end of the period"
        case .changePause(let length): return "Change the scheduled pause to \(length.words)"
        case .cancelPause: return "Cancel the scheduled pause"
        case .resume: return "Resume now (a renewal is charged)"
        case .extendRenewal(let moved): return "Extend the renewal date " + moved.words
        case .tamper: return "Tamper with the signed transaction"
        case .delete: return "Delete the transaction"
        case .requestRefund: return "Request a refund (the App Store's sheet)"
        case .decideRefundRequest(let approve): return approve ? "Approve the refund request" : "Decline the refund request"
        case .reverseRefund: return "Reverse the refund"
        case .manageSubscriptions: return "Manage subscriptions (the App Store's page)"
        case .showInAppMessages: return "Show the store's in-app message (showInAppMessages)"
        case .redeemOfferCode: return "Redeem an offer code (the store's sheet, as O)"
        case .changeStoreCountry: return "Change the store's country (as g)"
        case .chargeback: return "Chargeback (the bank takes the payment back)"
        case .stopFamilySharing: return "Stop Family Sharing (members lose access)"
        }
    }
}

extension TransactionAction {
    /// Whether offering this action offers `action`: itself, or any extension of the renewal
    /// date where one is offered (the menu offers a week; a backend asks for its own span).
    func isOffered(as action: TransactionAction) -> Bool {
        if case .extendRenewal = self, case .extendRenewal = action { return true }
        return self == action
    }

    /// The action as a menu line on a transaction of `path`: in the words of that path's store
    /// where they differ from the App Store's (`PathRegistry.actionTitle`).
    public func title(on path: IntegrationPath?) -> String {
        path.flatMap { PathRegistry.actionTitle(of: self, on: $0) } ?? title
    }
}

/// How far a renewal date moves, and from which end: `days` on the subscription's calendar
/// (at the renewal rate, as its periods run), or to a date. `expectedEnd` is the end the caller
/// read: once another has come (a renewal in between), nothing moves, as Google Play's
/// `expectedExpiryTimeMillis` asks. `note` is what the caller adds to the event (the backend's
/// request identifier).
public struct RenewalExtension: Sendable, Equatable {
    public enum Span: Sendable, Equatable {
        case days(Int)
        case until(Date)
    }

    public var span: Span
    public var expectedEnd: Date?
    public var note: String?

    public init(_ span: Span, expectedEnd: Date? = nil, note: String? = nil) {
        self.span = span
        self.expectedEnd = expectedEnd
        self.note = note
    }

    /// QA's extension from the transaction manager: a week.
    public static let byQA = RenewalExtension(.days(7))

    /// `by 7 days`, `to 2025-03-01 12:00`, for a title.
    public var words: String {
        switch span {
        case .days(let days): return "by \(days) day" + (days == 1 ? "" : "s")
        case .until(let date): return "to " + EventDate.string(from: date)
        }
    }
}

/// The App Store's `Transaction.RevocationReason`: 1 for an issue in the app, 0 for anything else.
public enum RefundReason: String, Sendable, Equatable, CaseIterable {
    case other
    case developerIssue

    /// The number a signed transaction carries.
    var number: Int { self == .developerIssue ? 1 : 0 }

    init(recorded text: String?) {
        self = text.flatMap(RefundReason.init(rawValue:)) ?? .other
    }
}

extension TransactionSummary {
    /// The actions that apply to this transaction now: approve or decline a waiting Ask to Buy,
    /// resolve an interrupted purchase, refund a purchase not yet refunded.
    public var actions: [TransactionAction] {
        switch (state, pending) {
        case (.deferred, .askToBuy?): return [.approve, .decline]
        case (.deferred, .interruptedPurchase?): return [.resolve]
        case (.purchased, _) where revokedAt != nil:
            return familySharing == .familyShared ? [] : refundReversal
        // A member's share: only the purchaser refunds it, manages it or stops sharing it.
        case (.purchased, _) where familySharing == .familyShared:
            return isFinished ? [.tamper, .delete] : []
        case (.purchased, _) where revokedAt == nil && isFinished:
            let refunds = RefundReason.allCases.map(TransactionAction.refund) + refundRequestActions + chargebacks
            let always: [TransactionAction] = (familySharing == .sharedWithFamily ? [.stopFamilySharing] : []) + storesCalls
                + [.tamper, .delete]
            guard let subscription, subscription.isLive else { return refunds + storesPage + always }
            // Paused: nothing renews, expires or is charged until it resumes.
            if subscription.status == .paused { return refunds + [.resume] + storesPage + always }
            let price: [TransactionAction] = subscription.priceIncrease == "pending"
                ? [.answerPriceIncrease(accept: true), .answerPriceIncrease(accept: false)]
                : subscription.priceIncrease == nil ? [.requestPriceIncrease] : []
            // Only a period that runs moves: not one in grace or in billing retry. (QA's hand may
            // move a free trial, which Apple's API refuses.)
            let extend: [TransactionAction] = subscription.status == .subscribed ? [.extendRenewal(.byQA)] : []
            // A store with in-app messages shows one while a renewal's payment fails.
            let message: [TransactionAction] = path?.marketplace == .googlePlay
                && (subscription.status == .inGracePeriod || subscription.status == .inBillingRetryPeriod) ? [.showInAppMessages] : []
            return refunds + [.expire, .renew, subscription.autoRenew ? .cancelRenewal : .enableRenewal,
                              .billingIssue(!subscription.billingIssue)] + message + price + pauses(of: subscription) + extend + storesPage
                + always
        default: return []
        }
    }
}

extension TransactionSummary {
    /// Whether its store is the App Store, which takes refund requests from its own sheet.
    private var soldByTheAppStore: Bool { path?.marketplace == .appStore }

    /// The App Store's refund sheet for a purchase with no request yet; the decision for one
    /// that waits.
    fileprivate var refundRequestActions: [TransactionAction] {
        guard soldByTheAppStore else { return [] }
        guard let refundRequest else { return [.requestRefund] }
        return refundRequest.isWaiting ? [.decideRefundRequest(approve: true), .decideRefundRequest(approve: false)] : []
    }

    /// The store's own subscription page, on the latest transaction of a subscription sold by
    /// a store that has one (the App Store, Google Play).
    fileprivate var storesPage: [TransactionAction] {
        guard subscription != nil, let store = path?.marketplace, store == .appStore || store == .googlePlay else { return [] }
        return [.manageSubscriptions]
    }

    /// The store's account-wide calls from one of its purchases: its code sheet on a store with
    /// codes, Google Play's country.
    fileprivate var storesCalls: [TransactionAction] {
        switch path?.marketplace {
        case .appStore?: return [.redeemOfferCode]
        case .googlePlay?: return [.redeemOfferCode, .changeStoreCountry]
        default: return []
        }
    }

    /// A refunded one-time purchase of the App Store's can have its refund reversed. (A
    /// subscription's refund ended its calendar; a reversal of that is not simulated.)
    fileprivate var refundReversal: [TransactionAction] {
        soldByTheAppStore && subscription == nil && originalTransactionId == nil ? [.reverseRefund] : []
    }
}

extension TransactionSummary {
    /// A pause to schedule, or the one scheduled to change or call off, on a store that pauses
    /// subscriptions (its path says so) and while renewals go through.
    fileprivate func pauses(of subscription: SubscriptionSummary) -> [TransactionAction] {
        guard subscription.path?.pausesSubscriptions == true, subscription.autoRenew,
              subscription.status == .subscribed else { return [] }
        guard let scheduled = subscription.scheduledPause else { return PauseDuration.allCases.map(TransactionAction.pause) }
        return PauseDuration.allCases.filter { $0 != scheduled }.map(TransactionAction.changePause) + [.cancelPause]
    }
}

// Google Play's voided purchases (issue 38): where a chargeback is offered, and what it records.
extension TransactionAction {
    /// The revocation reason a chargeback records (a refund records its `RefundReason`).
    public static let chargebackReason = "chargeback"
}

extension TransactionSummary {
    /// The chargeback, on a purchase whose store reports chargebacks.
    fileprivate var chargebacks: [TransactionAction] {
        path?.reportsChargebacks == true ? [.chargeback] : []
    }
}
