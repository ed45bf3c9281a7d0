import Foundation

/// How an entitlement stands, in the words the Entitlements pane and `history` both say it
/// (`active · renews 2026-02-01 · App Store`), and its tone, which the pane colours it by. One
/// description, so the two cannot tell different stories; each writes its own dates.
public struct EntitlementState: Sendable, Equatable {
    public enum Tone: Sendable, Equatable {
        /// Owned, or active.
        case active
        /// Wants a look: waiting for the server's word, or kept in grace through a billing issue.
        case attention
        /// Access gone while the store retries the payment.
        case failing
        /// Over: refunded or expired.
        case ended
    }

    public var words: String
    public var tone: Tone

    public init(_ words: String, _ tone: Tone) {
        self.words = words
        self.tone = tone
    }
}

extension Entitlement {
    /// `owned`, `waiting for the server 2/5`, `active · renews DATE`, `active to DATE`, `active in
    /// grace to DATE · billing issue`, `inactive · billing retry` (or what the subscription's store
    /// calls that time: `account hold`), `paused until DATE`, `refunded`, `expired DATE`,
    /// `active · renewals due at the next launch` (read from the ledger alone, when no app ran to
    /// record them), then where a path's server keeps access, where its last change came from,
    /// `family shared` where Family Sharing gives it, the stores (the one whose date it shows first), and a store still waiting for its server.
    /// - Parameter date: how to write the expiry (a day, a minute, a whole date).
    public func state(writingDates date: (Date) -> String) -> EntitlementState {
        // The store it comes from, last: each store knows only its own purchases.
        let store = (isFamilyShared ? " · family shared" : "") + (storeNames.map { " · \($0)" } ?? "") + waitingStores.map { waiting in
            " · \(waiting.store.displayName) waiting for the server" + waiting.wait.count
        }.joined()
        if isLifetime { return EntitlementState("owned\(store)", .active) }
        if let serverWait {
            return EntitlementState("waiting for the server\(serverWait.count)\(store)", .attention)
        }
        let until = expiresAt.map(date) ?? "?"
        let origin = (source.map { " · \($0)" } ?? "") + store
        // What the subscription behind it is going through says more than the date, where the
        // app grants the level itself; where a path's server keeps access (a source) its profile decides, and it
        // hears of the store's changes only by notification.
        switch source == nil ? subscription?.status : nil {
        case .inGracePeriod?: return EntitlementState("active in grace to \(until) · billing issue\(origin)", .attention)
        case .inBillingRetryPeriod?:
            return EntitlementState("inactive · \(subscription?.retryName ?? "billing retry")\(origin)", .failing)
        case .revoked?: return EntitlementState("refunded\(origin)", .ended)
        case .paused?:
            let resumes = subscription?.pausedUntil.map(date) ?? "?"
            return EntitlementState("paused until \(resumes)\(origin)", .attention)
        default: break
        }
        if renewalsDueAtNextLaunch {
            let due = "renewals due at the next launch"
            return isActive ? EntitlementState("active · \(due)\(origin)", .active)
                : EntitlementState("\(due)\(origin)", .attention)
        }
        guard isActive else { return EntitlementState("expired \(until)\(origin)", .ended) }
        // "renews" carries both willRenew and the date, in the room of "to".
        return EntitlementState((willRenew ? "active · renews \(until)" : "active to \(until)") + origin, .active)
    }
}

extension ServerWait {
    /// ` 2/10` while the app polls, else nothing.
    var count: String { poll.map { " \($0)/\(polls)" } ?? "" }
}
