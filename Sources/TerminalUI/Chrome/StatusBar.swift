import StoreEngine

/// The top line: app, storefront, locale, integration path, theme, variant, SANDBOX, where the
/// stores' APIs answer, and on the right the simulated calendar and how fast it runs.
public struct StatusBar: Widget {
    let paywall: PaywallModel
    let clock: [String]
    let theme: Theme
    let colorEnabled: Bool
    let showsSandbox: Bool
    let serverAddress: String?
    let playCountry: String?

    /// - Parameter clock: `01-08 09:00 · 1 mo = 5 min`, the simulated time and the rate, in
    ///   shorter forms after it: the longest that fits beside the store's facts is drawn.
    ///   - showsSandbox: false in front of an audience, which has no use for the marker.
    ///   - serverAddress: where the stores' APIs answer (`API 127.0.0.1:8780`), when served.
    ///   - playCountry: the Play account's country, said beside Google Play where it is not the storefront's.
    public init(_ paywall: PaywallModel, clock forms: [String], theme: Theme, colorEnabled: Bool, showsSandbox: Bool = true,
                serverAddress: String? = nil, playCountry: String? = nil) {
        self.paywall = paywall
        clock = forms
        self.theme = theme
        self.colorEnabled = colorEnabled
        self.showsSandbox = showsSandbox
        self.serverAddress = serverAddress
        self.playCountry = playCountry
    }

    public func render(in area: Rect, on frame: inout Frame) {
        let forms = clock
        let bar = Style(foreground: theme.color(.background), background: theme.color(.accent), bold: true,
                        reverse: !colorEnabled)
        frame.fill(area, style: bar)
        let storefront = paywall.storefront
        var path = paywall.path.displayName
        if paywall.path == .paystation {
            path += paywall.catalog.opensPayStationInBrowser(in: storefront) ? " (browser)" : " (in-app)"
        }
        // Google Play sells in the Play account's country (`g`), which the storefront need not be.
        if paywall.path == .play, let playCountry, playCountry != storefront.id { path += " in \(playCountry)" }
        // Each fact with how readily it goes when the bar is narrow (higher goes first); the
        // storefront and the clock stay before anything else.
        var parts: [(text: String, short: String, drop: Int)] = [
            (paywall.catalog.app.name, paywall.catalog.app.name, 9),
            ("\(storefront.id) \(storefront.locale) \(storefront.currency)", "\(storefront.id) \(storefront.locale) \(storefront.currency)", 0),
            (path, path, 3),
            ("theme \(theme.name)", theme.name, 7),
        ]
        if let variant = paywall.variant {
            let text = "\(variant.id)" + (paywall.variantOverride == nil ? "" : " (preview)")
            parts.append(("variant " + text, text, 4))
        }
        if paywall.eligibility != .auto {
            parts.append(("offers: \(paywall.eligibility.rawValue)", "offers: \(paywall.eligibility.rawValue)", 5))
        }
        if let player = paywall.playerPreview {
            parts.append(("player \(player.name) (preview)", "\(player.name) (preview)", 2))
        }
        if showsSandbox, paywall.catalog.settings.useSandbox { parts.append(("SANDBOX", "SANDBOX", 6)) }
        if let serverAddress { parts.append(("API \(serverAddress)", "API", 8)) }
        // The hint line says `? help` and `q quit` too: here the clock has the room.
        var right = forms.first ?? ""
        func fits(_ left: String, _ right: String) -> Bool { DisplayWidth.of(left) + DisplayWidth.of(right) + 2 <= area.width }
        var left = " " + parts.map(\.text).joined(separator: " │ ")
        if !fits(left, right) {
            // Narrower: the app's name goes first, then the decoration, then the clock takes a
            // shorter form, then the facts go one by one, the storefront last of all.
            parts.removeAll { $0.drop == 9 }
            left = " " + parts.map(\.text).joined(separator: " │ ")
            if !fits(left, right) { left = " " + parts.map(\.short).joined(separator: "│") }
            right = forms.first { fits(left, $0) } ?? forms.last ?? right
            while !fits(left, right), let worst = parts.indices.filter({ parts[$0].drop > 0 }).max(by: { parts[$0].drop < parts[$1].drop }) {
                parts.remove(at: worst)
                left = " " + parts.map(\.short).joined(separator: "│")
                right = forms.first { fits(left, $0) } ?? forms.last ?? right
            }
            if !fits(left, right) { left = " " + storefront.id }
        }
        let rightWidth = DisplayWidth.of(right) + 1
        if area.width >= DisplayWidth.of(left) + rightWidth + 1 {
            frame.write(right, x: area.maxX - rightWidth, y: area.y, style: bar)
        }
        frame.write(left, in: Rect(x: area.x, y: area.y, width: area.width - (area.width >= DisplayWidth.of(left) + rightWidth + 1 ? rightWidth : 0), height: 1), style: bar)
    }
}

/// The bottom line: the latest notice, or the keys that matter here.
public struct HintBar: Widget {
    let notice: StoreNotice?
    let hint: String?
    let theme: Theme

    /// - Parameter hint: the keys of what has the focus (a sheet, a pane), if not the paywall.
    public init(notice: StoreNotice?, hint: String?, theme: Theme) {
        self.notice = notice
        self.hint = hint
        self.theme = theme
    }

    public func render(in area: Rect, on frame: inout Frame) {
        if let notice {
            let role: Theme.Role = notice.tone == .error ? .error : notice.tone == .success ? .success : .accent
            frame.write(" " + Self.line(for: notice.text, width: area.width), in: area, style: theme.style(role, bold: true))
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
