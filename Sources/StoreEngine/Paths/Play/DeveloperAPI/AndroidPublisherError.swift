import Foundation

/// The Google Play Developer API's error bodies, as Google's APIs write them:
/// `{"error": {"code", "message", "status", "errors": [{"message", "domain", "reason", …}]}}`;
/// `googleapiclient` raises `HttpError` with the status and reads `reason` from it.
enum AndroidPublisherError {
    static func body(_ status: Int, _ message: String, reason: String, statusName: String, domain: String = "androidpublisher",
                     location: String? = nil, note: String? = nil) -> APIResponse {
        var detail: [String: Any] = ["message": message, "domain": domain, "reason": reason]
        if let location {
            detail["location"] = location
            detail["locationType"] = location == "Authorization" ? "header" : "parameter"
        }
        var response = APIResponse.json(status, ["error": ["code": status, "message": message, "status": statusName, "errors": [detail]]])
        response.note = note ?? message
        return response
    }

    static func unauthenticated(_ message: String, note: String) -> APIResponse {
        body(401, message, reason: "required", statusName: "UNAUTHENTICATED", domain: "global", location: "Authorization", note: note)
    }

    static func invalidCredentials(note: String) -> APIResponse {
        body(401, "Request had invalid authentication credentials. Expected OAuth 2 access token, login cookie or other "
             + "valid authentication credential.", reason: "authError", statusName: "UNAUTHENTICATED", domain: "global",
             location: "Authorization", note: note)
    }

    static func insufficientScopes(note: String) -> APIResponse {
        body(403, "Request had insufficient authentication scopes.", reason: "insufficientPermissions",
             statusName: "PERMISSION_DENIED", domain: "global", note: note)
    }

    static func applicationNotFound(_ packageName: String) -> APIResponse {
        body(404, "No application was found for the given package name.", reason: "applicationNotFound",
             statusName: "NOT_FOUND", location: "packageName", note: "no app \(packageName) here")
    }

    static let tokenNotFound = body(404, "The purchase token was not found.", reason: "purchaseTokenNotFound",
                                    statusName: "NOT_FOUND", location: "token")

    static let tokenDoesNotMatchProduct = body(400, "The purchase token does not match the product ID.",
                                               reason: "purchaseTokenDoesNotMatchProductId", statusName: "INVALID_ARGUMENT",
                                               location: "token")

    static func invalidState(note: String? = nil) -> APIResponse {
        body(400, "The purchase is not in a valid state to perform the desired operation.", reason: "invalidPurchaseState",
             statusName: "FAILED_PRECONDITION", note: note)
    }

    static func invalidValue(_ message: String, location: String) -> APIResponse {
        body(400, message, reason: "invalid", statusName: "INVALID_ARGUMENT", domain: "global", location: location)
    }

    static let notFound = body(404, "The requested URL was not found on this server.", reason: "notFound",
                               statusName: "NOT_FOUND", domain: "global")

    static let backendError = body(500, "Backend Error", reason: "backendError", statusName: "INTERNAL", domain: "global")
}
