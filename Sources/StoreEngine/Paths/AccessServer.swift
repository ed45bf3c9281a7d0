import Foundation

/// A server of a path's own that keeps the player's access (the Xee SDK's profile), rather
/// than the app granting it: the app polls it, the panes wait for it, and it follows what the
/// store changes. A capability of the path that has one (`PurchasePath.accessServer`), reading
/// the path's own due work (`Work`), where its notifications and polls wait.
protocol AccessServer<Work>: AnyObject {
    associatedtype Work: DueWork

    /// The access the app is polling for, if any.
    func accessWait(in context: PathContext) -> AccessWait?

    /// Access levels the server has not recorded yet though the store sold (or renewed) them:
    /// the panes say `waiting for the server`, not `expired`. From the path's work on the
    /// agenda (the running store's, or what `history` reads back from the ledger).
    func levelsWaitingForServer(scheduled: [Work], accessLevel: (String) -> String?) -> [String: ServerWait]

    /// A new renewal rate moved the end of the period `transactionId` paid for from `before`
    /// to `expires` (in the rate change's commit): the server follows.
    func periodRescaled(ofTransaction transactionId: String, from before: Date, to expires: Date,
                        in context: PathContext) throws
}
