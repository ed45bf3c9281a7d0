import Foundation

/// The last snapshot the store reported, so that the next one hands up the very arrays of
/// every part that did not change. The app compares each new snapshot with the one it shows
/// (are the transactions as they were?), and an array compared with itself is equal at once,
/// without a look at any element; a backend timing out brings a report every attempt. The
/// comparison happens here instead, on the engine's thread, which is not the one drawing frames.
/// The notifications are not among the parts: `OutboxList` already hands up its own array when
/// the outbox did not change, and when it did, comparing the list again would find just that.
struct SharedSnapshot {
    private var last: StoreSnapshot?

    /// `snapshot` with each part equal to the last one's replaced by the last one's own array.
    mutating func sharing(_ snapshot: StoreSnapshot) -> StoreSnapshot {
        var shared = snapshot
        if let last {
            Self.share(\.transactions, of: last, into: &shared)
            Self.share(\.entitlements, of: last, into: &shared)
            Self.share(\.events, of: last, into: &shared)
            Self.share(\.subscriptions, of: last, into: &shared)
        }
        last = shared
        return shared
    }

    private static func share<Part: Equatable>(_ part: WritableKeyPath<StoreSnapshot, Part>, of last: StoreSnapshot,
                                               into snapshot: inout StoreSnapshot) {
        if snapshot[keyPath: part] == last[keyPath: part] { snapshot[keyPath: part] = last[keyPath: part] }
    }
}
