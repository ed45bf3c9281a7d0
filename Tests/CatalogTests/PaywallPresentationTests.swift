import Foundation
import Testing
@testable import Catalog

private let yearlyId = "com.example.stardust.pass.yearly"
private let monthlyId = "com.example.stardust.pass.monthly"
private let weeklyId = "com.example.stardust.pass.weekly"
private let noBreak = "\u{A0}"

/// The default catalog with its paywall `main` and that paywall's variant `A` (picked by id, so
/// other variants may come and go).
private func mainVariantA() throws -> (catalog: ProductCatalog, paywall: Paywall, variant: PaywallVariant) {
    let catalog = try loadDefaultCatalog()
    let paywall = try #require(catalog.paywall(id: "main"))
    let variant = try #require(paywall.variants.first { $0.id == "A" })
    return (catalog, paywall, variant)
}

private func present(in storefrontId: String, history: SubscriberHistory = .newPlayer,
                     override: EligibilityOverride = .auto,
                     changing change: (inout PaywallVariant) -> Void = { _ in }) throws -> PaywallPresentation {
    let (catalog, paywall, original) = try mainVariantA()
    let storefront = try #require(catalog.storefront(id: storefrontId))
    var variant = original
    change(&variant)
    return PaywallPresentation(catalog: catalog, paywall: paywall, variant: variant, storefront: storefront,
                               history: history, override: override)
}

private func plan(_ id: String, of presentation: PaywallPresentation) throws -> PlanPresentation {
    try #require(presentation.plans.first { $0.product.id == id }, "no plan \(id)")
}

/// Per-month prices and badges worked out by hand from catalog.json: the yearly price over 12
/// months, the weekly price × 365 / 84 (365/12/7 weeks a month), both rounded down to the currency's minor unit; the badge
/// is 1 − plan / weekly, rounded to a whole percent.
struct DiscountExpectation: Sendable, CustomTestStringConvertible {
    var storefront: String
    var yearlyPerMonth: String
    var monthlyPerMonth: String
    var weeklyPerMonth: String
    var yearlyBadge: String
    var monthlyBadge: String

    var testDescription: String { storefront }
}

@Suite("Paywall presentation")
struct PaywallPresentationTests {
    static let discounts: [DiscountExpectation] = [
        // 39.99 / 12 = 3.3325; 1.99 × 365 / 84 = 8.647…; 1 − 3.33 / 8.64 = 61.5 %; 1 − 4.99 / 8.64 = 42.2 %.
        DiscountExpectation(storefront: "USA", yearlyPerMonth: "3.33", monthlyPerMonth: "4.99", weeklyPerMonth: "8.64",
                            yearlyBadge: "-61%", monthlyBadge: "-42%"),
        DiscountExpectation(storefront: "DEU", yearlyPerMonth: "3.66", monthlyPerMonth: "5.49", weeklyPerMonth: "9.51",
                            yearlyBadge: "-62\u{A0}%", monthlyBadge: "-42\u{A0}%"),
        // Yen have no minor unit: 300 × 365 / 84 = 1303.5 → 1303; 1 − 800 / 1303 = 38.6 %.
        DiscountExpectation(storefront: "JPN", yearlyPerMonth: "500", monthlyPerMonth: "800", weeklyPerMonth: "1303",
                            yearlyBadge: "-62%", monthlyBadge: "-39%"),
        DiscountExpectation(storefront: "GBR", yearlyPerMonth: "2.91", monthlyPerMonth: "4.49", weeklyPerMonth: "8.64",
                            yearlyBadge: "-66%", monthlyBadge: "-48%"),
        DiscountExpectation(storefront: "FRA", yearlyPerMonth: "3.66", monthlyPerMonth: "5.49", weeklyPerMonth: "9.51",
                            yearlyBadge: "-62\u{A0}%", monthlyBadge: "-42\u{A0}%"),
        DiscountExpectation(storefront: "BRA", yearlyPerMonth: "16.65", monthlyPerMonth: "24.90", weeklyPerMonth: "43.01",
                            yearlyBadge: "-61%", monthlyBadge: "-42%"),
        // India shows whole prices whole, and so the per-month prices the badges compare:
        // 2999 / 12 = 249.9 → 249; 149 × 365 / 84 = 647.4 → 647; 1 − 249 / 647 = 61.5 %.
        DiscountExpectation(storefront: "IND", yearlyPerMonth: "249", monthlyPerMonth: "399", weeklyPerMonth: "647",
                            yearlyBadge: "-62%", monthlyBadge: "-38%"),
        DiscountExpectation(storefront: "SAU", yearlyPerMonth: "12.49", monthlyPerMonth: "18.99", weeklyPerMonth: "34.71",
                            yearlyBadge: "\u{61C}-٦٤٪\u{61C}", monthlyBadge: "\u{61C}-٤٥٪\u{61C}"),
    ]

