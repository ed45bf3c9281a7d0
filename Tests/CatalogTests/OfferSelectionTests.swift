import Foundation
import Testing
@testable import Catalog

private let monthlyPassId = "com.example.stardust.pass.monthly"
private let passGroup = "stardust_pass"
private let oneWeek = SubscriptionPeriod(value: 1, unit: .week)
private let oneMonth = SubscriptionPeriod(value: 1, unit: .month)

/// The players the rules tell apart, as the ledger would describe them.
enum OfferTestPlayer: String, Sendable, CaseIterable {
    case new
    case subscribedInAnotherGroup
    case active
    case lapsed
    case lapsedInAnotherGroupOnly

    var history: SubscriberHistory {
        switch self {
        case .new: return .newPlayer
        case .subscribedInAnotherGroup: return SubscriberHistory(subscribedGroups: ["other_pass"], lapsedGroups: ["other_pass"])
        case .active: return SubscriberHistory(subscribedGroups: [passGroup])
        case .lapsed: return SubscriberHistory(subscribedGroups: [passGroup], lapsedGroups: [passGroup])
        case .lapsedInAnotherGroupOnly:
            return SubscriberHistory(subscribedGroups: [passGroup, "other_pass"], lapsedGroups: ["other_pass"])
        }
    }
}

/// "intro", "promo:comeback_50", "win-back:winback_month" or "none": short enough for a table.
private func summary(_ applied: AppliedOffer?) -> String {
    guard let applied else { return "none" }
    switch applied {
    case .introductory(let offer): return "intro" + (offer.id.map { ":" + $0 } ?? "")
    case .promotional(let offer): return "promo:" + (offer.id ?? "?")
    case .winBack(let offer): return "win-back:" + (offer.id ?? "?")
    case .play(let reference, _): return "play:" + reference
    case .code(let offer): return "code:" + (offer.id ?? "?")
    case .promoCode(let offer): return "promoCode:" + (offer.id ?? "?")
    }
}

struct OfferSelectionCase: Sendable, CustomTestStringConvertible {
    var player: OfferTestPlayer
    var presenting: String?
    var override: EligibilityOverride
    var expected: String

    init(_ player: OfferTestPlayer, _ presenting: String?, _ override: EligibilityOverride, _ expected: String) {
        self.player = player
        self.presenting = presenting
        self.override = override
        self.expected = expected
    }

    var testDescription: String {
        "\(player.rawValue), presenting \(presenting ?? "nothing"), \(override.rawValue) → \(expected)"
    }
}

@Suite("Offer selection")
struct OfferSelectionTests {
    static let intro = "intro"
    static let promo = "promo:comeback_50"
    static let winBack = "win-back:winback_month"

    /// The default catalog's monthly pass: intro free week, promo comeback_50, win-back winback_month.
    static let cases: [OfferSelectionCase] = [
        // The ledger decides (`auto`).
        OfferSelectionCase(.new, nil, .auto, intro),
        OfferSelectionCase(.new, "comeback_50", .auto, intro),
        OfferSelectionCase(.new, "no_such_offer", .auto, intro),
        OfferSelectionCase(.subscribedInAnotherGroup, nil, .auto, intro),
        OfferSelectionCase(.subscribedInAnotherGroup, "comeback_50", .auto, intro),
        OfferSelectionCase(.active, nil, .auto, "none"),
        OfferSelectionCase(.active, "comeback_50", .auto, promo),
        OfferSelectionCase(.active, "no_such_offer", .auto, "none"),
        OfferSelectionCase(.lapsed, nil, .auto, winBack),
        OfferSelectionCase(.lapsed, "comeback_50", .auto, promo),
        OfferSelectionCase(.lapsed, "no_such_offer", .auto, winBack),
        OfferSelectionCase(.lapsed, "winback_month", .auto, winBack),
        OfferSelectionCase(.lapsedInAnotherGroupOnly, nil, .auto, "none"),
        OfferSelectionCase(.lapsedInAnotherGroupOnly, "comeback_50", .auto, promo),
        // Previewing as an eligible player: the intro is forced, and promo and win-back still beat it.
        OfferSelectionCase(.new, nil, .eligible, intro),
        OfferSelectionCase(.new, "comeback_50", .eligible, promo),
        OfferSelectionCase(.new, "no_such_offer", .eligible, intro),
        OfferSelectionCase(.active, nil, .eligible, intro),
        OfferSelectionCase(.active, "comeback_50", .eligible, promo),
        OfferSelectionCase(.active, "no_such_offer", .eligible, intro),
        OfferSelectionCase(.lapsed, nil, .eligible, winBack),
        OfferSelectionCase(.lapsed, "comeback_50", .eligible, promo),
        OfferSelectionCase(.lapsed, "no_such_offer", .eligible, winBack),
    ]

