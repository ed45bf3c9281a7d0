import Catalog
import Foundation
import StoreEngine

/// `storefront history [--json | --csv] [--catalog FILE]`: what the ledger holds, for bug
/// reports: the transactions newest first, the refunds, and each player's entitlements and
/// subscriptions, from the ledger alone (`History/`). `--catalog` is the catalog the app ran
/// with, for what a catalog alone knows; without it no catalog is read, so the output is the
/// same from any folder. `--check` checks the ledger's file instead (exit 74 when it is damaged).
/// What it prints is escaped (`ControlCharacters`): a player id or a product id holding an
/// ESC or a bidi override reaches the terminal as `\u001B` or `\u202E`.
enum HistoryCommand {
    static func run(_ options: Options) throws(CommandFailure) {
        let directory = Environment.stateDirectory(options)
        if options.check {
            let check: LedgerReading<LedgerCheck>
            do {
                check = try directory.checkLedger()
            } catch {
                throw .reading(error)
            }
            switch check {
            case .read(.whole): print("\(ControlCharacters.escaped(directory.ledgerPath)): no problems found (SQLite's integrity_check).")
            case .read(.damaged(let problems)): throw .damagedLedger(in: directory, problems: problems)
            case .noLedger: throw .noLedger(in: directory)
            }
            return
        }
        if options.json, options.csv { throw CommandFailure(.usage, "history prints --json or --csv, not both.") }
        let catalog = try options.catalogPath.map { path throws(CommandFailure) in try Environment.loadCatalog(at: path) }
        let reading: LedgerReading<LedgerHistory>
        do {
            reading = try directory.history(catalog: catalog)
        } catch {
            throw .reading(error)
        }
        guard case .read(let history) = reading else { throw .noLedger(in: directory) }
        if options.csv {
            FileHandle.standardOutput.write(Data(escapedRows(HistoryCSV.text(history)).utf8))
        } else if options.json {
            let document = HistoryJSON.document(history)
            guard let data = try? JSONSerialization.data(withJSONObject: document, options: [.prettyPrinted, .sortedKeys]) else {
                throw CommandFailure(.ioError, "could not encode the history as JSON")
            }
            // Valid JSON still: the hidden characters a string holds are written as JSON escapes them.
            print(ControlCharacters.escaped(String(decoding: data, as: UTF8.self), keepingNewlines: true))
        } else {
            for line in HistoryText.lines(history) { print(ControlCharacters.escaped(line, keepingMarks: true)) }
        }
    }

    /// The CSV with what its fields quote from outside (a player id, a product id) escaped, row
    /// by row so that the rows still end in CR LF; the marks of a right-to-left price stay.
    private static func escapedRows(_ text: String) -> String {
        text.components(separatedBy: "\r\n")
            .map { ControlCharacters.escaped($0, keepingNewlines: true, keepingMarks: true) }
            .joined(separator: "\r\n")
    }
}