    @Test func everyStorefrontOfTheDefaultCatalogIsCovered() throws {
        let catalog = try loadDefaultCatalog()
        #expect(Set(catalog.storefronts.map(\.id)) == Set(Self.discounts.map(\.storefront)))
    }

    @Test(arguments: discounts)
    func theDearestPlanPerMonthHasNoBadgeAndTheOthersSaveAgainstIt(_ expected: DiscountExpectation) throws {
        let presentation = try present(in: expected.storefront)
        #expect(presentation.plans.map(\.product.id) == [yearlyId, monthlyId, weeklyId])
        let yearly = try plan(yearlyId, of: presentation)
        let monthly = try plan(monthlyId, of: presentation)
        let weekly = try plan(weeklyId, of: presentation)

        #expect(yearly.pricePerMonth == decimal(expected.yearlyPerMonth))
        #expect(monthly.pricePerMonth == decimal(expected.monthlyPerMonth))
        #expect(weekly.pricePerMonth == decimal(expected.weeklyPerMonth))
        let dearest = try #require(presentation.plans.max { ($0.pricePerMonth ?? 0) < ($1.pricePerMonth ?? 0) })
        #expect(dearest.product.id == weeklyId)

        #expect(weekly.discountBadge == nil)
        #expect(weekly.variables[.relativeDiscount] == nil)
        #expect(yearly.discountBadge == expected.yearlyBadge)
        #expect(monthly.discountBadge == expected.monthlyBadge)
        // The discount is the badge without its minus sign (in Arabic, a letter mark before it).
        func unsigned(_ badge: String) -> String { badge.replacingOccurrences(of: "\u{61C}-", with: "").replacingOccurrences(of: "-", with: "") }
        #expect(yearly.variables[.relativeDiscount] == unsigned(expected.yearlyBadge))
        #expect(monthly.variables[.relativeDiscount] == unsigned(expected.monthlyBadge))

        #expect(presentation.plans.map(\.isHighlighted) == [true, false, false])
        // A new player sees the free week on both plans that have one, and nothing on the weekly.
        #expect(yearly.appliedOffer?.kindName == "intro")
        #expect(monthly.appliedOffer?.kindName == "intro")
        #expect(weekly.appliedOffer == nil)
        #expect(weekly.offerLine == nil)
        let monthlyLine = try #require(monthly.offerLine)
        #expect(monthlyLine.contains(try #require(monthly.display.pricePerPeriod)))
        #expect(!monthlyLine.contains("{{"))
    }

    @Test func introOfferLinesInTheUnitedStates() throws {
        let presentation = try present(in: "USA")
        #expect(presentation.strings.title == "Unlock the Stardust Pass")
        #expect(try plan(yearlyId, of: presentation).offerLine == "1 week free, then $39.99/year")
        #expect(try plan(monthlyId, of: presentation).offerLine == "1 week free, then $4.99/month")
        #expect(try plan(weeklyId, of: presentation).offerLine == nil)
    }

    @Test(arguments: [
        ("DEU", "1 Woche gratis, danach 5,49\(noBreak)€/Monat"),
        ("JPN", "1週間無料、以降¥800/月"),
    ])
    func introOfferLinesUseTheStorefrontsStrings(storefront: String, expected: String) throws {
        #expect(try plan(monthlyId, of: present(in: storefront)).offerLine == expected)
    }

