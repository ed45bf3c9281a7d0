/// A path's own settings, kept in the ledger (`PathContext.settings`): Pay Station's saved card.
struct PathSettings {
    unowned let store: Store

    /// A setting of the path's own (Pay Station's saved card).
    func value(of key: String) throws -> String? {
        try store.ledger.setting(key)
    }

    func set(_ key: String, to value: String) throws {
        try store.ledger.setSetting(key, to: value)
    }
}
