import TerminalUI

/// Text shown in full over everything, and which text it is: what the keys do over it depends
/// on what is open (`n` closes the messages, not the keys), never on the words of its title.
public struct Overlay: Sendable, Equatable {
    public enum Kind: Sendable, Equatable {
        /// `?`: every key.
        case keys
        /// `n`: the bottom line's messages.
        case messages
        /// Enter on a pane: its row with every field; `o` on the paywall: the selected product.
        case row
        /// A click on the paywall's Terms or Privacy: the address.
        case address
    }

    public let kind: Kind
    public internal(set) var text: TextOverlay
    /// The outbox id of the notification these details show (Enter on the Server pane): a
    /// report that changes it (an attempt answered, a resend) makes them again, where the reader
    /// was, and `R` and `N` act on it, whichever row the pane beneath has selected by then.
    let notificationID: Int64?

    init(_ kind: Kind, _ text: TextOverlay, notificationID: Int64? = nil) {
        self.kind = kind
        self.text = text
        self.notificationID = notificationID
    }

    /// Lines scrolled past.
    public var scroll: Int { text.scroll }
}
