import Catalog
import Foundation
import Ledger

/// The Google Play Developer API (androidpublisher v3) on a state directory, at Google's paths,
/// with Google's bodies and errors, and the OAuth token endpoint its service account calls
/// (`POST /token`). Reads are answered from the ledger on connections of its own (`LedgerReaders`);
/// acknowledging, consuming, cancelling, revoking and deferring come back as changes the engine makes,
/// so they count exactly as the app's own calls do (the refund at the acknowledgement deadline
/// called off, the panes and the Events pane showing them).
final class AndroidPublisherAPI: Sendable {
    /// The service account's key, read once on each connection.
    private let readers: LedgerReaders<GoogleOAuthTokens>
    let packageName: String
    /// Each subscription product's first base plan, as `offerDetails.basePlanId` names it.
    let basePlans: [String: String]
    let wallTime: @Sendable () -> Date

    static let prefix = "/androidpublisher/v3/applications/"
    /// Where Google publishes the public keys of its OIDC tokens (a push subscription's), as
    /// google-auth's `verify_token` fetches them.
    static let certsPath = "/oauth2/v1/certs"

    /// `GET /oauth2/v1/certs`: key id to PEM, as Google answers; empty until the first token
    /// (or `storefront keys`) made the key, since a reader makes nothing.
    private static func certs(_ request: APIRequest, reading ledger: LedgerDatabase) throws -> APIResponse {
        guard request.method == "GET" else { return APIResponse(status: 405) }
        return .json(200, try GooglePushToken.read(from: ledger)?.certificates() ?? [:])
    }

    init(stateDirectory: StateDirectory, catalog: ProductCatalog, wallTime: @escaping @Sendable () -> Date) throws(StoreError) {
        readers = try LedgerReaders(stateDirectory: stateDirectory) { credentials in
            GoogleOAuthTokens(key: try RSAKey(privatePEM: credentials.serviceAccountKeyPEM),
                              keyId: credentials.serviceAccountKeyId, email: credentials.serviceAccountEmail)
        }
        packageName = catalog.app.bundleId
        basePlans = Dictionary(catalog.products.compactMap { product in product.play?.basePlans.first.map { (product.id, $0.id) } },
                               uniquingKeysWith: { first, _ in first })
        self.wallTime = wallTime
    }

    /// Its answer, or nil for a path that is not Google's.
    func answer(_ request: APIRequest) -> APIAnswer? {
        let isToken = request.path == "/token"
        guard isToken || request.path == Self.certsPath || request.path.hasPrefix(Self.prefix) else { return nil }
        do {
            return try readers.withReader { reader in
                if request.path == Self.certsPath { return .response(try Self.certs(request, reading: reader.ledger)) }
                guard let tokens = reader.learnt else {
                    return .response(isToken ? .json(400, ["error": "invalid_grant", "error_description": "Invalid grant: account not found"])
                        : AndroidPublisherError.invalidCredentials(note: "the state directory has no service account yet: run storefront keys"))
                }
                if isToken { return .response(tokens.answer(request, at: wallTime())) }
                if let refusal = tokens.refusal(of: request.authorization, at: wallTime()) { return .response(refusal) }
                return try route(request, reading: reader.ledger)
            }
        } catch {
            return .response(AndroidPublisherError.backendError)
        }
    }

