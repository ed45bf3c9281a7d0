import Foundation

/// A Google Play `Purchase` as the app receives it: the JSON Google signs (`getOriginalJson`)
/// and its signature, and what has happened to it since (acknowledged, consumed, refunded).
struct PlayPurchase: Codable, Equatable {
    enum State: String, Codable {
        case purchased = "PURCHASED"
        case pending = "PENDING"
        /// A slow test card declined: the pending purchase never became one.
        case declined = "DECLINED"

        /// `purchaseState` in the JSON, as Google writes it.
        var number: Int {
            switch self {
            case .purchased: return 0
            case .pending: return 4
            case .declined: return 2
            }
        }
    }

    /// The engine's transaction for it.
    var transactionId: String
    var orderId: String
    var packageName: String
    var productId: String
    /// When it was bought, milliseconds since 1970, as the JSON says it.
    var purchaseTime: Int64
    var state: State
    var purchaseToken: String
    var obfuscatedAccountId: String
    var consumable: Bool
    var acknowledged = false
    var consumed = false
    var refunded = false
    /// For a purchase that changed a subscription's plan: the replacement mode the app passed,
    /// and the token of the purchase it replaced (`linkedPurchaseToken`).
    var replacementMode: String?
    var linkedPurchaseToken: String?
    /// A subscription's `autoRenewing` as Google writes it; nil for a one-time product, whose
    /// JSON has none.
    var autoRenewing: Bool?
    /// `getOriginalJson()` as signed, and its SHA1withRSA signature (Base64).
    var originalJson = ""
    var signature = ""

    /// The purchase JSON as Google writes it (`getOriginalJson()`), its fields in Google's order.
    /// A PENDING purchase has no `orderId`: Google Play gives the order its id once it is
    /// PURCHASED.
    func json() -> String {
        func quoted(_ text: String) -> String {
            let escaped = text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
            return "\"\(escaped)\""
        }
        var fields: [(String, String)] = state == .purchased ? [("orderId", quoted(orderId))] : []
        fields += [
            ("packageName", quoted(packageName)),
            ("productId", quoted(productId)),
            ("purchaseTime", String(purchaseTime)),
            ("purchaseState", String(state.number)),
            ("purchaseToken", quoted(purchaseToken)),
            ("obfuscatedAccountId", quoted(obfuscatedAccountId)),
            ("quantity", "1"),
        ]
        if let autoRenewing { fields.append(("autoRenewing", autoRenewing ? "true" : "false")) }
        fields.append(("acknowledged", acknowledged ? "true" : "false"))
        return "{" + fields.map { "\(quoted($0.0)):\($0.1)" }.joined(separator: ",") + "}"
    }

    /// Whether the player still holds it: bought, not consumed, not refunded.
    var isOwned: Bool { state == .purchased && !consumed && !refunded }

    /// An order id as Google Play's look (`GPA.` and digits), from the transaction's sequence number.
    static func orderId(sequence: Int) -> String {
        String(format: "GPA.%04d-%04d-%04d-%05d", 3300 + sequence % 100, sequence % 10_000,
               (sequence * 7_919) % 10_000, (sequence * 104_729) % 100_000)
    }
}