    @Test func thePromotionalOfferLineForAReturningSubscriber() throws {
        let subscribed = SubscriberHistory(subscribedGroups: ["stardust_pass"])
        let presentation = try present(in: "USA", history: subscribed) { $0.promotionalOffer = "comeback_50" }
        let monthly = try plan(monthlyId, of: presentation)
        #expect(monthly.appliedOffer?.offer.id == "comeback_50")
        #expect(monthly.offerLine == "3 months at $2.49/month, then $4.99/month")
        #expect(monthly.variables[.offerPeriod] == "3 months")
        #expect(monthly.variables[.offerPrice] == "at $2.49/month")  // as the offer line says it
        // The yearly and weekly plans have no comeback offer, and the free week is for new players only.
        #expect(try plan(yearlyId, of: presentation).offerLine == nil)
        #expect(try plan(weeklyId, of: presentation).offerLine == nil)

        let lapsed = SubscriberHistory(subscribedGroups: ["stardust_pass"], lapsedGroups: ["stardust_pass"])
        let lapsedWithPromo = try present(in: "USA", history: lapsed) { $0.promotionalOffer = "comeback_50" }
        #expect(try plan(monthlyId, of: lapsedWithPromo).offerLine == "3 months at $2.49/month, then $4.99/month")
    }

    /// Known bug: `OfferText.describe` writes the English "at" (pay as you go) and "for" (pay up
    /// front) whatever the storefront's language: "3 Monate at 2,79 €/Monat, danach 5,49 €/Monat".
    @Test(arguments: ["DEU", "JPN", "FRA", "BRA", "SAU"])
    func thePromotionalOfferLineIsInTheStorefrontsLanguage(storefront: String) throws {
        let subscribed = SubscriberHistory(subscribedGroups: ["stardust_pass"])
        let presentation = try present(in: storefront, history: subscribed) { $0.promotionalOffer = "comeback_50" }
        let line = try #require(plan(monthlyId, of: presentation).offerLine)
        let period = try #require(plan(monthlyId, of: presentation).variables[.offerPeriod])
        #expect(line.hasPrefix(period))
        #expect(!line.contains(" at "), "\(line)")
    }

    @Test func withoutTheVariantsPromotionASubscriberSeesNoOfferAndALapsedOneTheWinBack() throws {
        let subscribed = try present(in: "USA", history: SubscriberHistory(subscribedGroups: ["stardust_pass"]))
        #expect(subscribed.plans.allSatisfy { $0.offerLine == nil && $0.appliedOffer == nil })
        #expect(subscribed.plans.allSatisfy { $0.variables[.offerPeriod] == nil && $0.variables[.offerPrice] == nil })

        let lapsed = SubscriberHistory(subscribedGroups: ["stardust_pass"], lapsedGroups: ["stardust_pass"])
        let monthly = try plan(monthlyId, of: present(in: "USA", history: lapsed))
        #expect(monthly.appliedOffer?.kindName == "win-back")
        // A win-back trial is described in plain terms, not with the intro template.
        #expect(monthly.offerLine == "1 month free, then $4.99/month")
    }

    @Test func theEligibilityOverrideDecidesWhatThePreviewShows() throws {
        let subscribed = SubscriberHistory(subscribedGroups: ["stardust_pass"])
        let eligible = try present(in: "USA", history: subscribed, override: .eligible)
        #expect(try plan(monthlyId, of: eligible).offerLine == "1 week free, then $4.99/month")
        #expect(try plan(yearlyId, of: eligible).offerLine == "1 week free, then $39.99/year")
        let notEligible = try present(in: "USA", override: .notEligible) { $0.promotionalOffer = "comeback_50" }
        #expect(notEligible.plans.allSatisfy { $0.offerLine == nil && $0.appliedOffer == nil })
        // Prices and badges do not depend on eligibility.
        #expect(notEligible.plans.map(\.discountBadge) == ["-61%", "-42%", nil])
    }

