import Catalog
import Foundation
import Ledger

/// Where a subscription stands at a moment, pure. The row says what the lifecycle last
/// recorded, and the running app records each step as it falls due, so it reads the row as it
/// is. A reader of the ledger alone (`history`, `foreseeing`) reads it while no app runs: when
/// its next step fell due after the app stopped, the steps that charge nothing are taken as the
/// lifecycle will take them at the next launch (a renewal that fails into grace, a pause, an end
/// at the renewal limit or when retry runs out), and renewals that would charge are
/// `renewalsDue`: the subscription still runs. So `history` never calls an auto-renewing plan
/// expired because no app was there to renew it.
struct SubscriptionStanding: Equatable {
    /// The row as the steps that fell due would leave it (without the renewals).
    var record: SubscriptionRecord
    var status: SubscriptionStatus
    /// The end of the period running; in grace, when grace ends.
    var expiresAt: Date
    /// Renewals fell due that nothing has recorded yet; the status is then `subscribed`.
    var renewalsDue: Bool

    init(_ subscription: SubscriptionRecord, period: SubscriptionPeriod?, rate: RenewalRate, at now: Date,
         foreseeing: Bool) {
        var row = subscription
        var due = false
        let calendar = subscription.calendar
        // A pause that ended resumes at its end, with a renewal (failing into grace on a billing issue).
        func resume(at resumesAt: Date) {
            row.pausedUntil = nil
            row.expiresAt = resumesAt
            if row.billingIssue { row.billingIssueAt = resumesAt } else { due = true }
        }
        if foreseeing, row.endedAt == nil {
            if let resumesAt = row.pausedUntil {
                if now >= resumesAt { resume(at: resumesAt) }
            } else if row.billingIssueAt == nil, row.autoRenew, now >= row.expiresAt {
                // The lifecycle's order: the renewal limit, a scheduled pause, a billing issue, a renewal.
                let left = calendar.renewalLimit(at: rate).map { $0 - (row.renewalRate == rate.rawValue ? row.renewalsAtRate : 0) }
                if let left, left <= 0 {
                    // It ends at its period's end: expired, as the row's dates already say.
                } else if let pause = row.scheduledPause.flatMap(PauseDuration.init(rawValue:)) {
                    row.scheduledPause = nil
                    let resumesAt = pause.end(from: row.expiresAt, on: calendar, at: rate)
                    row.pausedUntil = resumesAt
                    if now >= resumesAt { resume(at: resumesAt) }
                } else if row.billingIssue {
                    row.billingIssueAt = row.expiresAt
                } else if let left, let period,
                          case let last = calendar.end(of: period, count: left, isFreeTrial: false, from: row.expiresAt, at: rate),
                          now >= last {
                    // The renewals left before the limit all fell due: it ended at the last one's end.
                    row.expiresAt = last
                } else {
                    due = true
                }
            }
        }
        record = row
        renewalsDue = due
        let graceEnd = SubscriptionRules.graceEnd(row, period: period, rate: rate)
        if due {
            status = .subscribed
        } else if foreseeing, row.endedAt == nil, let retryEnd = SubscriptionRules.retryEnd(row, period: period, rate: rate),
                  now >= retryEnd {
            // Retry (or hold) ran out: the lifecycle ends it there.
            status = .expired
        } else {
            status = SubscriptionRules.status(of: row, period: period, rate: rate, at: now)
        }
        expiresAt = status == .inGracePeriod ? graceEnd ?? row.expiresAt : row.expiresAt
    }
}
