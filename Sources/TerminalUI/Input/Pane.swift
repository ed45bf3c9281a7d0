/// The parts of the screen Tab moves between.
public enum Pane: String, Sendable, CaseIterable {
    case paywall = "Paywall"
    case transactions = "Transactions"
    case entitlements = "Entitlements"
    case events = "Events"
    /// What the stores' servers posted to the team's backend (the outbox).
    case server = "Server"

    public var next: Pane {
        let all = Pane.allCases
        return all[(all.firstIndex(of: self)! + 1) % all.count]
    }

    public var previous: Pane {
        let all = Pane.allCases
        return all[(all.firstIndex(of: self)! + all.count - 1) % all.count]
    }
}
