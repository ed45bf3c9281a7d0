import Catalog
import Foundation

/// The URL Pay Station sends the player back with:
/// `<scheme>://xsollaconfirm/payment?user_id=..&foreignInvoice=..&invoice_id=..&status=..`.
public struct RedirectURL: Sendable, Equatable {
    public enum Status: String, Sendable {
        case done
        case troubled
        /// Closed before paying; the redirect names no invoice.
        case canceled
        /// Closed with an invoice made but not paid (left on 3-D Secure).
        case invoice
        /// Paid and still processing; `done` follows. Never sent: the redirect waits for `done`.
        case delivering
    }

    public var base: String
    public var userId: String
    public var foreignInvoice: String
    public var invoiceId: String
    public var status: Status

    public init(base: String, userId: String, foreignInvoice: String, invoiceId: String, status: Status) {
        self.base = base
        self.userId = userId
        self.foreignInvoice = foreignInvoice
        self.invoiceId = invoiceId
        self.status = status
    }

    public var text: String {
        var components = URLComponents(string: base) ?? URLComponents()
        components.queryItems = [
            URLQueryItem(name: "user_id", value: userId),
            URLQueryItem(name: "foreignInvoice", value: foreignInvoice),
            URLQueryItem(name: "invoice_id", value: invoiceId),
            URLQueryItem(name: "status", value: status.rawValue),
        ]
        return components.string ?? base
    }

    /// Whether the policy sends the player back for this outcome at all.
    public static func isSent(for status: Status, by condition: RedirectPolicy.Condition) -> Bool {
        switch condition {
        case .none: return false
        case .successful: return status == .done
        case .successfulOrCanceled: return status == .done || status == .canceled
        case .any: return status != .delivering
        }
    }

    /// Parses a URL the app was opened with; the reason when it is not one of ours. Reasons quote
    /// the URL's parts shortened (`QuotedText.part`): the URL itself is logged beside them.
    public static func parse(_ text: String, expectedBase: String) -> Result<RedirectURL, RedirectRejection> {
        guard let url = URLComponents(string: text), let scheme = url.scheme else {
            let problem = URLSyntax.problem(with: text, suggesting: URLComponents(string: expectedBase)?.scheme ?? "app")
            return .failure(RedirectRejection("not a URL" + (problem.map { ": \($0)" } ?? "")))
        }
        guard let expected = URLComponents(string: expectedBase) else {
            return .failure(RedirectRejection("the catalog's paymentsRedirectUrl is not a URL"))
        }
        guard scheme.lowercased() == expected.scheme?.lowercased() else {
            return .failure(RedirectRejection(
                "scheme \(QuotedText.part(scheme)) is not this app's, which is \(QuotedText.part(expected.scheme ?? "?"))"))
        }
        guard url.host == expected.host, url.path == expected.path else {
            return .failure(RedirectRejection(
                "path \(QuotedText.part((url.host ?? "") + url.path)) is not \(QuotedText.part((expected.host ?? "") + expected.path))"))
        }
        // Given twice, a parameter could be read one way here and another way by anything else
        // that reads the URL (first wins, last wins): the URL says two things and is refused.
        let items = url.queryItems ?? []
        for name in ["user_id", "foreignInvoice", "invoice_id", "status"] where items.filter({ $0.name == name }).count > 1 {
            return .failure(RedirectRejection("\(name) is given twice"))
        }
        func value(_ name: String) -> String? {
            items.first { $0.name == name }?.value
        }
        guard let userId = value("user_id"), let invoiceId = value("invoice_id"),
              let foreignInvoice = value("foreignInvoice")
        else {
            return .failure(RedirectRejection("user_id, foreignInvoice or invoice_id is missing"))
        }
        guard let statusText = value("status"), let status = Status(rawValue: statusText) else {
            return .failure(RedirectRejection("unknown status \(QuotedText.part(value("status") ?? "(none)"))"))
        }
        return .success(RedirectURL(base: expectedBase, userId: userId, foreignInvoice: foreignInvoice,
                                    invoiceId: invoiceId, status: status))
    }
}

public struct RedirectRejection: Error, Sendable, Equatable, CustomStringConvertible {
    public var reason: String

    public init(_ reason: String) {
        self.reason = reason
    }

    public var description: String { reason }
}
