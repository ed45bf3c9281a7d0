import Catalog
import Foundation
import Ledger

/// The Xee paywall SDK on StoreKit (DESIGN.md §3): `makePurchase` buys through the App Store
/// sheet, then the SDK's server decides access on the player's profile. With the In-App
/// Purchase key it asks Apple for the subscription statuses before `makePurchase` returns
/// (`VERIFIED_WITH_APPLE`); without it, or when that check fails, access arrives with the
/// purchase's notification `xee.notificationDelaySeconds` later, and the app polls
/// `getProfile` ten times, two seconds apart, meanwhile. A failed check never fails the purchase.
final class XeePath: StoreKitPath {
    /// How many times the app polls, and how far apart (simulated seconds), as the guide's code does.
    static let polls = 10
    static let pollInterval = 2.0

    /// The purchase the app is polling for, and the poll it is at.
    private var waiting: (transactionId: String, level: String, poll: Int)?

    init() {
        super.init(.xee)
    }

    override var grantsAccessLocally: Bool { false }

    override func accessWait(in context: PathContext) -> AccessWait? {
        waiting.map { AccessWait(level: $0.level, poll: $0.poll, polls: Self.polls) }
    }

    /// `makePurchase`: paid on StoreKit; now the server's turn, inside the purchase's commit.
    override func paid(_ sheet: StoreKitSession, settlement: Settlement, tampered: Bool,
                       in context: PathContext) throws -> PathStep {
        let transaction = sheet.transactionId
        guard !tampered, let access = try context.access(of: transaction) else {
            // Nothing for the profile (a consumable, a non-consumable), or a transaction that
            // fails verification: the completion decides, as on StoreKit.
            return PathStep(settlements: [settlement])
        }
        let server = context.xeeServer
        if server.hasInAppPurchaseKey {
            if let failure = server.apple.failure {
                try context.log(.xeeAppleCheckFailed, "\(failure): makePurchase still succeeds; \(access.level) waits "
                                + "for the purchase's notification", transaction: transaction)
            } else {
                try record(access, of: transaction, source: .verifiedWithApple, in: context)
                try context.log(.verifiedWithApple, "subscription statuses from Apple, verified: \(access.level) "
                                + "active\(Store.until(access.expiresAt))", transaction: transaction)
                return PathStep(settlements: [settlement])
            }
        }
        // Access comes with the notification; the app polls for it meanwhile.
        let delay = Double(context.catalog.settings.xee.notificationDelaySeconds)
        context.schedule(.xeeNotification(transactionId: transaction), at: context.now.addingTimeInterval(delay))
        // A new purchase takes over the polling: the earlier one's next poll goes.
        if let earlier = waiting {
            context.cancelScheduled(.xeeProfilePoll(transactionId: earlier.transactionId, poll: earlier.poll + 1))
        }
        waiting = (transaction, access.level, 0)
        context.schedule(.xeeProfilePoll(transactionId: transaction, poll: 1),
                         at: context.now.addingTimeInterval(Self.pollInterval))
        try context.log(.purchaseResult, "makePurchase returned success: the profile does not show \(access.level) yet"
                        + (server.hasInAppPurchaseKey ? "" : " (no In-App Purchase key: access comes with the notification)"),
                        transaction: transaction)
        return PathStep(settlements: [settlement])
    }

    override func perform(_ action: DueAction, in context: PathContext) throws -> PathStep {
        switch action {
        case .xeeNotification(let transaction):
            guard let access = try context.access(of: transaction) else { return .nothing }
            try context.atomically {
                try record(access, of: transaction, source: .notification, in: context)
                try context.log(.xeeNotification, "notification for \(transaction): \(access.level) active"
                                + Store.until(access.expiresAt), transaction: transaction)
            }
            return .nothing
        case .xeeProfilePoll(let transaction, let poll):
            guard let wait = waiting, wait.transactionId == transaction else { return .nothing }
            let active = context.xeeProfile[wait.level].map { ($0.expiresAt ?? .distantFuture) > context.now } ?? false
            try context.log(.xeeGetProfile, "poll \(poll) of \(Self.polls): \(wait.level) \(active ? "active" : "not yet")",
                            transaction: transaction)
            if active {
                waiting = nil
                return PathStep(notice: StoreNotice(.success, "\(wait.level) is active."))
            }
            guard poll < Self.polls else {
                waiting = nil
                return PathStep(notice: StoreNotice(.info, "The purchase went through; \(wait.level) may take a "
                                                    + "moment to arrive."))
            }
            waiting = (transaction, wait.level, poll)
            context.schedule(.xeeProfilePoll(transactionId: transaction, poll: poll + 1),
                             at: context.now.addingTimeInterval(Self.pollInterval))
            return .nothing
        default:
            return .nothing
        }
    }

