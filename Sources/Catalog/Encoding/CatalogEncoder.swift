import Foundation

/// Writes a `Catalog` as catalog.json, schema v1 (docs/catalog.md), for `storefront import` and
/// anyone who wants a catalog back as text. Loading the text gives the same catalog again.
///
/// Written by hand rather than through `JSONEncoder`: keys come in the order docs/catalog.md lists
/// them (a dictionary would shuffle them), prices stay decimal strings (never a binary float), and
/// values equal to the schema's defaults are left out so the file shows what is particular to it.
public enum CatalogEncoder {
    public static func encode(_ catalog: ProductCatalog) -> String {
        var text = ""
        document(catalog).write(to: &text, indent: 0)
        return text + "\n"
    }

    // MARK: - Parts of the document

    private static func document(_ catalog: ProductCatalog) -> JSONText {
        var members: [(String, JSONText)] = [
            ("schemaVersion", .int(catalog.schemaVersion)),
            ("app", .object([("name", .string(catalog.app.name)), ("bundleId", .string(catalog.app.bundleId))])),
        ]
        let settings = self.settings(catalog.settings)
        if !settings.isEmpty { members.append(("settings", .object(settings))) }
        members.append(("storefronts", .array(catalog.storefronts.map(storefront))))
        if !catalog.accessLevels.isEmpty {
            members.append(("accessLevels", .array(catalog.accessLevels.map { .object([("id", .string($0.id))]) })))
        }
        if !catalog.subscriptionGroups.isEmpty {
            members.append(("subscriptionGroups", .array(catalog.subscriptionGroups.map(group))))
        }
        // Prices list the catalog's storefronts in its own order, then any others.
        let storefrontOrder = catalog.storefronts.map(\.id)
        members.append(("products", .array(catalog.products.map { product($0, storefrontOrder: storefrontOrder) })))
        if !catalog.paywalls.isEmpty {
            members.append(("paywalls", .array(catalog.paywalls.map(paywall))))
        }
        return .object(members)
    }

    private static func settings(_ settings: Settings) -> [(String, JSONText)] {
        let defaults = Settings()
        var members: [(String, JSONText)] = []
        if let projectId = settings.projectId { members.append(("projectId", .int(projectId))) }
        if let loginProjectId = settings.loginProjectId { members.append(("loginProjectId", .string(loginProjectId))) }
        if settings.platform != defaults.platform { members.append(("platform", .string(settings.platform))) }
        if settings.enablePayments != defaults.enablePayments {
            members.append(("enablePayments", .bool(settings.enablePayments)))
        }
        if settings.openExternalBrowser != defaults.openExternalBrowser {
            members.append(("openExternalBrowser", .bool(settings.openExternalBrowser)))
        }
        if settings.useSandbox != defaults.useSandbox { members.append(("useSandbox", .bool(settings.useSandbox))) }
        if let customUserId = settings.customUserId { members.append(("customUserId", .string(customUserId))) }
        if let token = settings.customLoginToken { members.append(("customLoginToken", .string(token))) }
        if let url = settings.paymentsRedirectUrl { members.append(("paymentsRedirectUrl", .string(url))) }
        if settings.payStation != defaults.payStation {
            members.append(("payStation", payStation(settings.payStation)))
        }
        if settings.xee != defaults.xee {
            members.append(("xee", .object([
                ("inAppPurchaseKey", .bool(settings.xee.inAppPurchaseKey)),
                ("notificationDelaySeconds", .int(settings.xee.notificationDelaySeconds)),
                ("shouldAddStorePayment", .bool(settings.xee.shouldAddStorePayment)),
            ])))
        }
        if settings.timeRate != defaults.timeRate { members.append(("timeRate", .string(settings.timeRate))) }
        if settings.network != defaults.network { members.append(("network", .string(settings.network.rawValue))) }
        if settings.signedData != defaults.signedData {
            members.append(("signedData", .string(settings.signedData.rawValue)))
        }
        if let api = settings.api { members.append(("api", .string(api.description))) }
        let targets = settings.notifications
        let notifications: [(String, JSONText)] = [
            targets.apple.map { ("apple", .string($0.text)) }, targets.play.map { ("play", .string($0.text)) },
            targets.playAudience.map { ("playAudience", .string($0)) },
            targets.xsolla.map { ("xsolla", .string($0.text)) },
            targets.xsollaSecretKey.map { ("xsollaSecretKey", .string($0)) },
        ].compactMap { $0 }
        if !notifications.isEmpty { members.append(("notifications", .object(notifications))) }
        if settings.storeKit != defaults.storeKit { members.append(("storeKit", storeKit(settings.storeKit))) }
        // An empty list is not the default (nil: every SKU); it asks for nothing.
        if let requested = settings.requestedProducts {
            members.append(("requestedProducts", .array(requested.map(JSONText.string))))
        }
        return members
    }

