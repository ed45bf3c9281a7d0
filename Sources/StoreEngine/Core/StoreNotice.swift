/// A one-line outcome for the status line.
public struct StoreNotice: Sendable, Equatable {
    public enum Tone: String, Sendable {
        case info, success, error
    }

    public var tone: Tone
    public var text: String

    public init(_ tone: Tone, _ text: String) {
        self.tone = tone
        self.text = text
    }
}

/// Durable steps of a purchase, in order, after each of which a crash must be survivable.
public enum StoreCheckpoint: String, Sendable, CaseIterable {
    /// The transaction is committed as purchasing and its sheet is open; nothing is paid.
    case opened
    /// Pay Station's outcome is committed; its redirect has not reached the app yet.
    case paid
    /// The transaction is purchased; nothing is granted or finished yet.
    case purchased
    /// The grant is committed; the transaction is not finished yet.
    case granted
    /// The transaction is finished.
    case finished
}
