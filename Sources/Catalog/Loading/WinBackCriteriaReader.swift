/// Reads a win-back offer's `eligibilityCriteria`, in catalog.json and in a `.storekit` file
/// alike: App Store Connect's three `customerEligibility…` attributes without that prefix.
///
/// ```json
/// "eligibilityCriteria": { "paidSubscriptionDurationInMonths": 1,
///                          "timeSinceLastSubscribedInMonths": { "minimum": 1, "maximum": 24 },
///                          "waitBetweenOffersInMonths": 2 }
/// ```
///
/// Each value must be one App Store Connect accepts; a problem is an error at its JSON path.
enum WinBackCriteriaReader {
    static let key = "eligibilityCriteria"
    static let paidKey = "paidSubscriptionDurationInMonths"
    static let sinceKey = "timeSinceLastSubscribedInMonths"
    static let waitKey = "waitBetweenOffersInMonths"
    static let keys: Set<String> = [paidKey, sinceKey, waitKey]

    /// The criteria of the offer `reader` reads, nil when it has none (or they are broken, with
    /// errors reported). `strictKeys`: an unknown key is an error (catalog.json), else ignored
    /// (Xcode keeps adding keys to its files).
    static func criteria(of reader: ObjectReader, strictKeys: Bool) -> WinBackCriteria? {
        guard reader.hasValue(key),
              let object = reader.object(key, allowedKeys: strictKeys ? keys : nil) else { return nil }
        let paid = paidMonths(object)
        let since = monthsSinceLapse(object)
        let wait = object.hasValue(waitKey) ? object.int(waitKey, range: WinBackCriteria.monthsBetweenOffersBounds) : nil
        guard let paid, let since, !object.hasValue(waitKey) || wait != nil else { return nil }
        return WinBackCriteria(paidMonths: paid, monthsSinceLapse: since, monthsBetweenOffers: wait)
    }

    private static func paidMonths(_ object: ObjectReader) -> Int? {
        guard let months = object.int(paidKey, required: true) else { return nil }
        guard WinBackCriteria.paidMonthChoices.contains(months) else {
            object.diagnostics.error("\(months) months is not a paid duration App Store Connect offers; "
                                     + "write 1 to 24, 36, 48 or 60", path: object.path(of: paidKey),
                                     at: object.member(paidKey)?.position)
            return nil
        }
        return months
    }

    private static func monthsSinceLapse(_ object: ObjectReader) -> ClosedRange<Int>? {
        let bounds = WinBackCriteria.monthsSinceLapseBounds
        guard let range = object.object(sinceKey, required: true, allowedKeys: ["minimum", "maximum"]) else { return nil }
        let minimum = range.int("minimum", required: true, range: bounds)
        let maximum = range.int("maximum", required: true, range: bounds)
        guard let minimum, let maximum else { return nil }
        guard minimum <= maximum else {
            range.diagnostics.error("the minimum (\(minimum)) is above the maximum (\(maximum)); "
                                    + "no lapsed player would be eligible", path: range.path(of: "minimum"),
                                    at: range.member("minimum")?.position)
            return nil
        }
        return minimum...maximum
    }
}
