import Foundation

/// Walks the JSON tree of schema v1 (docs/catalog.md) into model values,
/// reporting type errors and unknown keys with their paths. Cross-references are checked
/// afterwards by `CatalogValidator`. A document with errors still gives a catalog of what did
/// load, so that the checks after it (validation, lint) list their problems in the same run;
/// nobody acts on such a catalog (`CatalogLoader` hands out none).
struct CatalogDecoder {
    let diagnostics: DiagnosticList
    private let recentPrices = RecentPrices()

    init(diagnostics: DiagnosticList) {
        self.diagnostics = diagnostics
    }

    /// The prices decoded last: the next ones share their list of storefront ids when they are
    /// priced in the same storefronts, as a catalog's products nearly all are.
    private final class RecentPrices {
        var last = StorefrontPrices()

        func sharing(_ prices: StorefrontPrices) -> StorefrontPrices {
            last = prices.sharingStorefronts(with: last)
            return last
        }
    }

    func decode(_ root: JSONNode) -> ProductCatalog? {
        let keys: Set<String> = ["schemaVersion", "app", "settings", "storefronts", "accessLevels",
                                 "subscriptionGroups", "products", "paywalls", "$schema"]
        guard let reader = ObjectReader(root, path: "$", diagnostics: diagnostics, allowedKeys: keys) else { return nil }
        let version = reader.int("schemaVersion", required: true)
        if let version, version != ProductCatalog.supportedSchemaVersion {
            diagnostics.error("schema version \(version) is not supported; this storefront reads version \(ProductCatalog.supportedSchemaVersion)",
                              path: reader.path(of: "schemaVersion"), at: reader.member("schemaVersion")?.position)
        }
        let decodedApp = reader.object("app", required: true, allowedKeys: ["name", "bundleId"]).flatMap(decodeApp)
        let settings = reader.object("settings", allowedKeys: settingsKeys).map(decodeSettings) ?? Settings()
        let storefronts = reader.elements("storefronts", required: true, decodeStorefront)
        let accessLevels = reader.elements("accessLevels") { element -> AccessLevel? in
            ObjectReader(element.node, path: element.path, diagnostics: diagnostics, allowedKeys: ["id"])
                .flatMap { $0.string("id", required: true) }.map(AccessLevel.init)
        }
        let groups = reader.elements("subscriptionGroups", decodeGroup)
        let products = reader.objects("products", required: true, allowedKeys: productKeys, decodeProduct)
        let paywalls = reader.elements("paywalls", decodePaywall)
        // Reported above; the rest of the catalog is still checked.
        let app = decodedApp ?? AppInfo(name: "", bundleId: "")
        return ProductCatalog(schemaVersion: version ?? ProductCatalog.supportedSchemaVersion, app: app, settings: settings,
                       storefronts: storefronts, accessLevels: accessLevels, subscriptionGroups: groups,
                       products: products, paywalls: paywalls)
    }

    private func decodeApp(_ reader: ObjectReader) -> AppInfo? {
        let name = reader.string("name", required: true)
        let bundleId = reader.string("bundleId", required: true)
        guard let name, let bundleId else { return nil }
        return AppInfo(name: name, bundleId: bundleId)
    }

    private let settingsKeys: Set<String> = [
        "projectId", "loginProjectId", "platform", "enablePayments", "openExternalBrowser", "useSandbox",
        "customUserId", "customLoginToken", "paymentsRedirectUrl", "payments.redirectUrl", "payStation", "xee",
        "timeRate", "network", "storeKit", "requestedProducts", "signedData", "api", "notifications",
    ]

