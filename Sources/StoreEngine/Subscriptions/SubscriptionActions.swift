import Foundation
import Ledger

// QA's transaction manager on a subscription (`m` on its latest transaction, or a scenario's
// `expire`, `renew`, `billing-issue`, `cancel-renewal`, `enable-renewal`): what Xcode's
// Transaction Manager does, on the same calendar rules as the renewals themselves.

/// What QA's action on a running subscription does, pure: the row as it is kept, the access
/// cut, the event, what its path hears, and whether a renewal follows. The store writes it in
/// one commit, then renews when it says so (`Store+SubscriptionActions.swift`).
struct SubscriptionActionOutcome: Equatable {
    /// The subscription as the action leaves it.
    var subscription: SubscriptionRecord
    /// Whether the row is kept (a renewal that follows keeps its own).
    var saves = true
    /// Whether the access its latest transaction granted ends now.
    var cutsAccess = false
    /// What the action logs on the latest transaction, if anything.
    var event: Event?
    /// What the subscription's path hears, in the same commit.
    var change: SubscriptionChange?
    var then: Then

    enum Then: Equatable {
        /// The player is told this.
        case tell(StoreNotice)
        /// The store charges now: a new period from this time, by a renewal.
        case renew(from: Date)
    }

    /// What the action logs: an event of the subscription's life, which its store names, or a
    /// step of QA's that no store hears of (the billing-issue switch, an early resume).
    enum Event: Equatable {
        case lifecycle(LifecycleEvent, String)
        case step(EventKind, String)
    }
}

enum SubscriptionActions {
    private typealias Event = SubscriptionActionOutcome.Event

    /// What `action` does to `subscription`, which runs, at `time`; `name` is its product's name
    /// as the notices say it. Nil for an action that is not a subscription's.
    static func outcome(of action: TransactionAction, on subscription: SubscriptionRecord, named name: String,
                        at time: Date) -> SubscriptionActionOutcome? {
        if action == .renew {
            // The period running ends now, and the next one is paid for from now.
            return SubscriptionActionOutcome(subscription: subscription, saves: false, cutsAccess: true, then: .renew(from: time))
        }
        var subscription = subscription
        subscription.updatedAt = time
        switch action {
        case .expire:
            subscription.expiresAt = min(subscription.expiresAt, time)
            subscription.endedAt = time
            subscription.endReason = "expiredByQA"
            return SubscriptionActionOutcome(subscription: subscription, cutsAccess: true,
                                             event: .lifecycle(.expired(reason: "expiredByQA"), "expired now by QA: \(name) ends, access with it"),
                                             change: .expiration, then: .tell(StoreNotice(.info, "\(name) expired now.")))
        case .cancelRenewal, .enableRenewal:
            let on = action == .enableRenewal
            subscription.autoRenew = on
            subscription.unsubscribedAt = on ? nil : time
            return SubscriptionActionOutcome(
                subscription: subscription,
                event: .lifecycle(on ? .autoRenewEnabled : .autoRenewDisabled,
                        on ? "auto-renew on again: \(name) renews at the end of its period"
                            : "auto-renew off: \(name) stays until its period ends, then expires"),
                change: on ? .uncancellation : .cancellation,
                then: .tell(StoreNotice(.info, on ? "Auto-renew is on again for \(name)."
                                        : "Auto-renew is off: \(name) stays until "
                                          + EventDate.string(from: subscription.expiresAt) + ", then expires.")))
        case .billingIssue(let on):
            let wasFailing = subscription.billingIssueAt != nil
            subscription.billingIssue = on
            if !on, wasFailing {
                // Cleared in grace or in retry: the store charges now, and a new period starts.
                return SubscriptionActionOutcome(subscription: subscription,
                                                 event: .step(.billingIssueSwitch, "billing issue cleared: the store charges again now"),
                                                 then: .renew(from: time))
            }
            return SubscriptionActionOutcome(
                subscription: subscription,
                event: .step(.billingIssueSwitch, on ? "billing issue on: the next renewal of \(name) fails"
                        : "billing issue off: renewals of \(name) charge again"),
                then: .tell(StoreNotice(.info, on ? "Billing issue on: the next renewal of \(name) will fail."
                                        : "Billing issue off: \(name) renews normally.")))
        case .requestPriceIncrease:
            subscription.priceIncrease = "pending"
            return SubscriptionActionOutcome(
                subscription: subscription,
                event: .lifecycle(.priceIncreaseRequested, "price increase requested: renewals would charge a quarter more; waiting for "
                        + "the subscriber's consent"),
                then: .tell(StoreNotice(.info, "A price increase for \(name) waits for the subscriber's consent "
                                        + "(m: accept or decline).")))
        case .answerPriceIncrease(let accept):
            subscription.priceIncrease = accept ? "accepted" : nil
            if !accept {
                subscription.autoRenew = false
                subscription.unsubscribedAt = time
            }
            return SubscriptionActionOutcome(
                subscription: subscription,
                event: .lifecycle(accept ? .priceIncreaseAccepted : .priceIncreaseDeclined, accept ? "price increase accepted: renewals charge the new price"
                        : "price increase declined: auto-renew off, \(name) expires at the end of its period"),
                change: accept ? .priceIncreaseAccepted : .cancellation,
                then: .tell(StoreNotice(.info, accept ? "Price increase accepted: \(name) renews at the new price."
                                        : "Price increase declined: \(name) expires at the end of its period.")))
        case .pause(let length), .changePause(let length):
            subscription.scheduledPause = length.rawValue
            return SubscriptionActionOutcome(
                subscription: subscription,
                event: .lifecycle(.pauseScheduleChanged, "pause of \(length.words) scheduled: it starts when the period ends, "
                             + EventDate.string(from: subscription.expiresAt)),
                change: .pauseScheduled,
                then: .tell(StoreNotice(.info, "\(name) pauses for \(length.words) from "
                                        + EventDate.string(from: subscription.expiresAt) + ".")))
        case .cancelPause:
            subscription.scheduledPause = nil
            return SubscriptionActionOutcome(
                subscription: subscription,
                event: .lifecycle(.pauseScheduleChanged, "the scheduled pause is cancelled: \(name) renews at the end of its period"),
                change: .pauseScheduled,
                then: .tell(StoreNotice(.info, "The pause of \(name) is cancelled; it renews as before.")))
        case .resume:
            // Resumed early: the store charges a new period from now.
            subscription.pausedUntil = nil
            return SubscriptionActionOutcome(subscription: subscription, saves: false,
                                             event: .step(.subscriptionPause, "resumed now by QA: a new period is charged"),
                                             then: .renew(from: time))
        case .renew, .extendRenewal, .approve, .decline, .resolve, .refund, .tamper, .delete, .requestRefund,
             .decideRefundRequest, .reverseRefund, .manageSubscriptions, .chargeback, .stopFamilySharing, .showInAppMessages,
             .redeemOfferCode, .changeStoreCountry:
            return nil
        }
    }

    /// A refunded transaction revokes its running subscription at `time`: access went with the
    /// refund, and it renews no more. Nil when `subscription` has already ended.
    static func revoked(_ subscription: SubscriptionRecord, at time: Date) -> SubscriptionRecord? {
        guard subscription.endedAt == nil else { return nil }
        var revoked = subscription
        revoked.endedAt = time
        revoked.endReason = "revoked"
        revoked.autoRenew = false
        revoked.updatedAt = time
        return revoked
    }
}
