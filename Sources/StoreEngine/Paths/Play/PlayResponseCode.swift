import Foundation

/// `BillingClient.BillingResponseCode`: what a Play Billing call answers in its `BillingResult`.
/// QA picks the one `launchBillingFlow`'s purchase ends with on the Play sheet (a scenario's
/// `play response CODE`); the app handles each as the library's guide says.
public enum PlayResponseCode: String, Sendable, Equatable, CaseIterable {
    case ok = "OK"
    case userCanceled = "USER_CANCELED"
    case itemAlreadyOwned = "ITEM_ALREADY_OWNED"
    case itemUnavailable = "ITEM_UNAVAILABLE"
    case serviceUnavailable = "SERVICE_UNAVAILABLE"
    case billingUnavailable = "BILLING_UNAVAILABLE"
    case developerError = "DEVELOPER_ERROR"
    case error = "ERROR"
    case networkError = "NETWORK_ERROR"
    case featureNotSupported = "FEATURE_NOT_SUPPORTED"
    case serviceDisconnected = "SERVICE_DISCONNECTED"

    /// The library's number for it, as `BillingResult.getResponseCode()` returns it.
    public var number: Int {
        switch self {
        case .ok: return 0
        case .userCanceled: return 1
        case .serviceUnavailable: return 2
        case .billingUnavailable: return 3
        case .itemUnavailable: return 4
        case .developerError: return 5
        case .error: return 6
        case .itemAlreadyOwned: return 7
        case .networkError: return 12
        case .serviceDisconnected: return -1
        case .featureNotSupported: return -2
        }
    }

    /// The code as a scenario or QA names it, in any case (`service_unavailable` too).
    public init?(named name: String) {
        guard let code = PlayResponseCode(rawValue: name.uppercased().replacingOccurrences(of: "-", with: "_")) else {
            return nil
        }
        self = code
    }

    /// How the guide tells the app to handle it.
    var handling: PlayResponseHandling {
        switch self {
        case .ok: return .proceed
        case .userCanceled: return .cancelled
        case .serviceUnavailable, .networkError, .error: return .retry
        case .serviceDisconnected: return .reconnect
        case .itemAlreadyOwned: return .queryPurchases
        case .itemUnavailable:
            return .fail("the product is not available to buy (ITEM_UNAVAILABLE): the app refreshes its product details")
        case .billingUnavailable:
            return .fail("billing is unavailable for this account or device (BILLING_UNAVAILABLE)")
        case .developerError:
            return .fail("the app called the API wrongly (DEVELOPER_ERROR): a bug to fix, not the player's")
        case .featureNotSupported:
            return .fail("this Play Store does not support it (FEATURE_NOT_SUPPORTED)")
        }
    }
}

/// What the app does with a response code, per the Play Billing Library's guide.
enum PlayResponseHandling: Equatable {
    /// OK: the purchase goes on.
    case proceed
    /// USER_CANCELED: not an error; nothing to show but that it was cancelled.
    case cancelled
    /// Transient (SERVICE_UNAVAILABLE, NETWORK_ERROR, ERROR): the sheet stays and the player tries again.
    case retry
    /// SERVICE_DISCONNECTED: the app calls `startConnection` again, with backoff, and the sheet waits.
    case reconnect
    /// ITEM_ALREADY_OWNED: the app calls `queryPurchasesAsync` and processes what it finds.
    case queryPurchases
    /// Not transient: one clear line, the purchase ends.
    case fail(String)
}
