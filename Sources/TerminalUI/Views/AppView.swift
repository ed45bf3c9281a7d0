/// The whole screen as a pure function of the state (DESIGN.md §2).
public enum AppView {
    /// Below this the layout cannot hold the paywall; say so instead of drawing garbage.
    public static let minimumSize = (width: 60, height: 18)

    public static func render(_ state: AppState) -> Frame {
        let theme = state.theme
        var frame = Frame(width: state.width, height: state.height, style: theme.style(.text))
        guard state.width >= minimumSize.width, state.height >= minimumSize.height else {
            let message = "Make the terminal at least \(minimumSize.width)x\(minimumSize.height) (now \(state.width)x\(state.height)). q quits."
            var y = 0
            var remaining = Substring(message)
            while !remaining.isEmpty, y < state.height {
                let chunk = remaining.prefix(max(1, state.width))
                frame.write(String(chunk), x: 0, y: y, style: theme.style(.warning, bold: true))
                remaining = remaining.dropFirst(chunk.count)
                y += 1
            }
            return frame
        }
        let layout = ScreenLayout(width: state.width, height: state.height)
        StatusBar.render(state, in: layout.statusBar, into: &frame)
        PaywallView.render(state, in: layout.paywall, into: &frame)
        LivePanes.render(state, layout: layout, into: &frame)
        HintBar.render(state, in: layout.hintBar, into: &frame)
        if let session = state.payStation {
            PayStationSheet.render(session, state: state, into: &frame)
        }
        if state.showsHelp {
            HelpOverlay.render(state, into: &frame)
        }
        return frame
    }
}
