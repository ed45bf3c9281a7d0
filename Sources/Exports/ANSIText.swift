import TerminalUI

/// A Frame as the bytes a terminal draws it from. (A first cut without colors: the encoder
/// with styles and frame-to-frame changes replaces it.)
public enum ANSIText {
    /// The whole frame from the top left: a `.ansi` export, a cast's first frame.
    public static func document(_ frame: Frame) -> String {
        "\u{1B}[H\u{1B}[2J" + frame.lines.joined(separator: "\r\n")
    }
}
