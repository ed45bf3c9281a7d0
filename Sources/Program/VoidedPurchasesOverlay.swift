import Foundation
import StoreEngine
import TerminalUI

/// The Play Console's voided purchases over the screen (`g`, or `m` on a Google Play purchase):
/// each as `voidedpurchases.list` returns it with `type=1` over the whole history, oldest voiding
/// first, its fields by Google's names under the transaction the panes call it; a field longer
/// than the line (a purchase token) wraps, whole.
enum VoidedPurchasesOverlay {
    static func text(_ voided: [VoidedPurchase]) -> TextOverlay {
        let title = "Voided purchases · voidedpurchases.list, type=1 (\(voided.count))"
        guard !voided.isEmpty else {
            return TextOverlay(title: title, entries: [
                .init("", "None yet: a refund, a chargeback (m on a Google Play purchase) or a purchase left "
                      + "unacknowledged voids one."),
            ])
        }
        let iso = ISO8601DateFormatter()
        /// Google's milliseconds, then the time they say.
        func time(_ milliseconds: Int64) -> String {
            "\(milliseconds) (" + iso.string(from: Date(timeIntervalSince1970: Double(milliseconds) / 1000)) + ")"
        }
        let entries = voided.flatMap { purchase -> [TextOverlay.Entry] in
            [
                .init(purchase.transactionId, purchase.productId + (purchase.isSubscription ? " (subscription)" : "")),
                .init("  orderId", purchase.orderId),
                .init("  purchaseToken", purchase.purchaseToken),
                .init("  purchaseTimeMillis", time(purchase.purchaseTimeMillis)),
                .init("  voidedTimeMillis", time(purchase.voidedTimeMillis)),
                .init("  voidedSource", purchase.sourceWords),
                .init("  voidedReason", purchase.reasonWords),
                .init("  kind", VoidedPurchase.kind),
            ]
        }
        return TextOverlay(title: title, entries: entries, footer: "↑↓ scroll · Esc closes")
    }
}
