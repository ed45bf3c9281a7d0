import Foundation
import StoreEngine

/// Where a URL from outside went (`storefront open-url`).
public enum URLDelivery: Sendable, Equatable {
    /// Into the inbox of the app running on the state directory.
    case handedToApp(pid: Int32?)
    /// No app runs there: kept in the ledger, the next launch opens it.
    case keptForNextLaunch(ledgerPath: String)
    /// The app holding the state directory takes no URLs (a scenario run, say): nothing was kept.
    case notTaken(pid: Int32?)
    /// The URL did not reach the running app, for `reason`: nothing was kept.
    case notDelivered(reason: String)
}

extension StateDirectory {
    /// The socket the app on this directory takes URLs at (`URLSocket`).
    public var urlSocketPath: String { path + "/storefront.sock" }

    /// Hands `url` to the app running on this directory or, when none runs, keeps it for the
    /// next launch, which opens it as a cold-start deep link. Which one is decided by the
    /// directory's lock, so a URL is never kept while an app runs or lost between the two.
    public func deliver(url: String, at time: Date = Date()) throws(StoreError) -> URLDelivery {
        let claim: StateLock
        do {
            claim = try lock()
        } catch .stateDirectoryInUse(_, let pid) {
            return handToRunningApp(url, pid: pid)
        }
        defer { claim.release() }
        try keepForNextLaunch(url: url, receivedAt: time, holding: claim)
        return .keptForNextLaunch(ledgerPath: ledgerPath)
    }

    private func handToRunningApp(_ url: String, pid: Int32?) -> URLDelivery {
        do {
            return .handedToApp(pid: try URLSocket.send(url, to: urlSocketPath) ?? pid)
        } catch {
            switch error {
            case .noListener:
                return .notTaken(pid: pid)
            case .pathTooLong(_, let limit):
                return .notDelivered(reason: "its socket path is longer than the \(limit) bytes a socket takes")
            case .refused(let reason), .io(let reason):
                return .notDelivered(reason: reason)
            }
        }
    }
}