    // MARK: restorePurchases

    /// By the guide's rules: from iOS 15 the SDK sends the most recent transaction's id, and the
    /// server (with the key, Apple answering) records every subscription Apple reports for the
    /// customer on this profile, expired ones as inactive; on iOS 13/14 it sends the receipt,
    /// which unlocks nothing; without the key only what notifications brought counts. Never
    /// charges, makes no transaction.
    override func restore(in context: PathContext) throws -> PathStep {
        let server = context.xeeServer
        let purchases = context.appStorePurchases
        guard server.deviceOS == .ios15 else {
            try context.log(.restored, "restorePurchases() on iOS 14: the receipt it sends unlocks nothing")
            return PathStep(notice: StoreNotice(.info, "Restore sent a receipt (iOS 13/14), which unlocks nothing on "
                                                + "the Xee server. Nothing was charged."))
        }
        guard let latest = purchases.first else {
            try context.log(.restored, "restorePurchases(): no App Store transaction to send")
            return PathStep(notice: StoreNotice(.info, "Nothing to restore: this player has bought nothing through the "
                                                + "App Store."))
        }
        guard server.hasInAppPurchaseKey, server.apple.failure == nil else {
            let why = server.hasInAppPurchaseKey ? server.apple.failure ?? "" : "no In-App Purchase key"
            try context.log(.restored, "restorePurchases(): \(latest.id) sent; \(why): only what notifications "
                            + "brought counts")
            return PathStep(notice: StoreNotice(.info, "Restore could not ask Apple (\(why)); the profile stays as "
                                                + "notifications left it. Nothing was charged."))
        }
        // Every subscription Apple reports, the latest expiry per level.
        var levels: [String: (transaction: String, expiresAt: Date?)] = [:]
        for purchase in purchases {
            guard let access = try context.access(of: purchase.id) else { continue }
            if let kept = levels[access.level], (kept.expiresAt ?? .distantFuture) >= (access.expiresAt ?? .distantFuture) {
                continue
            }
            levels[access.level] = (purchase.id, access.expiresAt)
        }
        let now = context.now
        let restored = try context.atomically { () throws -> [String] in
            var lines: [String] = []
            for (level, found) in levels.sorted(by: { $0.key < $1.key }) {
                try record((level, found.expiresAt), of: found.transaction, source: .restore, in: context)
                let active = (found.expiresAt ?? .distantFuture) > now
                lines.append("\(level) \(active ? "active" : "inactive (expired)")")
            }
            try context.log(.restored, "restorePurchases(): \(latest.id) sent; Apple reported "
                            + (lines.isEmpty ? "no subscription" : lines.joined(separator: ", ")))
            return lines
        }
        return PathStep(notice: StoreNotice(restored.isEmpty ? .info : .success, restored.isEmpty
            ? "Nothing to restore: Apple reports no subscription for this player."
            : "Restored \(restored.joined(separator: ", ")). Nothing was charged."))
    }

    private func record(_ access: (level: String, expiresAt: Date?), of transaction: String, source: XeeAccessSource,
                        in context: PathContext) throws {
        try context.recordXeeAccess(XeeAccessRecord(
            userId: context.userId, level: access.level, transactionId: transaction, expiresAt: access.expiresAt,
            willRenew: true, source: source.rawValue, updatedAt: context.now))
    }
}
