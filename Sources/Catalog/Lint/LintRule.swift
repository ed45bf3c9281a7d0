/// The checks `storefront lint` runs, each with the id findings carry and a fixed severity.
///
/// An error means a purchase would certainly fail (the store ignores it), the catalog does not
/// load at all, or it names something no store or browser takes for what it says (a bundle ID
/// App Store Connect refuses, a terms link that runs a script); lint then exits 65. A warning
/// means the catalog works but something a player or App Review sees is wrong or missing; lint
/// still exits 0.
public enum LintRule: String, Sendable, CaseIterable {
    /// The file cannot be read: missing, a directory or a FIFO, no permission.
    case file
    /// The file is not UTF-8.
    case encoding
    /// The text is not JSON.
    case syntax
    /// A load error (types, unknown keys, references); the other rules need a loaded catalog.
    case schema
    /// `enablePayments` false or missing: the SDK ignores every purchase.
    case enablePayments = "enable-payments"
    /// `paymentsRedirectUrl` (or the default made from the bundle id) is not a
    /// `scheme://host/path` URL: Pay Station cannot send the player back.
    case redirectURL = "redirect-url"
    /// An available product without a price in some storefront: a purchase there is ignored.
    case missingPrice = "missing-price"
    /// A product or subscription group without a name in a storefront's language.
    case missingName = "missing-name"
    /// A paywall variant without strings in a storefront's language: another language's title
    /// beside the built-in words of that one.
    case missingStrings = "missing-strings"
    /// A paywall shows an introductory offer but its strings never state its terms.
    case introTerms = "intro-terms"
    /// A paywall sells subscriptions without terms of use or a privacy policy.
    case legalLinks = "legal-links"
    /// A paywall's `termsUrl` or `privacyUrl` is not the address of a web page: not a URL, or a
    /// scheme other than `https` and `http` (`javascript:`, `data:`, `file:`), or no host.
    case linkURL = "link-url"
    /// A paywall's link is plain `http`: the page travels unencrypted, and App Review asks for `https`.
    case linkHTTPS = "link-https"
    /// `app.bundleId` is not a reverse-DNS bundle ID (letters, digits, hyphens and periods, in two
    /// parts at least), or, where a storefront sells through Google Play, not a package name.
    case bundleId = "bundle-id"
    /// A paywall selling restorable purchases hides "Restore purchases".
    case restore
    /// Two SKUs differ only by case.
    case skuCase = "sku-case"
    /// A win-back offer has no `eligibilityCriteria`, so the store holds it to the loosest App
    /// Store Connect allows, which may not be who it was meant for.
    case winBackCriteria = "win-back-criteria"
    /// A paywall shows a product that is unavailable or draft, so it cannot be bought.
    case paywallProduct = "paywall-product"
    /// A paywall string uses a `{{ variable }}` that does not exist; it renders empty.
    case unknownVariable = "unknown-variable"
    /// A string (or key) holds a control character, which no terminal shows.
    case controlCharacter = "control-character"
    /// A subscription's Google Play base plans or offers have a duplicate id, or an offer names
    /// a base plan the subscription does not have.
    case playIds = "play-ids"
    /// The first base plan, which the paywall sells as the product, differs from the product's
    /// period or price.
    case playBasePlan = "play-base-plan"
    /// A storefront selling through Google Play has no price for a base plan or a paid phase.
    case playPrice = "play-price"
    /// A Google Play offer has no eligibility, so it is never offered.
    case playOfferEligibility = "play-offer-eligibility"
    /// A Google Play offer's phase costs as much as the base plan it ends in.
    case playOfferPhases = "play-offer-phases"
    /// A theme's text role is fainter than WCAG's 4.5:1 against the background or the surface.
    case contrast

    /// Rules for theme files only (`storefront lint Themes/x.json`), which the catalog linter
    /// never runs.
    public var isForThemes: Bool { self == .contrast }

    public var id: String { rawValue }

    /// Schema findings keep the loader's severity; this is the severity of every other rule.
    public var severity: Diagnostic.Severity {
        switch self {
        case .file, .encoding, .syntax, .schema, .enablePayments, .redirectURL, .missingPrice, .paywallProduct,
             .playIds, .playBasePlan, .playPrice, .linkURL, .bundleId:
            return .error
        case .missingName, .missingStrings, .introTerms, .legalLinks, .linkHTTPS, .restore, .skuCase, .unknownVariable, .controlCharacter,
             .contrast, .playOfferEligibility, .playOfferPhases, .winBackCriteria:
            return .warning
        }
    }
}
