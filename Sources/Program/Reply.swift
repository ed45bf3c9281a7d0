import StoreEngine

/// What a component's update hands back to the app when the work is the app's, not its own: a
/// message for the app to handle next (a menu's chosen item, the jump typed at the prompt), or a
/// line for the bottom line. Components whose work is the engine's return effects instead.
enum Reply: Sendable, Equatable {
    case send(Message)
    case say(StoreNotice)
}

extension App {
    /// Does what a component asked of the app, and returns the effects that leaves.
    mutating func follow(_ reply: Reply?) -> [Effect] {
        switch reply {
        case .send(let message)?: return update(message)
        case .say(let notice)?: say(notice)
        case nil: break
        }
        return []
    }
}
