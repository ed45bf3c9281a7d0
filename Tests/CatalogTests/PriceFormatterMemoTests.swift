import Catalog
import Foundation
import Testing

/// Prices are formatted once and kept (ICU is slow, a frame shows the same prices again):
/// what is kept must be what formatting gives, for each storefront's rule, also after the
/// kept prices reach their bound and are let go.
@Suite("Prices formatted once")
struct PriceFormatterMemoTests {
    private static let mexico = Storefront(id: "MEX", locale: "es_MX", currency: "MXN", path: .storekit)
    /// The same currency and locale as Mexico, but a storefront that shows decimals.
    private static let elsewhere = Storefront(id: "XMX", locale: "es_MX", currency: "MXN", path: .storekit)
    private static let germany = Storefront(id: "DEU", locale: "de_DE", currency: "EUR", path: .storekit)

    private func direct(_ amount: Decimal, _ storefront: Storefront, dropsDecimals: Bool) -> String {
        var style = Decimal.FormatStyle.Currency(code: storefront.currency, locale: Locale(identifier: storefront.locale))
        if dropsDecimals { style = style.precision(.fractionLength(0)) }
        return amount.formatted(style)
    }

    @Test("a whole price drops its decimals only where the storefront does, asked in either order")
    func storefrontRule() {
        let amount = Decimal(99)
        for _ in 0..<2 {
            #expect(PriceFormatter.format(amount, in: Self.mexico) == direct(amount, Self.mexico, dropsDecimals: true))
            #expect(PriceFormatter.format(amount, in: Self.elsewhere) == direct(amount, Self.elsewhere, dropsDecimals: false))
        }
        #expect(PriceFormatter.format(amount, in: Self.mexico) != PriceFormatter.format(amount, in: Self.elsewhere))
    }

    @Test("past the bound of kept prices, every price is still formatted right")
    func pastTheBound() {
        // More distinct prices than are kept, then the first ones again.
        let amounts = (0..<5_000).map { Decimal($0) / 100 }
        for amount in amounts + amounts.prefix(50) {
            let text = PriceFormatter.format(amount, in: Self.germany)
            guard text == direct(amount, Self.germany, dropsDecimals: false) else {
                Issue.record("\(amount) formatted as \(text)")
                return
            }
        }
    }
}
