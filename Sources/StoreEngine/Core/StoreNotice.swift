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

/// Durable steps of a purchase, after which a crash must be survivable.
public enum StoreCheckpoint: String, Sendable, CaseIterable {
    /// The transaction is purchased; nothing is granted or finished yet.
    case purchased
    /// The grant is committed; the transaction is not finished yet.
    case granted
}
