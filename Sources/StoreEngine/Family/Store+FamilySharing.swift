import Catalog
import Foundation
import Ledger

// Family Sharing as the App Store does it. Every player of one state directory is a member of
// one family from its first launch. A purchase of a family-shareable product is shared, in the
// commit of its payment, with every other member: each gets a share of their own, signed
// `FAMILY_SHARED`, charged nothing, which their app delivers (validates, grants, finishes) at
// their next launch, as any transaction it has not finished. A member who joins later gets a
// share of what is still shared at that launch; each renewal of a shared subscription is shared
// in the renewal's commit. The App Store posts each member's notifications as the purchaser's.
// Stopping sharing, or a refund, revokes every member's share (`REVOKE`).
extension Store {
    /// A paid purchase of a family-shareable product on a store that shares is shared with every
    /// other member, inside the payment's commit (the completion's `record`).
    func shareWithFamily(_ paid: TransactionRecord, at time: Date) throws {
        guard paid.originalTransactionId == nil, isShared(paid) else { return }
        let members = try ledger.familyMembers().filter { $0 != paid.userId }
        guard !members.isEmpty else { return }
        let periodEnd = account.subscriptions[paid.id]?.expiresAt
        for member in members {
            try share(paid, of: paid, with: member, until: periodEnd, as: .shared, at: time)
        }
        try log(.familyShared, "\(shortName(of: paid)) shared with \(Self.listed(members)) through Family Sharing",
                paid.id, of: paid.userId, at: time)
    }

    /// A renewal of a shared subscription is shared with every other member, inside the
    /// renewal's commit, before the store's notification of it (which reaches the members too).
    func shareWithFamily(renewal: TransactionRecord, of subscription: SubscriptionRecord, at time: Date) throws {
        let members = try ledger.familyMembers().filter { $0 != renewal.userId }
        guard !members.isEmpty, isShareable(renewal) else { return }
        let purchase: TransactionRecord?
        do {
            purchase = try ledger.transaction(id: subscription.originalTransactionId)
        } catch {
            // The renewal goes through; whether its purchase is still shared cannot be told, so it is not shared.
            try log(.ledgerUnreadable, "sharing \(renewal.id) with the family: its purchase \(subscription.originalTransactionId) "
                    + "could not be read (\(error)); it is not shared", renewal.id, time)
            return
        }
        guard let purchase, isShared(purchase) else { return }
        for member in members {
            try share(renewal, of: purchase, with: member, until: subscription.expiresAt, as: .renewed, at: time)
        }
    }

    /// At launch, in its commit: the player joins the family, and gets a share of each purchase
    /// another member shares that it has none of yet: a non-consumable, or a subscription still
    /// running (its latest period). The launch then delivers them as any unfinished transaction.
    func joinFamily() throws {
        let time = now()
        try ledger.joinFamily(user: userId, at: time)
        let products = catalog.familyShareableProducts
        guard !products.isEmpty else { return }
        for purchase in try ledger.purchasesToShare(with: userId, products: products) where isShared(purchase) {
            guard catalog.product(id: purchase.productId)?.type == .autoRenewable else {
                try share(purchase, of: purchase, with: userId, until: nil, as: .shared, at: time)
                continue
            }
            // A subscription whose renewals its purchaser's app has not recorded yet is shared
            // when it records them.
            guard let running = try ledger.subscriptions(user: purchase.userId).first(where: {
                $0.originalTransactionId == purchase.id && $0.endedAt == nil && $0.expiresAt > time
            }), let latest = try ledger.transaction(id: running.latestTransactionId), isShareable(latest) else { continue }
            try share(latest, of: purchase, with: userId, until: running.expiresAt, as: .shared, at: time)
        }
    }

    /// QA's Stop Family Sharing on the purchaser's transaction (the purchase, or a renewal of
    /// it): the purchase is no longer shared, and every member's share is revoked, one commit.
    func stopFamilySharing(of transaction: TransactionRecord) throws -> StoreNotice {
        let time = now()
        let purchaseId = transaction.originalTransactionId ?? transaction.id
        let name = displayName(ofProduct: transaction.productId)
        let members: [String] = try ledger.inTransaction {
            guard try ledger.stopFamilySharing(ofPurchase: purchaseId, at: time) else { return [] }
            let members = try revokeFamilyShares(ofPurchase: purchaseId, because: Self.sharingStopped, at: time)
            try log(.familySharingStopped, "\(shortName(of: transaction)) no longer shared with the family"
                    + (members.isEmpty ? "; no member had it" : ": REVOKE for \(Self.listed(members))"), purchaseId, time)
            try refresh(purchaseId)
            return members
        }
        return StoreNotice(.info, "\(name) is no longer shared with the family"
                           + (members.isEmpty ? "; no member had it." : ": REVOKE for \(Self.listed(members))."))
    }

