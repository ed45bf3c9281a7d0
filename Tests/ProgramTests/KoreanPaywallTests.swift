import Catalog
import Foundation
import Program
import StoreEngine
import TerminalUI
import TestFixtures
import Testing

/// Issue 7 item 5 on screen: on a Korean storefront the player reads no English. The catalog
/// has Korean titles and names and, for English, its own words for the fixed text; the paywall
/// box, walked from the first item to the last in every template and state, shows not one
/// Latin letter below its border (whose title names the paywall for the designer).
@Suite("Paywall in Korean")
struct KoreanPaywallTests {
    static let kor = Storefront(id: "KOR", locale: "ko_KR", currency: "KRW", path: .storekit)
    /// The same players on Pay Station, where the products request shows its own words.
    static let korPayStation = Storefront(id: "KRP", locale: "ko_KR", currency: "KRW", path: .paystation)

    static func product(_ id: String, _ type: ProductType, _ korean: String, price: Decimal?, period: String? = nil,
                        level: Int? = nil, trial: Bool = false) -> Product {
        Product(id: "com.example.kr.\(id)", type: type, name: LocalizedText(["en": id.capitalized, "ko": korean]),
                prices: price.map { ["KOR": $0, "KRP": $0] } ?? [:],
                grants: type == .consumable ? .currency("gems", amount: 100) : .entitlement(type == .nonConsumable ? id : "premium"),
                group: period == nil ? nil : "pass", level: level, period: period.flatMap { SubscriptionPeriod(iso8601: $0) },
                introductoryOffer: trial ? Offer(mode: .freeTrial, period: SubscriptionPeriod(value: 1, unit: .week)) : nil)
    }

    static let catalog: ProductCatalog = {
        let plans = [
            product("monthly", .autoRenewable, "월간 패스", price: 5500, period: "P1M", level: 2, trial: true),
            product("quarterly", .autoRenewable, "분기 패스", price: 15000, period: "P3M", level: 3),
            product("yearly", .autoRenewable, "연간 패스", price: 55000, period: "P1Y", level: 1, trial: true),
            product("weekly", .autoRenewable, "주간 패스", price: nil, period: "P1W", level: 4),  // not sold in Korea
        ]
        let shop = [
            product("gems", .consumable, "보석 주머니", price: 1200),
            product("chest", .consumable, "보석 상자", price: 6500),
            product("noads", .nonConsumable, "광고 제거", price: 3900),
        ]
        let english = PaywallStrings(title: "Unlock the pass", features: ["Double rewards"], cta: "Start now",
                                     offerDetailsWithIntro: "{{ product.offer_period }} free, then {{ product.price_per_period }}",
                                     text: [.shopTitle: "More for your game", .restore: "Restore", .owned: "Yours"])
        let korean = PaywallStrings(title: "패스 잠금 해제", features: ["보상 2배", "광고 없음"])
        let ids = plans.map(\.id)
        let variants = [PaywallTemplate.cards, .list, .hero].enumerated().map { index, template in
            PaywallVariant(id: ["A", "B", "C"][index], weight: index == 0 ? 1 : 0, template: template, products: ids,
                           highlight: ids[2], strings: ["en": english, "ko": korean])
        }
        return ProductCatalog(app: AppInfo(name: "Korean", bundleId: "com.example.kr"), storefronts: [kor, korPayStation],
                       accessLevels: [AccessLevel(id: "premium")], subscriptionGroups: [SubscriptionGroup(id: "pass", accessLevel: "premium")],
                       products: plans + shop,
                       paywalls: [Paywall(id: "main", placement: "store_open", variants: variants,
                                          termsUrl: "https://example.com/terms", privacyUrl: "https://example.com/privacy")])
    }()

    /// Latin letters in the paywall box below its top border, with the rows they are on.
    static func english(in app: App) -> [String] {
        app.paywallRows.dropFirst().filter { row in row.unicodeScalars.contains { ($0.value | 0x20) >= 0x61 && ($0.value | 0x20) <= 0x7A } }
    }

    static let owning = StoreSnapshot(entitlements: [
        Entitlement(id: "noads", kind: .nonConsumable, productId: "com.example.kr.noads", expiresAt: nil, isActive: true),
        Entitlement(id: "premium", kind: .accessLevel, productId: "com.example.kr.monthly", expiresAt: fixedNow.addingTimeInterval(86_400),
                    isActive: true),
    ], history: SubscriberHistory(subscribedGroups: ["pass"]))

    @Test("No Latin letter, walking every item", arguments: ["A", "B", "C"], [false, true])
    func noEnglish(variant: String, owns: Bool) {
        for size in ScreenSize.all {
            var app = launchedApp(catalog: Self.catalog, width: size.width, height: size.height,
                                  snapshot: owns ? Self.owning : StoreSnapshot())
            app.preview(variant: variant)
            for step in 0..<app.paywall.itemCount {
                if step > 0 { app.receive(.key(.right)) }
                let latin = Self.english(in: app)
                #expect(latin.isEmpty, "\(variant) \(size) step \(step):\n\(latin.joined(separator: "\n"))")
            }
        }
    }

    /// The words themselves, where they show: the heading over the shop, the call to action,
    /// the links, owned and current, not sold here.
    @Test func theKoreanWordsAreThere() throws {
        var app = launchedApp(catalog: Self.catalog, width: 120, height: 40, snapshot: Self.owning)
        app.preview(variant: "A")
        // The paywall opens on its ★ yearly plan; the monthly, the plan running now, comes first.
        for _ in 0..<app.paywall.itemCount { app.receive(.key(.left)) }
        let box = app.paywallRows.joined(separator: "\n")
        // The plan running now is selected: the button says so, as the card does, and is not
        // the primary bar, since it cannot buy it. Another plan selected, it reads 계속.
        #expect(app.paywall.selectedItem?.product.id == "com.example.kr.monthly")
        #expect(app.button == nil, "\(String(describing: app.button))")
        var other = app
        other.receive(.key(.right))
        #expect(other.paywall.selectedItem?.product.id != "com.example.kr.monthly")
        #expect(other.button?.label == "계속", "\(String(describing: other.button))")
        for word in ["스토어의 다른 상품", "구매 복원 · 이용약관 · 개인정보처리방침", "구매함", "현재 플랜",
                     "₩55,000/년", "₩15,000/3개월", "₩5,000/월", "╭─ 3개월"] {
            #expect(box.contains(word), "\(word)\n\(box)")
        }
        // The weekly card wraps its words rather than cut them: read as one text, they are whole.
        let frame = app.view()
        let weekly = try #require(frame.box(titled: "1주"), "\(box)")
        let words = frame.inside(weekly).map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        #expect(words.joined(separator: " ").contains("이 지역에서 판매하지 않음"), "\(words)")
    }

    /// Before the products answer and after the request gives up, in Korean.
    @Test func loadingAndUnavailableInKorean() {
        var app = freshApp(width: 80, height: 24, storefront: "KRP", catalog: Self.catalog)
        #expect(app.update(.started).contains(.engine(.requestProducts(path: .paystation, attempt: 1))))
        #expect(app.paywallRows.joined().contains("상품을 불러오는 중…"))
        #expect(Self.english(in: app).isEmpty, "\(app.paywallRows.joined(separator: "\n"))")
        app.receive(report(products: .failed(attempt: 4, retryAfter: nil)))
        #expect(app.paywallRows.joined().contains("지금은 상품을 이용할 수 없습니다."))
        #expect(Self.english(in: app).isEmpty, "\(app.paywallRows.joined(separator: "\n"))")
    }
}
