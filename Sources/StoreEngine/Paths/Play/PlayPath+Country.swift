import Catalog
import Foundation

// Play Billing Lab's country: the Google Play account's, apart from the storefront the app's
// screen shows (the phone's). Google Play prices, charges and sells in it (a product without a
// price there is ITEM_UNAVAILABLE), written as the phone writes, in the phone's language; none
// set, it follows the screen. Kept in the ledger's settings.
extension EventKind {
    /// QA changed the Play account's country (Play Billing Lab).
    public static let playCountry = EventKind(rawValue: "play.country")
}

extension PlayPath {
    static let countrySetting = "play.country"

    /// The storefront Google Play sells in: the Play account's country where QA set one the
    /// catalog has (its prices and currency, in `shown`'s locale: the sheet is the phone's), else
    /// `shown`, the storefront of the app's screen.
    func sellingStorefront(for shown: Storefront, in context: PathContext) -> Storefront {
        guard let country = country(in: context).flatMap({ context.catalog.storefront(id: $0) }), country.id != shown.id
        else { return shown }
        var selling = country
        selling.locale = shown.locale
        return selling
    }

    /// What the path remembers of the country, so a report does not read the ledger for it.
    enum KnownCountry: Equatable {
        case unread
        /// A storefront id; nil for none set.
        case known(String?)
    }

    /// The country QA set (a storefront id), read from the ledger once; nil for none.
    func country(in context: PathContext) -> String? {
        if case .known(let country) = knownCountry { return country }
        let kept = (try? context.settings.value(of: Self.countrySetting)).flatMap { $0 }.flatMap { $0.isEmpty ? nil : $0 }
        knownCountry = .known(kept)
        return kept
    }

    /// QA's Play Billing Lab: the account's country becomes `asked` (a storefront id of the
    /// catalog, any case), or none (nil), in one commit with its event. Google Play tells a
    /// backend nothing of it. An id the catalog lacks changes nothing and lists those it has.
    func setCountry(_ asked: String?, in context: PathContext) throws -> PathStep {
        let shown = context.app.shownStorefront
        guard let asked else {
            try context.settings.set(Self.countrySetting, to: "")
            try context.log(.playCountry, "Play Billing Lab: no country set; Google Play sells in the storefront on screen"
                            + (shown.map { " (\($0.id))" } ?? ""))
            context.onceCommitted { [self] in knownCountry = .known(nil) }
            return PathStep(notice: StoreNotice(.info, "Google Play country: as the storefront on screen"
                                                + (shown.map { " (\($0.id))." } ?? ".")))
        }
        guard let storefront = context.catalog.storefront(matching: asked) else {
            let ids = context.catalog.storefronts.map(\.id).joined(separator: ", ")
            return PathStep(notice: StoreNotice(.error, "Google Play: the catalog has no storefront \(asked); the Play "
                                                + "country is one of \(ids), or off for the storefront on screen."))
        }
        try context.settings.set(Self.countrySetting, to: storefront.id)
        try context.log(.playCountry, "Play Billing Lab: the Play account's country is \(storefront.id) "
                        + "(\(storefront.currency), \(storefront.locale)); Google Play prices and sells there")
        context.onceCommitted { [self] in knownCountry = .known(storefront.id) }
        let screen = shown.flatMap { $0.id == storefront.id ? nil : " (the paywall shows \($0.id))" } ?? ""
        return PathStep(notice: StoreNotice(.info, "Google Play country: \(storefront.id), in \(storefront.currency)\(screen)."))
    }

    /// The report's Play fields: the account's country, while the catalog has it (a catalog
    /// saved without it leaves Google Play selling in the storefront on screen).
    func describe(into report: inout StoreReport, in context: PathContext) {
        report.playCountry = country(in: context).flatMap { context.catalog.storefront(id: $0)?.id }
    }
}

/// What the Google Play path adds to each report: Play Billing Lab's country.
struct PlayReport: PathReport {
    var country: String?
}

extension StoreReport {
    /// The Play account's country QA set (a storefront id); nil: Google Play sells in the
    /// storefront on screen.
    public var playCountry: String? {
        get { pathReports[PlayReport.self]?.country }
        set { pathReports[PlayReport.self, default: PlayReport()].country = newValue }
    }
}