    private func decodeSettings(_ reader: ObjectReader) -> Settings {
        var settings = Settings()
        settings.projectId = reader.int("projectId", range: 1...Int(Int32.max))
        settings.loginProjectId = reader.string("loginProjectId")
        settings.platform = reader.string("platform") ?? settings.platform
        settings.enablePayments = reader.bool("enablePayments") ?? settings.enablePayments
        settings.openExternalBrowser = reader.bool("openExternalBrowser") ?? settings.openExternalBrowser
        settings.useSandbox = reader.bool("useSandbox") ?? settings.useSandbox
        settings.customUserId = reader.string("customUserId")
        settings.customLoginToken = reader.string("customLoginToken")
        settings.network = reader.enumeration("network", as: NetworkCondition.self) ?? .reliable
        settings.signedData = reader.enumeration("signedData", as: SignedDataStyle.self) ?? .appStore
        settings.requestedProducts = reader.strings("requestedProducts")
        settings.api = reader.servedAddress("api")
        if let notifications = reader.object("notifications", allowedKeys: ["apple", "play", "playAudience", "xsolla", "xsollaSecretKey"]) {
            settings.notifications.apple = notifications.notificationURL("apple")
            settings.notifications.play = notifications.notificationURL("play")
            settings.notifications.playAudience = notifications.nonEmptyString("playAudience")
            settings.notifications.xsolla = notifications.notificationURL("xsolla")
            settings.notifications.xsollaSecretKey = notifications.string("xsollaSecretKey")
        }
        if let storeKit = reader.object("storeKit", allowedKeys: [
            "storefront", "locale", "timeRate", "askToBuyEnabled", "billingGracePeriodEnabled",
            "renewalBillingIssuesEnabled", "failures",
        ]) {
            settings.storeKit = StoreKitTestSettings(
                storefront: storeKit.string("storefront"), locale: storeKit.string("locale"),
                timeRate: storeKitTimeRate(storeKit),
                askToBuyEnabled: storeKit.bool("askToBuyEnabled") ?? false,
                billingGracePeriodEnabled: storeKit.bool("billingGracePeriodEnabled") ?? false,
                renewalBillingIssuesEnabled: storeKit.bool("renewalBillingIssuesEnabled") ?? false,
                failures: storeKit.strings("failures") ?? [])
        }
        // The Xsolla guide spells it `payments.redirectUrl`; both are accepted.
        settings.paymentsRedirectUrl = reader.string("paymentsRedirectUrl") ?? reader.string("payments.redirectUrl")
        if let payStation = reader.object("payStation",
                                          allowedKeys: ["theme", "size", "redirect", "prewarm", "coldLaunchSeconds", "webhookMode"]) {
            settings.payStation.theme = payStation.enumeration("theme", as: PayStationSettings.Theme.self) ?? .dark
            settings.payStation.size = payStation.enumeration("size", as: PayStationSettings.Size.self) ?? .medium
            settings.payStation.prewarm = payStation.bool("prewarm") ?? false
            settings.payStation.coldLaunchSeconds = payStation.int("coldLaunchSeconds", range: 0...60) ?? 2
            settings.payStation.webhookMode = payStation.bool("webhookMode") ?? false
            if let redirect = payStation.object("redirect", allowedKeys: ["condition", "delaySeconds", "manualButtonCaption"]) {
                settings.payStation.redirect = RedirectPolicy(
                    condition: redirect.enumeration("condition", as: RedirectPolicy.Condition.self) ?? .successfulOrCanceled,
                    delaySeconds: redirect.int("delaySeconds", range: 0...3600) ?? 0,
                    manualButtonCaption: redirect.string("manualButtonCaption"))
            }
        }
        if let xee = reader.object("xee", allowedKeys: ["inAppPurchaseKey", "notificationDelaySeconds",
                                                        "shouldAddStorePayment"]) {
            settings.xee = XeeSettings(inAppPurchaseKey: xee.bool("inAppPurchaseKey") ?? true,
                                       notificationDelaySeconds: xee.int("notificationDelaySeconds", range: 0...3600) ?? 4,
                                       shouldAddStorePayment: xee.bool("shouldAddStorePayment") ?? true)
        }
        if let rate = reader.string("timeRate") {
            if Settings.timeRateNames.contains(rate) {
                settings.timeRate = rate
            } else {
                diagnostics.error("unknown time rate \"\(rate)\"; expected \(Settings.timeRateNames.joined(separator: ", "))",
                                  path: reader.path(of: "timeRate"), at: reader.member("timeRate")?.position)
            }
        }
        return settings
    }

    /// One of the raw values Xcode writes (`StoreKitTestSettings.timeRates`), so an import of
    /// any current `.storekit` file encodes to a catalog.json that loads.
    private func storeKitTimeRate(_ reader: ObjectReader) -> Int? {
        guard let rate = reader.int("timeRate") else { return nil }
        guard StoreKitTestSettings.timeRates.contains(rate) else {
            diagnostics.error("\(rate) is not a time rate Xcode writes; expected \(StoreKitTestSettings.timeRatesDescription)",
                              path: reader.path(of: "timeRate"), at: reader.member("timeRate")?.position)
            return nil
        }
        return rate
    }

    private func decodeStorefront(_ element: (node: JSONNode, path: String)) -> Storefront? {
        guard let reader = ObjectReader(element.node, path: element.path, diagnostics: diagnostics,
                                        allowedKeys: ["id", "locale", "currency", "path", "inAppPayStation"])
        else { return nil }
        let id = reader.string("id", required: true)
        let locale = reader.string("locale", required: true)
        let currency = reader.string("currency", required: true)
        let path = reader.enumeration("path", as: IntegrationPath.self, required: true)
        let inApp = reader.bool("inAppPayStation") ?? false
        // Kept with what failed left blank (an error already), so that what refers to it by id
        // is checked too; such a catalog is never used.
        guard let id else { return nil }
        return Storefront(id: id, locale: locale ?? "", currency: currency ?? "", path: path ?? .storekit,
                          inAppPayStation: inApp)
    }

