import Catalog
import Exports
import Foundation
import Platform
import Synchronization
import TerminalUI

/// `storefront export --out DIR [axes] [--formats …] [--jobs N] [--chrome] [--compare BASE]`:
/// every combination of the axes drawn headless, one file per combination and format, the
/// manifest and the contact sheet (docs/exports.md). With `--compare`, exit 1 when any
/// combination draws otherwise than BASE, 0 when none does.
enum ExportCommand {
    static func run(_ options: Options) throws(CommandFailure) {
        guard let output = options.outputDirectory, !output.isEmpty else {
            throw CommandFailure(.usage, "export needs --out DIR: the directory the pictures go to. See storefront export --help.")
        }
        try refuseAppOptions(options)
        let catalogPath = options.catalogPath ?? "catalog.json"
        let catalog = try Environment.loadCatalog(at: catalogPath)
        let (themes, broken) = Environment.loadThemes(near: catalogPath)
        let axisOptions = ExportAxisOptions(storefronts: options.storefronts, themes: options.themes, sizes: options.sizes,
                                            variants: options.variants, eligibility: options.eligibility,
                                            states: options.states, devices: options.device)
        try refuseBrokenThemes(named: options.themes, broken: broken)
        let axes = try mapped { () throws(ExportFailure) in try axisOptions.axes(catalog: catalog, themeNames: themes.map(\.name)) }
        let formats = try mapped { () throws(ExportFailure) in try ExportFormat.parse(options.formats) }
        let jobs = try parseJobs(options.jobs)
        var job = ExportJob(catalog: catalog, catalogLabel: catalogPath, themes: themes, combinations: axes.combinations,
                            formats: formats, outputDirectory: output, jobs: jobs, svgOptions: SVGOptions(chrome: options.chrome))
        if let base = options.compareBase {
            job.base = try loadBase(base, catalogPath: catalogPath, output: output)
            if case .catalog(let baseCatalog, _)? = job.base {
                job.baseCombinations = axisOptions.axes(forBase: baseCatalog, current: axes).combinations
            }
        }
        for theme in broken {
            FileHandle.standardError.write(Data("storefront: export: skipped \(ControlCharacters.escaped(theme.message))\n".utf8))
        }
        let scratch = FileManager.default.temporaryDirectory
            .appendingPathComponent("storefront-export-run-\(UUID().uuidString.prefix(8).lowercased())").path
        job.scratchDirectory = scratch
        let destination = ExportDestination(directory: output)
        job.destination = destination
        let progress = Progress(onTerminal: TerminalStreams.isTerminal(TerminalStreams.errorOutput))
        let interruption = Interruption(removing: scratch, discarding: destination, silencing: progress)
        let result: ExportResult
        do {
            defer {
                // An interruption under way ends the export itself: a job that failed because its
                // files were taken away waits for it here instead of reporting that failure.
                interruption.stop()
                // The bar's line ends before anything else is said, a failure too.
                progress.end()
            }
            result = try mapped { () throws(ExportFailure) in try Exporter.export(job) { done, total in progress.show(done, of: total) } }
        }
        // Where to look, on standard error with the progress: standard output is the changes' lines.
        let pictures = English.count(result.manifest.entries.count, "combination")
        let sheet = (output as NSString).appendingPathComponent(Exporter.contactSheetFile)
        let done = ControlCharacters.escaped("storefront: exported \(pictures) to \(output); the contact sheet is \(sheet)")
        FileHandle.standardError.write(Data((done + "\n").utf8))
        if formats.contains(where: { $0 != .txt && $0 != .ansi }) {
            for gap in FontCoverage.gaps(in: result.scripts) {
                FileHandle.standardError.write(Data("storefront: export: warning: \(gap.warning)\n".utf8))
            }
        }
        for line in result.summaries { print(ControlCharacters.escaped(line)) }
        if result.compared {
            print(ControlCharacters.escaped(result.changes.isEmpty ? "no change against \(options.compareBase ?? "")"
                  : "\(English.count(result.changes.count, "combination")) changed; see \((output as NSString).appendingPathComponent(Exporter.diffPageFile))"))
            if !result.changes.isEmpty {
                // Not a failure with a message: the lines above say what changed. exit(3) flushes them.
                exit(1)
            }
        }
    }

    /// The app's options that an export would otherwise ignore without a word: each picture is
    /// of a fresh player on a private ledger, and the axes are lists.
    private static func refuseAppOptions(_ options: Options) throws(CommandFailure) {
        let lists = [("--theme", options.themeName, "--themes"), ("--storefront", options.storefrontId, "--storefronts")]
        for (given, value, list) in lists where value != nil {
            throw CommandFailure(.usage, "export takes \(list) (a comma-separated list), not \(given). See storefront export --help.")
        }
        let fixed = [("--user", options.userId), ("--state-dir", options.stateDirectory), ("--network", options.network)]
        for (given, value) in fixed where value != nil {
            throw CommandFailure(.usage, "export draws each picture for a fresh player on a private ledger and a reliable "
                                 + "network; drop \(given). See storefront export --help.")
        }
    }

    /// A theme named in --themes whose file is broken is a data error that says why, not a
    /// theme that is "not there".
    private static func refuseBrokenThemes(named list: String?, broken: [Environment.BrokenTheme]) throws(CommandFailure) {
        guard let list else { return }
        // Asked for by name, a broken file is refused though a built-in theme has that name: the
        // file is what was meant.
        for name in list.split(separator: ",").map({ $0.trimmingCharacters(in: .whitespaces) }) {
            if let theme = broken.first(where: { $0.names.contains(name) }) {
                throw CommandFailure(.dataError, "--themes \(name): its file does not load: \(theme.message)")
            }
        }
    }

