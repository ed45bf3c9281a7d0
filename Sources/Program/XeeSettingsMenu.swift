import StoreEngine

/// What the `x` menu shows and switches: the settings of the simulated Xee server that only a
/// catalog or a scenario could set before, each with its value now. Choosing one sends the
/// settings with that one stepped to its next value (`.configureXee`); the engine logs
/// `xee.settings` and its report brings the values the menu then shows.
enum XeeSettingsMenu {
    enum Item: CaseIterable {
        /// With the In-App Purchase key the server asks Apple at once; without it access waits
        /// for the purchase's notification.
        case inAppPurchaseKey
        /// How Apple answers the server: reachable, unreachable, error, unverifiable.
        case apple
        /// What the delegate answers a promoted purchase: show the sheet, or hold it.
        case promotedPurchases

        var label: String {
            switch self {
            case .inAppPurchaseKey: return "In-App Purchase key"
            case .apple: return "Apple"
            case .promotedPurchases: return "Promoted purchases"
            }
        }

        func value(in settings: XeeServerSettings) -> String {
            switch self {
            case .inAppPurchaseKey: return settings.hasInAppPurchaseKey ? "on" : "off"
            case .apple: return settings.apple.rawValue
            case .promotedPurchases: return settings.promotedPurchases.rawValue
            }
        }

        /// `settings` with this item's value moved `step` places along its values, round.
        func stepped(_ settings: XeeServerSettings, by step: Int) -> XeeServerSettings {
            var changed = settings
            switch self {
            case .inAppPurchaseKey: changed.hasInAppPurchaseKey.toggle()
            case .apple: changed.apple = Self.step(settings.apple, by: step)
            case .promotedPurchases: changed.promotedPurchases = Self.step(settings.promotedPurchases, by: step)
            }
            return changed
        }

        private static func step<Value: CaseIterable & Equatable>(_ value: Value, by step: Int) -> Value
        where Value.AllCases == [Value] {
            let all = Value.allCases
            let index = all.firstIndex(of: value) ?? 0
            return all[((index + step) % all.count + all.count) % all.count]
        }
    }

    static let title = "Xee server (QA)"
    static let footer = "↑↓ choose · Enter or ←→ change · Esc close"

    /// One line per item, the values in a column: `Apple               reachable`.
    static func lines(for settings: XeeServerSettings) -> [String] {
        let width = Item.allCases.map(\.label.count).max() ?? 0
        return Item.allCases.map { item in
            item.label + String(repeating: " ", count: width - item.label.count + 2) + item.value(in: settings)
        }
    }
}
