/// The SDK settings, mirroring Xsolla's `SKPaymentSettings` plus the Xee and
/// clock settings.
public struct Settings: Sendable, Equatable {
    public var projectId: Int?
    public var loginProjectId: String?
    public var platform: String
    /// False by default, as in the SDK: then every purchase is a silent no-op.
    public var enablePayments: Bool
    public var openExternalBrowser: Bool
    public var useSandbox: Bool
    public var customUserId: String?
    public var paymentsRedirectUrl: String?
    public var payStation: PayStationSettings
    public var xee: XeeSettings
    /// How long subscription periods last: one of `timeRateNames` (StoreEngine's `RenewalRate`).
    public var timeRate: String
    /// `flaky` makes products requests fail now and then, to exercise retries.
    public var network: NetworkCondition
    /// The test settings of an Xcode StoreKit configuration (`_storefront`, `_timeRate`, …).
    public var storeKit: StoreKitTestSettings
    public var customLoginToken: String?
    /// How the App Store's data is signed: as the App Store signs it (a certificate chain), or
    /// as Xcode's StoreKit testing does (one self-signed certificate, environment `Xcode`).
    public var signedData: SignedDataStyle
    /// The SKUs the app asks the Pay Station store for; all of the catalog's when nil. Naming
    /// SKUs the store does not sell shows how `invalidProductIdentifiers` answers.
    public var requestedProducts: [String]?
    /// Where the app serves the stores' server APIs without `--api` (nil: it serves none).
    public var api: ServedAddress?
    /// Where the stores' servers post their notifications without `--apple-notifications`.
    public var notifications = NotificationTargets()

    public init(
        projectId: Int? = nil,
        loginProjectId: String? = nil,
        platform: String = "standalone",
        enablePayments: Bool = false,
        openExternalBrowser: Bool = true,
        useSandbox: Bool = true,
        customUserId: String? = nil,
        paymentsRedirectUrl: String? = nil,
        payStation: PayStationSettings = PayStationSettings(),
        xee: XeeSettings = XeeSettings(),
        timeRate: String = "real",
        network: NetworkCondition = .reliable,
        storeKit: StoreKitTestSettings = StoreKitTestSettings(),
        customLoginToken: String? = nil,
        signedData: SignedDataStyle = .appStore,
        requestedProducts: [String]? = nil
    ) {
        self.projectId = projectId
        self.loginProjectId = loginProjectId
        self.platform = platform
        self.enablePayments = enablePayments
        self.openExternalBrowser = openExternalBrowser
        self.useSandbox = useSandbox
        self.customUserId = customUserId
        self.paymentsRedirectUrl = paymentsRedirectUrl
        self.payStation = payStation
        self.xee = xee
        self.timeRate = timeRate
        self.network = network
        self.storeKit = storeKit
        self.customLoginToken = customLoginToken
        self.signedData = signedData
        self.requestedProducts = requestedProducts
    }

    /// `<bundleId>://xsollaconfirm/payment` unless the catalog names another.
    public func redirectURL(bundleId: String) -> String {
        paymentsRedirectUrl ?? "\(bundleId)://xsollaconfirm/payment"
    }
}

public struct PayStationSettings: Sendable, Equatable {
    public enum Theme: String, Sendable, CaseIterable { case light, dark }
    public enum Size: String, Sendable, CaseIterable { case small, medium, large }
    public var theme: Theme
    public var size: Size
    public var redirect: RedirectPolicy
    /// The SDK warms Pay Station up at launch, so no page waits for a cold start.
    public var prewarm: Bool
    /// How long the first page of a launch takes to load without pre-warming (simulated seconds).
    public var coldLaunchSeconds: Int
    /// Xsolla's webhook mode: the team's backend is part of the purchase (its answer to
    /// `user_validation` may refuse the player, and the game grants once it accepts `payment`).
    public var webhookMode: Bool

    public init(theme: Theme = .dark, size: Size = .medium, redirect: RedirectPolicy = RedirectPolicy(),
                prewarm: Bool = false, coldLaunchSeconds: Int = 2, webhookMode: Bool = false) {
        self.theme = theme
        self.size = size
        self.redirect = redirect
        self.prewarm = prewarm
        self.coldLaunchSeconds = coldLaunchSeconds
        self.webhookMode = webhookMode
    }
}

