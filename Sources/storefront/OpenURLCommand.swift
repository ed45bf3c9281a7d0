import Catalog
import Foundation
import Host
import StoreEngine

/// `storefront open-url URL`: a redirect or deep link from outside, as a browser or the system
/// would hand it to the app: to the app running on the state directory, or kept for its next
/// launch. The app's URL handler decides what it is worth; this only delivers it.
enum OpenURLCommand {
    static func run(_ options: Options) throws(CommandFailure) {
        let url = options.positional[0]
        guard !url.isEmpty, !url.contains(where: \.isNewline) else {
            throw CommandFailure(.usage, "open-url takes one URL on one line, such as "
                + "com.example.stardust://xsollaconfirm/payment?invoice_id=…&status=done.")
        }
        guard url.utf8.count <= URLSocket.maxURLBytes else {
            throw CommandFailure(.usage, "the URL is \(url.utf8.count) bytes; open-url takes at most \(URLSocket.maxURLBytes).")
        }
        // Refused here, at once: kept for the next launch it would only be rejected there, out of
        // sight. What is wrong is said as it is: a URL with a space has a scheme, and needs %20.
        guard let scheme = URLComponents(string: url)?.scheme, !scheme.isEmpty else {
            let problem: String
            switch URLSyntax.problem(with: url) ?? .authority {
            case .noScheme:
                problem = "it needs a scheme, such as com.example.stardust://xsollaconfirm/payment?invoice_id=…&status=done"
            case let other:
                problem = other.clause(suggesting: "com.example.stardust")
            }
            throw CommandFailure(.dataError, "\"\(ControlCharacters.escaped(url))\" is not a URL: \(problem); "
                + "nothing was handed on or kept.")
        }
        try deliver(url, options, handed: { "Handed to the storefront running on \($0)." },
                    kept: { directory, ledger in
                        "No storefront runs on \(directory): kept in \(ledger) for the next launch, which opens it first."
                    })
    }

    /// Hands `url` to the app on the state directory, or keeps it for its next launch, and
    /// says which: `handed` gets the directory and pid as words, `kept` the directory and ledger.
    static func deliver(_ url: String, _ options: Options, handed: (String) -> String,
                        kept: (String, String) -> String) throws(CommandFailure) {
        let directory = Environment.stateDirectory(options)
        let delivery: URLDelivery
        do {
            delivery = try directory.deliver(url: url)
        } catch {
            throw CommandFailure(error)
        }
        switch delivery {
        case .handedToApp(let pid):
            print(ControlCharacters.escaped(handed(directory.path + (pid.map { " (pid \($0))" } ?? ""))))
        case .keptForNextLaunch(let ledger):
            print(ControlCharacters.escaped(kept(directory.path, ledger)))
        case .notTaken(let pid):
            throw .takesNoURLs(directory, pid: pid)
        case .notDelivered(let reason):
            throw .urlNotDelivered(directory, reason: reason)
        }
    }
}