    /// `{package}/purchases/{resource}/…/tokens/{token}[:verb]` or `{package}/purchases/voidedpurchases`.
    private func route(_ request: APIRequest, reading ledger: LedgerDatabase) throws -> APIAnswer {
        let parts = request.path.dropFirst(Self.prefix.count).split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        guard parts.count >= 3, parts[1] == "purchases" else { return .response(AndroidPublisherError.notFound) }
        let resource = Array(parts.dropFirst(2))
        let call: PlayDeveloperCall
        switch (resource.first, resource.count) {
        case ("voidedpurchases", 1):
            guard request.method == "GET" else { return .response(APIResponse(status: 405)) }
            guard parts[0] == packageName else { return .response(AndroidPublisherError.applicationNotFound(parts[0])) }
            return .response(try VoidedPurchasesList(request: request, ledger: ledger, wallTime: wallTime()).response())
        case ("products", 4) where resource[2] == "tokens", ("subscriptions", 4) where resource[2] == "tokens":
            call = PlayDeveloperCall(resource: resource[0], productId: resource[1], tokenAndVerb: resource[3])
        case ("subscriptionsv2", 3) where resource[1] == "tokens":
            call = PlayDeveloperCall(resource: resource[0], productId: nil, tokenAndVerb: resource[2])
        default:
            return .response(AndroidPublisherError.notFound)
        }
        guard let expected = call.method else { return .response(AndroidPublisherError.notFound) }
        guard request.method == expected else { return .response(APIResponse(status: 405)) }
        guard parts[0] == packageName else { return .response(AndroidPublisherError.applicationNotFound(parts[0])) }
        let records = PlayPurchaseRecords(ledger: ledger, now: wallTime())
        guard let purchase = try records.purchase(withToken: call.token) else {
            return .response(AndroidPublisherError.tokenNotFound)
        }
        if let productId = call.productId, productId != purchase.productId {
            return .response(AndroidPublisherError.tokenDoesNotMatchProduct)
        }
        let subscriptions = PlaySubscriptionReader(ledger: ledger, wallTime: wallTime())
        switch (call.resource, call.verb) {
        case ("products", nil):
            return .response(.json(200, PlayPurchaseResources.productPurchase(
                purchase, redeemedWith: try ledger.redemption(ofTransaction: purchase.transactionId))))
        case ("products", "acknowledge"), ("subscriptions", "acknowledge"):
            return .change(.send(.play(.acknowledgeFromBackend(transactionId: purchase.transactionId))), answers: Self.answers(204))
        case ("products", "consume"):
            return .change(.send(.play(.consumeFromBackend(transactionId: purchase.transactionId))), answers: Self.answers(204))
        case ("subscriptionsv2", nil):
            let subscription = try subscriptions.subscription(startedBy: purchase)
            let latest = try subscription.flatMap { try ledger.transaction(id: $0.latestTransactionId) }
            let reference = latest.map(TransactionSummary.init(record:))?.pathReference
            // A promotion is no offer on the base plan: its promo code is the line item's signupPromotion.
            let offerId = latest?.offerType == nil || latest?.offerType == AppliedOffer.promoCodeTypeName ? nil : latest?.offerId
            let survey = try subscription.flatMap { running in
                try ledger.setting(CancelSurveyAnswer.key(running.originalTransactionId))
                    .flatMap(CancelSurveyAnswer.init(recorded:)).flatMap { $0.answers(running) ? $0.reason : nil }
            }
            return .response(.json(200, PlayPurchaseResources.subscriptionPurchase(
                purchase, subscription: subscription, latestOrderId: reference ?? (purchase.state == .purchased ? purchase.orderId : nil),
                basePlanId: basePlans[purchase.productId], offerId: offerId,
                redeemedWith: try ledger.redemption(ofTransaction: purchase.transactionId), cancelSurvey: survey)))
        case ("subscriptions", "cancel"), ("subscriptionsv2", "cancel"):
            guard let subscription = try subscriptions.subscription(startedBy: purchase), subscription.endedAt == nil else {
                return .response(AndroidPublisherError.invalidState(note: "the subscription has ended"))
            }
            // Cancelling twice is no error at Google: the second changes nothing.
            let done: APIResponse = call.resource == "subscriptions" ? APIResponse(status: 204) : .json(200, [String: Any]())
            guard subscription.autoRenew else { return .response(done) }
            var answers = Self.answers(204)
            answers.done = done
            return .change(.act(.cancelRenewal, onTransaction: subscription.latestTransactionId), answers: answers)
        case ("subscriptionsv2", "revoke"):
            return try revoke(purchase, asked: request, subscriptions: subscriptions)
        case ("subscriptions", "defer"):
            return try deferRenewal(purchase, asked: request, subscriptions: subscriptions)
        case ("subscriptionsv2", "defer"):
            return try deferRenewalV2(purchase, asked: request, subscriptions: subscriptions)
        default:
            return .response(AndroidPublisherError.notFound)
        }
    }

    /// `subscriptionsv2.revoke`: access ends now and the latest payment is refunded in full.
    /// A prorated or item-based refund is refused: storefront refunds only whole payments.
    private func revoke(_ purchase: PlayPurchase, asked request: APIRequest, subscriptions: PlaySubscriptionReader) throws -> APIAnswer {
        let body = (try? JSONSerialization.jsonObject(with: request.body)) as? [String: Any]
        guard let context = body?["revocationContext"] as? [String: Any], context.count == 1 else {
            return .response(AndroidPublisherError.invalidValue("revocationContext needs exactly one of fullRefund, proratedRefund "
                                                                 + "or itemBasedRefund.", location: "revocationContext"))
        }
        guard context["fullRefund"] != nil else {
            return .response(AndroidPublisherError.invalidValue("storefront refunds whole payments only: send fullRefund.",
                                                                location: "revocationContext"))
        }
        guard let subscription = try subscriptions.subscription(startedBy: purchase), subscription.status != .revoked,
              subscription.endedAt == nil else {
            return .response(AndroidPublisherError.invalidState(note: "the subscription has ended"))
        }
        var answers = Self.answers(200)
        answers.done = .json(200, [String: Any]())
        return .change(.act(.refund(.developerIssue), onTransaction: subscription.latestTransactionId), answers: answers)
    }

    /// A change's answers: `status` when made, Google's invalid-state error when the engine
    /// refuses it, its backend error when it could not be saved.
    static func answers(_ status: Int) -> ChangeAnswers {
        ChangeAnswers(done: APIResponse(status: status), refused: AndroidPublisherError.invalidState(),
                      failed: AndroidPublisherError.backendError)
    }
}

/// One call on a purchase token: its resource, the product in the path (none for v2), the
/// token and the custom verb after its colon (`…/tokens/abc:acknowledge`).
struct PlayDeveloperCall {
    var resource: String
    var productId: String?
    var token: String
    var verb: String?

    init(resource: String, productId: String?, tokenAndVerb: String) {
        self.resource = resource
        self.productId = productId
        if let colon = tokenAndVerb.lastIndex(of: ":") {
            token = String(tokenAndVerb[..<colon])
            verb = String(tokenAndVerb[tokenAndVerb.index(after: colon)...])
        } else {
            token = tokenAndVerb
            verb = nil
        }
    }

    /// The HTTP method Google's discovery document gives the call; nil for a call it has not.
    var method: String? {
        switch (resource, verb) {
        case ("products", nil), ("subscriptionsv2", nil): return "GET"
        case ("products", "acknowledge"), ("products", "consume"), ("subscriptions", "acknowledge"), ("subscriptions", "cancel"),
             ("subscriptionsv2", "revoke"), ("subscriptionsv2", "cancel"), ("subscriptions", "defer"), ("subscriptionsv2", "defer"):
            return "POST"
        default: return nil
        }
    }
}
