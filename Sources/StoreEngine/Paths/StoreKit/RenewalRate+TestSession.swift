import Catalog

// The rates of StoreKit Testing in Xcode (`SKTestSession.TimeRate`), as a `.storekit`
// configuration file names them: StoreKit's own vocabulary, so it lives with the StoreKit path
// while the clock knows only the rates themselves.
extension RenewalRate {
    /// The rate an Xcode `.storekit` file's `_timeRate` names (`SKTestSession.TimeRate`'s raw
    /// values); nil for the deprecated "one second is one day" family and unknown values.
    public init?(xcodeRawValue: Int) {
        let rates: [Int: RenewalRate] = [
            0: .realTime, 10: .monthlyEveryHour, 11: .monthlyEvery30Minutes, 12: .monthlyEvery15Minutes,
            13: .monthlyEvery5Minutes, 15: .monthlyEvery30Seconds, 1000: .every15Minutes, 1001: .every5Minutes,
            1002: .everyMinute, 1003: .every30Seconds, 1004: .every10Seconds, 1005: .every2Seconds,
        ]
        guard let rate = rates[xcodeRawValue] else { return nil }
        self = rate
    }

    /// The rate a catalog starts with: a `.storekit` file's `_timeRate`, else `settings.timeRate`.
    public init(catalog: ProductCatalog) {
        self = catalog.settings.storeKit.timeRate.flatMap(RenewalRate.init(xcodeRawValue:))
            ?? RenewalRate(catalogName: catalog.settings.timeRate) ?? .realTime
    }
}