    private func decodeGroup(_ element: (node: JSONNode, path: String)) -> SubscriptionGroup? {
        guard let reader = ObjectReader(element.node, path: element.path, diagnostics: diagnostics,
                                        allowedKeys: ["id", "accessLevel", "name"])
        else { return nil }
        guard let id = reader.string("id", required: true) else { return nil }
        return SubscriptionGroup(id: id, accessLevel: reader.string("accessLevel"), name: localized(reader, "name"))
    }

    private func localized(_ reader: ObjectReader, _ key: String) -> LocalizedText {
        guard let object = reader.object(key) else { return LocalizedText() }
        let entries = object.readMembers { key, value in object.string(value, of: key) }
        return LocalizedText(entries: entries.map { LocalizedText.Entry(key: $0.key, text: $0.value) })
    }

    private func prices(_ reader: ObjectReader, _ key: String, required: Bool = false) -> StorefrontPrices {
        guard let object = reader.object(key, required: required) else { return [:] }
        let entries = object.readMembers { key, value in
            ObjectReader.decimal(value, path: object.path(of: key), diagnostics: diagnostics)
        }
        return recentPrices.sharing(StorefrontPrices(entries: entries.map { StorefrontPrices.Entry(storefront: $0.key, amount: $0.value) }))
    }

    private let productKeys: Set<String> = [
        "id", "type", "itemType", "status", "grants", "name", "description", "prices", "group", "level",
        "period", "introductoryOffer", "promotionalOffers", "winBackOffers", "codeOffers", "play", "familyShareable",
    ]

    private func decodeProduct(_ reader: ObjectReader) -> Product? {
        // Read in this order, the order of the messages about one place (a missing key's is
        // the object's); the product is built once, at the end.
        let id = reader.string("id", required: true)
        let type = reader.enumeration("type", as: ProductType.self, required: true)
        let prices = self.prices(reader, "prices", required: true)
        let itemType = reader.enumeration("itemType", as: ItemType.self) ?? .virtualItem
        let status = reader.enumeration("status", as: ProductStatus.self) ?? .available
        let name = localized(reader, "name")
        let description = localized(reader, "description")
        let group = reader.string("group")
        let level = reader.int("level", range: 1...100)
        let period = reader.string("period").flatMap { text in
            self.period(text, path: reader.path(of: "period"), at: reader.member("period")?.position)
        }
        var grants: Grant?
        if let object = reader.object("grants", allowedKeys: ["currency", "amount", "entitlement"]) {
            if let currency = object.string("currency") {
                grants = .currency(currency, amount: object.int("amount", required: true, range: 1...1_000_000_000) ?? 0)
            } else if let entitlement = object.string("entitlement") {
                grants = .entitlement(entitlement)
            } else {
                diagnostics.error("grants needs \"currency\" with \"amount\", or \"entitlement\"", path: object.path,
                                  at: object.node.position)
            }
        }
        let introductoryOffer = reader.object("introductoryOffer", allowedKeys: offerKeys).flatMap {
            decodeOffer($0, needsId: false)
        }
        let promotionalOffers = offers(reader, "promotionalOffers")
        let winBackOffers = offers(reader, "winBackOffers", as: .winBack)
        let codeOffers = offers(reader, "codeOffers", as: .code)
        let play = decodePlay(of: reader, type: type)
        let familyShareable = reader.bool("familyShareable") ?? false
        // A product whose type failed (an error already) is kept as a consumable, so that its
        // prices and names are checked in the same run; such a catalog is never used.
        guard let id else { return nil }
        return Product(id: id, type: type ?? .consumable, itemType: itemType, status: status, name: name,
                       description: description, prices: prices, grants: grants, group: group, level: level,
                       period: period, introductoryOffer: introductoryOffer, promotionalOffers: promotionalOffers,
                       winBackOffers: winBackOffers, codeOffers: codeOffers, play: play, familyShareable: familyShareable)
    }

    private let offerKeys: Set<String> = ["id", "mode", "period", "periods", "prices", "eligibility",
                                          WinBackCriteriaReader.key, Self.codesKey]

    /// The kinds of offer whose objects hold a key the others do not.
    private enum OfferKind {
        case other, winBack, code
    }

    private func offers(_ reader: ObjectReader, _ key: String, as kind: OfferKind = .other) -> [Offer] {
        reader.elements(key) { element in
            ObjectReader(element.node, path: element.path, diagnostics: diagnostics, allowedKeys: offerKeys)
                .flatMap { decodeOffer($0, needsId: true, as: kind) }
        }
    }

