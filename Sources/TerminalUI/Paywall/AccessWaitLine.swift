import StoreEngine

/// "Waiting for access… 3/10" on the paywall's bottom border, in the storefront's language,
/// while the app polls the Xee profile after a purchase.
public struct AccessWaitLine: Widget {
    let wait: AccessWait
    let model: PaywallModel
    let clockPaused: Bool
    let theme: Theme

    /// - Parameter clockPaused: the polls wait for the clock: `⏸` after the count (the status bar
    ///   names the key that moves it).
    public init(_ wait: AccessWait, model: PaywallModel, clockPaused: Bool = false, theme: Theme) {
        self.wait = wait
        self.model = model
        self.clockPaused = clockPaused
        self.theme = theme
    }

    /// Rendered in the paywall's rectangle.
    public func render(in area: Rect, on frame: inout Frame) {
        let text = " \(PaywallView.text(of: model)[.waitingForAccess]) \(wait.poll)/\(wait.polls)\(clockPaused ? " ⏸" : "") "
        frame.write(text, x: area.x + 2, y: area.maxY - 1, limit: max(0, area.width - 4), style: theme.style(.warning, bold: true))
    }
}
