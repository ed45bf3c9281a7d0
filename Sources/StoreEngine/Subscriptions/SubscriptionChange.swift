/// What happened to a subscription, for the path that sold it (a path's server may hear of
/// each through a notification, and may keep the name in its due work). A `recovery` is a
/// renewal that cleared a billing issue (in grace or after it); `priceIncreaseAccepted` is the
/// subscriber's consent to a price increase; `pauseScheduled` a pause scheduled, changed or
/// called off before it starts, and `pause` one that started.
enum SubscriptionChange: String, Sendable, Equatable {
    case renewal, refund, cancellation, uncancellation, expiration, billingIssue, gracePeriodEnded
    case recovery, priceIncreaseAccepted, pauseScheduled, pause
}
