/// How the terminal advances its cursor over a grapheme cluster of several code points: the
/// one thing about widths that differs between terminals. The curses backend finds it out at
/// start (`TerminalProbe`); the headless backend, scenarios, snapshots and exports use
/// `perCodePoint`, which is what tmux, xterm and most terminals do. Views never choose it: the
/// loop measures a whole update and view in one mode (`DisplayWidth.measuring`).
public enum WidthMode: String, Sendable, CaseIterable {
    /// Each code point advances by its own width (wcwidth's rule, utf8proc's tables), and a
    /// zero-width one (a combining mark, a virama) rides on the one before. A flag is 2 columns
    /// (two regional indicators of 1), a thumb with a skin tone 4, `हिंदी` 4 (ह ि द ी; the nasal
    /// mark ं rides on ि). The joiners that
    /// make some terminals draw a cluster as one glyph (ZWJ, the emoji variation selector) are
    /// not sent, so every terminal, and ncurses's own count, agree: a ZWJ family of four is its
    /// four people, 8 columns.
    case perCodePoint
    /// Each grapheme cluster is one glyph of 1 or 2 columns: terminals with grapheme cluster
    /// mode (DEC mode 2027) set. A ZWJ family, a flag and a thumb with a skin tone are 2
    /// columns each, `हिंदी` 2 (हिं, दी).
    case graphemes
}
