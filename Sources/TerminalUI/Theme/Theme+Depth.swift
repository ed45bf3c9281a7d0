/// A theme drawn on a terminal with fewer than 24-bit colors. Taking the nearest palette color
/// of each role on its own loses what the theme is for: in 8 colors a light theme's gray muted
/// text becomes white on white, a dark theme's borders black on black and its prices red, read
/// as warnings. So each role is mapped knowing what it is drawn on.
extension Theme {
    /// Roles drawn as text on the background and the surface. Selection and accent are also the
    /// ground of text in the background's color (the selected row, the status bar); contrast
    /// goes both ways, so one check covers both.
    public static let textRoles: [Role] = [.text, .muted, .accent, .price, .badge, .selection, .success, .warning, .error]

    /// The grounds text is drawn on.
    public static let groundRoles: [Role] = [.background, .surface]

    /// Roles whose color says something is wrong. Other roles keep away from the error color
    /// when the palette leaves a choice, so a price never reads as an error (the warning color
    /// is often the price's own gold, and shares it).
    static let alertRoles: [Role] = [.error, .warning]

    /// The contrast each text role gets against every ground at `depth`: WCAG's 4.5:1 in 256
    /// colors; 3:1 in 8, judged on xterm's default ANSI colors, which is what that palette has
    /// (blue on black, 2.2:1, is never chosen for text).
    public static func minimumContrast(at depth: ColorDepth) -> Double {
        depth == .eight ? 3 : Contrast.text
    }

    /// This theme with every color replaced by one `depth` shows, so that each text role keeps
    /// `minimumContrast(at:)` against the background and the surface, borders differ from them
    /// and from the selection, and roles other than error and warning avoid the error's color
    /// when they can. 24-bit
    /// color keeps the theme as written.
    public func adapted(to depth: ColorDepth) -> Theme {
        var theme = self
        theme.depth = depth
        guard depth != .trueColor, hasColor else { return theme }
        let mapping = PaletteMapping(depth: depth)
        var mapped: [Role: RGB] = [:]
        for role in Self.groundRoles {
            guard let color = colors[role] else { continue }
            mapped[role] = mapping.nearest(to: color)
        }
        let grounds = Self.groundRoles.compactMap { mapped[$0] }
        var alertColors: Set<RGB> = []
        for role in Self.alertRoles + Self.textRoles.filter({ !Self.alertRoles.contains($0) }) {
            guard let color = colors[role] else { continue }
            let isAlert = Self.alertRoles.contains(role)
            let chosen = mapping.choose(for: color, on: grounds, contrast: Self.minimumContrast(at: depth),
                                        avoiding: isAlert ? [] : alertColors)
            if role == .error { alertColors.insert(chosen) }
            mapped[role] = chosen
        }
        // Unselected cards must not look selected: the border keeps off the selection's color too.
        if let border = colors[.border] {
            let avoided = alertColors.union([mapped[.selection]].compactMap { $0 })
            mapped[.border] = mapping.choose(for: border, on: grounds, contrast: 1, avoiding: avoided)
        }
        theme.colors = mapped
        return theme
    }
}

/// Picks, among the colors of one depth, the nearest to a theme's color that is still readable.
/// The palettes' luminances and Oklab coordinates are worked out once: a theme is fitted each
/// time one is loaded, and the Pay Station page's look at each of its frames.
struct PaletteMapping {
    struct Candidate {
        var color: RGB
        var luminance: Double
        var oklab: (lightness: Double, greenRed: Double, blueYellow: Double)

        init(_ color: RGB) {
            self.color = color
            luminance = Contrast.luminance(color)
            oklab = ColorPalette.oklab(color)
        }
    }

    static let basic = ColorPalette.basic.map(Candidate.init)
    static let indexed = ColorPalette.fixed256.map { Candidate(ColorPalette.color(ofXterm256: $0)) }

    let depth: ColorDepth
    let candidates: [Candidate]

