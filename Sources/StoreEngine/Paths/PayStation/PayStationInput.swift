import Foundation

/// What the player does on Pay Station's page.
public enum PayStationInput: Sendable, Equatable {
    /// A digit into the focused field (other characters are ignored, as the form does).
    case type(Character)
    /// Text that arrived in one burst (a paste): its digits into the focused field, as many as
    /// the field holds, the rest ignored at once; spaces and dashes between groups are skipped.
    case paste(String)
    case deleteBackward
    /// Enter: next field, pay, send the code; on a final page, back to the game.
    case submit
    /// Tab or Down: the next field of the card form.
    case nextField
    /// Shift-Tab or Up: the field before.
    case previousField
    /// Esc: closes Pay Station; before paying that cancels the payment.
    case close
    /// Space: ticks or clears "save card" on the card form.
    case toggleSavingCard
}
