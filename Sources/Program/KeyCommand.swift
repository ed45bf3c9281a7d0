/// What a key asks the app for by name (`Message.command`), so the keymap says which key sends
/// which and the update does each in one place (`App+KeyCommands.swift`). Keys whose message
/// is already one of `Message`'s (`q`: `.quit`, `r`: `.restore`) send that.
public enum KeyCommand: Sendable, Equatable {
    /// `?`: the keys, over everything.
    case showKeys
    /// `n`: the bottom line's messages in full.
    case showMessages
    /// Esc, Enter or `?` over an overlay (`n` over the messages).
    case closeOverlay
    /// `↑` `↓` over an overlay: its lines by one.
    case scrollOverlay(by: Int)
    /// Esc on the main screen: the bottom line's message goes.
    case dismissNotice
    /// Tab, Shift-Tab.
    case stepPane(by: Int)
    /// `s`, `S`.
    case stepStorefront(by: Int)
    /// `t`, `T`.
    case stepTheme(by: Int)
    /// `i`.
    case nextPath
    /// `v`.
    case previewNextVariant
    /// `e`.
    case cycleEligibility
    /// `P`.
    case previewNextPlayer
    /// `d`.
    case nextDevice
    /// `W`: Xsolla's webhook mode on or off.
    case toggleWebhookMode
    /// `:`.
    case openPrompt
    /// `m`.
    case transactionActions
    /// `x`.
    case xeeSettings
    /// `g`: Google Play's country and voided purchases (issue 38).
    case playSettings
    /// `O`: the store's own code sheet (`presentOfferCodeRedeemSheet()`).
    case offerCodeSheet
    /// `p`.
    case heldPromotions
    /// `F`: the selected event's kind only, or every kind again.
    case filterEventsByKind
    /// `f`: the next category of events.
    case filterEventsByCategory
    /// `R` on the Server pane: the selected notification posted again now.
    case resendNotification
    /// `N` on the Server pane: the calendar on to the selected notification's next attempt.
    case advanceToNotificationRetry
    /// `]` (1), `[` (-1).
    case stepTimeRate(by: Int)
    /// A digit before `+`: how many days.
    case count(digit: Int)
    /// `+`: the calendar the days counted on, one without a count.
    case advanceCalendar
    /// `>`: on to the next thing due.
    case advanceToNextDue
    /// The selection by one: the paywall's next or previous item, a pane's row.
    case move(by: Int)
    /// `↑` `↓` on the paywall, which are spatial there (from the cards to the shop and back).
    case moveVertically(by: Int)
    /// Enter on the paywall: buy the selected product (after a products request gave up, ask again).
    case buySelected
    /// Enter on a pane: its row with every field in full.
    case openRow
    /// `o` on the paywall: the selected product's words in full, whatever its row cut.
    case openProduct
    /// Ctrl-Z.
    case suspend
    /// `c`: the screen as it is, into files (`Effect.captureScreen`).
    case captureScreen
}