    private static func payStation(_ payStation: PayStationSettings) -> JSONText {
        let defaults = PayStationSettings()
        var members: [(String, JSONText)] = []
        if payStation.theme != defaults.theme { members.append(("theme", .string(payStation.theme.rawValue))) }
        if payStation.size != defaults.size { members.append(("size", .string(payStation.size.rawValue))) }
        if payStation.prewarm != defaults.prewarm { members.append(("prewarm", .bool(payStation.prewarm))) }
        if payStation.webhookMode { members.append(("webhookMode", .bool(true))) }
        if payStation.coldLaunchSeconds != defaults.coldLaunchSeconds {
            members.append(("coldLaunchSeconds", .int(payStation.coldLaunchSeconds)))
        }
        if payStation.redirect != defaults.redirect {
            let redirect = payStation.redirect
            var policy: [(String, JSONText)] = [
                ("condition", .string(redirect.condition.rawValue)),
                ("delaySeconds", .int(redirect.delaySeconds)),
            ]
            if let caption = redirect.manualButtonCaption { policy.append(("manualButtonCaption", .string(caption))) }
            members.append(("redirect", .object(policy)))
        }
        return .object(members)
    }

    private static func storeKit(_ settings: StoreKitTestSettings) -> JSONText {
        var members: [(String, JSONText)] = []
        if let storefront = settings.storefront { members.append(("storefront", .string(storefront))) }
        if let locale = settings.locale { members.append(("locale", .string(locale))) }
        if let timeRate = settings.timeRate { members.append(("timeRate", .int(timeRate))) }
        if settings.askToBuyEnabled { members.append(("askToBuyEnabled", .bool(true))) }
        if settings.billingGracePeriodEnabled { members.append(("billingGracePeriodEnabled", .bool(true))) }
        if settings.renewalBillingIssuesEnabled { members.append(("renewalBillingIssuesEnabled", .bool(true))) }
        if !settings.failures.isEmpty { members.append(("failures", .array(settings.failures.map(JSONText.string)))) }
        return .object(members)
    }

    private static func storefront(_ storefront: Storefront) -> JSONText {
        var members: [(String, JSONText)] = [
            ("id", .string(storefront.id)),
            ("locale", .string(storefront.locale)),
            ("currency", .string(storefront.currency)),
            ("path", .string(storefront.path.rawValue)),
        ]
        if storefront.inAppPayStation { members.append(("inAppPayStation", .bool(true))) }
        return .object(members)
    }

    private static func group(_ group: SubscriptionGroup) -> JSONText {
        var members: [(String, JSONText)] = [("id", .string(group.id))]
        if let accessLevel = group.accessLevel { members.append(("accessLevel", .string(accessLevel))) }
        if !group.name.isEmpty { members.append(("name", localized(group.name))) }
        return .object(members)
    }

    private static func product(_ product: Product, storefrontOrder: [String]) -> JSONText {
        var members: [(String, JSONText)] = [
            ("id", .string(product.id)),
            ("type", .string(product.type.rawValue)),
        ]
        if product.itemType != .virtualItem { members.append(("itemType", .string(product.itemType.rawValue))) }
        if product.status != .available { members.append(("status", .string(product.status.rawValue))) }
        if !product.name.isEmpty { members.append(("name", localized(product.name))) }
        if !product.description.isEmpty { members.append(("description", localized(product.description))) }
        members.append(("prices", prices(product.prices.dictionary, order: storefrontOrder)))
        switch product.grants {
        case .currency(let currency, let amount)?:
            members.append(("grants", .object([("currency", .string(currency)), ("amount", .int(amount))])))
        case .entitlement(let entitlement)?:
            members.append(("grants", .object([("entitlement", .string(entitlement))])))
        case nil:
            break
        }
        if let group = product.group { members.append(("group", .string(group))) }
        if let level = product.level { members.append(("level", .int(level))) }
        if let period = product.period { members.append(("period", .string(period.description))) }
        if let intro = product.introductoryOffer {
            members.append(("introductoryOffer", offer(intro, storefrontOrder: storefrontOrder)))
        }
        let lists: [(String, [Offer])] = [
            ("promotionalOffers", product.promotionalOffers),
            ("winBackOffers", product.winBackOffers),
            ("codeOffers", product.codeOffers),
        ]
        for (key, offers) in lists where !offers.isEmpty {
            members.append((key, .array(offers.map { offer($0, storefrontOrder: storefrontOrder) })))
        }
        if let play = product.play { members.append(("play", playObject(play) { prices($0, order: storefrontOrder) })) }
        if product.familyShareable { members.append(("familyShareable", .bool(true))) }
        return .object(members)
    }

