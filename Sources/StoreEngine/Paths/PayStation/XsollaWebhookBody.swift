import Foundation
import Ledger

/// Xsolla's webhook types beyond the events the Pay Station path logs by their names
/// (`XsollaWebhooks.swift`): the two Xsolla sends around a payment and the one after a refund.
enum XsollaWebhook {
    /// Asked before a payment: is this player one of the game's?
    static let userValidation = "user_validation"
    /// A payment went through; `order_paid` follows once the backend took it.
    static let payment = "payment"
    /// A refund's order cancelled, once the backend took the `refund`.
    static let orderCanceled = "order_canceled"
}

/// The body of one of Xsolla's webhooks, in Xsolla's snake_case fields; what a kind does not
/// carry is left out. Amounts are numbers in the payment webhooks and strings in the order
/// ones, as Xsolla writes them.
struct XsollaWebhookBody: Encodable, Equatable {
    struct ProjectSettings: Encodable, Equatable {
        var projectId: Int
    }

    struct User: Encodable, Equatable {
        var id: String?
        var externalId: String?
        var country: String?
    }

    struct Money: Encodable, Equatable {
        var currency: String
        var amount: Decimal
    }

    struct Purchase: Encodable, Equatable {
        var checkout: Money
        var subscription: Subscription?
    }

    struct Subscription: Encodable, Equatable {
        var planId: String
        var subscriptionId: Int
        var productId: String
        var dateCreate: String
        var dateNextCharge: String?
        var dateEnd: String?
        var currency: String
        var amount: Decimal
    }

    struct Transaction: Encodable, Equatable {
        /// Xsolla's transaction: the invoice.
        var id: Int
        /// The game's own id for it: the transaction the SDK made.
        var externalId: String
        var paymentDate: String
        /// 1380 is a bank card.
        var paymentMethod = 1380
        /// 1 in the sandbox; left out for a real payment.
        var dryRun: Int?
        var agreement = 1
    }

    struct PaymentDetails: Encodable, Equatable {
        var payment: Money
    }

    struct Item: Encodable, Equatable {
        var sku: String
        var type: String
        var quantity: Int
        var amount: String
        var isPreOrder = false
        var isFree = false
    }

    struct Order: Encodable, Equatable {
        var id: Int
        var mode: String
        var currencyType = "real"
        var currency: String
        var amount: String
        var status: String
        var platform = "xsolla"
        var invoiceId: String
    }

    struct RefundDetails: Encodable, Equatable {
        var code: Int
        var reason: String
        var author: String
    }

    var notificationType: String
    var settings: ProjectSettings?
    var user: User
    var purchase: Purchase?
    var transaction: Transaction?
    var paymentDetails: PaymentDetails?
    var items: [Item]?
    var order: Order?
    var subscription: Subscription?
    var refundDetails: RefundDetails?
    var customParameters: [String: String]?

    /// The body as Xsolla posts it: compact JSON with snake_case keys.
    func json() throws -> String {
        let encoder = JSONEncoder()
        encoder.keyEncodingStrategy = .convertToSnakeCase
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(self), as: UTF8.self)
    }

    /// Xsolla's dates: `2026-12-07T10:00:00+00:00`.
    static func date(_ time: Date) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withColonSeparatorInTimeZone]
        return formatter.string(from: time).replacingOccurrences(of: "Z", with: "+00:00")
    }
}