    @Test func theTextVariablesOfEachPlanInTheUnitedStates() throws {
        let presentation = try present(in: "USA")
        // A month is 365/12/7 weeks: 4.99 × 84 / 365 = 1.148…; 39.99 × 7 / 365 = 0.766…
        #expect(try plan(monthlyId, of: presentation).variables == [
            .name: "Monthly Pass", .price: "$4.99", .pricePerPeriod: "$4.99/month", .pricePerWeek: "$1.14/week",
            .pricePerMonth: "$4.99/month", .period: "month", .offerPeriod: "1 week", .offerPrice: "free",
            .relativeDiscount: "42%",
        ])
        #expect(try plan(yearlyId, of: presentation).variables == [
            .name: "Yearly Pass", .price: "$39.99", .pricePerPeriod: "$39.99/year", .pricePerWeek: "$0.76/week",
            .pricePerMonth: "$3.33/month", .period: "year", .offerPeriod: "1 week", .offerPrice: "free",
            .relativeDiscount: "61%",
        ])
        #expect(try plan(weeklyId, of: presentation).variables == [
            .name: "Weekly Pass", .price: "$1.99", .pricePerPeriod: "$1.99/week", .pricePerWeek: "$1.99/week",
            .pricePerMonth: "$8.64/month", .period: "week",
        ])
    }

    @Test func theTextVariablesInGermanyAndJapan() throws {
        let german = try plan(monthlyId, of: present(in: "DEU")).variables
        #expect(german[.pricePerWeek] == "1,26\(noBreak)€/Woche")
        #expect(german[.pricePerMonth] == "5,49\(noBreak)€/Monat")
        #expect(german[.period] == "Monat")
        #expect(german[.offerPeriod] == "1 Woche")
        #expect(german[.offerPrice] == "gratis")
        let japanese = try plan(monthlyId, of: present(in: "JPN")).variables
        #expect(japanese[.pricePerWeek] == "¥184/週")
        #expect(japanese[.period] == "月")
        #expect(japanese[.offerPeriod] == "1週間")
        #expect(japanese[.offerPrice] == "無料")
    }

    @Test func anUnknownVariableInTheIntroTemplateRendersEmpty() throws {
        let presentation = try present(in: "USA") { variant in
            variant.strings["en"]?.offerDetailsWithIntro =
                "{{ product.offer_period }} free{{ product.trial_length }}, then {{ product.price_per_period }}"
        }
        #expect(try plan(monthlyId, of: presentation).offerLine == "1 week free, then $4.99/month")
    }

    @Test func offerDetailsSayWhatAPlanWithoutAnOfferIsAndStandInForAMissingIntroForm() throws {
        let presentation = try present(in: "USA", override: .notEligible) { variant in
            variant.strings["en"]?.offerDetails = "{{ product.price_per_month }}, cancel anytime"
        }
        // No offer applies: the details are the plan's line, rendered with its variables.
        #expect(try plan(yearlyId, of: presentation).details == "$3.33/month, cancel anytime")
        #expect(try plan(monthlyId, of: presentation).offerLine == nil)
        // Under an offer they make way for the offer line; without an intro form they are it.
        let eligible = try present(in: "USA", override: .eligible) { variant in
            variant.strings["en"]?.offerDetails = "Billed {{ product.period }}ly"
            variant.strings["en"]?.offerDetailsWithIntro = nil
        }
        #expect(try plan(monthlyId, of: eligible).details == nil)
        #expect(try plan(monthlyId, of: eligible).offerLine == "Billed monthly")
        // Blank details are no line at all.
        let blank = try present(in: "USA", override: .notEligible) { $0.strings["en"]?.offerDetails = "  " }
        #expect(blank.plans.allSatisfy { $0.details == nil })
    }

    // MARK: A small catalog built here

    static let usa = Storefront(id: "USA", locale: "en_US", currency: "USD", path: .storekit)

    static func presentation(of products: [Product], highlight: String? = nil) -> PaywallPresentation {
        let catalog = ProductCatalog(app: AppInfo(name: "Test", bundleId: "com.example.test"), storefronts: [usa],
                              products: products)
        let variant = PaywallVariant(id: "A", products: products.map(\.id) + ["not.in.catalog"], highlight: highlight)
        let paywall = Paywall(id: "p", placement: "store_open", variants: [variant])
        return PaywallPresentation(catalog: catalog, paywall: paywall, variant: variant, storefront: usa)
    }

    static func subscription(_ id: String, _ price: String?, _ period: String) -> Product {
        Product(id: id, type: .autoRenewable, prices: price.map { ["USA": decimal($0)] } ?? [:], group: "g",
                period: SubscriptionPeriod(iso8601: period))
    }

    @Test func aQuarterlyPlanAgainstAMonthlyOne() throws {
        // 11.99 / 3 = 3.996… → 3.99; 1 − 3.99 / 4.99 = 20.04 %.
        let presentation = Self.presentation(of: [Self.subscription("quarterly", "11.99", "P3M"), Self.subscription("monthly", "4.99", "P1M")],
                                             highlight: "quarterly")
        #expect(presentation.plans.map(\.product.id) == ["quarterly", "monthly"])
        let quarterly = try plan("quarterly", of: presentation)
        #expect(quarterly.pricePerMonth == decimal("3.99"))
        #expect(quarterly.discountBadge == "-20%")
        #expect(quarterly.isHighlighted)
        #expect(quarterly.variables[.period] == "3 months")
        #expect(quarterly.variables[.pricePerPeriod] == "$11.99/3 months")
        #expect(try plan("monthly", of: presentation).discountBadge == nil)
    }

    @Test func aDiscountThatRoundsToZeroAndEqualPlansShowNoBadge() throws {
        // 1 − 4.98 / 4.99 = 0.2 %, which rounds to 0: no "-0%".
        let almost = Self.presentation(of: [Self.subscription("a", "4.98", "P1M"), Self.subscription("b", "4.99", "P1M"), Self.subscription("c", "4.99", "P1M")])
        #expect(almost.plans.map(\.discountBadge) == [nil, nil, nil])
        #expect(almost.plans.allSatisfy { $0.variables[.relativeDiscount] == nil })
    }

    @Test func aFreePlanAndANearlyFreeOneNeverSayMinusAHundredPercent() throws {
        // 0.01 / 99.99 a month is a 99.99 % saving: "-99%"; a plan priced 0 has no badge at all.
        let presentation = Self.presentation(of: [Self.subscription("free", "0", "P1M"), Self.subscription("cent", "0.01", "P1M"),
                                                  Self.subscription("dear", "99.99", "P1M")])
        #expect(presentation.plans.map(\.discountBadge) == [nil, "-99%", nil])
        #expect(presentation.plans.allSatisfy { $0.discountBadge?.contains("100") != true })
    }

    @Test func aPlanWithoutAPriceIsLeftOutOfTheComparison() throws {
        let presentation = Self.presentation(of: [Self.subscription("priced", "2.99", "P1M"), Self.subscription("unpriced", nil, "P1W"),
                                                  Self.subscription("dearer", "5.99", "P1M")])
        let unpriced = try plan("unpriced", of: presentation)
        #expect(unpriced.pricePerMonth == nil)
        #expect(unpriced.discountBadge == nil)
        #expect(unpriced.variables[.pricePerWeek] == nil)
        #expect(unpriced.variables[.period] == nil)
        // 1 − 2.99 / 5.99 = 50.08 %.
        #expect(try plan("priced", of: presentation).discountBadge == "-50%")
        #expect(try plan("dearer", of: presentation).discountBadge == nil)
    }
}