    /// `periods` is written even when it is 1: how long an offer lasts is part of reading it.
    private static func offer(_ offer: Offer, storefrontOrder: [String]) -> JSONText {
        var members: [(String, JSONText)] = []
        if let id = offer.id { members.append(("id", .string(id))) }
        members.append(("mode", .string(offer.mode.rawValue)))
        members.append(("period", .string(offer.period.description)))
        members.append(("periods", .int(offer.periods)))
        if !offer.prices.isEmpty { members.append(("prices", prices(offer.prices, order: storefrontOrder))) }
        if !offer.eligibility.isEmpty {
            members.append(("eligibility", .array(offer.eligibility.map { .string($0.rawValue) })))
        }
        if let criteria = offer.winBackCriteria {
            members.append((WinBackCriteriaReader.key, winBackCriteria(criteria)))
        }
        if !offer.codes.isEmpty { members.append((CatalogDecoder.codesKey, codes(offer.codes))) }
        return .object(members)
    }

    /// An offer's codes, as docs/catalog.md writes them: no limit and no expiry left out.
    static func codes(_ codes: OfferCodes) -> JSONText {
        var members: [(String, JSONText)] = []
        if !codes.custom.isEmpty {
            members.append(("custom", .array(codes.custom.map { custom in
                var code: [(String, JSONText)] = [("code", .string(custom.code))]
                if let limit = custom.limit { code.append(("limit", .int(limit))) }
                if let expires = custom.expires { code.append(("expires", .string(expires.description))) }
                return .object(code)
            })))
        }
        if !codes.oneTime.isEmpty {
            members.append(("oneTime", .array(codes.oneTime.map { batch in
                var entry: [(String, JSONText)] = [("codes", .array(batch.codes.map(JSONText.string)))]
                if let expires = batch.expires { entry.append(("expires", .string(expires.description))) }
                return .object(entry)
            })))
        }
        return .object(members)
    }

    private static func winBackCriteria(_ criteria: WinBackCriteria) -> JSONText {
        var members: [(String, JSONText)] = [
            (WinBackCriteriaReader.paidKey, .int(criteria.paidMonths)),
            (WinBackCriteriaReader.sinceKey, .object([("minimum", .int(criteria.monthsSinceLapse.lowerBound)),
                                                      ("maximum", .int(criteria.monthsSinceLapse.upperBound))])),
        ]
        if let wait = criteria.monthsBetweenOffers { members.append((WinBackCriteriaReader.waitKey, .int(wait))) }
        return .object(members)
    }

    private static func paywall(_ paywall: Paywall) -> JSONText {
        var members: [(String, JSONText)] = [
            ("id", .string(paywall.id)),
            ("placement", .string(paywall.placement)),
        ]
        if paywall.defaultLocale != "en" { members.append(("defaultLocale", .string(paywall.defaultLocale))) }
        members.append(("variants", .array(paywall.variants.map(variant))))
        if let terms = paywall.termsUrl { members.append(("termsUrl", .string(terms))) }
        if let privacy = paywall.privacyUrl { members.append(("privacyUrl", .string(privacy))) }
        if !paywall.showsRestore { members.append(("showsRestore", .bool(false))) }
        return .object(members)
    }

    private static func variant(_ variant: PaywallVariant) -> JSONText {
        var members: [(String, JSONText)] = [("id", .string(variant.id))]
        if variant.weight != 1 { members.append(("weight", .int(variant.weight))) }
        if variant.template != .cards { members.append(("template", .string(variant.template.rawValue))) }
        members.append(("products", .array(variant.products.map(JSONText.string))))
        if let highlight = variant.highlight { members.append(("highlight", .string(highlight))) }
        if let selected = variant.selected { members.append(("selected", .string(selected))) }
        if let offer = variant.promotionalOffer { members.append(("promotionalOffer", .string(offer))) }
        if !variant.strings.isEmpty {
            let locales = variant.strings.keys.sorted()
            members.append(("strings", .object(locales.compactMap { locale in
                variant.strings[locale].map { (locale, strings($0)) }
            })))
        }
        return .object(members)
    }

    /// Only what the strings say: an unwritten `cta` stays the built-in word of each language.
    private static func strings(_ strings: PaywallStrings) -> JSONText {
        var members: [(String, JSONText)] = [("title", .string(strings.title))]
        if let subtitle = strings.subtitle { members.append(("subtitle", .string(subtitle))) }
        if !strings.features.isEmpty { members.append(("features", .array(strings.features.map(JSONText.string)))) }
        if let cta = strings.cta { members.append(("cta", .string(cta))) }
        if let details = strings.offerDetails { members.append(("offerDetails", .string(details))) }
        if let details = strings.offerDetailsWithIntro { members.append(("offerDetailsWithIntro", .string(details))) }
        for key in PlayerText.Key.allCases { if let word = strings.text[key] { members.append((key.rawValue, .string(word))) } }
        return .object(members)
    }

