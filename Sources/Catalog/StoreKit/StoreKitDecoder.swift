import Foundation

/// Walks the JSON of a `.storekit` file into catalog values. Readers are made without
/// `allowedKeys`: keys this importer does not use (`internalID`, `billingPlans`, …) are ignored because newer Xcode versions keep adding them; the keys it uses
/// are type-checked and every problem is reported, not only the first.
struct StoreKitDecoder {
    let diagnostics: DiagnosticList
    let appName: String
    /// The file's name as given, for advice that depends on it.
    let file: String

    /// Where a product sits in the file; it decides the product's type when `type` is absent.
    private enum Shelf {
        case products
        case nonRenewing
        case subscriptions(group: String)

        var key: String {
            switch self {
            case .products: return "products"
            case .nonRenewing: return "nonRenewingSubscriptions"
            case .subscriptions: return "subscriptions"
            }
        }

        /// The `type` spellings Xcode writes on this shelf.
        var types: [(name: String, type: ProductType)] {
            switch self {
            case .products: return [("Consumable", .consumable), ("NonConsumable", .nonConsumable)]
            case .nonRenewing: return [("NonRenewingSubscription", .nonRenewing)]
            case .subscriptions: return [("RecurringSubscription", .autoRenewable)]
            }
        }
    }

    private enum OfferKind: Equatable {
        case introductory
        case promotional
        case winBack
        case code
    }

    /// A decoded value with the place of its id, for duplicate checks after the walk, and the
    /// path of the element it came from, for lint to name.
    private struct Identified<Value> {
        var value: Value
        var id: String
        var idPath: String
        var idPosition: SourcePosition?
        var elementPath: String
    }

    /// A catalog, and the file's path of each of its products and subscription groups, in the
    /// catalog's order: what lint names for a finding on the import.
    struct Decoded: Sendable, Equatable {
        var catalog: ProductCatalog
        var productPaths: [String]
        var groupPaths: [String]
    }

    private static let paymentModes: [(name: String, mode: OfferMode)] = [
        ("free", .freeTrial), ("payAsYouGo", .payAsYouGo), ("payUpFront", .payUpFront),
    ]

    func decode(_ root: JSONNode) -> Decoded? {
        guard let reader = ObjectReader(root, path: "$", diagnostics: diagnostics) else { return nil }
        // catalog.json has `products` and `settings` too; one error beats one per product.
        if reader.has("schemaVersion") {
            // `--catalog` reads a file by its name: only one named .storekit needs renaming first.
            let remedy = StoreKitImporter.hasStoreKitExtension(file) ? "rename it to .json to open it with --catalog"
                : "it needs no import: open it with --catalog"
            diagnostics.error("this is a catalog.json (it has a schemaVersion), not a StoreKit configuration; \(remedy)",
                              path: "$", at: root.position)
            return nil
        }
        // Any other JSON object would import as an empty store; say what is wrong instead
        // (a catalog.json passed by mistake, say).
        let sections = ["products", "nonRenewingSubscriptions", "subscriptionGroups", "settings"]
        guard sections.contains(where: reader.has) else {
            diagnostics.error("not a StoreKit configuration: expected at least one of \(sections.joined(separator: ", "))",
                              path: "$", at: root.position)
            return nil
        }
        let settingsReader = StoreKitSettingsReader(diagnostics: diagnostics)
        let testSettings = settingsReader.read(reader.hasValue("settings") ? reader.object("settings") : nil)
        let storefront = StoreKitSettingsReader.storefront(for: testSettings)

        var products: [Identified<Product>] = []
        for element in elements(reader, "products") {
            if let product = decodeProduct(element, on: .products, storefront: storefront) { products.append(product) }
        }
        for element in elements(reader, "nonRenewingSubscriptions") {
            if let product = decodeProduct(element, on: .nonRenewing, storefront: storefront) { products.append(product) }
        }
        var groups: [Identified<SubscriptionGroup>] = []
        for element in elements(reader, "subscriptionGroups") {
            let decoded = decodeGroup(element, storefront: storefront)
            if let group = decoded.group { groups.append(group) }
            products += decoded.subscriptions
        }

        let uniqueGroups = unique(groups, kind: "subscription group id")
        let uniqueProducts = unique(products, kind: "productID")
        var settings = Settings(storeKit: testSettings)
        // The SDK's default (false) makes every purchase a silent no-op; a StoreKit configuration
        // exists to make test purchases, so an import sells.
        settings.enablePayments = true
        let catalog = ProductCatalog(
            app: AppInfo(name: appName, bundleId: StoreKitImporter.defaultBundleId),
            settings: settings,
            storefronts: [storefront],
            // The file has no entitlements; each group is what its plans unlock.
            accessLevels: uniqueGroups.map { AccessLevel(id: $0.id) },
            subscriptionGroups: uniqueGroups.map(\.value),
            products: uniqueProducts.map(\.value),
            paywalls: GeneratedPaywall.make(for: uniqueProducts.map(\.value), locale: storefront.locale).map { [$0] } ?? [],
            origin: .storeKitConfiguration)
        return Decoded(catalog: catalog, productPaths: uniqueProducts.map(\.elementPath),
                       groupPaths: uniqueGroups.map(\.elementPath))
    }

