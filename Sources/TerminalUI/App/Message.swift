import Foundation
import StoreEngine

/// Everything that can change the app's state (DESIGN.md §2): input, time, and the answers of
/// effects that ran outside the pure update.
public enum Message: Sendable, Equatable {
    /// The app is up: the first message, before the first frame.
    case started
    case key(Key)
    case mouse(MouseEvent)
    case resize(width: Int, height: Int)
    case tick(Date)
    case purchaseStarted(Store.PurchaseStart)
    case payStationAnswered(Store.PayStationResult, transactionId: String)
    /// Pay Station's redirect reaches the app (after its delay, or the manual button).
    case redirectArrived(url: String)
    case storeChanged(StoreSnapshot, notice: StoreNotice?)
    case failed(String)
    case productsAnswered(ProductsResponse)
    case productsFailed(attempt: Int, retryAfter: Double?)
    case retryProducts(attempt: Int)
}

/// Work the update asks for; the run loop performs it and sends the answers back as messages.
public enum Effect: Sendable, Equatable {
    case beginPurchase(productId: String, storefrontId: String, variationId: String?)
    /// Pay Station reached a final phase (paid, declined or closed).
    case closePayStation(PayStationSession)
    /// Hand a URL to the app's URL handler.
    case openURL(String)
    /// One attempt of the Pay Station products request.
    case requestProducts(attempt: Int)
    case deliver(Message, afterSeconds: Double)
    case quit
}