    /// Keys sorted, so the same catalog always gives the same text.
    private static func localized(_ text: LocalizedText) -> JSONText {
        .object(text.values.keys.sorted().compactMap { key in text.values[key].map { (key, .string($0)) } })
    }

    private static func prices(_ prices: [String: Decimal], order: [String]) -> JSONText {
        let known = order.filter { prices[$0] != nil }
        let others = prices.keys.filter { !order.contains($0) }.sorted()
        return .object((known + others).compactMap { id in prices[id].map { (id, .string(priceText($0))) } })
    }

    /// `Decimal`'s description is locale-independent plain notation ("4.99", "160"), which is
    /// what catalog.json's price strings are.
    static func priceText(_ price: Decimal) -> String {
        price.description
    }
}

/// The JSON values the encoder writes, with object members in the order given; its string
/// escaping is every JSON writer's in this module (lint's `--json` too).
indirect enum JSONText {
    case object([(String, JSONText)])
    case array([JSONText])
    case string(String)
    case int(Int)
    case bool(Bool)

    private static let indentUnit = "  "
    /// Arrays and objects of scalars stay on one line while they fit, as in the hand-written
    /// catalog.json (`"prices": { "USA": "0.99" }`); anything longer gets a line per element.
    private static let inlineLimit = 76

    private var isScalar: Bool {
        switch self {
        case .object, .array: return false
        case .string, .int, .bool: return true
        }
    }

    func write(to text: inout String, indent: Int) {
        switch self {
        case .string(let value):
            JSONText.writeString(value, to: &text)
        case .int(let value):
            text += String(value)
        case .bool(let value):
            text += value ? "true" : "false"
        case .object(let members):
            guard !members.isEmpty else {
                text += "{}"
                return
            }
            if members.allSatisfy({ $0.1.isScalar }) {
                var line = "{ "
                for (index, member) in members.enumerated() {
                    if index > 0 { line += ", " }
                    JSONText.writeString(member.0, to: &line)
                    line += ": "
                    member.1.write(to: &line, indent: 0)
                }
                line += " }"
                if line.count <= JSONText.inlineLimit {
                    text += line
                    return
                }
            }
            let inner = String(repeating: JSONText.indentUnit, count: indent + 1)
            text += "{\n"
            for (index, member) in members.enumerated() {
                text += inner
                JSONText.writeString(member.0, to: &text)
                text += ": "
                member.1.write(to: &text, indent: indent + 1)
                text += index == members.count - 1 ? "\n" : ",\n"
            }
            text += String(repeating: JSONText.indentUnit, count: indent) + "}"
        case .array(let elements):
            guard !elements.isEmpty else {
                text += "[]"
                return
            }
            if elements.allSatisfy(\.isScalar) {
                var line = "["
                for (index, element) in elements.enumerated() {
                    if index > 0 { line += ", " }
                    element.write(to: &line, indent: 0)
                }
                line += "]"
                if line.count <= JSONText.inlineLimit {
                    text += line
                    return
                }
            }
            let inner = String(repeating: JSONText.indentUnit, count: indent + 1)
            text += "[\n"
            for (index, element) in elements.enumerated() {
                text += inner
                element.write(to: &text, indent: indent + 1)
                text += index == elements.count - 1 ? "\n" : ",\n"
            }
            text += String(repeating: JSONText.indentUnit, count: indent) + "]"
        }
    }

    /// RFC 8259 escaping: quote, backslash, control and hidden characters (`ControlCharacters`);
    /// everything else is written as UTF-8, so names in Japanese or Arabic stay readable.
    static func writeString(_ value: String, to text: inout String) {
        text += "\""
        // Most strings need no escape: they go in whole (lint writes a hundred thousand).
        guard value.utf8.contains(where: { $0 < 0x20 || $0 == 0x22 || $0 == 0x5C || $0 >= 0x7F }) else {
            text += value
            text += "\""
            return
        }
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\"": text += "\\\""
            case "\\": text += "\\\\"
            case "\n": text += "\\n"
            case "\r": text += "\\r"
            case "\t": text += "\\t"
            case "\u{8}": text += "\\b"
            case "\u{C}": text += "\\f"
            case _ where ControlCharacters.isControl(scalar) || ControlCharacters.isHidden(scalar):
                // Invisible in an editor, a bidi control reorders what a terminal shows of the
                // document, and U+2028/2029 end lines in JavaScript: spell them out.
                text += ControlCharacters.unicodeEscape(scalar)
            default:
                text.unicodeScalars.append(scalar)
            }
        }
        text += "\""
    }
}
