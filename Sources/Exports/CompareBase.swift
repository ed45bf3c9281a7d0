import Catalog
import Foundation
import StoreEngine
import TerminalUI

/// What `--compare BASE` names, told apart by what is on disk: an earlier export directory
/// (it has a manifest.json), a catalog file, or `REV:PATH`, a catalog as git holds it at a
/// revision.
public enum CompareSource: Sendable, Equatable {
    case exportDirectory(String)
    case catalogFile(String)
    case gitRevision(revision: String, path: String)

    public static func classify(_ base: String) throws(ExportFailure) -> CompareSource {
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: base, isDirectory: &isDirectory) {
            guard isDirectory.boolValue else { return .catalogFile(base) }
            guard FileManager.default.fileExists(atPath: (base as NSString).appendingPathComponent(ExportManifest.fileName)) else {
                throw ExportFailure(.noInput, "--compare \(base): a directory without \(ExportManifest.fileName); name an earlier "
                                    + "export directory, a catalog file or a git revision such as HEAD~1:catalog.json.")
            }
            return .exportDirectory(base)
        }
        if let colon = base.firstIndex(of: ":"), colon != base.startIndex, base.index(after: colon) != base.endIndex {
            return .gitRevision(revision: String(base[..<colon]), path: String(base[base.index(after: colon)...]))
        }
        throw ExportFailure(.noInput, "--compare \(base): no such file or directory; name an earlier export directory, a catalog "
                            + "file or a git revision such as HEAD~1:catalog.json.")
    }
}

/// A catalog as git holds it at a revision: `git show REV:PATH`, run in the directory of the
/// catalog being exported, so PATH is read as git reads it there (from the top of that
/// repository; `./catalog.json` for one beside the current catalog).
public enum GitRevision {
    public static func text(revision: String, path: String, in directory: String,
                            searchPath: String? = ProcessInfo.processInfo.environment["PATH"]) throws(ExportFailure) -> String {
        let spec = "\(revision):\(path)"
        guard let git = ExportProcess.find("git", path: searchPath) else {
            throw ExportFailure(.unavailable, "--compare \(spec) needs git, which is not on PATH; install it "
                                + "(`apt-get install git`) or compare with a catalog file instead.")
        }
        let outcome: ExportProcess.Outcome
        do {
            outcome = try git.run(["show", spec], in: directory.isEmpty ? "." : directory)
        } catch {
            throw ExportFailure(.io, "--compare \(spec): git did not start: \(SystemErrorText.words(of: error))")
        }
        guard outcome.status == 0 else {
            let why = outcome.errors.isEmpty ? "exit \(outcome.status)" : outcome.errors
            throw ExportFailure(.noInput, "--compare \(spec): git show found no such catalog in \(directory.isEmpty ? "." : directory) (\(why)); "
                                + "name a revision and a path git knows, such as HEAD~1:catalog.json.")
        }
        guard let text = String(data: outcome.output, encoding: .utf8) else {
            throw ExportFailure(.badData, "--compare \(spec): the file at that revision is not UTF-8 text.")
        }
        return text
    }
}

/// An earlier export read back: its manifest, and each combination's archived frame on demand.
public struct ExportArchive: Sendable {
    public let directory: String
    public let manifest: ExportManifest
    /// The archived cells' file of each combination.
    let cellFiles: [Combination: String]

    public init(directory: String) throws(ExportFailure) {
        let file = (directory as NSString).appendingPathComponent(ExportManifest.fileName)
        let data = try Self.read(file, missing: "name an earlier export directory.")
        let manifest: ExportManifest
        do {
            manifest = try JSONDecoder().decode(ExportManifest.self, from: data)
        } catch {
            throw ExportFailure(.badData, "\(file): not an export's manifest (\(error)); export it again.")
        }
        guard manifest.version == ExportManifest.currentVersion else {
            throw ExportFailure(.badData, "\(file): an export of layout \(manifest.version); this storefront reads layout "
                                + "\(ExportManifest.currentVersion). Export the base again.")
        }
        var cellFiles: [Combination: String] = [:]
        for entry in manifest.entries {
            guard let cells = entry.files["cells"] else {
                throw ExportFailure(.badData, "\(file): \(entry.combination.name) has no cells file; export the base again.")
            }
            cellFiles[entry.combination] = (directory as NSString).appendingPathComponent(cells)
        }
        self.directory = directory
        self.manifest = manifest
        self.cellFiles = cellFiles
    }

    public var combinations: [Combination] { manifest.entries.map(\.combination) }

    /// The bytes of a file of the export: a missing one is no input (66), any other failure an
    /// I/O error with the system's reason (74).
    private static func read(_ file: String, missing advice: String) throws(ExportFailure) -> Data {
        guard FileManager.default.fileExists(atPath: file) else {
            throw ExportFailure(.noInput, "\(file): no such file; \(advice)")
        }
        do {
            return try Data(contentsOf: URL(fileURLWithPath: file))
        } catch {
            throw ExportFailure(.io, "\(file): cannot be read (\(SystemErrorText.words(of: error))); \(advice)")
        }
    }

    /// The frame archived for `combination`, or nil when the export did not draw it.
    public func frame(for combination: Combination) throws(ExportFailure) -> Frame? {
        guard let file = cellFiles[combination] else { return nil }
        let data = try Self.read(file, missing: "export the base again.")
        do {
            return try FrameArchive.decode(data)
        } catch {
            throw ExportFailure(.badData, "\(file): not an archived frame (\(error)); export the base again.")
        }
    }
}

/// What the current export is compared with: a catalog drawn again, or frames archived before.
public enum ExportBase: Sendable {
    case catalog(ProductCatalog, label: String)
    case archive(ExportArchive)

    public var label: String {
        switch self {
        case .catalog(_, let label): return label
        case .archive(let archive): return archive.directory
        }
    }
}
