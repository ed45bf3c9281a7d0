import Foundation

/// What QA can do to one transaction from outside the purchase (the transaction's actions, `m`,
/// and the scenario commands `approve`, `decline`, `resolve`, `refund`).
public enum TransactionAction: Sendable, Equatable {
    /// A parent approves an Ask to Buy request: the transaction arrives on `Transaction.updates`.
    case approve
    /// A parent declines it: StoreKit delivers nothing, and nothing is charged.
    case decline
    /// An interrupted purchase is completed (terms accepted): delivered on `Transaction.updates`.
    case resolve
    /// The store refunds the purchase: revocation date and reason, access removed.
    case refund(RefundReason)

    /// The action as a menu line.
    public var title: String {
        switch self {
        case .approve: return "Approve (Ask to Buy)"
        case .decline: return "Decline (Ask to Buy)"
        case .resolve: return "Resolve the interrupted purchase"
        case .refund(let reason): return "Refund (\(reason.rawValue))"
        }
    }
}

/// StoreKit's `Transaction.RevocationReason`: 1 for an issue in the app, 0 for anything else.
public enum RefundReason: String, Sendable, Equatable, CaseIterable {
    case other
    case developerIssue

    /// The number a signed transaction carries.
    var number: Int { self == .developerIssue ? 1 : 0 }

    init(recorded text: String?) {
        self = text.flatMap(RefundReason.init(rawValue:)) ?? .other
    }
}

extension TransactionSummary {
    /// The actions that apply to this transaction now: approve or decline a waiting Ask to Buy,
    /// resolve an interrupted purchase, refund a purchase not yet refunded.
    public var actions: [TransactionAction] {
        switch (state, pending) {
        case (.deferred, .askToBuy?): return [.approve, .decline]
        case (.deferred, .interruptedPurchase?): return [.resolve]
        case (.purchased, _) where revokedAt == nil && isFinished:
            return RefundReason.allCases.map(TransactionAction.refund)
        default: return []
        }
    }
}
