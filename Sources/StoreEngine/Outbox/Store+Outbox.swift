import Foundation
import Ledger

// The outbox: a notification is written in the commit of the change that causes it, handed to
// the host once that commit is on disk, and each attempt the host makes is kept with the next
// one's time on the simulated clock. A kill between commit and send loses nothing: the row is
// still pending at the next launch, and goes out under the same id.
extension Store {
    /// Sets where `store`'s server posts; nil posts nowhere (what is pending waits for a URL).
    public func setNotificationURL(_ url: String?, for store: Marketplace) -> StoreReport {
        var settings = outbox
        settings.urls[store] = url
        return configureOutbox(settings)
    }

    /// Sets where each store posts and how the App Store retries; what is pending for a store
    /// that has a URL again is due once more.
    public func configureOutbox(_ settings: OutboxSettings) -> StoreReport {
        outbox = settings
        try? scheduleNotifications()
        return currentReport()
    }

    /// QA's switch for Xsolla's webhook mode (`W`): on if off, off if on, saying what it does now.
    public func toggleXsollaWebhookMode() -> StoreReport {
        var settings = outbox
        settings.xsollaWebhookMode.toggle()
        _ = configureOutbox(settings)
        let text: String
        if !settings.xsollaWebhookMode {
            text = "Xsolla's webhook mode is off: the game grants on Pay Station's redirect, and webhooks only inform the backend."
        } else if settings.urls[.xsolla] == nil {
            text = "Xsolla's webhook mode is on, but it holds nothing until Xsolla has a URL (--xsolla-notifications URL)."
        } else {
            text = "Xsolla's webhook mode is on: the backend answers user_validation, and the game grants once it takes payment."
        }
        return currentReport(notice: StoreNotice(.info, text))
    }

    /// Writes a notification to the outbox, inside the caller's commit, due now; nil when its
    /// store has no URL to post to. `body` is what every attempt sends.
    @discardableResult
    func enqueueNotification(from store: Marketplace, uuid: String, type: String, subtype: String? = nil,
                             transactionId: String? = nil, body: String, headers: [OutboxDelivery.Header]) throws -> Int64? {
        guard let url = outbox.urls[store] else { return nil }
        let time = now()
        let id = try ledger.addNotification(NotificationRecord(
            store: store.rawValue, uuid: uuid, type: type, subtype: subtype, transactionId: transactionId, url: url,
            body: body, headers: OutboxDelivery.lines(of: headers), createdAt: time, nextAttemptAt: time))
        outboxList.noteWritten()
        try log(.notificationQueued, "\([type, subtype].compactMap { $0 }.joined(separator: " ")) \(uuid) to \(url)",
                transactionId, time)
        upcoming.agenda.schedule(.notificationDue(id: id), at: time)
        return id
    }

    /// Every pending row's next attempt on the agenda, but those the host is posting now.
    func scheduleNotifications() throws {
        for row in try ledger.pendingNotifications() {
            guard let id = row.id, let due = row.nextAttemptAt, !upcoming.deliveriesInFlight.contains(id) else { continue }
            upcoming.agenda.cancel { $0 == .notificationDue(id: id) }
            upcoming.agenda.schedule(.notificationDue(id: id), at: due)
        }
    }

    /// A row fallen due goes on the call's report for the host to post, to the URL it was
    /// written for; while its store has no URL (turned off, or not given at this launch) it
    /// waits, pending, for one.
    func handOver(notification id: Int64) throws {
        guard !upcoming.deliveriesInFlight.contains(id), let row = try ledger.notification(id: id),
              row.nextAttemptAt != nil, outbox.urls[Self.marketplace(named: row.store)] != nil else { return }
        let attempt = try ledger.attempts(ofNotification: id).count + 1
        let marketplace = Self.marketplace(named: row.store)
        // What is made per attempt (a token of the wall clock) is the store's, and is not kept.
        let fresh = try paths.first { $0.traits.marketplace == marketplace }?.lifecycle?.attemptHeaders(in: context) ?? []
        handOff.deliveries.append(OutboxDelivery(
            notificationId: id, store: marketplace, uuid: row.uuid,
            type: row.type, url: row.url, body: row.body, headers: OutboxDelivery.headers(fromLines: row.headers) + fresh,
            attempt: attempt))
        upcoming.deliveriesInFlight.insert(id)
    }

