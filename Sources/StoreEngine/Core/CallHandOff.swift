/// What the steps of one engine call hand the app (`PathStep.handOff`, `afterCommit`), gathered
/// as the store applies them and given over only once the call has committed: a call that fails
/// hands nothing.
struct CallHandOff {
    private var reports = PathReports()
    private var callbacks: [AfterCommit] = []
    /// Outbox rows due now, for the host to post.
    var deliveries: [OutboxDelivery] = []

    /// Adds what `step` hands the app; a callback replaces an earlier one of its key.
    mutating func add(_ step: PathStep) {
        reports.merge(step.handOff)
        for callback in step.afterCommit {
            callbacks.removeAll { $0.key == callback.key }
            callbacks.append(callback)
        }
    }

    /// Puts the values on the call's report, then runs the callbacks.
    func giveOver(onto report: inout StoreReport) {
        report.pathReports.merge(reports)
        report.deliveries = deliveries
        for callback in callbacks { callback.run() }
    }
}
