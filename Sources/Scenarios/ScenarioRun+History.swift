import Foundation
import Program
import StoreEngine

// `expect history …`: what `storefront history` reads from the ledger alone, at the same
// simulated moment, set beside what the app's panes show.
extension ScenarioRun {
    func checkHistory(_ expectation: Expectation, _ line: ScenarioLine) throws {
        let app = try running().app
        let history = try readHistory(line)
        let player = history.players.first { $0.userId == app.paywall.userId }
        switch expectation {
        case .historyAgrees:
            let shown = Self.facts(app.snapshot.entitlements, app.snapshot.subscriptions)
            let read = Self.facts(player?.entitlements ?? [], player?.subscriptions ?? [])
            guard shown == read else {
                let differing = zip(shown, read).first { $0 != $1 }
                throw failure(line, expected: "history says what the panes say:\n  " + shown.joined(separator: "\n  "),
                              actual: "history says:\n  " + read.joined(separator: "\n  ")
                                  + (differing.map { "\n  first difference: panes \"\($0.0)\", history \"\($0.1)\"" } ?? ""))
            }
        case .historyEntitlement(let level, let active):
            let entitlement = player?.entitlements.first { $0.id == level }
            guard (entitlement?.isActive ?? false) == active else {
                throw failure(line, expected: "history: \(level) \(active ? "active" : "inactive")",
                              actual: player?.entitlementLines.first { $0.hasPrefix("entitlement \(level):") }
                                  ?? "history has no entitlement \(level)")
            }
        case .historySays(let text):
            let lines = player?.entitlementLines ?? []
            guard lines.contains(where: { $0.contains(text) }) else {
                throw failure(line, expected: "a line of history's entitlements containing \"\(ScenarioParser.quoted(text))\"",
                              actual: lines.isEmpty ? "no entitlements" : lines.joined(separator: "\n  "))
            }
        default:
            preconditionFailure("\(expectation) is not a history expectation")
        }
    }

    /// Entitlements and subscriptions as lines of facts, whole dates and every flag spelt out,
    /// so two readings compare line by line.
    private static func facts(_ entitlements: [Entitlement], _ subscriptions: [SubscriptionSummary]) -> [String] {
        let date = LedgerHistory.wholeDate
        return entitlements.sorted { $0.id < $1.id }.map { entitlement in
            "entitlement \(entitlement.id): \(entitlement.state(writingDates: date).words) "
                + "(active \(entitlement.isActive), renews \(entitlement.willRenew), "
                + "expires \(entitlement.expiresAt.map(date) ?? "never"), product \(entitlement.productId ?? "none"))"
        } + subscriptions.sorted { $0.originalTransactionId < $1.originalTransactionId }.map { subscription in
            "subscription \(subscription.originalTransactionId) \(subscription.productId) of \(subscription.level): "
                + "\(subscription.status.rawValue)\(subscription.renewalsDue ? ", renewals due" : "") "
                + "to \(date(subscription.expiresAt)), latest \(subscription.latestTransactionId), "
                + "\(subscription.renewals) renewals, period \(subscription.periodType), auto-renew \(subscription.autoRenew)"
        }
    }
}

extension ScenarioRun {
    /// What `storefront history` reads of the ledger now.
    func readHistory(_ line: ScenarioLine) throws -> LedgerHistory {
        do {
            guard case .read(let read) = try stateDirectory.history() else {
                throw failure(line, expected: "a ledger for history to read", actual: "none in \(stateDirectory.path)")
            }
            return read
        } catch let error as StoreError {
            throw self.error(line, "history could not read the ledger: \(error.description)")
        }
    }
}

// `expect notification STORE TYPE [SUBTYPE] OUTCOME`: what a store's server posted to the
// backend, as the ledger keeps it (`history`), once the posts under way are answered.
extension ScenarioRun {
    func checkNotification(from store: Marketplace, type: String, subtype: String?, outcome: NotificationOutcome,
                           _ line: ScenarioLine) throws {
        try running().settle()
        let history = try readHistory(line)
        let sent = history.notifications.filter { $0.store == store.rawValue }
        let name = [type, subtype].compactMap { $0 }.joined(separator: " ")
        guard let newest = sent.last(where: { $0.type == type && (subtype == nil || $0.subtype == subtype) }) else {
            let names = sent.map { [$0.type, $0.subtype].compactMap { $0 }.joined(separator: " ") }
            throw failure(line, expected: "\(name) \(outcome.words), posted by \(store.nameInASentence)",
                          actual: names.isEmpty ? "none posted (is its URL set?)" : "posted: " + names.joined(separator: ", "))
        }
        let latest = newest.attempts.last
        let holds: Bool
        switch outcome {
        case .delivered: holds = newest.deliveredAt != nil
        case .failed: holds = newest.deliveredAt == nil && newest.nextAttemptAt == nil && latest != nil
        case .pending: holds = newest.nextAttemptAt != nil
        case .attempts(let count): holds = newest.attempts.count == count
        case .answered(let status, let code): holds = latest?.httpStatus == status && (code == nil || latest?.result == code)
        }
        guard holds else {
            let state = newest.deliveredAt != nil ? "delivered" : newest.nextAttemptAt != nil ? "pending" : "failed"
            let tried = newest.attempts.map { "\($0.result)" + ($0.httpStatus.map { " \($0)" } ?? "") }
            throw failure(line, expected: "\(name) \(outcome.words)",
                          actual: "\(name) \(state), \(tried.count) attempt\(tried.count == 1 ? "" : "s")"
                              + (tried.isEmpty ? "" : ": " + tried.joined(separator: ", ")))
        }
    }
}
