import TerminalUI

/// One row of the keymap, as Bubble Tea's `key.Binding` has it: the keys, where they apply,
/// the line of the help that names them, and the message they send.
public struct KeyBinding: Sendable, Equatable {
    public let keys: [Key]
    public let contexts: Set<KeyContext>
    /// The help's line for it; bindings that share a line share the value (`s` and `S`). Nil for
    /// a key the help leaves to the footer of what is open ("Esc or ? closes").
    public let help: KeyHelp?
    public let message: Message

    public init(_ keys: Key..., in contexts: Set<KeyContext> = KeyContext.mainScreen, help: KeyHelp?, sends message: Message) {
        self.keys = keys
        self.contexts = contexts
        self.help = help
        self.message = message
    }

    public func matches(_ key: Key, in context: KeyContext) -> Bool {
        contexts.contains(context) && keys.contains(key)
    }
}
