import Catalog
import Foundation
import Host
import StoreEngine
import Synchronization

/// `storefront receive`: a reference backend for the stores' notifications, for presenters and
/// newcomers with no backend yet. It tells each request's store by its shape, checks its
/// signature as a backend should (the App Store's chain to the root `storefront keys` wrote,
/// Xsolla's SHA-1 with the project's secret key), prints it decoded, and answers as told:
/// the `--answer`s in turn, then the store's success (a failed signature: the store's refusal).
enum ReceiveCommand {
    static func run(_ options: Options) throws(CommandFailure) {
        let port = try port(options)
        let answers = Mutex(try options.answers.map(Answer.init(parsing:)))
        let root = try root(options)
        let secret = options.xsollaSecret ?? xsollaSecretFromCatalog(options) ?? xsollaSecretFromKeys()
        let certificates = try googleCertificates()
        let printer = Mutex(())
        let server: HTTPServer
        do {
            server = try HTTPServer(address: "127.0.0.1", port: port) { request in
                let received = ReceivedNotification.read(request.body, authorization: request.authorization, root: root,
                                                         xsollaSecretKey: secret, tokenCertificates: certificates)
                let response = answer(to: received, method: request.method, next: answers.withLock { $0.isEmpty ? nil : $0.removeFirst() })
                let body = received.decoded.split(separator: "\n", omittingEmptySubsequences: false).map { "  " + $0 }
                let text = ReceivedLine.text(of: received, path: request.path, status: response.status) + "\n"
                    + body.joined(separator: "\n") + "\n"
                // Written whole and at once: a reader on a pipe sees each request as it comes.
                printer.withLock { _ in FileHandle.standardOutput.write(Data(text.utf8)) }
                return response
            }
        } catch {
            throw CommandFailure(.unavailable, "receive: \(error.description).")
        }
        let base = "http://127.0.0.1:\(server.port)"
        FileHandle.standardOutput.write(Data(("Listening on \(base): storefront --apple-notifications \(base)/apple --play-notifications "
              + "\(base)/play --xsolla-notifications \(base)/xsolla. "
              + "App Store: " + (root == nil ? "unchecked (no --root)" : "checked against the root")
              + "; Xsolla: " + (secret == nil ? "unchecked (no --xsolla-secret)" : "checked with the secret key")
              + "; Google Play's push tokens: " + (certificates == nil ? "unchecked (no keys/google-oidc-certs.json)"
                                                   : "checked against Google's certs")
              + ". Ctrl-C stops.\n").utf8))
        while true { Thread.sleep(forTimeInterval: 3_600) }
    }

    /// One of `--answer`: a status, or Xsolla's refusal with its code (`400:INVALID_USER`).
    struct Answer: Equatable {
        var status: Int
        var code: String?

        init(parsing text: String) throws(CommandFailure) {
            let parts = text.components(separatedBy: ":")
            guard let status = parts.first.flatMap({ Int($0) }), (100...599).contains(status),
                  parts.count == 1 || (parts.count == 2 && !parts[1].isEmpty) else {
                throw CommandFailure(.usage, "--answer takes an HTTP status from 100 to 599, or a status and Xsolla's error "
                                     + "code (400:INVALID_USER), not \(ControlCharacters.escaped(text)).")
            }
            self.status = status
            code = parts.count == 2 ? parts[1] : nil
        }
    }

    static func answer(to received: ReceivedNotification, method: String, next: Answer?) -> APIResponse {
        guard method == "POST" else { return APIResponse(status: 405) }
        if case .refused = received.verdict {
            let refusal = received.refusal
            return APIResponse(status: refusal.status, body: Data(refusal.body.utf8),
                               contentType: refusal.body.isEmpty ? nil : "application/json")
        }
        guard let next else { return APIResponse(status: received.successStatus) }
        guard let code = next.code else { return APIResponse(status: next.status) }
        let body = #"{"error":{"code":"\#(code)","message":"refused by storefront receive"}}"#
        return APIResponse(status: next.status, body: Data(body.utf8), contentType: "application/json")
    }

    private static func port(_ options: Options) throws(CommandFailure) -> UInt16 {
        guard let text = options.port else { return 9_000 }
        guard let port = UInt16(text) else {
            throw CommandFailure(.usage, "--port takes a port from 0 to 65535 (0: any free one), not \(ControlCharacters.escaped(text)).")
        }
        return port
    }

    /// `--root FILE`, else `keys/storefront-root.cer` where `storefront keys --out keys` wrote it.
    private static func root(_ options: Options) throws(CommandFailure) -> Data? {
        let path = options.rootFile ?? "keys/storefront-root.cer"
        guard let data = FileManager.default.contents(atPath: path) else {
            if options.rootFile == nil { return nil }
            throw CommandFailure(.noInput, "--root: cannot read \(ControlCharacters.escaped(path)); "
                                 + "storefront keys --out keys writes keys/storefront-root.cer.")
        }
        guard let root = SignedDataCheck.root(fromFile: data) else {
            throw CommandFailure(.dataError, "--root: \(ControlCharacters.escaped(path)) is not a DER or PEM certificate.")
        }
        return root
    }

    /// `keys/google-oidc-certs.json`, where `storefront keys --out keys` wrote it; nil when absent.
    private static func googleCertificates() throws(CommandFailure) -> [String: String]? {
        let path = "keys/" + KeysCommand.googleCertificatesFile
        guard let data = FileManager.default.contents(atPath: path) else { return nil }
        guard let certificates = try? JSONSerialization.jsonObject(with: data) as? [String: String] else {
            throw CommandFailure(.dataError, "receive: \(path) is not a JSON object of key ids and PEM keys; "
                                 + "storefront keys --out keys writes it anew.")
        }
        return certificates
    }

    /// `keys/XSOLLA_SECRET_KEY`, where `storefront keys --out keys` wrote it.
    private static func xsollaSecretFromKeys() -> String? {
        FileManager.default.contents(atPath: "keys/XSOLLA_SECRET_KEY")
            .map { String(decoding: $0, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines) }
            .flatMap { $0.isEmpty ? nil : $0 }
    }

    /// The catalog's `notifications.xsollaSecretKey`, when a catalog is there to read.
    private static func xsollaSecretFromCatalog(_ options: Options) -> String? {
        let path = options.catalogPath ?? "catalog.json"
        guard FileManager.default.fileExists(atPath: path) else { return nil }
        return (try? Environment.loadCatalog(at: path))?.settings.notifications.xsollaSecretKey
    }
}

/// The line `storefront receive` prints for each request, before its body.
enum ReceivedLine {
    static func text(of received: ReceivedNotification, path: String, status: Int) -> String {
        let time = ISO8601DateFormatter.string(from: Date(), timeZone: .current, formatOptions: [.withTime, .withColonSeparatorInTime])
        let store = received.store?.displayName ?? "unknown"
        let type = [received.type, received.subtype].compactMap { $0 }.joined(separator: " · ")
        let verdict: String
        switch received.verdict {
        case .verified: verdict = "signature verified"
        case .refused(let why): verdict = "REFUSED: \(why)"
        case .unchecked(let why): verdict = "unchecked: \(why)"
        }
        return "\(time)  \(store)  \(type)  \(path)  \(verdict)  → \(status)"
    }
}