    /// `--jobs N`, by default one per core.
    static func parseJobs(_ text: String?) throws(CommandFailure) -> Int {
        guard let text else { return max(1, ProcessInfo.processInfo.activeProcessorCount) }
        guard let jobs = Int(text), (1...256).contains(jobs) else {
            throw CommandFailure(.usage, "--jobs takes a number from 1 to 256, not \(text).")
        }
        return jobs
    }

    /// BASE as an earlier export, a catalog file or a catalog at a git revision.
    private static func loadBase(_ base: String, catalogPath: String, output: String) throws(CommandFailure) -> ExportBase {
        switch try mapped({ () throws(ExportFailure) in try CompareSource.classify(base) }) {
        case .exportDirectory(let directory):
            let standard = { (path: String) in URL(fileURLWithPath: path).standardizedFileURL.resolvingSymlinksInPath().path }
            guard standard(directory) != standard(output) else {
                throw CommandFailure(.usage, "--compare \(base) is the directory --out writes to; export to another directory "
                                     + "and compare it with this one.")
            }
            return .archive(try mapped { () throws(ExportFailure) in try ExportArchive(directory: directory) })
        case .catalogFile(let file):
            return .catalog(try Environment.loadCatalog(at: file), label: file)
        case .gitRevision(let revision, let path):
            let directory = FilePath.folder(of: catalogPath)
            let text = try mapped { () throws(ExportFailure) in try GitRevision.text(revision: revision, path: path, in: directory) }
            do {
                return .catalog(try CatalogFile.load(text: text, file: base), label: base)
            } catch {
                throw CommandFailure(.dataError, error.description)
            }
        }
    }

    /// An export failure as the command's, with the sysexits code of its kind.
    static func mapped<Value>(_ body: () throws(ExportFailure) -> Value) throws(CommandFailure) -> Value {
        do {
            return try body()
        } catch {
            let code: ExitCode
            switch error.kind {
            case .usage: code = .usage
            case .badData: code = .dataError
            case .noInput: code = .noInput
            case .unavailable: code = .unavailable
            case .io: code = .ioError
            }
            throw CommandFailure(code, error.message)
        }
    }

    /// Ctrl-C, SIGTERM or SIGHUP during an export: the jobs' ledgers (the scratch directory)
    /// and the files written so far (the destination's staging folder, and the output
    /// directory if the export made it) are removed, and the export exits 128 + the signal, as
    /// a shell reports it: the output directory is as it was before. Handled on a queue of its
    /// own, not in a signal handler, so the removal may do what a handler may not.
    final class Interruption: Sendable {
        private static let signals = [SignalNumber.interrupt, SignalNumber.terminate, SignalNumber.hangUp]
        /// Dispatch's sources are not `Sendable`; these are touched only here and in `stop`.
        private let sources: Mutex<[any DispatchSourceSignal]>
        /// Held by a handler from its first step to its exit, so `stop` waits for it.
        private let handling = Mutex(())

        /// - Parameter progress: stopped first, so no job still drawing redraws the bar after
        ///   the interruption's line (the shell's next words would follow the bar, not start a line).
        init(removing scratch: String, discarding destination: ExportDestination, silencing progress: Progress) {
            SignalDisposition.ignore(Self.signals)
            sources = Mutex(Self.signals.map { DispatchSource.makeSignalSource(signal: $0, queue: .global()) })
            sources.withLock { sources in
                for (number, source) in zip(Self.signals, sources) {
                    // Weak: the interruption keeps its sources, and they their handlers.
                    source.setEventHandler { [weak self] in
                        self?.handling.withLock { _ -> Void in
                            progress.silence()
                            try? FileManager.default.removeItem(atPath: scratch)
                            destination.discard()
                            FileHandle.standardError.write(Data("\nstorefront: export interrupted; nothing was written to the output directory\n".utf8))
                            exit(128 + number)
                        }
                    }
                    source.resume()
                }
            }
        }

        /// The export is over: signals do what they did before. While a handler runs, this
        /// waits for it to exit the process.
        func stop() {
            handling.withLock { _ in
                sources.withLock { $0.forEach { $0.cancel() } }
                SignalDisposition.restoreDefault(Self.signals)
            }
        }
    }

    /// A bar on a terminal, redrawn in place; on a pipe a count line every twentieth of the way,
    /// so a CI log shows the export moving without a line per picture.
    final class Progress: Sendable {
        private struct State {
            var lastShown = 0
            var silenced = false
        }

        private let onTerminal: Bool
        private let state = Mutex(State())

        init(onTerminal: Bool) {
            self.onTerminal = onTerminal
        }

        /// Nothing more is drawn: the export is being interrupted, and its last line is said.
        func silence() {
            state.withLock { $0.silenced = true }
        }

        /// Draws under the mutex, so two jobs' lines never interleave.
        func show(_ done: Int, of total: Int) {
            state.withLock { state in
                guard !state.silenced else { return }
                if onTerminal {
                    let width = 30
                    let filled = total == 0 ? width : done * width / total
                    let bar = String(repeating: "█", count: filled) + String(repeating: "░", count: width - filled)
                    FileHandle.standardError.write(Data("\r\(bar) \(done)/\(total)".utf8))
                    state.lastShown = done
                } else if done == total || done - state.lastShown >= max(1, total / 20) {
                    FileHandle.standardError.write(Data("exported \(done)/\(total)\n".utf8))
                    state.lastShown = done
                }
            }
        }

        func end() {
            if onTerminal, state.withLock({ $0.lastShown > 0 }) { FileHandle.standardError.write(Data("\n".utf8)) }
        }
    }
}
