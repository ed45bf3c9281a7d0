/// A key press, already decoded from the terminal by the backend.
public enum Key: Sendable, Equatable {
    case up, down, left, right
    case enter, escape, tab, backTab, backspace
    case character(Character)
    /// Ctrl-C: quit from anywhere.
    case interrupt
    /// Ctrl-Z: suspend to the shell (raw mode delivers it as a key, not a signal).
    case suspend
}

/// A mouse event in screen cells.
public struct MouseEvent: Sendable, Equatable {
    public enum Kind: Sendable, Equatable {
        case press, wheelUp, wheelDown
    }

    public var kind: Kind
    public var x: Int
    public var y: Int

    public init(_ kind: Kind, x: Int, y: Int) {
        self.kind = kind
        self.x = x
        self.y = y
    }
}
