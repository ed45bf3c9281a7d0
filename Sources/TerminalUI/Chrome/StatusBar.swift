import StoreEngine

/// The top line: app, storefront, locale, integration path, theme, variant, SANDBOX, and on
/// the right the simulated calendar and how fast it runs.
public enum StatusBar {
    /// - Parameter clock: `01-08 09:00 · 1 mo = 5 min`, the simulated time and the rate, in
    ///   shorter forms after it: the longest that fits beside the store's facts is drawn.
    public static func render(_ paywall: PaywallModel, clock forms: [String], theme: Theme, colorEnabled: Bool,
                              in area: Rect, into frame: inout Frame) {
        let bar = Style(foreground: theme.color(.background), background: theme.color(.accent), bold: true,
                        reverse: !colorEnabled)
        frame.fill(area, style: bar)
        let storefront = paywall.storefront
        var path = paywall.path.displayName
        if paywall.path == .paystation {
            path += paywall.catalog.opensPayStationInBrowser(in: storefront) ? " (browser)" : " (in-app)"
        }
        var parts = [paywall.catalog.app.name, "\(storefront.id) \(storefront.locale) \(storefront.currency)", path,
                     "theme \(theme.name)"]
        if let variant = paywall.variant {
            parts.append("variant \(variant.id)" + (paywall.variantOverride == nil ? "" : " (preview)"))
        }
        if paywall.eligibility != .auto { parts.append("offers: \(paywall.eligibility.rawValue)") }
        if let player = paywall.playerPreview { parts.append("player \(player.name) (preview)") }
        if paywall.catalog.settings.useSandbox { parts.append("SANDBOX") }
        // The hint line says `? help` and `q quit` too: here the clock has the room.
        var right = forms.first ?? ""
        var left = " " + parts.joined(separator: " │ ")
        if DisplayWidth.of(left) + DisplayWidth.of(right) + 2 > area.width {
            // Narrower: the app's name goes first, then the decoration; every fact of the store stays.
            left = " " + parts.dropFirst().joined(separator: " │ ")
            if DisplayWidth.of(left) + DisplayWidth.of(right) + 2 > area.width {
                left = " " + parts.dropFirst().map {
                    $0.replacingOccurrences(of: "theme ", with: "").replacingOccurrences(of: "variant ", with: "")
                        .replacingOccurrences(of: "player ", with: "")
                }.joined(separator: "│")
            }
            // Then the clock in a shorter form, if one fits.
            right = forms.first { DisplayWidth.of(left) + DisplayWidth.of($0) + 2 <= area.width } ?? right
        }
        let rightWidth = DisplayWidth.of(right) + 1
        if area.width >= DisplayWidth.of(left) + rightWidth + 1 {
            frame.write(right, x: area.maxX - rightWidth, y: area.y, style: bar)
        }
        frame.write(left, in: Rect(x: area.x, y: area.y, width: area.width - (area.width >= DisplayWidth.of(left) + rightWidth + 1 ? rightWidth : 0), height: 1), style: bar)
    }
}

/// The bottom line: the latest notice, or the keys that matter here.
public enum HintBar {
    /// - Parameter hint: the keys of what has the focus (a sheet, a pane), if not the paywall.
    public static func render(notice: StoreNotice?, hint: String?, theme: Theme, in area: Rect, into frame: inout Frame) {
        if let notice {
            let role: Theme.Role = notice.tone == .error ? .error : notice.tone == .success ? .success : .accent
            frame.write(" " + line(for: notice.text, width: area.width), in: area, style: theme.style(role, bold: true))
            return
        }
        let hints = hint ?? "←→↑↓ select · Enter buy · Tab pane · s/S storefront · t theme · ? help · q quit"
        frame.write(" " + hints, in: area, style: theme.style(.muted))
    }

    /// A notice that does not fit says it was cut and which key reads it whole.
    static func line(for text: String, width: Int) -> String {
        let room = width - 1
        guard DisplayWidth.of(text) > room else { return text }
        let tail = " \(NoticeLog.key): in full"
        return DisplayWidth.truncate(text, to: max(1, room - DisplayWidth.of(tail))) + tail
    }
}
