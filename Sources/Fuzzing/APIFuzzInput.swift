import Catalog
import Foundation
import StoreEngine

/// The API target's input: arbitrary bytes read as one request to the stores' APIs, and the
/// small real ledger it is answered from.
///
/// The bytes are five fields, each up to the next newline: the method, the path, the query
/// (`name=value` pairs joined by `&`), the authorization, then the body (the rest, any bytes).
/// The path and the query are percent-decoded as a server decodes them, so `%00` or `%0A` puts
/// any byte in them. In the authorization, `$TOKEN` stands for a valid bearer token of the
/// ledger's key (made fresh for each input), so the fuzzer reaches past the token check into
/// the routes; an empty authorization line is no header at all.
enum APIFuzzInput {
    static func request(from bytes: [UInt8]) -> APIRequest {
        var fields = bytes.split(separator: UInt8(ascii: "\n"), maxSplits: 4, omittingEmptySubsequences: false)
            .map { Array($0) }
        while fields.count < 5 { fields.append([]) }
        let query = fields[2].split(separator: UInt8(ascii: "&")).map { pair in
            let parts = pair.split(separator: UInt8(ascii: "="), maxSplits: 1, omittingEmptySubsequences: false)
            return APIRequest.QueryArgument(name: decoded(Array(parts[0])), value: parts.count > 1 ? decoded(Array(parts[1])) : "")
        }
        let authorization = String(decoding: fields[3], as: UTF8.self)
        return APIRequest(method: String(decoding: fields[0], as: UTF8.self), path: decoded(fields[1]), query: query,
                          authorization: authorization.isEmpty ? nil
                              : authorization.replacingOccurrences(of: "$TOKEN", with: ledger.token()),
                          body: Data(fields[4]))
    }

    /// Percent escapes decoded as the server decodes a path.
    private static func decoded(_ bytes: [UInt8]) -> String {
        APIRequest.percentDecoded(bytes)
    }

    /// The ledger every input is answered from, written once per process.
    static let ledger = SmallLedger()

    /// A state directory in a temporary folder (the one file this target writes) holding the
    /// server keys and three signed App Store purchases: `2000000000000001` to `…003`.
    final class SmallLedger: Sendable {
        static let bundleId = "com.example.fuzz"
        /// Both stores' APIs behind their router, as the app serves them.
        let api: StoreServers
        private let keys: ServerKeys

        init() {
            let catalogText = """
                {"schemaVersion": 1, "app": {"name": "Fuzz", "bundleId": "\(Self.bundleId)"},
                 "settings": {"projectId": 1, "enablePayments": true},
                 "storefronts": [{"id": "JPN", "locale": "ja_JP", "currency": "JPY", "path": "storekit"}],
                 "products": [{"id": "com.example.fuzz.gems", "type": "consumable",
                               "grants": {"currency": "gems", "amount": 10}, "name": {"en": "Gems"},
                               "prices": {"JPN": "160"}}]}
                """
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("storefront-fuzz-api-\(ProcessInfo.processInfo.processIdentifier)").path
            let directory = StateDirectory(path: folder)
            do {
                let catalog = try CatalogLoader.load(text: catalogText, file: "fuzz.json")
                try? FileManager.default.removeItem(atPath: folder)
                keys = try directory.serverKeys()
                try SyntheticHistory.writeSigned(purchases: 3, of: "com.example.fuzz.gems", in: "JPN", user: "fuzz",
                                                 catalog: catalog, toLedgerAt: directory.ledgerPath,
                                                 startingAt: Date(timeIntervalSince1970: 1_700_000_000))
                api = try StoreServers(stateDirectory: directory, catalog: catalog)
            } catch {
                fatalError("the API fuzz target could not make its ledger in \(folder): \(error)")
            }
        }

        func token() -> String {
            (try? keys.appStoreBearerToken(bundleId: Self.bundleId)) ?? "no token"
        }
    }
}
