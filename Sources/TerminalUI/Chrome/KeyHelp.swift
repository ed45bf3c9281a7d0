/// One line of the keys' help: the keys as the help names them (`s / S`), and what they do.
/// The lines are the keymap's (Program's `Keymap`); the help only draws them.
public struct KeyHelp: Sendable, Equatable {
    public var keys: String
    public var text: String

    public init(_ keys: String, _ text: String) {
        self.keys = keys
        self.text = text
    }
}
