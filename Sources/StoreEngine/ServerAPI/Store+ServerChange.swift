import Foundation

extension Store {
    /// Makes a change a backend asked for through a store's API, as the app's own call of the
    /// same kind would.
    public func make(_ change: ServerChange) throws(StoreError) -> StoreReport {
        switch change {
        case .send(let input): try send(input)
        case .act(let action, let transactionId): try act(action, on: transactionId)
        case .requestTestNotification(let uuid): try requestTestNotification(uuid: uuid)
        }
    }
}