    /// A refunded purchase takes every member's share with it (inside the refund's commit).
    func revokeFamilyShares(of refunded: TransactionRecord, because reason: String, at time: Date) throws {
        guard !refunded.isFamilyShared, refunded.state == .purchased, isShareable(refunded) else { return }
        try revokeFamilyShares(ofPurchase: refunded.originalTransactionId ?? refunded.id, because: reason, at: time)
    }

    /// Revokes every member's share of the purchase `purchaseId` not yet revoked, each signed
    /// again with its revocation; one never delivered is finished, with nothing left to deliver.
    /// The App Store posts `REVOKE` of each member's latest share. Returns the members, in the
    /// order their shares were made.
    @discardableResult
    private func revokeFamilyShares(ofPurchase purchaseId: String, because reason: String, at time: Date) throws -> [String] {
        var revokedShares: [TransactionRecord] = []
        for share in try ledger.familyShares(ofPurchase: purchaseId) where share.revokedAt == nil {
            let grant = try ledger.grant(forTransaction: share.id)
            guard try ledger.recordRevocation(ofTransaction: share.id, reason: reason, at: time) else { continue }
            try signAgain(share, revokedAt: time, reason: reason, at: time)
            var revoked = share
            revoked.revokedAt = time
            revoked.revocationReason = reason
            revoked.updatedAt = time
            if share.finishedAt == nil { try ledger.markFinished(transaction: share.id, at: time) }
            if share.userId == userId {
                account.revokeGrant(grant, of: share, at: time)
                try refresh(share.id)
            }
            revokedShares.append(revoked)
        }
        let latest = Self.latestOfEachMember(revokedShares)
        let why = reason == Self.sharingStopped ? "its purchaser stopped sharing it" : "its purchase was refunded"
        for share in latest {
            try log(.revoke, "\(shortName(of: share)) is no longer shared (\(why)): access removed", share.id,
                    of: share.userId, at: time)
            try enqueueAppStoreNotification(type: EventKind.revoke.rawValue, subtype: nil, transactionId: share.id, at: time)
            try path(of: share).lifecycle?.familyShareChanged(.revoked, share, in: context)
        }
        return latest.map(\.userId)
    }

    /// QA cut the purchaser's period short (expired it, renewed it now): each member's share of
    /// that period ends then too, granted already or when their app delivers it.
    func cutFamilyShares(ofPurchase purchaseId: String, at time: Date) throws {
        for share in try ledger.familyShares(ofPurchase: purchaseId) where share.revokedAt == nil && (share.periodEnd ?? .distantFuture) > time {
            try ledger.recordPeriodEnd(time, ofTransaction: share.id)
            try ledger.cutGrant(ofTransaction: share.id, at: time)
            if share.userId == userId { account.cutGrant(ofTransaction: share.id, at: time) }
        }
    }

    /// The App Store's notification `kind` of a shared purchase reaches every member too, on the
    /// member's latest share, as Apple posts each family member's. A sale and a refund are the
    /// shares' own (`share`, `revokeFamilyShares`); the rest (a renewal, auto-renew turned off,
    /// an expiry) are the purchaser's, told again for each member. Inside the caller's commit.
    func notifyFamily(_ kind: EventKind, subtype: String?, _ message: String, ofTransaction transactionId: String,
                      at time: Date) throws {
        guard ![EventKind.oneTimeCharge, .subscribed, .refund].contains(kind),
              let transaction = try ledger.transaction(id: transactionId), !transaction.isFamilyShared,
              isShareable(transaction) else { return }
        let shares = try ledger.familyShares(ofPurchase: transaction.originalTransactionId ?? transaction.id)
        for share in Self.latestOfEachMember(shares.filter { $0.revokedAt == nil }) {
            try log(kind, "Family Sharing · " + message, share.id, of: share.userId, at: time)
            try enqueueAppStoreNotification(type: kind.rawValue, subtype: subtype, transactionId: share.id, at: time)
        }
    }

    // MARK: A share