    // MARK: - Products and groups

    private func decodeProduct(_ element: (node: JSONNode, path: String), on shelf: Shelf,
                               storefront: Storefront) -> Identified<Product>? {
        guard let reader = ObjectReader(element.node, path: element.path, diagnostics: diagnostics) else { return nil }
        let id = reader.string("productID", required: true)
        let type = productType(reader, on: shelf)
        // A .storekit product has one price, in the configuration's storefront.
        let price = exact(reader.decimal("displayPrice", required: true), reader, storefront: storefront)
        let texts = localizations(reader)
        var product = Product(id: id ?? "", type: type ?? .consumable, name: texts.name, description: texts.description,
                              prices: price.map { [storefront.id: $0] } ?? [:])
        product.familyShareable = familyShareable(reader, type: type)
        if case .subscriptions(let group) = shelf {
            product.group = group
            product.level = optionalInt(reader, "groupNumber", range: 1...100)
            product.period = period(reader, "recurringSubscriptionPeriod", required: true)
            product.introductoryOffer = introductoryOffer(reader, storefront: storefront)
            product.promotionalOffers = offers(reader, "adHocOffers", kind: .promotional, storefront: storefront)
            // Xcode writes `winbackOffers`; StoreKit and App Store Connect spell it `winBackOffers`.
            product.winBackOffers = offers(reader, "winbackOffers", kind: .winBack, storefront: storefront)
                + offers(reader, "winBackOffers", kind: .winBack, storefront: storefront)
            product.codeOffers = offers(reader, "codeOffers", kind: .code, storefront: storefront)
        }
        // Kept even when other parts are broken, so that a repeated productID is still reported;
        // any error discards the catalog anyway.
        guard let id else { return nil }
        return Identified(value: product, id: id, idPath: reader.path(of: "productID"),
                          idPosition: reader.member("productID")?.position, elementPath: element.path)
    }

    /// Xcode's Family Sharing checkbox. Set on a product the App Store never shares (a
    /// consumable, a non-renewing subscription) it is said and left off, so the import still opens.
    private func familyShareable(_ reader: ObjectReader, type: ProductType?) -> Bool {
        guard reader.hasValue("familyShareable"), reader.bool("familyShareable") == true, let type else { return false }
        guard Product.canBeFamilyShareable(type) else {
            diagnostics.warning("familyShareable is ignored on a \(type.rawValue) product: the App Store shares only "
                                + "non-consumables and auto-renewable subscriptions", path: reader.path(of: "familyShareable"),
                                at: reader.member("familyShareable")?.position)
            return false
        }
        return true
    }

    private func productType(_ reader: ObjectReader, on shelf: Shelf) -> ProductType? {
        let choices = shelf.types
        if !reader.hasValue("type"), choices.count == 1 { return choices.first?.type }
        guard let text = reader.string("type", required: true) else { return nil }
        if let match = choices.first(where: { $0.name == text }) { return match.type }
        let names = choices.map { $0.name }
        var message = "type \"\(text)\" does not belong in \(shelf.key); expected \(names.joined(separator: " or "))"
        if let guess = Spelling.closest(to: text, among: Set(names)), guess != text {
            message = "unknown type \"\(text)\"; did you mean \"\(guess)\"?"
        }
        diagnostics.error(message, path: reader.path(of: "type"), at: reader.member("type")?.position)
        return nil
    }

