import Catalog
import Foundation
import Ledger

/// What a signed transaction says, field for field as the App Store's signed transaction (the App
/// Store Server API's `JWSTransactionDecodedPayload`): dates in milliseconds since 1970, the
/// price in milliunits of the currency, offer types as numbers. Absent fields are left out, as
/// Apple leaves them out.
public struct SignedTransactionPayload: AppStoreSignedPayload, Codable, Sendable, Equatable {
    /// Apple's shape of the ledger's id (`AppStoreIdentifiers`): `2000000000000042` for `txn-000042`.
    public var transactionId: String
    public var originalTransactionId: String
    /// An auto-renewable subscription's line item, a number as Apple's.
    public var webOrderLineItemId: String?
    public var bundleId: String
    public var productId: String
    /// A subscription's group, as eight digits (`AppStoreIdentifiers`).
    public var subscriptionGroupIdentifier: String?
    public var purchaseDate: Int64
    public var originalPurchaseDate: Int64
    public var expiresDate: Int64?
    public var quantity: Int
    /// `Consumable`, `Non-Consumable`, `Auto-Renewable Subscription`, `Non-Renewing Subscription`.
    public var type: String
    /// `PURCHASED`, or `FAMILY_SHARED` for a family member's share of another's purchase.
    public var inAppOwnershipType: String
    public var signedDate: Int64
    /// `Sandbox` while the catalog's `useSandbox` is on, else `Production`; `Xcode` when signed as Xcode signs.
    public var environment: String
    /// The storefront's ISO 3166-1 alpha-3 code (`USA`).
    public var storefront: String
    /// Apple's number for the storefront (`143441` for USA); left out for a country without one here.
    public var storefrontId: String?
    /// `PURCHASE`, or `RENEWAL` for a renewal.
    public var transactionReason: String
    /// 1 introductory, 2 promotional, 3 an offer code, 4 win-back.
    public var offerType: Int?
    public var offerIdentifier: String?
    /// What was charged, in thousandths of the currency's unit (4.99 is 4990).
    public var price: Int64
    public var currency: String
    /// A UUID standing for the player's account, the same for every purchase of one player.
    public var appAccountToken: String
    public var revocationDate: Int64?
    /// 0 for another reason, 1 for an issue in the app.
    public var revocationReason: Int?

    static func decoded(from data: Data) -> SignedTransactionPayload? {
        try? JSONDecoder().decode(SignedTransactionPayload.self, from: data)
    }

    /// What a compact JWS says, read without checking its signature; nil when it is not one of
    /// a transaction.
    public static func decoded(compact: String) -> SignedTransactionPayload? {
        JWS(compact: compact).flatMap { decoded(from: $0.payload) }
    }

    static func milliseconds(_ date: Date) -> Int64 {
        Int64(saturating: (date.timeIntervalSince1970 * 1000).rounded())
    }

    static func typeName(of type: ProductType) -> String {
        switch type {
        case .consumable: return "Consumable"
        case .nonConsumable: return "Non-Consumable"
        case .autoRenewable: return "Auto-Renewable Subscription"
        case .nonRenewing: return "Non-Renewing Subscription"
        }
    }

    static func offerNumber(of typeName: String) -> Int? {
        switch typeName {
        case "introductory": return 1
        case "promotional": return 2
        case AppliedOffer.codeTypeName: return 3
        case "winBack": return 4
        default: return nil
        }
    }

    /// A decimal string in milliunits, rounded half away from zero at the thousandth.
    static func milliunits(_ amount: String) -> Int64 {
        guard var value = Decimal(string: amount, locale: Locale(identifier: "en_US_POSIX")) else { return 0 }
        value *= 1000
        var rounded = Decimal()
        NSDecimalRound(&rounded, &value, 0, .plain)
        return NSDecimalNumber(decimal: rounded).int64Value
    }

    /// Apple's storefront numbers for the countries the sample catalogs use.
    static let storefrontNumbers: [String: String] = [
        "USA": "143441", "FRA": "143442", "DEU": "143443", "GBR": "143444", "ITA": "143450",
        "ESP": "143454", "CAN": "143455", "AUS": "143460", "JPN": "143462", "CHN": "143465",
        "KOR": "143466", "IND": "143467", "SAU": "143479", "BRA": "143503",
    ]
}

extension TransactionSummary {
    /// What the signed transaction's payload says, field by field (`key: value`, keys sorted),
    /// for the transaction's details; nil when it is not signed or not a readable JWS.
    public var signedFields: [(key: String, value: String)]? {
        guard let text = signedTransaction, let jws = JWS(compact: text),
              let object = try? JSONSerialization.jsonObject(with: jws.payload) as? [String: Any]
        else { return nil }
        return object.keys.sorted().map { key in (key, "\(object[key].map { "\($0)" } ?? "")") }
    }
}
