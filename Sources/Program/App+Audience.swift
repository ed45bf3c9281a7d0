import TerminalUI

// In front of an audience (`--audience`) the screen is the player's: the App Store sheet
// without QA's row, no Sandbox marker, and no Events pane unless asked for (`--events`). What
// is hidden cannot be reached either: its keys and clicks do nothing (`StoreKitSheet`'s
// audience input and targets, the filters of a pane not drawn, Tab past it).
extension App {
    /// The part Tab (`step` 1) or Shift-Tab (-1) moves to: the paywall, then the live panes drawn.
    func nextFocus(after pane: Pane, by step: Int) -> Pane {
        let parts = [Pane.paywall] + layout.livePanes
        let index = parts.firstIndex(of: pane) ?? 0
        return parts[(index + step + parts.count) % parts.count]
    }
}
