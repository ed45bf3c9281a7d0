import Foundation
import Testing
@testable import Scenarios

// Helpers shared by the scenario-language tests. Nothing here needs a terminal: scenarios run on
// the headless backend, with real files in a temporary directory and a real SQLite ledger.

/// The root of the storefront package (the directory with `catalog.json` and the manifest),
/// found from this file's path as the compiler saw it, then from its resolved path (a worktree
/// may link test folders in).
func packageRoot(filePath: String = #filePath) -> URL? {
    let file = URL(fileURLWithPath: filePath)
    for start in [file, file.resolvingSymlinksInPath()] {
        var directory = start.deletingLastPathComponent()
        for _ in 0..<8 where directory.path != "/" {
            if isStorefrontRoot(directory) { return directory }
            directory = directory.deletingLastPathComponent()
        }
    }
    return nil
}

private func isStorefrontRoot(_ directory: URL) -> Bool {
    guard FileManager.default.fileExists(atPath: directory.appendingPathComponent("catalog.json").path),
          let manifest = try? String(contentsOf: directory.appendingPathComponent("Package.swift"), encoding: .utf8)
    else { return false }
    return manifest.contains("name: \"storefront\"")
}

/// The repository's default catalog, as an absolute path.
func repositoryCatalog() throws -> String {
    let root = try #require(packageRoot(), "no storefront package above \(#filePath)")
    return root.appendingPathComponent("catalog.json").path
}

/// A directory of real files for one test, removed when the test ends (`defer { scratch.remove() }`).
final class ScratchDirectory {
    let path: String

    init() throws {
        path = FileManager.default.temporaryDirectory
            .appendingPathComponent("storefront-scenarios-tests-\(UUID().uuidString.prefix(8).lowercased())").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    /// Writes `text` to `name` inside the directory (folders created) and returns the full path.
    @discardableResult
    func write(_ name: String, _ text: String) throws -> String {
        let file = (path as NSString).appendingPathComponent(name)
        try FileManager.default.createDirectory(atPath: (file as NSString).deletingLastPathComponent,
                                                withIntermediateDirectories: true)
        try text.write(toFile: file, atomically: true, encoding: .utf8)
        return file
    }

    func file(_ name: String) -> String { (path as NSString).appendingPathComponent(name) }

    func remove() { try? FileManager.default.removeItem(atPath: path) }

    deinit { remove() }
}

/// A catalog small enough to read at a glance: one consumable and one non-consumable, two
/// storefronts, Pay Station redirecting after one simulated second.
let tinyCatalog = """
{
  "schemaVersion": 1,
  "app": { "name": "Tiny Game", "bundleId": "com.example.tiny" },
  "settings": {
    "projectId": 1, "enablePayments": true,
    "payStation": { "redirect": { "condition": "successful", "delaySeconds": 1 } }
  },
  "storefronts": [
    { "id": "USA", "locale": "en_US", "currency": "USD", "path": "paystation" },
    { "id": "DEU", "locale": "de_DE", "currency": "EUR", "path": "paystation" }
  ],
  "products": [
    { "id": "com.example.gems", "type": "consumable", "grants": { "currency": "gems", "amount": 10 },
      "name": { "en": "Gems", "de": "Edelsteine" }, "prices": { "USA": "0.99", "DEU": "1.09" } },
    { "id": "com.example.noads", "type": "nonConsumable",
      "name": { "en": "No Ads", "de": "Keine Werbung" }, "prices": { "USA": "2.99", "DEU": "2.99" } }
  ]
}
"""

/// The script error `text` gives, or nil (with an issue recorded) when it parses.
func parseError(_ text: String, file: String = "t.scenario",
                sourceLocation: SourceLocation = #_sourceLocation) -> ScriptError? {
    do {
        let scenario = try ScenarioParser.parse(text, file: file)
        Issue.record("expected a script error, but it parsed: \(scenario.lines.map(\.command))", sourceLocation: sourceLocation)
        return nil
    } catch {
        return error
    }
}

/// The commands `text` parses to, in order.
func commands(_ text: String) throws -> [ScenarioCommand] {
    try ScenarioParser.parse(text, file: "t.scenario").lines.map(\.command)
}

/// The single command of a one-line scenario.
func command(_ line: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> ScenarioCommand {
    let parsed = try commands(line)
    try #require(parsed.count == 1, "\(line) gave \(parsed)", sourceLocation: sourceLocation)
    return parsed[0]
}

extension ScenarioResult {
    /// The failure, when the outcome is one.
    var failure: ScenarioFailure? {
        if case .failed(let failure) = outcome { return failure }
        return nil
    }

    /// The script error, when the outcome is one.
    var scriptError: ScriptError? {
        if case .scriptError(let error) = outcome { return error }
        return nil
    }

    /// The outcome in one line, for messages when an expectation about it does not hold.
    var summary: String {
        switch outcome {
        case .passed: return "passed"
        case .failed(let failure): return "failed: \(failure.location): expected \(failure.expected), actual \(failure.actual)"
        case .scriptError(let error): return "script error: \(error)"
        case .ioError(let error): return "I/O error: \(error)"
        }
    }
}

/// Options for a run in `scratch`: the tiny catalog is the default, the state is fresh per run.
func options(in scratch: ScratchDirectory, snapshots: String? = nil) throws -> ScenarioOptions {
    let catalog = scratch.file("tiny.json")
    if !FileManager.default.fileExists(atPath: catalog) { try scratch.write("tiny.json", tinyCatalog) }
    return ScenarioOptions(defaultCatalogPath: catalog, snapshotsDirectory: snapshots)
}
