/// The kinds of event the engine writes to the ledger, one per step of a purchase, so that the
/// Events pane and `storefront history` read as the story of each transaction.
public enum StoreEventKind: String, Sendable, CaseIterable {
    case launch
    case purchaseStarted = "purchase.started"
    case purchaseIgnored = "purchase.ignored"
    case payStationOpened = "paystation.opened"
    case payStationPaid = "paystation.paid"
    case payStationDeclined = "paystation.declined"
    case paymentCancelled = "payment.cancelled"
    case redirectSent = "redirect.sent"
    case redirectReceived = "redirect.received"
    case redirectRejected = "redirect.rejected"
    case purchased = "transaction.purchased"
    case failed = "transaction.failed"
    case validated = "transaction.validated"
    case validationFailed = "transaction.invalid"
    case granted = "grant"
    case finished = "transaction.finished"
    case redelivered = "transaction.redelivered"
    case productsRequested = "products.request"
    case productsFailed = "products.failed"
    case productsAnswered = "products.answered"
}
