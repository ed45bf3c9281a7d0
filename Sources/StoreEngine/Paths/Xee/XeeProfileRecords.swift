import Foundation
import Ledger

/// The Xee server's profile of the player in the ledger (`xee_access`, one row per access
/// level): the server's word, which the engine merges into the Entitlements as `ServerAccess`.
struct XeeProfileRecords: PathRecords {
    private let ledger: LedgerDatabase

    /// The rows keep their own times (`updatedAt`): the context's clock is not needed.
    init(ledger: LedgerDatabase, now: Date) {
        self.init(ledger: ledger)
    }

    init(ledger: LedgerDatabase) {
        self.ledger = ledger
    }

    func record(_ access: XeeAccessRecord) throws {
        try ledger.recordXeeAccess(access)
    }

    /// `user`'s profile, one row per access level.
    func profile(of user: String) throws -> [XeeAccessRecord] {
        try ledger.xeeAccess(user: user)
    }
}

extension ServerAccess {
    /// A level of the Xee server's profile as the engine keeps it.
    init(_ access: XeeAccessRecord) {
        self.init(level: access.level, transactionId: access.transactionId, expiresAt: access.expiresAt,
                  willRenew: access.willRenew, source: access.source,
                  shownSource: XeeAccessSource(rawValue: access.source)?.displayName,
                  updatedAt: access.updatedAt, path: .xee)
    }
}

extension XeeAccessRecord {
    /// The row of `user`'s profile that holds `access`.
    init(_ access: ServerAccess, user: String) {
        self.init(userId: user, level: access.level, transactionId: access.transactionId,
                  expiresAt: access.expiresAt, willRenew: access.willRenew, source: access.source,
                  updatedAt: access.updatedAt)
    }
}

// What the Xee path asks of its context: its server's profile.
extension PathContext {
    /// Records an access level on the player's Xee profile, which the Entitlements merge.
    func recordXeeAccess(_ access: XeeAccessRecord) throws {
        try records(XeeProfileRecords.self).record(access)
        try purchases.noteServerAccess(ServerAccess(access))
    }

    /// The player's Xee profile: access levels by level, as the ledger holds them.
    var xeeProfile: [String: XeeAccessRecord] {
        account.serverAccess.filter { $0.value.path == .xee }.mapValues { XeeAccessRecord($0, user: userId) }
    }

    /// The profile as `getProfile()` answers it now.
    var xeeProfileNow: XeeProfile {
        XeeProfile(profileId: userId, holding: account.serverAccess, at: now, product: account.knownProductId(ofTransaction:))
    }
}

extension XeeProfile {
    /// The profile that holds `access` at `time`, each level's product as `product` finds it.
    init(profileId: String, holding access: [String: ServerAccess], at time: Date,
         product: (String) -> String?) {
        var levels: [String: XeeAccessLevel] = [:]
        for access in access.values where access.path == .xee {
            let live = (access.expiresAt ?? .distantFuture) > time
            levels[access.level] = XeeAccessLevel(
                id: access.level, isActive: live, expiresAt: access.expiresAt, willRenew: access.willRenew && live,
                source: XeeAccessSource(rawValue: access.source) ?? .notification,
                vendorProductId: access.transactionId.flatMap(product), transactionId: access.transactionId)
        }
        self.init(profileId: profileId, accessLevels: levels)
    }
}
