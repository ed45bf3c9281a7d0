import Catalog
import Foundation
import StoreEngine
import TerminalUI

// Enter on a pane's row: every field of it in full, whatever the pane's width cut.
extension App {
    func details(of pane: Pane) -> TextOverlay? {
        let iso = ISO8601DateFormatter()
        switch pane {
        case .transactions:
            guard snapshot.transactions.indices.contains(transactionsPane.selection) else { return nil }
            let transaction = snapshot.transactions[transactionsPane.selection]
            var entries: [TextOverlay.Entry] = [
                .init("id", transaction.id), .init("product", transaction.productId), .init("user", transaction.userId),
                .init("storefront", transaction.storefront), .init("path", transaction.path?.displayName ?? "unknown"),
                .init("state", transaction.displayState + (transaction.isFinished ? ", finished" : ", not finished")),
                .init("charged", transaction.chargeText),
                .init("list price", "\(transaction.price) \(transaction.currency)"),
                .init("quantity", "\(transaction.quantity)"),
            ]
            if let failure = transaction.failure { entries.append(.init("failure", failure.description)) }
            if let pending = transaction.pending { entries.append(.init("waiting for", pending.displayName)) }
            if let original = transaction.originalTransactionId { entries.append(.init(transaction.state == .restored ? "restores" : "origin", original)) }
            if let refunded = transaction.revokedAt {
                entries.append(.init("refunded", iso.string(from: refunded) + " (\(transaction.revocationReason ?? "other"))"))
            }
            if let offer = transaction.offerType {
                entries.append(.init("offer", offer + (transaction.offerId.map { " \($0)" } ?? "")))
            }
            if let invoice = transaction.invoiceId { entries.append(.init("invoice", invoice)) }
            if let order = transaction.orderId { entries.append(.init("orderId", order)) }
            if let variation = transaction.variationId { entries.append(.init("variation", variation)) }
            entries.append(.init("created", iso.string(from: transaction.createdAt)))
            if let paid = transaction.purchasedAt { entries.append(.init("paid", iso.string(from: paid))) }
            entries.append(.init("updated", iso.string(from: transaction.updatedAt)))
            if let finished = transaction.finishedAt { entries.append(.init("finished", iso.string(from: finished))) }
            // The signed payload as the app would read it, after the ledger's own fields.
            if let fields = transaction.signedFields {
                entries.append(.init("signed", "\(fields.count) fields, ES256 (storefront public-key verifies)"))
                entries += fields.map { TextOverlay.Entry("  " + $0.key, $0.value) }
            }
            return TextOverlay(title: "Transaction \(transaction.id)", entries: entries)
        case .events:
            let events = self.events.visible
            guard events.indices.contains(eventsPane.selection) else { return nil }
            let event = events[eventsPane.selection]
            var entries: [TextOverlay.Entry] = [.init("time", iso.string(from: event.time)), .init("kind", event.kind.rawValue)]
            if let transaction = event.transactionId { entries.append(.init("transaction", transaction)) }
            entries.append(.init("message", event.message))
            return TextOverlay(title: "Event \(event.id)", entries: entries)
        case .entitlements:
            let balances = snapshot.balances.sorted { $0.key < $1.key }
            let index = entitlementsPane.selection
            if balances.indices.contains(index) {
                let balance = balances[index]
                return TextOverlay(title: "Balance", entries: [.init("currency", balance.key), .init("amount", "\(balance.value)")])
            }
            let entitlementIndex = index - balances.count
            guard snapshot.entitlements.indices.contains(entitlementIndex) else { return nil }
            let entitlement = snapshot.entitlements[entitlementIndex]
            var entries: [TextOverlay.Entry] = [
                .init("id", entitlement.id), .init("kind", entitlement.kind.rawValue),
                .init("active", entitlement.isActive ? "yes" : entitlement.serverWait == nil ? "no"
                      : "not yet: the store sold it, the server has not heard"),
            ]
            if let wait = entitlement.serverWait {
                entries.append(.init("server", "waiting for the notification" + (wait.poll.map {
                    "; the app polls getProfile (\($0) of \(wait.polls))" } ?? "")))
            }
            if let product = entitlement.productId { entries.append(.init("product", product)) }
            if entitlement.isLifetime { entries.append(.init("lifetime", "yes: bought once, owned for good")) }
            entries.append(.init("sandbox", catalog.settings.useSandbox ? "yes" : "no"))
            if let source = entitlement.source { entries.append(.init("source", source)) }
            if let store = entitlement.storeNames { entries.append(.init("store", store)) }
            entries.append(.init("expires", entitlement.expiresAt.map { iso.string(from: $0) + " (\(Self.relative($0, from: now)))" }
                                 ?? "never"))
            if entitlement.kind == .accessLevel { entries.append(.init("renews", entitlement.willRenew ? "yes" : "no")) }
            if let subscription = entitlement.subscription {
                entries.append(.init("status", subscription.status.rawValue))
                entries.append(.init("period", subscription.periodType))
                entries.append(.init("grace", entitlement.inGracePeriod ? "yes" : "no"))
                if let detected = subscription.billingIssueDetectedAt {
                    entries.append(.init("billing", "issue detected \(iso.string(from: detected))"))
                } else if subscription.billingIssue {
                    entries.append(.init("billing", "issue on: the next renewal fails"))
                }
                if let unsubscribed = subscription.unsubscribedAt {
                    // Keys stay within the widest ("expires"), so the column lines up as before.
                    entries.append(.init("stopped", "auto-renew off at " + iso.string(from: unsubscribed)))
                }
                entries.append(.init("renewed", subscription.renewals == 1 ? "once" : "\(subscription.renewals) times"))
                entries.append(.init("origin", subscription.originalTransactionId))
                if let path = subscription.path { entries.append(.init("path", path.displayName)) }
                if entitlement.isRefund { entries.append(.init("refund", "yes")) }
                if let next = subscription.pendingProductId { entries.append(.init("next", "\(next) at the renewal")) }
                if let increase = subscription.priceIncrease { entries.append(.init("price", "increase \(increase)")) }
            }
            return TextOverlay(title: "Entitlement \(entitlement.id)", entries: entries)
        case .server:
            return serverDetails()?.text
        case .paywall:
            return nil
        }
    }

    /// `in 4 min`, `3 days ago`: how far a date is from the simulated now, in the largest unit.
    public static func relative(_ date: Date, from now: Date) -> String {
        let seconds = date.timeIntervalSince(now)
        let words = English.duration(abs(seconds))
        return seconds >= 0 ? "in \(words)" : "\(words) ago"
    }
}
