import Catalog

/// The first three rows a store's purchase sheet shows, the same on the App Store's and on
/// Google Play's: the product in bold with its price at the right, the offer's line when there
/// is one, and the account that pays (nil: none shown), in the sheet's language.
enum StoreSheetHeader {
    static func draw(productName: String, formattedPrice: String, offerLine: String?, account: String?,
                     language: String, in content: Rect, theme: Theme, into frame: inout Frame) {
        let priceWidth = DisplayWidth.of(formattedPrice)
        frame.write(productName, in: Rect(x: content.x, y: content.y, width: content.width - priceWidth - 1, height: 1),
                    style: theme.surfaceStyle(.text, bold: true))
        frame.write(formattedPrice, x: content.maxX - priceWidth, y: content.y, style: theme.surfaceStyle(.price, bold: true))
        if let offerLine {
            frame.write(offerLine, in: Rect(x: content.x, y: content.y + 1, width: content.width, height: 1),
                        style: theme.surfaceStyle(.accent))
        }
        guard let account else { return }
        frame.write("\(PlayerText(language: language)[.account]): \(account)",
                    in: Rect(x: content.x, y: content.y + 2, width: content.width, height: 1), style: theme.surfaceStyle(.muted))
    }
}
