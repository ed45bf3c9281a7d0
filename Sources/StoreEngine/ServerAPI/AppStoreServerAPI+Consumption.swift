import Foundation
import Ledger

extension AppStoreServerAPI {
    /// Send Consumption Information (`PUT /inApps/v1/transactions/consumption/{transactionId}`):
    /// a body Apple would refuse is refused here with its code; one it takes is kept by the
    /// engine, as an event on the transaction, and answered 202 with no body once committed.
    func consumption(of transaction: TransactionRecord, sent request: APIRequest) -> APIAnswer {
        switch ConsumptionRequest.reading(request.body) {
        case .failure(let refusal): return .response(Self.error(400, refusal.code, refusal.message))
        case .success(let consumption): return Self.keeping(.consumptionInformation(consumption, transactionId: transaction.id))
        }
    }

    /// Send Consumption Information v2 (`PUT /inApps/v2/transactions/consumption/{transactionId}`):
    /// Apple's newer body, refused and kept as v1's is.
    func consumptionV2(of transaction: TransactionRecord, sent request: APIRequest) -> APIAnswer {
        switch ConsumptionRequestV2.reading(request.body) {
        case .failure(let refusal): return .response(Self.error(400, refusal.code, refusal.message))
        case .success(let consumption): return Self.keeping(.consumptionInformation(consumption, transactionId: transaction.id))
        }
    }

    /// The change that keeps what the backend sent, answered 202 with no body once committed.
    private static func keeping(_ change: ServerChange) -> APIAnswer {
        let answers = ChangeAnswers(
            done: APIResponse(status: 202),
            // Gone between the read and the engine's commit (deleted by QA): as if never there.
            refused: error(404, 4040010, "Transaction id not found."),
            failed: error(500, 5000001, "An unknown error occurred. Please try again."))
        return .change(change, answers: answers)
    }
}