    private func decodeOffer(_ reader: ObjectReader, needsId: Bool, as kind: OfferKind = .other) -> Offer? {
        var criteria: WinBackCriteria?
        if kind == .winBack {
            criteria = WinBackCriteriaReader.criteria(of: reader, strictKeys: true)
        } else if let member = reader.member(WinBackCriteriaReader.key) {
            diagnostics.error("only a win-back offer has \"\(WinBackCriteriaReader.key)\"; move it to one of "
                              + "winBackOffers or remove it", path: reader.path(of: WinBackCriteriaReader.key),
                              at: member.position)
        }
        var codes = OfferCodes()
        if kind == .code {
            codes = decodeCodes(reader)
        } else if let member = reader.member(Self.codesKey) {
            diagnostics.error("only an offer code has \"\(Self.codesKey)\"; move the offer to codeOffers or remove it",
                              path: reader.path(of: Self.codesKey), at: member.position)
        }
        let id = reader.string("id", required: needsId)
        let mode = reader.enumeration("mode", as: OfferMode.self, required: true)
        let periodText = reader.string("period", required: true)
        let length = periodText.flatMap {
            self.period($0, path: reader.path(of: "period"), at: reader.member("period")?.position)
        }
        let count = reader.int("periods", range: 1...120) ?? 1
        guard let mode, let length else { return nil }
        let eligibility = (reader.strings("eligibility") ?? []).compactMap { text -> OfferEligibility? in
            if let value = OfferEligibility(rawValue: text) { return value }
            diagnostics.error("unknown eligibility \"\(text)\"; expected new, existing or expired",
                              path: reader.path(of: "eligibility"), at: reader.member("eligibility")?.position)
            return nil
        }
        return Offer(id: id, mode: mode, period: length, periods: count, prices: prices(reader, "prices").dictionary,
                     eligibility: eligibility, winBackCriteria: criteria, codes: codes)
    }

    private func period(_ text: String, path: @autoclosure () -> String, at position: SourcePosition?) -> SubscriptionPeriod? {
        if let period = SubscriptionPeriod(iso8601: text) { return period }
        diagnostics.error("\"\(text)\" is not a period; write an ISO 8601 duration such as P1W, P1M, P3M or P1Y",
                          path: path(), at: position)
        return nil
    }

    private func decodePaywall(_ element: (node: JSONNode, path: String)) -> Paywall? {
        guard let reader = ObjectReader(element.node, path: element.path, diagnostics: diagnostics,
                                        allowedKeys: ["id", "placement", "defaultLocale", "variants", "termsUrl",
                                                      "privacyUrl", "showsRestore"])
        else { return nil }
        let id = reader.string("id", required: true)
        let placement = reader.string("placement", required: true)
        let variants = reader.elements("variants", required: true, decodeVariant)
        guard let id else { return nil }
        return Paywall(id: id, placement: placement ?? "", defaultLocale: reader.string("defaultLocale") ?? "en", variants: variants,
                       termsUrl: reader.string("termsUrl"), privacyUrl: reader.string("privacyUrl"),
                       showsRestore: reader.bool("showsRestore") ?? true)
    }

    private func decodeVariant(_ element: (node: JSONNode, path: String)) -> PaywallVariant? {
        guard let reader = ObjectReader(element.node, path: element.path, diagnostics: diagnostics,
                                        allowedKeys: ["id", "weight", "template", "products", "highlight",
                                                      "selected", "promotionalOffer", "strings"])
        else { return nil }
        let id = reader.string("id", required: true)
        let products = reader.strings("products") ?? []
        if reader.member("products") == nil {
            diagnostics.error("missing required key \"products\" (an array of product ids)", path: reader.path,
                              at: reader.node.position, subject: reader.path(of: "products"))
        }
        var strings: [String: PaywallStrings] = [:]
        if let table = reader.object("strings") {
            for member in table.orderedMembers {
                let wordKeys = PlayerText.Key.allCases.filter { $0 != .cta }
                guard let entry = table.object(member.key, allowedKeys: Set([
                    "title", "subtitle", "features", "cta", "offerDetails", "offerDetailsWithIntro",
                ] + wordKeys.map(\.rawValue))) else { continue }
                var words: [PlayerText.Key: String] = [:]
                for key in wordKeys { words[key] = entry.string(key.rawValue) }
                strings[member.key] = PaywallStrings(
                    title: entry.string("title", required: true) ?? "",
                    subtitle: entry.string("subtitle"),
                    features: entry.strings("features") ?? [],
                    cta: entry.string("cta"),
                    offerDetails: entry.string("offerDetails"),
                    offerDetailsWithIntro: entry.string("offerDetailsWithIntro"),
                    text: words)
            }
        }
        guard let id else { return nil }
        return PaywallVariant(id: id, weight: reader.int("weight", range: 0...1_000_000) ?? 1,
                              template: reader.enumeration("template", as: PaywallTemplate.self) ?? .cards,
                              products: products, highlight: reader.string("highlight"), selected: reader.string("selected"),
                              promotionalOffer: reader.string("promotionalOffer"), strings: strings)
    }
}
