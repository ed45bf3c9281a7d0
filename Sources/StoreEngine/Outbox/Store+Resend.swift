import Foundation
import Ledger

// QA's two keys on a Server pane row: post the notification again now, and move the calendar
// to its next retry. A resend is one more attempt under the same notificationUUID, as a store
// that retries sends it, whether the last one was taken or not; the store's rules then decide
// from its answer as from any other attempt's.
extension Store {
    /// Makes notification `id` due now and hands it to the host with this call's report.
    public func resendNotification(id: Int64) throws(StoreError) -> StoreReport {
        try takeCall {
            guard let row = try ledger.notification(id: id) else {
                return StoreNotice(.error, "That notification is no longer in the outbox.")
            }
            let what = [row.type, row.subtype].compactMap { $0 }.joined(separator: " ")
            let store = Self.marketplace(named: row.store)
            guard !upcoming.deliveriesInFlight.contains(id) else {
                return .refusal("\(what) is being posted now: its answer comes first.")
            }
            guard outbox.urls[store] != nil else {
                return .refusal("\(store.displayName) has no notification URL at this launch: "
                                   + "start with one to resend \(what).")
            }
            let attempt = try ledger.attempts(ofNotification: id).count + 1
            try ledger.inTransaction { try ledger.scheduleNotification(id: id, at: now()) }
            outboxList.noteChanged(id)
            upcoming.agenda.cancel { $0 == .notificationDue(id: id) }
            try handOver(notification: id)
            return StoreNotice(.info, "Resent \(what): attempt \(attempt), the same notificationUUID.")
        }
    }

    /// Moves the simulated calendar to notification `id`'s next attempt, which then goes out;
    /// says so when it has none (taken, or given up).
    public func advanceToNextAttempt(ofNotification id: Int64) throws(StoreError) -> StoreReport {
        let row: NotificationRecord?
        do {
            row = try ledger.notification(id: id)
        } catch {
            throw StoreError(error)
        }
        guard let row else { return currentReport(notice: StoreNotice(.error, "That notification is no longer in the outbox.")) }
        let what = [row.type, row.subtype].compactMap { $0 }.joined(separator: " ")
        guard let next = row.nextAttemptAt else {
            return currentReport(notice: StoreNotice(.info, row.deliveredAt != nil
                ? "\(what) was delivered: no retry is due (R resends it)."
                : "\(what) was given up: no retry is due (R resends it)."))
        }
        var report = try advance(to: max(next, now()))
        if report.notice == nil {
            report.notice = StoreNotice(.info, "The calendar moved on to \(what)'s next attempt.")
        }
        return report
    }
}