/// When Pay Station sends the player back to the app, and how.
public struct RedirectPolicy: Sendable, Equatable {
    public enum Condition: String, Sendable, CaseIterable {
        case none
        case successful
        case successfulOrCanceled = "successful_or_canceled"
        case any
    }

    public var condition: Condition
    public var delaySeconds: Int
    public var manualButtonCaption: String?

    public init(condition: Condition = .successfulOrCanceled, delaySeconds: Int = 0, manualButtonCaption: String? = nil) {
        self.condition = condition
        self.delaySeconds = delaySeconds
        self.manualButtonCaption = manualButtonCaption
    }
}

public struct XeeSettings: Sendable, Equatable {
    public var inAppPurchaseKey: Bool
    public var notificationDelaySeconds: Int
    /// What the app's delegate answers when the App Store starts a promoted purchase: true
    /// shows the sheet at once, false holds the product for the app to buy later.
    public var shouldAddStorePayment: Bool

    public init(inAppPurchaseKey: Bool = true, notificationDelaySeconds: Int = 4, shouldAddStorePayment: Bool = true) {
        self.inAppPurchaseKey = inAppPurchaseKey
        self.notificationDelaySeconds = notificationDelaySeconds
        self.shouldAddStorePayment = shouldAddStorePayment
    }
}

/// Who signs the App Store's data: the App Store (its environment and certificate chain; a
/// backend's production and sandbox branch) or Xcode's StoreKit testing (a backend's Xcode branch).
public enum SignedDataStyle: String, Sendable, CaseIterable {
    case appStore = "app-store"
    case xcode
}

public enum NetworkCondition: String, Sendable, CaseIterable {
    case reliable
    case flaky
}

/// What an Xcode `.storekit` file's `settings` hold, kept so that importing loses nothing QA
/// relies on. Keys start with `_` in the file; here they are plain names.
public struct StoreKitTestSettings: Sendable, Equatable {
    /// ISO 3166 alpha-3, such as `USA`.
    public var storefront: String?
    public var locale: String?
    /// The raw value of Xcode's `SKTestSession.TimeRate` (one of `timeRates`); nil when unset.
    public var timeRate: Int?
    public var askToBuyEnabled: Bool
    public var billingGracePeriodEnabled: Bool
    public var renewalBillingIssuesEnabled: Bool
    /// Simulated StoreKit errors by API (`loadProducts`, `purchase`, …), as Xcode names them.
    public var failures: [String]

    /// The raw values of `SKTestSession.TimeRate`, as Xcode writes them in `_timeRate`: 0 real
    /// time; 1–6 the deprecated "one second is a day" family; 10–15 a monthly renewal every hour,
    /// 30 min, 15 min, 5 min or 30 s; 1000–1005 one renewal of any period every 15 min, 5 min,
    /// 1 min, 30 s, 10 s or 2 s.
    public static let timeRates: Set<Int> = Set([0] + Array(1...6) + Array(10...15) + Array(1000...1005))

    /// The ranges of `timeRates` for messages.
    public static let timeRatesDescription = "0, 1–6, 10–15 or 1000–1005"

    public init(storefront: String? = nil, locale: String? = nil, timeRate: Int? = nil, askToBuyEnabled: Bool = false,
                billingGracePeriodEnabled: Bool = false, renewalBillingIssuesEnabled: Bool = false, failures: [String] = []) {
        self.storefront = storefront
        self.locale = locale
        self.timeRate = timeRate
        self.askToBuyEnabled = askToBuyEnabled
        self.billingGracePeriodEnabled = billingGracePeriodEnabled
        self.renewalBillingIssuesEnabled = renewalBillingIssuesEnabled
        self.failures = failures
    }
}

extension Settings {
    /// The names `timeRate` takes: the calendar (`real`), Apple's sandbox, the monthly tables of
    /// `SKTestSession.TimeRate` (a month in 1 h, 30, 15 or 5 min, 30 s; `fast` is the last), and
    /// its fixed one-renewal-every rates.
    public static let timeRateNames = [
        "real", "sandbox", "fast", "month-1h", "month-30m", "month-15m", "month-5m", "month-30s",
        "every-15m", "every-5m", "every-1m", "every-30s", "every-10s", "every-2s",
    ]
}