    /// Keeps how an attempt went, in one commit with its event, and puts the next attempt on
    /// the agenda when the store's rules make one.
    public func recordDelivery(_ result: DeliveryResult) throws(StoreError) -> StoreReport {
        try takeCall {
            upcoming.deliveriesInFlight.remove(result.notificationId)
            guard let row = try ledger.notification(id: result.notificationId), row.nextAttemptAt != nil,
                  try ledger.attempts(ofNotification: result.notificationId).count + 1 == result.attempt
            else { return nil }
            let marketplace = Self.marketplace(named: row.store)
            let rules = outbox.rules(of: marketplace, type: row.type)
            let time = now()
            let delivered = rules.isDelivered(result)
            let word = rules.resultName(for: result)
            let next = delivered || rules.isFinal(result)
                ? nil : rules.nextAttempt(after: result.attempt, madeAt: time, writtenAt: row.createdAt)
            // What a narrow pane must show comes first: the outcome, then which one and where.
            let what = "\([row.type, row.subtype].compactMap { $0 }.joined(separator: " ")) attempt \(result.attempt)"
            let whereTo = "\(row.uuid) to \(row.url)"
            let answer = result.failure?.sentence ?? "HTTP \(result.httpStatus ?? 0)"
            let step = try ledger.inTransaction { () throws -> PathStep? in
                try ledger.recordAttempt(NotificationAttemptRecord(
                    notificationId: result.notificationId, attempt: result.attempt, attemptedAt: time, result: word,
                    httpStatus: result.httpStatus, milliseconds: result.milliseconds, response: result.response),
                    nextAttemptAt: next, deliveredAt: delivered ? time : nil)
                outboxList.noteChanged(result.notificationId)
                if delivered {
                    try log(.notificationDelivered, "\(answer) in \(result.milliseconds) ms: \(what), \(whereTo)",
                            row.transactionId, time)
                } else {
                    try log(.notificationFailed, "\(word) (\(answer)), "
                            + (next.map { "next attempt " + EventDate.string(from: $0) } ?? "no more attempts")
                            + ": \(what), \(whereTo)", row.transactionId, time)
                }
                // What the store does next is the path's to say, in the same commit.
                guard let transactionId = row.transactionId,
                      let lifecycle = try ledger.transaction(id: transactionId).map({ path(named: $0.integrationPath) })?.lifecycle
                else { return nil }
                let outcome: BackendAnswer.Outcome = if delivered {
                    .taken
                } else if let next {
                    .retrying(at: next)
                } else if rules.isFinal(result), let status = result.httpStatus {
                    .refused(status: status, code: XsollaErrorAnswer(result.response)?.code,
                             message: XsollaErrorAnswer(result.response)?.message)
                } else {
                    .gaveUp
                }
                // Not through `decide`: a savepoint would hold back a durable step the path reaches.
                return try lifecycle.backendAnswered(BackendAnswer(type: row.type, transactionId: transactionId,
                                                                   attempt: result.attempt, outcome: outcome, words: answer),
                                                     in: context).map(deliverWithItsDecision)
            }
            if let next { upcoming.agenda.schedule(.notificationDue(id: result.notificationId), at: next) }
            return try step.flatMap { try apply($0) }
        }
    }

    /// The store a row names.
    static func marketplace(named name: String) -> Marketplace {
        Marketplace.builtIn.first { $0.rawValue == name } ?? Marketplace(name, displayName: name)
    }
}
