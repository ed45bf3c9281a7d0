import Foundation
import StoreEngine
@testable import TerminalUI
import TestFixtures
import Testing

/// Issue 34 item 11: an event name in the docs is one the code logs (`history --json`, a
/// scenario's `expect event`), and the Events pane shows it by that name or a short form of it
/// (`txn.purchased`), never another word (`catalog.broken` for `catalog.rejected`). The code's
/// one list of kinds is the reference.
@Suite("Event names in the docs")
struct EventNamesInDocsTests {
    static let kinds = EventKind.sdkCalls + EventKind.lifecycle + EventKind.client
    static let names = Set(kinds.map(\.rawValue))
    /// `catalog`, `transaction`, `xee`, …: a dotted name under one of these reads as an event.
    static let namespaces = Set(kinds.map(\.rawValue).filter { $0.contains(".") }.map { String($0.prefix { $0 != "." }) })
    /// Settings that share an event's namespace: the catalog's `xee` keys, the ledger's `play` key.
    static let settings: Set = ["xee.inAppPurchaseKey", "xee.notificationDelaySeconds", "xee.shouldAddStorePayment", "play.licenseKey"]
    static let fileExtensions: Set = ["json", "md", "swift", "storekit", "scenario", "svg", "png", "html", "txt", "ansi", "cast"]

    struct Mention: CustomStringConvertible {
        var file: String
        var line: Int
        var name: String
        var description: String { "\(file):\(line): `\(name)`" }
    }

    /// Every event-looking name in a backquoted span of docs/*.md and README.md.
    static let mentions: [Mention] = {
        let docs = packageRoot.appendingPathComponent("docs")
        let files = ((try? FileManager.default.contentsOfDirectory(atPath: docs.path)) ?? [])
            .filter { $0.hasSuffix(".md") }.sorted().map { "docs/" + $0 } + ["README.md"]
        let span = /`([^`\n]+)`/
        let dotted = /[a-z]+(\.[A-Za-z0-9_]+)+/
        var found: [Mention] = []
        for file in files {
            guard let text = try? String(contentsOf: packageRoot.appendingPathComponent(file), encoding: .utf8) else { continue }
            for (index, line) in text.components(separatedBy: "\n").enumerated() {
                for quoted in line.matches(of: span) {
                    // Whole words only: `Paths/Play/PlayPath.swift` and `--catalog=a.json` name no event.
                    let words = quoted.output.1.split { $0 == " " || $0 == "=" }
                        .map { $0.trimmingCharacters(in: CharacterSet(charactersIn: "(),;:")) }
                    for name in words where name.wholeMatch(of: dotted) != nil {
                        let parts = name.split(separator: ".").map(String.init)
                        guard namespaces.contains(parts[0]), !settings.contains(name), !fileExtensions.contains(parts[parts.count - 1])
                        else { continue }
                        found.append(Mention(file: file, line: index + 1, name: name))
                    }
                }
            }
        }
        return found
    }()

    @Test func theDocsMentionEvents() {
        // What the checks below read: no mention at all would pass them for nothing.
        #expect(Self.mentions.contains { $0.name == EventKind.catalogRejected.rawValue })
        #expect(Self.mentions.count > 50)
    }

    @Test func everyEventNameTheDocsMentionIsOneTheCodeLogs() {
        for mention in Self.mentions where !Self.names.contains(mention.name) {
            Issue.record("\(mention) is no event the code logs (EventKind); name it as `storefront history --json` does")
        }
    }

    /// A short form is the name with a prefix abbreviated (`txn.purchased`) or its letters kept in
    /// order (`ledger.unread`, `xee.didLoad`), so a reader finds in the docs the event the pane shows.
    @Test func theEventsPaneShowsADocumentedNameOrAShortFormOfIt() {
        for mention in Self.mentions where Self.names.contains(mention.name) {
            let shown = EventKind(rawValue: mention.name).shortName
            // The prefixes the docs give as the rule (`txn.` for `transaction.`) are abbreviations.
            let (full, short) = EventKind.shortPrefixes.first { mention.name.hasPrefix($0.0) && shown.hasPrefix($0.1) }
                .map { (mention.name.dropFirst($0.0.count), shown.dropFirst($0.1.count)) } ?? (mention.name[...], shown[...])
            var rest = Substring(full.lowercased())
            let abbreviates = short.lowercased().allSatisfy { letter in
                guard let found = rest.firstIndex(of: letter) else { return false }
                rest = rest[rest.index(after: found)...]
                return true
            }
            if !abbreviates {
                Issue.record("\(mention): the Events pane shows `\(shown)`, another word than the docs use")
            }
        }
    }
}
