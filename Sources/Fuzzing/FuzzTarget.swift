import Catalog
import Foundation
import Scenarios
import StoreEngine
import TerminalUI

/// One parser the fuzzer feeds, and what must hold of its answer whatever the input: an error
/// is a value with its place, never a crash, and a report is always valid JSON. A broken promise
/// traps, which libFuzzer reports (and keeps the input) as it does a crash.
enum FuzzTarget: String, CaseIterable, Sendable {
    /// catalog.json text: the whole of `storefront lint` (load, validation, rules).
    case catalog
    /// An Xcode `.storekit` file through the importer and the rules, as lint takes it.
    case storekit
    /// A theme file: `ThemeDecoder` and the theme's lint.
    case theme
    /// A scenario script: `ScenarioParser`, which reads every line before anything runs.
    case scenario
    /// A URL the app is opened with: Pay Station's redirect and the App Store's promoted purchase.
    case redirect
    /// A request to the stores' APIs (`APIFuzzInput`), answered from a small real ledger.
    case api

    /// What answers the API target's requests: both stores' APIs behind their router.
    static let apiHandler: @Sendable (APIRequest) -> APIResponse = { request in
        // A change is answered as if made: what is fuzzed is reading the request, not the engine.
        switch APIFuzzInput.ledger.api.answer(request) {
        case .response(let response): response
        case .change(_, let answers): answers.done
        }
    }

    /// The target FUZZ_TARGET names; exit 64 naming the targets when it names none.
    static let chosen: FuzzTarget = {
        let name = ProcessInfo.processInfo.environment["FUZZ_TARGET"] ?? ""
        guard let target = FuzzTarget(rawValue: name) else {
            let names = allCases.map(\.rawValue).joined(separator: ", ")
            FileHandle.standardError.write(Data("FUZZ_TARGET must name one of \(names), not \"\(name)\"\n".utf8))
            exit(64)
        }
        return target
    }()

    func feed(_ input: [UInt8]) {
        let bytes = Amplifier.expand(input)
        switch self {
        case .catalog: Self.checkLint(CatalogLinter.lint(data: Data(bytes), file: "catalog.json"))
        case .storekit: Self.checkLint(CatalogLinter.lint(data: Data(bytes), file: "Products.storekit"))
        case .theme: Self.theme(bytes)
        case .scenario: Self.scenario(bytes)
        case .redirect: Self.redirect(String(decoding: bytes, as: UTF8.self))
        case .api: _ = Self.answer(bytes)
        }
    }

    /// Every finding has a line and column and a JSON path, and `--json` is a JSON document.
    private static func checkLint(_ report: LintReport) {
        for finding in report.findings {
            require(finding.position != nil && finding.path.hasPrefix("$"), "finding without a place: \(finding)")
        }
        require((try? JSONSerialization.jsonObject(with: Data(report.jsonText.utf8))) != nil, "lint --json is not JSON")
    }

    private static func theme(_ bytes: [UInt8]) {
        guard let text = try? SourceText.decode(Data(bytes)) else { return }
        checkLint(ThemeLinter.lint(text: text, file: "theme.json"))
        do {
            _ = try ThemeDecoder.decode(text, file: "theme.json")
        } catch {
            require(!error.diagnostics.isEmpty, "a theme refused without a reason")
            for diagnostic in error.diagnostics {
                require(diagnostic.position != nil, "theme error without a place: \(diagnostic)")
            }
        }
    }

    /// An error names a line of the file (or line 1 of an empty one).
    private static func scenario(_ bytes: [UInt8]) {
        guard let text = String(data: Data(bytes), encoding: .utf8) else { return }
        do {
            _ = try ScenarioParser.parse(text, file: "fuzz.scenario")
        } catch {
            let lines = text.unicodeScalars.reduce(1) { $1 == "\n" ? $0 + 1 : $0 }
            require((1...lines).contains(error.line), "error on line \(error.line) of \(lines): \(error.message)")
        }
    }

    /// A redirect that parses says the same thing written out again; a promoted purchase too.
    private static func redirect(_ text: String) {
        let base = "com.example.storefront://xsollaconfirm/payment"
        if case .success(let redirect) = RedirectURL.parse(text, expectedBase: base) {
            let again = RedirectURL.parse(redirect.text, expectedBase: base)
            require(again == .success(redirect), "\(redirect.text) reads back as \(again)")
        }
        if let promoted = PromotedPurchaseURL(parsing: text) {
            let again = PromotedPurchaseURL(parsing: promoted.text)
            require(again == promoted, "\(promoted.text) reads back as \(String(describing: again))")
        }
    }

    /// Whatever the request, an answer: a status from 200 to 599, and a body that is empty or
    /// JSON, said to be JSON.
    static func answer(_ bytes: [UInt8]) -> APIResponse {
        let request = APIFuzzInput.request(from: bytes)
        let response = apiHandler(request)
        require((200..<600).contains(response.status), "status \(response.status) for \(request)")
        if !response.body.isEmpty {
            require((try? JSONSerialization.jsonObject(with: response.body)) != nil, "a body that is not JSON for \(request)")
            require(response.contentType == "application/json", "a JSON body without its type for \(request)")
        }
        return response
    }

    private static func require(_ condition: Bool, _ message: @autoclosure () -> String) {
        if !condition { fatalError(message()) }
    }
}
