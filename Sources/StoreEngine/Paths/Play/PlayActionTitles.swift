// The transaction manager (`m`) on a Google Play purchase, in the Play Console's and Play
// Billing's words where they differ from the App Store's: a refund revokes, auto-renew is the
// subscription being cancelled or restored, a failing renewal goes through grace and account
// hold, and fixing the payment recovers it.
extension PlayPath {
    static func actionTitle(of action: TransactionAction) -> String? {
        switch action {
        case .refund(let reason): return "Refund and revoke (\(reason.rawValue))"
        case .cancelRenewal: return "Cancel the subscription (access to the period's end)"
        case .enableRenewal: return "Restore the cancelled subscription"
        case .billingIssue(let on):
            return on ? "Decline the next renewal's payment (grace, then account hold)"
                : "Fix the payment (recovers from grace or account hold)"
        case .requestPriceIncrease: return "Change the price (a quarter more; the subscriber must confirm)"
        case .answerPriceIncrease(let accept):
            return accept ? "Confirm the price change" : "Decline the price change (cancels the subscription)"
        case .pause(let length): return "Pause for \(length.words) (from the end of the billing period)"
        case .changePause(let length): return "Change the scheduled pause to \(length.words)"
        case .cancelPause: return "Cancel the scheduled pause"
        case .resume: return "Resume now (the next billing period is charged now)"
        case .tamper: return "Tamper with the signed purchase JSON"
        case .delete: return "Delete the purchase"
        case .extendRenewal(let moved): return "Defer the next renewal " + moved.words + " (no charge)"
        case .manageSubscriptions: return "Open Google Play's subscription center"
        case .showInAppMessages: return "Show Google Play's in-app message (fix the payment)"
        case .chargeback: return "Void as a chargeback (the bank takes the payment back)"
        case .approve, .decline, .resolve, .expire, .renew, .requestRefund, .decideRefundRequest, .reverseRefund, .stopFamilySharing, .redeemOfferCode: return nil
        case .changeStoreCountry: return "Change the Google Play country (as g)"
        }
    }
}

extension PlayPath {
    /// Google Play lets a subscriber pause a subscription for a week up to three months.
    static var pausesSubscriptions: Bool { true }

    /// Google Play lists a chargeback among its voided purchases, by its own reason.
    static var reportsChargebacks: Bool { true }
}
