/// A one-line outcome for the status line.
public struct StoreNotice: Sendable, Equatable {
    public enum Tone: String, Sendable {
        case info, success, error
    }

    public var tone: Tone
    public var text: String
    /// The store refused what the player asked and changed nothing: the app keeps it on the
    /// bottom line until the player acts again, over what the clock brings meanwhile.
    public var isRefusal = false

    public init(_ tone: Tone, _ text: String) {
        self.tone = tone
        self.text = text
    }

    /// A refusal of the player's request (`isRefusal`).
    public static func refusal(_ text: String, tone: Tone = .info) -> StoreNotice {
        var notice = StoreNotice(tone, text)
        notice.isRefusal = true
        return notice
    }
}

/// The durable steps of a purchase, in order: each is one commit, after which a crash must be
/// survivable. A purchase commits three times on every path: the store's sheet opens, the
/// store takes the payment, the app delivers it. They are kept apart because each is another
/// party's record (the store's, its payment server's, the app's); what one party does in one
/// go (validate, grant, finish) is one commit.
public enum StoreCheckpoint: String, Sendable, CaseIterable {
    /// The transaction is committed as purchasing and its sheet is open; nothing is paid.
    case opened
    /// The payment is committed (the App Store's purchase, Pay Station's status with its
    /// redirect on the way); the app has not delivered it: nothing is granted or finished.
    case paid
    /// The app delivered it, in one commit: purchased (Pay Station's redirect used up),
    /// validated, granted once and finished.
    case finished
}
