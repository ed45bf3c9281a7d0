import Catalog
import Foundation
import Ledger

/// What the live panes show, read from the ledger after every change.
public struct StoreSnapshot: Sendable, Equatable {
    public var transactions: [TransactionRecord]
    public var transactionCount: Int
    public var balances: [String: Int]
    public var entitlements: [Entitlement]
    public var events: [EventRecord]
    /// What offer eligibility needs to know of the player's subscriptions.
    public var history: SubscriberHistory

    public init(transactions: [TransactionRecord] = [], transactionCount: Int = 0, balances: [String: Int] = [:],
                entitlements: [Entitlement] = [], events: [EventRecord] = [], history: SubscriberHistory = .newPlayer) {
        self.transactions = transactions
        self.transactionCount = transactionCount
        self.balances = balances
        self.entitlements = entitlements
        self.events = events
        self.history = history
    }
}

/// Access derived from grants: a subscription's access level or an owned non-consumable.
public struct Entitlement: Sendable, Equatable {
    public enum Kind: String, Sendable {
        case accessLevel
        case nonConsumable
    }

    public var id: String
    public var kind: Kind
    public var productId: String?
    public var expiresAt: Date?
    public var isActive: Bool

    public init(id: String, kind: Kind, productId: String?, expiresAt: Date?, isActive: Bool) {
        self.id = id
        self.kind = kind
        self.productId = productId
        self.expiresAt = expiresAt
        self.isActive = isActive
    }

    public var isLifetime: Bool { kind == .nonConsumable }
}
