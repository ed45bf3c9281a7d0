import Catalog
import Foundation
import Ledger

extension XeePath {
    /// `restorePurchases()` by the guide's rules: from iOS 15 the SDK sends the most recent
    /// transaction's id, and the server (with the key, Apple answering) records every
    /// subscription Apple reports for the customer on this profile, expired ones as inactive; on
    /// iOS 13/14 it sends the receipt, which unlocks nothing; without the key only what
    /// notifications brought counts. Never charges, makes no transaction.
    func restorePurchases(in context: PathContext) throws -> PathStep {
        guard server.deviceOS == .ios15 else {
            try context.log(.restored, "restorePurchases() on iOS 14: the receipt it sends unlocks nothing")
            return PathStep(notice: StoreNotice(.info, "Restore sent a receipt (iOS 13/14), which unlocks nothing on "
                                                + "the Xee server. Nothing was charged."))
        }
        // The most recent App Store transaction, whatever it bought: the one the SDK sends.
        guard let latest = try context.account.appStorePurchases(limit: 1).first else {
            try context.log(.restored, "restorePurchases(): no App Store transaction to send")
            return PathStep(notice: StoreNotice(.info, "Nothing to restore: this player has bought nothing through the "
                                                + "App Store."))
        }
        if context.catalog.origin == .storeKitConfiguration {
            try context.log(.xeeLocalStoreKit, "restorePurchases(): \(latest.id) was signed by a local StoreKit "
                            + "configuration, not by Apple: the Xee server unlocks nothing")
            return PathStep(notice: StoreNotice(.info, "Transactions of a local StoreKit configuration unlock nothing "
                                                + "on the Xee server. Nothing was charged."))
        }
        let failure = server.hasInAppPurchaseKey ? try checkWithApple(for: latest.id, in: context) : "no In-App Purchase key"
        if let failure {
            try context.log(.restored, "restorePurchases(): \(latest.id) sent; \(failure): only what notifications "
                            + "brought counts")
            return PathStep(notice: StoreNotice(.info, "Restore could not ask Apple (\(failure)); the profile stays as "
                                                + "notifications left it. Nothing was charged."))
        }
        // Every subscription Apple reports, the latest expiry per level: the plans' purchases
        // only, so a thousand gem purchases are neither read nor looked through.
        let plans = context.catalog.products.filter { $0.type == .autoRenewable || $0.type == .nonRenewing }.map(\.id)
        var levels: [String: (transaction: String, expiresAt: Date?)] = [:]
        for purchase in try context.account.appStorePurchases(of: plans) {
            guard let access = try context.account.access(of: purchase.id) else { continue }
            if let kept = levels[access.level], (kept.expiresAt ?? .distantFuture) >= (access.expiresAt ?? .distantFuture) {
                continue
            }
            levels[access.level] = (purchase.id, access.expiresAt)
        }
        let now = context.now
        var lines: [String] = []
        for (level, found) in levels.sorted(by: { $0.key < $1.key }) {
            try record((level, found.expiresAt), of: found.transaction, source: .restore, in: context)
            let active = (found.expiresAt ?? .distantFuture) > now
            lines.append("\(level) \(active ? "active" : "inactive (expired)")")
        }
        try context.log(.restored, "restorePurchases(): \(latest.id) sent; Apple reported "
                        + (lines.isEmpty ? "no subscription" : lines.joined(separator: ", ")))
        let step = PathStep(notice: StoreNotice(lines.isEmpty ? .info : .success, lines.isEmpty
            ? "Nothing to restore: Apple reports no subscription for this player."
            : "Restored \(lines.joined(separator: ", ")). Nothing was charged."))
        return lines.isEmpty ? step : changingProfile(step, in: context)
    }
}
