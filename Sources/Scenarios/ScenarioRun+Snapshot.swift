import Exports
import Foundation
import Program
import StoreEngine
import TerminalUI

// `snapshot NAME`: the screen into the transcript, and with `--snapshots DIR` compared with what
// DIR holds, text first, then cell by cell (colors and attributes).
extension ScenarioRun {
    /// Without `--snapshots` the screen goes into the transcript. With it, the screen is compared
    /// with `DIR/NAME.txt` and `DIR/NAME.cells.json`, and each one missing is written (a
    /// directory recorded before cells were kept compares its text and gains the cells). A
    /// failure writes `DIR/diff.html` with every snapshot that failed in the run so far.
    func snapshot(_ name: String, _ line: ScenarioLine) throws {
        let frame = try running().draw()
        guard let directory = options.snapshotsDirectory else {
            transcript += frame.lines.map { "       │" + $0 }
            return
        }
        let files = SnapshotFiles(directory: directory, name: name)
        let recordedText = try recordedText(files.text, line)
        let recordedCells = try archivedFrame(files.cells, line)
        let text = SnapshotFiles.text(of: frame)

        if let recordedText, recordedText != text {
            let before = recordedCells ?? SnapshotFiles.frame(ofText: recordedText, stylesFrom: frame)
            let page = try diffPage(name, FrameDiff(before: before, after: frame), line, directory)
            throw textFailure(line, file: files.text, recorded: recordedText, shown: frame.lines, page: page)
        }
        if let recordedCells {
            let diff = FrameDiff(before: recordedCells, after: frame)
            if let first = diff.changed.first {
                let page = try diffPage(name, diff, line, directory)
                throw styleFailure(line, file: files.cells, diff: diff, first: first, page: page)
            }
        }

        var missing: [(path: String, data: Data)] = []
        if recordedText == nil { missing.append((files.text, Data(text.utf8))) }
        if recordedCells == nil { missing.append((files.cells, try archive(frame, files.cells, line))) }
        for file in missing {
            do {
                try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
                try file.data.write(to: URL(fileURLWithPath: file.path), options: .atomic)
            } catch {
                throw SnapshotWriteFailure(error: self.error(line, "cannot write the snapshot \(file.path): \(SystemErrorText.words(of: error))"))
            }
        }
        let written = missing.map(\.path)
        let compared = [recordedText.map { _ in files.text }, recordedCells.map { _ in files.cells }].compactMap { $0 }
        var note = compared.isEmpty ? "" : "✓ (\(compared.joined(separator: ", ")))"
        if !written.isEmpty { note += (note.isEmpty ? "" : " ") + "(recorded \(written.joined(separator: ", ")))" }
        transcript[transcript.count - 1] += "   " + note
    }

    private func archive(_ frame: Frame, _ path: String, _ line: ScenarioLine) throws -> Data {
        do {
            return try FrameArchive.encode(frame)
        } catch {
            throw SnapshotWriteFailure(error: self.error(line, "cannot write the snapshot \(path): \(error)"))
        }
    }

    /// A recorded file's bytes, nil when there is none; a folder in its place, or a file that
    /// cannot be read, is the snapshot directory's mistake, said with what to do.
    private func recorded(_ path: String, _ line: ScenarioLine) throws -> Data? {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else { return nil }
        guard !isFolder.boolValue else {
            throw error(line, "the snapshot \(path) is a folder; remove it to record the snapshot again")
        }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw error(line, "cannot read the snapshot \(path); check its permissions")
        }
        return data
    }

    /// `NAME.txt`, nil when there is none.
    private func recordedText(_ path: String, _ line: ScenarioLine) throws -> String? {
        guard let data = try recorded(path, line) else { return nil }
        guard let text = String(data: data, encoding: .utf8) else {
            throw error(line, "the snapshot \(path) is not UTF-8 text; delete it to record it again")
        }
        return text
    }

    /// `NAME.cells.json` as a frame, nil when there is none; one that does not decode is the
    /// snapshot directory's mistake, said with what to do.
    private func archivedFrame(_ path: String, _ line: ScenarioLine) throws -> Frame? {
        guard let data = try recorded(path, line) else { return nil }
        do {
            return try FrameArchive.decode(data)
        } catch {
            throw self.error(line, "the snapshot \(path) is not a frame of cells (\(Self.reason(error))); "
                             + "delete it to record it again")
        }
    }

    private static func reason(_ error: Error) -> String {
        if let problem = error as? FrameArchive.DecodingProblem { return problem.description }
        return "not the JSON a snapshot writes"
    }

    /// Adds the failed snapshot to the run's diff page and writes it; returns its path.
    private func diffPage(_ name: String, _ diff: FrameDiff, _ line: ScenarioLine, _ directory: String) throws -> String {
        let app = try running().app
        let paywall = app.paywall
        let combination = Combination(storefront: paywall.storefront.id, theme: app.theme.name, width: diff.after.width,
                                      height: diff.after.height, variant: paywall.variant?.id ?? "none",
                                      eligibility: paywall.eligibility.rawValue, state: paywall.playerPreview?.rawValue)
        let place = "\((scenario.file as NSString).lastPathComponent):\(line.number)"
        let cells = diff.changed.count == 1 ? "1 cell" : "\(diff.changed.count) cells"
        let change = ChangedCombination(combination: combination, diff: diff,
                                        summary: "\(name) (\(place)): \(cells) changed")
        do {
            return try options.snapshotFailures.record(change, file: scenario.file, line: line.number, in: directory)
        } catch {
            throw SnapshotWriteFailure(error: self.error(line, "cannot write \((directory as NSString).appendingPathComponent(DiffPage.fileName)): "
                                                         + SystemErrorText.words(of: error)))
        }
    }

    private func textFailure(_ line: ScenarioLine, file: String, recorded: String, shown: [String], page: String) -> ScenarioFailure {
        let old = recorded.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let first = zip(old, shown).enumerated().first { $0.element.0 != $0.element.1 }?.offset ?? min(old.count, shown.count)
        return failure(line, expected: "the screen of \(file) (before and after: \(page)); first difference on row \(first): "
                       + (old.indices.contains(first) ? old[first] : "(none)"),
                       actual: shown.indices.contains(first) ? shown[first] : "(none)")
    }

    private func styleFailure(_ line: ScenarioLine, file: String, diff: FrameDiff, first: FrameDiff.Position,
                              page: String) -> ScenarioFailure {
        let before = diff.before[first.x, first.y], after = diff.after[first.x, first.y]
        let cells = diff.changed.count == 1 ? "1 cell differs" : "\(diff.changed.count) cells differ"
        return failure(line, expected: "the colors and attributes of \(file) (before and after: \(page)); \(cells), "
                       + "the first at column \(first.x), row \(first.y) (\"\(before.grapheme)\"): \(SnapshotFiles.describe(before.style))",
                       actual: SnapshotFiles.describe(after.style))
    }
}

/// A snapshot or the diff page could not be written (a full disk, a folder where the file goes):
/// an I/O error (exit 74), not the script's mistake.
struct SnapshotWriteFailure: Error {
    var error: ScriptError
}