@Suite("Text templates")
struct TextTemplateTests {
    static let values: [TextTemplate.Variable: String] = [
        .name: "Monthly Pass", .price: "$4.99", .pricePerPeriod: "$4.99/month", .period: "month",
    ]

    @Test func theVariablesAreTheNineOfTheDesign() {
        #expect(TextTemplate.Variable.allCases.map(\.rawValue) == [
            "product.name", "product.price", "product.price_per_period", "product.price_per_week",
            "product.price_per_month", "product.period", "product.offer_price", "product.offer_period",
            "product.relative_discount",
        ])
    }

    @Test func placeholdersKnowTheirNamesAndPlaces() {
        let text = "Try {{ product.offer_period }} for {{product.offer_price}}!"
        let found = TextTemplate.placeholders(in: text)
        #expect(found.map(\.name) == ["product.offer_period", "product.offer_price"])
        #expect(found.map { String(text[$0.range]) } == ["{{ product.offer_period }}", "{{product.offer_price}}"])
        #expect(found.map(\.variable) == [.offerPeriod, .offerPrice])
    }

    @Test(arguments: ["{{product.price}}", "{{ product.price }}", "{{    product.price  }}", "{{\tproduct.price\t}}"])
    func spacesInsideTheBracesAreIgnored(text: String) {
        #expect(TextTemplate.placeholders(in: text).map(\.variable) == [.price])
        #expect(TextTemplate.unknownVariables(in: text).isEmpty)
        #expect(TextTemplate.render(text, values: Self.values) == "$4.99")
    }

    @Test func aSpaceInsideTheNameMakesItUnknown() {
        #expect(TextTemplate.unknownVariables(in: "{{ product. price }}") == ["product. price"])
        #expect(TextTemplate.render("[{{ product. price }}]", values: Self.values) == "[]")
    }

    @Test(arguments: ["{{ product.price", "price }}", "}} {{ product.price", "{ product.price }", "{{ product.price }"])
    func withoutAClosedPairTheTextStaysAsItIs(text: String) {
        #expect(TextTemplate.placeholders(in: text).isEmpty)
        #expect(TextTemplate.render(text, values: Self.values) == text)
    }

    @Test func anUnclosedPlaceholderAfterAClosedOneStaysLiteral() {
        let text = "{{ product.price }} and {{ product.name"
        #expect(TextTemplate.placeholders(in: text).map(\.name) == ["product.price"])
        #expect(TextTemplate.render(text, values: Self.values) == "$4.99 and {{ product.name")
    }

    @Test func adjacentPlaceholders() {
        let text = "{{ product.price }}{{product.period}}{{ product.name }}"
        #expect(TextTemplate.placeholders(in: text).count == 3)
        #expect(TextTemplate.render(text, values: Self.values) == "$4.99monthMonthly Pass")
    }

    @Test func unknownVariablesAreListedInOrderAndRenderEmpty() {
        let text = "{{ product.pric }} / {{ product.price }} / {{ }} / {{ Product.Name }}"
        #expect(TextTemplate.unknownVariables(in: text) == ["product.pric", "", "Product.Name"])
        #expect(TextTemplate.render(text, values: Self.values) == " / $4.99 /  / ")
    }

    @Test func aKnownVariableWithoutAValueRendersEmpty() {
        #expect(TextTemplate.render("({{ product.offer_price }})", values: Self.values) == "()")
        #expect(TextTemplate.unknownVariables(in: "{{ product.offer_price }}").isEmpty)
    }

    @Test func valuesAreInsertedLiterallyNotExpandedAgain() {
        let values: [TextTemplate.Variable: String] = [.name: "{{ product.price }}", .price: "$4.99"]
        #expect(TextTemplate.render("{{ product.name }}", values: values) == "{{ product.price }}")
    }

    @Test func textAroundPlaceholdersKeepsEveryScalar() {
        let text = "¥ {{ product.price }}円 🎮\u{A0}{{ product.period }}\n"
        #expect(TextTemplate.render(text, values: Self.values) == "¥ $4.99円 🎮\u{A0}month\n")
        #expect(TextTemplate.render("", values: Self.values) == "")
        #expect(TextTemplate.placeholders(in: "").isEmpty)
    }

    @Test func everyVariableRendersItsOwnValue() {
        var values: [TextTemplate.Variable: String] = [:]
        for variable in TextTemplate.Variable.allCases { values[variable] = "<\(variable.rawValue)>" }
        for variable in TextTemplate.Variable.allCases {
            #expect(TextTemplate.render("{{ \(variable.rawValue) }}", values: values) == "<\(variable.rawValue)>")
        }
    }
}
