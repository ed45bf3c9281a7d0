/// What one call of the store leaves for the next, and what this run has done that the next
/// call must know: work a failed call left undone (a full disk, say), which the next call does
/// first, as the next launch would; the account read again when a failed call could not; a URL
/// kept until the sheet on screen goes. The store's part of recovery (`Store.takeCall`, `catchUp`).
struct Carryover {
    /// Delivering what the last run left unfinished is still to do (the launch's, or after a
    /// call that failed half-way through it).
    var redeliveryDue = false
    /// Purchased transactions whose grant or finish did not commit, to complete first.
    var pendingCompletions: [String] = []
    /// The account could not be read again after a failed call: the next call reads it first.
    var accountIsStale = false
    /// Transactions this run opened. Delivering what "the last run left unfinished" skips them:
    /// a purchase a kept URL started at launch (a promoted one) has its sheet open, not lost.
    var openedThisRun: Set<String> = []
    /// Whether a URL is kept until the sheet on screen goes (a promoted purchase that arrived
    /// during another purchase): the call that takes the sheet away opens it.
    var urlsWaitForSheet = false

    /// Remembers a purchased transaction whose completion failed, once.
    mutating func remember(_ transactionId: String) {
        if !pendingCompletions.contains(transactionId) { pendingCompletions.append(transactionId) }
    }
}