    private func decodeGroup(_ element: (node: JSONNode, path: String), storefront: Storefront)
        -> (group: Identified<SubscriptionGroup>?, subscriptions: [Identified<Product>])
    {
        guard let reader = ObjectReader(element.node, path: element.path, diagnostics: diagnostics) else { return (nil, []) }
        let id = reader.string("id", required: true)
        var name = localizations(reader).name
        // `name` is the reference name App Store Connect shows the developer; it is the only name
        // most files have, so it stands in for the storefront's language.
        if name.isEmpty, let reference = nonEmptyString(reader, "name") {
            name = LocalizedText([storefront.language: reference])
        }
        // Subscriptions are read even when the group is broken, so that their problems are listed too.
        let subscriptions = elements(reader, "subscriptions").compactMap {
            decodeProduct($0, on: .subscriptions(group: id ?? ""), storefront: storefront)
        }
        guard let id else { return (nil, subscriptions) }
        let group = SubscriptionGroup(id: id, accessLevel: id, name: name)
        return (Identified(value: group, id: id, idPath: reader.path(of: "id"), idPosition: reader.member("id")?.position,
                           elementPath: element.path),
                subscriptions)
    }

    /// Names and descriptions keyed by locale (`es_ES`) and also by language (`es`) when no entry
    /// names that language exactly, so a storefront elsewhere with the same language finds them.
    /// Empty strings are left out: Xcode writes `""` for a field nobody filled in, and the
    /// fallback to another locale reads better than a blank.
    private func localizations(_ reader: ObjectReader) -> (name: LocalizedText, description: LocalizedText) {
        var names: [(locale: String, text: String)] = []
        var descriptions: [(locale: String, text: String)] = []
        for element in elements(reader, "localizations") {
            guard let entry = ObjectReader(element.node, path: element.path, diagnostics: diagnostics) else { continue }
            let locale = entry.string("locale", required: true)
            let name = nonEmptyString(entry, "displayName")
            let description = nonEmptyString(entry, "description")
            guard let locale else { continue }
            if let name { names.append((locale, name)) }
            if let description { descriptions.append((locale, description)) }
        }
        return (localizedText(names), localizedText(descriptions))
    }

    private func localizedText(_ entries: [(locale: String, text: String)]) -> LocalizedText {
        var values: [String: String] = [:]
        for entry in entries where values[entry.locale] == nil {
            values[entry.locale] = entry.text
        }
        for entry in entries {
            let language = LocalizedText.language(of: entry.locale)
            if !language.isEmpty, values[language] == nil { values[language] = entry.text }
        }
        return LocalizedText(values)
    }

    // MARK: - Offers

    /// Format 5.0 lists introductory offers (`introductoryOffers`, one per billing plan) and keeps
    /// the single `introductoryOffer` beside it for older Xcodes. The list wins; a catalog product
    /// has one introductory offer, so only its first entry is kept.
    private func introductoryOffer(_ reader: ObjectReader, storefront: Storefront) -> Offer? {
        let listed = offers(reader, "introductoryOffers", kind: .introductory, storefront: storefront)
        var single: Offer?
        if let node = reader.member("introductoryOffer"), reader.hasValue("introductoryOffer") {
            single = offer(node, path: reader.path(of: "introductoryOffer"), kind: .introductory, index: 0,
                           storefront: storefront)
        }
        return listed.first ?? single
    }

    private func offers(_ reader: ObjectReader, _ key: String, kind: OfferKind, storefront: Storefront) -> [Offer] {
        elements(reader, key).enumerated().compactMap { index, element in
            offer(element.node, path: element.path, kind: kind, index: index, storefront: storefront)
        }
    }

    private func offer(_ node: JSONNode, path: String, kind: OfferKind, index: Int, storefront: Storefront) -> Offer? {
        guard let reader = ObjectReader(node, path: path, diagnostics: diagnostics) else { return nil }
        let mode = offerMode(reader)
        let length = period(reader, "subscriptionPeriod", required: true)
        let periods = optionalInt(reader, "numberOfPeriods", range: 1...120) ?? 1
        let price = reader.hasValue("displayPrice") ? reader.decimal("displayPrice") : nil
        if let mode, mode != .freeTrial, !reader.hasValue("displayPrice") {
            diagnostics.error("missing required key \"displayPrice\" (a \(mode.rawValue) offer has a price)",
                              path: reader.path, at: reader.node.position)
        }
        let id: String?
        switch kind {
        case .introductory:
            id = nil
        case .promotional, .winBack:
            id = reader.string("offerID", required: true)
        case .code:
            // Offer codes have no offerID in the file; the reference name is what a developer
            // recognises, the internal id is at least unique.
            id = nonEmptyString(reader, "referenceName") ?? nonEmptyString(reader, "internalID") ?? "code_offer_\(index + 1)"
        }
        let eligibility = kind == .code ? eligibilities(reader) : []
        let criteria = kind == .winBack ? WinBackCriteriaReader.criteria(of: reader, strictKeys: false) : nil
        guard let mode, let length, kind == .introductory || id != nil else { return nil }
        // A free period costs nothing whatever `displayPrice` says; Xcode leaves stale ones behind.
        let prices = mode == .freeTrial ? [:] : exact(price, reader, storefront: storefront).map { [storefront.id: $0] } ?? [:]
        return Offer(id: id, mode: mode, period: length, periods: periods, prices: prices, eligibility: eligibility,
                     winBackCriteria: criteria)
    }

