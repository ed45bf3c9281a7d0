import Foundation
import Ledger

extension AppStoreServerAPI {
    /// Send Consumption Information (`PUT /inApps/v1/transactions/consumption/{transactionId}`):
    /// a body Apple would refuse is refused here with its code; one it takes is kept by the
    /// engine, as an event on the transaction, and answered 202 with no body once committed.
    func consumption(of transaction: TransactionRecord, sent request: APIRequest) -> APIAnswer {
        switch ConsumptionRequest.reading(request.body) {
        case .failure(let refusal):
            return .response(Self.error(400, refusal.code, refusal.message))
        case .success(let consumption):
            let answers = ChangeAnswers(
                done: APIResponse(status: 202),
                // Gone between the read and the engine's commit (deleted by QA): as if never there.
                refused: Self.error(404, 4040010, "Transaction id not found."),
                failed: Self.error(500, 5000001, "An unknown error occurred. Please try again."))
            return .change(.consumptionInformation(consumption, transactionId: transaction.id), answers: answers)
        }
    }
}
