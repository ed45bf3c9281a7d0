import Catalog
import Foundation
import StoreEngine

/// Where an export's files go, written whole or not at all: every picture, archived frame, the
/// manifest and the pages are written first into a hidden staging folder inside the output
/// directory (`.storefront-export-…`, on the same disk, so a move is a rename), and moved into
/// place only once all of them are written. An export that fails, or is interrupted, removes the
/// staging folder and the directories it made itself: the output directory is left as it was,
/// never half an export (pictures of this run beside a manifest of the last).
public struct ExportDestination: Sendable {
    /// The output directory, as `--out` named it.
    public let directory: String
    /// The hidden folder the files are written into before they are moved.
    public let staging: String
    /// The output directory and the parents of it that were not there: the export makes them,
    /// and removes them again (innermost first, only when empty) if it does not finish.
    let missing: [String]

    public static let stagingPrefix = ".storefront-export-"

    public init(directory: String) {
        self.directory = directory
        staging = (directory as NSString).appendingPathComponent(Self.stagingPrefix + UUID().uuidString.prefix(8).lowercased())
        var missing: [String] = []
        var path = (directory as NSString).standardizingPath
        while !path.isEmpty, path != "/", path != ".", !FileManager.default.fileExists(atPath: path) {
            missing.append(path)
            path = FilePath.folder(of: path)
        }
        self.missing = missing
    }

    /// Makes the output directory (with its parents) and the staging folder in it.
    func prepare() throws(ExportFailure) {
        try Self.makeDirectory(directory, for: "--out")
        try Self.makeDirectory((staging as NSString).appendingPathComponent(Exporter.cellsDirectory), for: "--out")
    }

    /// Moves every file written into place: the pictures and archived frames first, then the
    /// diff page, the manifest and the contact sheet, which name them. A diff page of an
    /// earlier run goes when this one made none, since it would say this export was compared.
    func commit() throws(ExportFailure) {
        let fileManager = FileManager.default
        let cells = Exporter.cellsDirectory
        try Self.makeDirectory((directory as NSString).appendingPathComponent(cells), for: "--out")
        let last = [DiffPage.fileName, ExportManifest.fileName, ContactSheet.fileName]
        let staged = ((try? fileManager.contentsOfDirectory(atPath: staging)) ?? []).filter { $0 != cells }
        let frames = ((try? fileManager.contentsOfDirectory(atPath: (staging as NSString).appendingPathComponent(cells))) ?? [])
            .map { (cells as NSString).appendingPathComponent($0) }
        let order = staged.filter { !last.contains($0) }.sorted() + frames.sorted() + last.filter(staged.contains)
        for file in order {
            try Self.move((staging as NSString).appendingPathComponent(file), to: (directory as NSString).appendingPathComponent(file))
        }
        if !staged.contains(DiffPage.fileName) {
            try? fileManager.removeItem(atPath: (directory as NSString).appendingPathComponent(DiffPage.fileName))
        }
        try? fileManager.removeItem(atPath: staging)
    }

    /// Removes what this export wrote: the staging folder, and the directories it made that
    /// are empty again. Safe to call more than once, and from the queue that handles Ctrl-C.
    public func discard() {
        let fileManager = FileManager.default
        // On Ctrl-C the jobs still draw while this runs: the folder is renamed first, so no
        // file they write lands in it any more, and removed until it is gone, since one that
        // was being written as it moved may appear after its files were listed.
        let discarded = staging + ".discarded"
        let folder = (try? fileManager.moveItem(atPath: staging, toPath: discarded)) != nil ? discarded : staging
        for _ in 0..<20 where fileManager.fileExists(atPath: folder) {
            try? fileManager.removeItem(atPath: folder)
        }
        for made in missing where (try? fileManager.contentsOfDirectory(atPath: made))?.isEmpty == true {
            try? fileManager.removeItem(atPath: made)
        }
    }

    static func makeDirectory(_ path: String, for purpose: String) throws(ExportFailure) {
        do {
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        } catch {
            throw ExportFailure(.io, "\(purpose) \(path): cannot make the directory (\(SystemErrorText.words(of: error))).")
        }
    }

    /// A rename on the one disk, over an earlier export's file of the same name if there is one.
    private static func move(_ source: String, to target: String) throws(ExportFailure) {
        let fileManager = FileManager.default
        do {
            if fileManager.fileExists(atPath: target) {
                _ = try fileManager.replaceItemAt(URL(fileURLWithPath: target), withItemAt: URL(fileURLWithPath: source))
            } else {
                try fileManager.moveItem(atPath: source, toPath: target)
            }
        } catch {
            throw ExportFailure(.io, "\(target): cannot move the written file into place (\(SystemErrorText.words(of: error))).")
        }
    }
}
