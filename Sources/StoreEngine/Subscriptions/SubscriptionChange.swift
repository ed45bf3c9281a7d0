/// What happened to a subscription, for the path that sold it (a path's server may hear of
/// each through a notification, and may keep the name in its due work).
enum SubscriptionChange: String, Sendable, Equatable {
    case renewal, refund, cancellation, uncancellation, expiration, billingIssue, gracePeriodEnded
}