    init(depth: ColorDepth) {
        self.depth = depth
        candidates = depth == .eight ? Self.basic : Self.indexed
    }

    func nearest(to color: RGB) -> RGB {
        depth == .eight ? ColorPalette.basic[ColorPalette.basic8(color)]
            : ColorPalette.color(ofXterm256: ColorPalette.xterm256(color))
    }

    /// The candidate for `color` with `contrast` against every ground and equal to none of
    /// them, keeping clear of `avoiding` when another qualifies. With no candidate that
    /// qualifies, the most contrasting one.
    ///
    /// In 256 colors that is the nearest such color. The 8 ANSI colors are too far apart for
    /// "nearest" to keep a hue (a soft red is nearer yellow than red), so there a color takes
    /// the ANSI color of its hue, within 60°, and a gray, or a color whose hue cannot be read
    /// there, takes black or white, whichever is nearer in lightness.
    func choose(for color: RGB, on grounds: [RGB], contrast minimum: Double, avoiding: Set<RGB>) -> RGB {
        let groundLuminances = grounds.map(Contrast.luminance)
        func worstContrast(_ candidate: Candidate) -> Double {
            groundLuminances.map { Contrast.ratio(luminance: candidate.luminance, $0) }.min() ?? 21
        }
        let distinct = candidates.filter { !grounds.contains($0.color) }
        let readable = distinct.filter { worstContrast($0) >= minimum }
        let preferred = readable.filter { !avoiding.contains($0.color) }
        let target = ColorPalette.oklab(color)
        func distance(_ candidate: Candidate) -> Double {
            let dl = target.lightness - candidate.oklab.lightness, da = target.greenRed - candidate.oklab.greenRed
            let db = target.blueYellow - candidate.oklab.blueYellow
            return dl * dl + da * da + db * db
        }
        let choice = depth == .eight ? Self.basicChoice(for: color, among: preferred.map(\.color))
            : preferred.min { distance($0) < distance($1) }?.color
        if let choice { return choice }
        if let anyReadable = depth == .eight ? Self.basicChoice(for: color, among: readable.map(\.color)) : readable.first?.color {
            return anyReadable
        }
        return distinct.max { worstContrast($0) < worstContrast($1) }?.color ?? nearest(to: color)
    }

    private static func basicChoice(for color: RGB, among pool: [RGB]) -> RGB? {
        if let hue = hue(of: color) {
            let sameHue = pool.compactMap { candidate in
                Self.hue(of: candidate).map { (candidate, hueDistance(hue, $0)) }
            }.filter { $0.1 <= 60 }
            if let nearest = sameHue.min(by: { $0.1 < $1.1 }) { return nearest.0 }
        }
        let lightness = Contrast.luminance(color)
        func nearestInLightness(_ colors: [RGB]) -> RGB? {
            colors.min { abs(Contrast.luminance($0) - lightness) < abs(Contrast.luminance($1) - lightness) }
        }
        // With black and white both taken, a gray takes the color nearest its lightness.
        return nearestInLightness(pool.filter { hue(of: $0) == nil }) ?? nearestInLightness(pool)
    }

    /// The hue in degrees (red 0, yellow 60, green 120 …); nil for a gray, whose channels are
    /// within 48 of each other.
    static func hue(of color: RGB) -> Double? {
        let r = Double(color.red), g = Double(color.green), b = Double(color.blue)
        let high = max(r, g, b), low = min(r, g, b), spread = high - low
        guard spread > 48 else { return nil }
        let sector: Double
        if high == r {
            sector = (g - b) / spread
        } else if high == g {
            sector = (b - r) / spread + 2
        } else {
            sector = (r - g) / spread + 4
        }
        let degrees = sector * 60
        return degrees < 0 ? degrees + 360 : degrees
    }

    private static func hueDistance(_ first: Double, _ second: Double) -> Double {
        let difference = abs(first - second).truncatingRemainder(dividingBy: 360)
        return min(difference, 360 - difference)
    }
}