    @Test(arguments: cases)
    func theMonthlyPass(_ testCase: OfferSelectionCase) throws {
        let monthly = try #require(loadDefaultCatalog().product(id: monthlyPassId))
        let applied = OfferSelector.offer(for: monthly, presenting: testCase.presenting,
                                          history: testCase.player.history, override: testCase.override)
        #expect(summary(applied) == testCase.expected)
    }

    @Test(arguments: OfferTestPlayer.allCases)
    func notEligibleHidesEveryOffer(player: OfferTestPlayer) throws {
        let monthly = try #require(loadDefaultCatalog().product(id: monthlyPassId))
        for presenting in [nil, "comeback_50", "winback_month", "no_such_offer"] {
            let applied = OfferSelector.offer(for: monthly, presenting: presenting, history: player.history,
                                              override: .notEligible)
            #expect(applied == nil, "presenting \(presenting ?? "nothing")")
        }
    }

    @Test func theAppliedOfferIsTheCatalogsOfferUnchanged() throws {
        let monthly = try #require(loadDefaultCatalog().product(id: monthlyPassId))
        let active = OfferTestPlayer.active.history
        let lapsed = OfferTestPlayer.lapsed.history

        let intro = try #require(OfferSelector.offer(for: monthly, history: .newPlayer))
        #expect(intro == .introductory(Offer(mode: .freeTrial, period: oneWeek, periods: 1)))
        #expect(intro.kindName == "intro")

        let promo = try #require(OfferSelector.offer(for: monthly, presenting: "comeback_50", history: active))
        #expect(promo.offer.id == "comeback_50")
        #expect(promo.offer.mode == .payAsYouGo)
        #expect(promo.offer.period == oneMonth)
        #expect(promo.offer.periods == 3)
        #expect(promo.offer.prices["USA"] == decimal("2.49"))
        #expect(promo.offer.prices["JPN"] == decimal("400"))
        #expect(promo.kindName == "promo")

        let winBack = try #require(OfferSelector.offer(for: monthly, history: lapsed))
        #expect(winBack == .winBack(Offer(id: "winback_month", mode: .freeTrial, period: oneMonth, periods: 1,
                                          winBackCriteria: WinBackCriteria(paidMonths: 1, monthsSinceLapse: 1...24,
                                                                           monthsBetweenOffers: 6))))
        #expect(winBack.kindName == "win-back")
    }

    // MARK: Small products built here

    static func subscription(id: String = "plan", group: String? = "g1", intro: Offer? = nil,
                             promotional: [Offer] = [], winBack: [Offer] = []) -> Product {
        Product(id: id, type: .autoRenewable, prices: ["USA": decimal("3.99")], group: group, period: oneMonth,
                introductoryOffer: intro, promotionalOffers: promotional, winBackOffers: winBack)
    }

    static let trial = Offer(mode: .freeTrial, period: SubscriptionPeriod(value: 3, unit: .day))
    static let halfPrice = Offer(id: "half", mode: .payAsYouGo, period: oneMonth, periods: 2, prices: ["USA": decimal("1.99")])
    static let upFront = Offer(id: "up_front", mode: .payUpFront, period: oneMonth, periods: 6, prices: ["USA": decimal("9.99")])
    static let comeBack = Offer(id: "come_back", mode: .freeTrial, period: oneWeek, periods: 2)
    static let secondComeBack = Offer(id: "come_back_2", mode: .payUpFront, period: oneMonth, prices: ["USA": decimal("0.99")])

    @Test func theIntroductoryOfferDependsOnlyOnTheProductsOwnGroup() {
        let plan = Self.subscription(group: "g1", intro: Self.trial)
        let inOtherGroups = SubscriberHistory(subscribedGroups: ["g2", "g3"], lapsedGroups: ["g2"])
        #expect(OfferSelector.offer(for: plan, history: .newPlayer) == .introductory(Self.trial))
        #expect(OfferSelector.offer(for: plan, history: inOtherGroups) == .introductory(Self.trial))
        #expect(OfferSelector.offer(for: plan, history: SubscriberHistory(subscribedGroups: ["g1"])) == nil)
        #expect(OfferSelector.offer(for: plan, history: SubscriberHistory(subscribedGroups: ["g1"], lapsedGroups: ["g1"])) == nil)
    }

    @Test func theVariantsPromotionalOfferIsFoundByIdNotByPlace() {
        let plan = Self.subscription(promotional: [Self.halfPrice, Self.upFront])
        let active = SubscriberHistory(subscribedGroups: ["g1"])
        #expect(OfferSelector.offer(for: plan, presenting: "up_front", history: active) == .promotional(Self.upFront))
        #expect(OfferSelector.offer(for: plan, presenting: "half", history: active) == .promotional(Self.halfPrice))
        #expect(OfferSelector.offer(for: plan, presenting: "HALF", history: active) == nil)
        #expect(OfferSelector.offer(for: plan, history: active) == nil)
    }

    @Test func aWinBackOfferNeedsTheGroupToHaveLapsed() {
        let plan = Self.subscription(intro: Self.trial, winBack: [Self.comeBack, Self.secondComeBack])
        let lapsed = SubscriberHistory(subscribedGroups: ["g1"], lapsedGroups: ["g1"])
        let lapsedElsewhere = SubscriberHistory(subscribedGroups: ["g1", "g2"], lapsedGroups: ["g2"])
        #expect(OfferSelector.offer(for: plan, history: lapsed) == .winBack(Self.comeBack))
        #expect(OfferSelector.offer(for: plan, history: lapsedElsewhere) == nil)
        #expect(OfferSelector.offer(for: plan, history: .newPlayer) == .introductory(Self.trial))
    }

    @Test func anUnknownPromotionalIdFallsThroughToTheNextRule() {
        let plan = Self.subscription(intro: Self.trial, promotional: [Self.halfPrice], winBack: [Self.comeBack])
        let lapsed = SubscriberHistory(subscribedGroups: ["g1"], lapsedGroups: ["g1"])
        #expect(OfferSelector.offer(for: plan, presenting: "missing", history: lapsed) == .winBack(Self.comeBack))
        #expect(OfferSelector.offer(for: plan, presenting: "missing", history: .newPlayer) == .introductory(Self.trial))
        // A win-back id is not a promotional id.
        #expect(OfferSelector.offer(for: plan, presenting: "come_back", history: SubscriberHistory(subscribedGroups: ["g1"])) == nil)
    }

    @Test func aPlanWithoutOffersHasNoneWhateverTheOverride() {
        let plan = Self.subscription()
        for override in EligibilityOverride.allCases {
            for history in OfferTestPlayer.allCases.map(\.history) {
                #expect(OfferSelector.offer(for: plan, presenting: "half", history: history, override: override) == nil)
            }
        }
    }

    @Test(arguments: [ProductType.consumable, .nonConsumable, .nonRenewing])
    func productsThatAreNotAutoRenewableGetNoOffer(type: ProductType) {
        var product = Self.subscription(intro: Self.trial, promotional: [Self.halfPrice], winBack: [Self.comeBack])
        product.type = type
        let histories = [SubscriberHistory.newPlayer, SubscriberHistory(subscribedGroups: ["g1"]),
                         SubscriberHistory(subscribedGroups: ["g1"], lapsedGroups: ["g1"])]
        for override in EligibilityOverride.allCases {
            for history in histories {
                for presenting in [nil, "half"] {
                    #expect(OfferSelector.offer(for: product, presenting: presenting, history: history, override: override) == nil,
                            "\(type) \(override) \(history)")
                }
            }
        }
    }

    @Test func theOverrideCyclesThroughItsThreeStates() {
        #expect(EligibilityOverride.allCases == [.auto, .eligible, .notEligible])
        #expect(EligibilityOverride.auto.next == .eligible)
        #expect(EligibilityOverride.eligible.next == .notEligible)
        #expect(EligibilityOverride.notEligible.next == .auto)
        #expect(EligibilityOverride.notEligible.rawValue == "not eligible")
    }
}
