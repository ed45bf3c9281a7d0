extension Array where Element == Message {
    /// The batch with each engine report that the next report of the batch replaces marked as
    /// such (`Message.supersededReport`). A report carries the whole state as of its call, so
    /// only the last of a run needs its panes built: a storm of notifications answered at once
    /// (one report each) costs a frame one rebuild, not thousands. Only what nothing reads in
    /// between may come between the two (a delivery's answer, a tick): a key must meet the
    /// state every report before it left.
    public func supersedingReports() -> [Message] {
        var marked = self
        var nextReport: Int?
        for index in indices.reversed() {
            let message = self[index]
            if case .store(let report) = message, nextReport != nil {
                marked[index] = .supersededReport(report)
            }
            if message.isEngineReport {
                nextReport = index
            } else if !message.passesReports {
                nextReport = nil
            }
        }
        return marked
    }
}

extension Message {
    /// A report of the engine's state: a call's or the clock's.
    public var isEngineReport: Bool {
        switch self {
        case .store, .clockReport: true
        default: false
        }
    }

    /// What reads nothing a report sets, so a report after it may replace one before it.
    public var passesReports: Bool {
        switch self {
        case .delivered, .tick: true
        default: false
        }
    }
}
