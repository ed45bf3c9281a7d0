import Foundation

/// The test instruments Google Play offers a licence tester instead of a real payment method.
public enum PlayInstrument: String, Sendable, Equatable, CaseIterable {
    case approves
    case declines
    case slowApproves = "slow-approves"
    case slowDeclines = "slow-declines"

    /// A slow test card leaves the purchase PENDING; Google Play settles it a few minutes later.
    public var isSlow: Bool { self == .slowApproves || self == .slowDeclines }

    /// Whether the payment goes through (at once, or when the slow card settles).
    public var approves: Bool { self == .approves || self == .slowApproves }

    /// How long a slow test card takes to settle, in simulated seconds.
    static let slowCardSeconds: TimeInterval = 180

    /// Its name in the events (English, as the library's logs are).
    var eventName: String {
        switch self {
        case .approves: return "Test instrument, always approves"
        case .declines: return "Test instrument, always declines"
        case .slowApproves: return "Slow test card, approves after a few minutes"
        case .slowDeclines: return "Slow test card, declines after a few minutes"
        }
    }
}