    /// Makes `member`'s share of `purchase`, for the period `latest` paid for (the purchase
    /// itself, or a renewal of it) until `periodEnd`: its own id, `purchase` as its original,
    /// nothing charged, signed `FAMILY_SHARED`, unfinished until the member's app delivers it.
    /// A new share (`.shared`) is the App Store's sale to the member, and its notification says
    /// so; a renewal's is told by the renewal's own notification (`notifyFamily`).
    private func share(_ latest: TransactionRecord, of purchase: TransactionRecord, with member: String, until periodEnd: Date?,
                       as change: FamilyShareChange, at time: Date) throws {
        let sequence = try ledger.nextValue(ofSequence: "transaction")
        let share = TransactionRecord(
            id: LedgerTransactionId.of(sequence: Int64(sequence)), productId: latest.productId, userId: member,
            storefront: latest.storefront, integrationPath: latest.integrationPath, state: .purchased, quantity: 1,
            price: latest.price, currency: latest.currency, createdAt: time, updatedAt: time,
            purchasedAt: latest.purchasedAt ?? time, amountCharged: "0", originalTransactionId: purchase.id,
            locale: latest.locale, periodEnd: periodEnd, isFamilyShared: true)
        try ledger.insert(share)
        try sign(share, at: time)
        if member == userId { try refresh(share.id) }
        try log(.familyShared, "\(shortName(of: share)) shared by \(purchase.userId) through Family Sharing (\(purchase.id))",
                share.id, of: member, at: time)
        if member == userId, path(of: share).traits.readsCurrentEntitlements {
            try log(.transactionUpdate, "Transaction.updates: \(share.id), shared by the family", share.id, time)
        }
        if change == .shared {
            let subscribes = catalog.product(id: share.productId)?.type == .autoRenewable
            let kind: EventKind = subscribes ? .subscribed : .oneTimeCharge
            let subtype = subscribes ? "INITIAL_BUY" : nil
            try log(kind, (subtype.map { "\($0) · " } ?? "") + "Family Sharing · \(shortName(of: share)) shared by "
                    + purchase.userId + Self.until(periodEnd), share.id, of: member, at: time)
            try enqueueAppStoreNotification(type: kind.rawValue, subtype: subtype, transactionId: share.id, at: time)
        }
        try path(of: share).lifecycle?.familyShareChanged(change, share, in: context)
    }

    /// Whether `purchase` is shared now: a family-shareable product on a store that shares, not
    /// refunded, still shared by its purchaser.
    private func isShared(_ purchase: TransactionRecord) -> Bool {
        !purchase.isFamilyShared && purchase.revokedAt == nil && purchase.familySharingStoppedAt == nil && isShareable(purchase)
    }

    /// Whether the product of `transaction` is one its store shares with the family.
    private func isShareable(_ transaction: TransactionRecord) -> Bool {
        guard let product = catalog.product(id: transaction.productId) else { return false }
        return product.familyShareable && Product.canBeFamilyShareable(product.type)
            && path(of: transaction).traits.marketplace.sharesWithFamily
    }

    /// Logs an event of `player`'s transaction: into the panes when `player` is the one
    /// playing, else into the ledger alone, where that player's panes read it at their launch
    /// (as the outbox's events of it, which the account leaves to them too).
    private func log(_ kind: EventKind, _ message: String, _ transactionId: String, of player: String, at time: Date) throws {
        if player != userId { account.noteTransaction(ofAnotherPlayer: transactionId) }
        try log(kind, message, transactionId, time)
    }

    private func shortName(of transaction: TransactionRecord) -> String {
        catalog.product(id: transaction.productId)?.shortId ?? transaction.productId
    }

    /// Each member's latest of `shares` (oldest first), in the order the members' first came.
    private static func latestOfEachMember(_ shares: [TransactionRecord]) -> [TransactionRecord] {
        var latest: [String: TransactionRecord] = [:]
        var members: [String] = []
        for share in shares {
            if latest[share.userId] == nil { members.append(share.userId) }
            latest[share.userId] = share
        }
        return members.compactMap { latest[$0] }
    }

    /// `ana`, `ana and ben`, `ana, ben and cy`.
    static func listed(_ members: [String]) -> String {
        guard let last = members.last, members.count > 1 else { return members.first ?? "" }
        return members.dropLast().joined(separator: ", ") + " and " + last
    }

    /// The revocation reason a share keeps when its purchaser stopped sharing it.
    static let sharingStopped = "familySharingStopped"
}

/// What happened to a family member's share, for the path of its purchase
/// (`StoreLifecycle.familyShareChanged`): a path whose server keeps access hears of it.
enum FamilyShareChange: Sendable, Equatable {
    /// The App Store shared a purchase with the member (bought now, or found at their launch).
    case shared
    /// A renewal of a shared subscription, shared.
    case renewed
    /// The member's share was revoked: sharing stopped, or the purchase was refunded.
    case revoked
}

// Family Sharing's events, the engine's own steps (the App Store's REVOKE is among its
// notifications, AppStoreNotifications.swift).
extension EventKind {
    /// A purchase shared with the family (on the purchase), or a member's share of one (on the share).
    public static let familyShared = EventKind(rawValue: "family.shared")
    /// The purchaser stopped sharing a purchase.
    public static let familySharingStopped = EventKind(rawValue: "family.stopped")

    static let familySharing: [EventKind] = [.familyShared, .familySharingStopped]
}
