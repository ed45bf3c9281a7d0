import Catalog
import Foundation
import StoreEngine

// Xsolla's webhooks for the notification benches: Pay Station purchases paid with the sandbox's
// card that succeeds, as a player pays them, each posting its `payment` once the player is back
// in the game. What follows a payment taken (`order_paid`) is written when the backend takes it.
extension BenchOutbox {
    /// `count` Pay Station purchases of a consumable and their `payment` webhooks, held back as
    /// `testNotifications` holds its deliveries.
    func xsollaPayments(_ count: Int) throws(CommandFailure) -> [OutboxDelivery] {
        let (storefront, product) = try consumable(onSale: { $0.path == .paystation }, by: "Pay Station")
        var deliveries: [OutboxDelivery] = []
        for _ in 0..<count {
            deliveries += try payOnPayStation(product.id, in: storefront.id)
        }
        deliveries += try call(.runDue).deliveries
        guard deliveries.count == count, deliveries.allSatisfy({ $0.store == .xsolla && $0.type == "payment" }) else {
            throw CommandFailure(.ioError, "\(count) Pay Station purchases handed over \(deliveries.count) deliveries: "
                                 + "\(Set(deliveries.map { "\($0.store.rawValue) \($0.type)" }).sorted())")
        }
        return deliveries
    }

    /// One purchase from the page's opening to the redirect back, and what it handed over.
    private func payOnPayStation(_ productId: String, in storefrontId: String) throws(CommandFailure) -> [OutboxDelivery] {
        var report = try call(.beginPurchase(productId: productId, storefrontId: storefrontId, path: .paystation, variationId: nil))
        var deliveries = report.deliveries
        // A page that loads on the clock (a cold start) is waited for, as the player waits.
        for _ in 0..<3 {
            guard case .payStation(let page)? = report.sheet, !page.session.isLoaded else { break }
            report = try call(.advanceToNextDue)
            deliveries += report.deliveries
        }
        guard case .payStation(let page)? = report.sheet, page.session.phase == .cardForm else {
            throw CommandFailure(.ioError, "Pay Station did not open on its card form: \(report.notice?.text ?? "no notice")")
        }
        let card = TestCard.all.first { $0.outcome == .success }?.number ?? ""
        for field in [card, page.session.suggestedExpiry, "123"] {
            deliveries += try call(.send(.payStation(.paste(field)))).deliveries
            report = try call(.send(.payStation(.submit)))
            deliveries += report.deliveries
        }
        // Paid: the redirect's countdown brings the player back, on the clock.
        for _ in 0..<5 where report.sheet != nil {
            report = try call(.advanceToNextDue)
            deliveries += report.deliveries
        }
        guard report.sheet == nil else {
            throw CommandFailure(.ioError, "Pay Station's page stayed open after paying: \(report.notice?.text ?? "no notice")")
        }
        return deliveries
    }
}