    private func offerMode(_ reader: ObjectReader) -> OfferMode? {
        guard let text = reader.string("paymentMode", required: true) else { return nil }
        if let match = Self.paymentModes.first(where: { $0.name == text }) { return match.mode }
        let names = Self.paymentModes.map { $0.name }
        var message = "unknown payment mode \"\(text)\"; expected \(names.joined(separator: ", "))"
        if let guess = Spelling.closest(to: text, among: Set(names)), guess != text {
            message = "unknown payment mode \"\(text)\"; did you mean \"\(guess)\"?"
        }
        diagnostics.error(message, path: reader.path(of: "paymentMode"), at: reader.member("paymentMode")?.position)
        return nil
    }

    private func eligibilities(_ reader: ObjectReader) -> [OfferEligibility] {
        elements(reader, "eligibility").compactMap { element in
            guard case .string(let text) = element.node.value else {
                diagnostics.error("expected a string, found \(element.node.kindName)", path: element.path,
                                  at: element.node.position)
                return nil
            }
            if let value = OfferEligibility(rawValue: text) { return value }
            let names = OfferEligibility.allCases.map(\.rawValue)
            diagnostics.error("unknown eligibility \"\(text)\"; expected \(names.joined(separator: ", "))",
                              path: element.path, at: element.node.position)
            return nil
        }
    }

    // MARK: - Values

    /// `price` when the storefront's currency can charge it exactly (`ExactPrice`); else nil,
    /// with an error at the `displayPrice`.
    private func exact(_ price: Decimal?, _ reader: ObjectReader, storefront: Storefront) -> Decimal? {
        guard let price else { return nil }
        let digits = PriceFormatter.minorUnitDigits(ofCurrency: storefront.currency)
        guard let problem = ExactPrice.problem(with: price, currency: storefront.currency, digits: digits) else { return price }
        diagnostics.error(problem, path: reader.path(of: "displayPrice"), at: reader.member("displayPrice")?.position)
        return nil
    }

    private func period(_ reader: ObjectReader, _ key: String, required: Bool) -> SubscriptionPeriod? {
        guard required || reader.hasValue(key), let text = reader.string(key, required: required) else { return nil }
        if let period = SubscriptionPeriod(iso8601: text) { return period }
        diagnostics.error("\"\(text)\" is not a period; expected an ISO 8601 duration such as P3D, P1W, P1M or P1Y",
                          path: reader.path(of: key), at: reader.member(key)?.position)
        return nil
    }

    /// The ranges are the catalog's (`level`, `periods`), so that an import always encodes to a
    /// catalog.json that loads.
    private func optionalInt(_ reader: ObjectReader, _ key: String, range: ClosedRange<Int>) -> Int? {
        reader.hasValue(key) ? reader.int(key, range: range) : nil
    }

    private func nonEmptyString(_ reader: ObjectReader, _ key: String) -> String? {
        guard reader.hasValue(key), let text = reader.string(key), !text.isEmpty else { return nil }
        return text
    }

    /// The elements of an array member; none when it is absent or null.
    private func elements(_ reader: ObjectReader, _ key: String) -> [(node: JSONNode, path: String)] {
        reader.hasValue(key) ? reader.array(key) ?? [] : []
    }

    /// Values in file order without repeated ids; each repeat is an error at its id.
    private func unique<Value>(_ items: [Identified<Value>], kind: String) -> [Identified<Value>] {
        var firstPositions: [String: SourcePosition?] = [:]
        var result: [Identified<Value>] = []
        for item in items {
            if let first = firstPositions[item.id] {
                let place = first.map { " (first at \($0))" } ?? ""
                diagnostics.error("duplicate \(kind) \"\(item.id)\"\(place)", path: item.idPath, at: item.idPosition)
            } else {
                firstPositions[item.id] = item.idPosition
                result.append(item)
            }
        }
        return result
    }
}

extension ObjectReader {
    /// Whether `key` is present with a value other than `null`: Xcode writes
    /// `"introductoryOffer" : null` for "none", which must read like an absent key.
    func hasValue(_ key: String) -> Bool {
        guard let value = member(key) else { return false }
        if case .null = value.value { return false }
        return true
    }
}
