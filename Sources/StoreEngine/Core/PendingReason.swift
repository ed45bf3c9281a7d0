import Foundation

/// Why a transaction waits (`deferred`): the store answered the purchase with "pending", and
/// its outcome comes later. Nothing is charged or granted while it waits, and a launch does not
/// deliver it again: the answer settles it.
public enum PendingReason: String, Sendable, Equatable, CaseIterable {
    /// The App Store's Ask to Buy: a parent approves (a transaction arrives on
    /// `Transaction.updates`) or declines (nothing arrives).
    case askToBuy
    /// The App Store's interrupted purchase (terms to accept, a payment method to fix), pending
    /// until resolved.
    case interruptedPurchase
    /// Google Play's purchase in `PENDING` (a slow test card): Google Play settles it later,
    /// PURCHASED or declined, and gives it an `orderId` only once PURCHASED.
    case slowCard
    /// Xsolla's webhook mode: paid, and the game's server has not taken the `payment` webhook
    /// yet; the item is granted once it does.
    case backendHold

    /// How the ledger notes it on the deferred transaction.
    var recorded: String { rawValue }

    init?(recorded text: String?) {
        guard let text, let reason = PendingReason(rawValue: text) else { return nil }
        self = reason
    }

    public var displayName: String {
        switch self {
        case .askToBuy: return "Ask to Buy"
        case .interruptedPurchase: return "interrupted purchase"
        case .slowCard: return "slow card"
        case .backendHold: return "the game's server"
        }
    }
}
