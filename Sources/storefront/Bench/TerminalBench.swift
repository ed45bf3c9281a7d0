import Foundation

/// The cases that need a real terminal, run by `Bench/pty-bench.py` on a pseudo-terminal read
/// by pyte (a terminal emulator): the first frame, from exec until the emulator's screen holds
/// it whole, against a bare ncurses program drawing the same screen (`Bench/floor/first-frame.c`);
/// and the bytes written for the first frame, a Down move and a resize, against the cells the
/// emulator saw change. The script checks each case did what it timed; this reads its answer.
///
/// `make bench` installs pyte (`make pyte`) and compiles the floor; `BENCH_PYTHON` and
/// `BENCH_FLOOR` name other ones. Without them the cases are skipped, and the bench says why.
enum TerminalBench {
    /// A Down move: the median of its runs.
    struct Move: Decodable {
        /// Bytes written.
        var bytes: Double
        /// Cells that look different afterwards on the emulator's screen.
        var cells: Double
        /// The UTF-8 of those cells' text: what any program must send (the floor).
        var textBytes: Double
        var bytesPerCell: Double
        /// Bytes written for each byte of the floor.
        var inTextBytes: Double
        /// The tightest encoding of the same change the script knows (`tightest_encoding` in
        /// Bench/pty-bench.py): each run of changed cells reached by the shortest cursor move and
        /// each change of colours by the shortest SGR: text alone leaves out what any program must
        /// send to reach cells that are not next to each other.
        var leastBytes: Double
        var leastBytesPerCell: Double
    }

    /// One catalog's figures (times in milliseconds, medians and p90 over the runs).
    struct Case: Decodable {
        var catalog: String
        var runs: Int
        var firstFrameMs: Double
        var firstFrameP90Ms: Double
        var floorMs: Double
        var floorP90Ms: Double
        /// `storefront --help` from exec to exit: what the process costs before the app's work.
        var processStartMs: Double
        /// The launch's peak resident memory (`VmHWM`) after its first frame and two moves, in MB.
        var peakMemoryMB: Double
        var firstFrameBytes: Int
        var firstFrameCells: Int
        var firstFrameTextBytes: Int
        /// Off the selection the app starts on (the first card), then once more (in the list).
        var firstMove: Move
        var secondMove: Move
        var resizeBytes: Int
        var resizeCells: Int
        var resizeTextBytes: Int

        /// The history's case only: the same launches, each after one of those above, with the
        /// ledger's fingerprint removed, so the open checks the whole file (`integrity_check`)
        /// where those read its digest.
        var withoutFingerprint: Unfingerprinted?

        var firstFrameInFloors: Double { floorMs > 0 ? firstFrameMs / floorMs : 0 }
    }

    /// Launches with no fingerprint beside the ledger.
    struct Unfingerprinted: Decodable {
        var runs: Int
        var firstFrameMs: Double
        var firstFrameP90Ms: Double
        var peakMemoryMB: Double
    }

    private struct Answer: Decodable {
        var cases: [Case]
    }

    enum Outcome {
        case measured([Case])
        case skipped(String)
    }

    /// A catalog launched on a copy of a state directory that already holds a long history.
    struct HistoryCase {
        var catalogPath: String
        var statePath: String
        /// What the launch must show to have read the history: its newest transaction's id.
        var newestTransaction: String
    }

    /// `labels` name the catalogs' cases, then the history's when there is one.
    static func measure(catalogPaths: [String], history: HistoryCase? = nil, labels: [String], runs: Int) throws(CommandFailure) -> Outcome {
        let environment = ProcessInfo.processInfo.environment
        let python = environment["BENCH_PYTHON"] ?? ".build/pyte-venv/bin/python3"
        let floor = environment["BENCH_FLOOR"] ?? ".build/first-frame-floor"
        let script = "Bench/pty-bench.py"
        for (path, how) in [(python, "make pyte"), (floor, "make bench compiles it"), (script, "run the bench from the repository")]
        where !FileManager.default.fileExists(atPath: path) {
            return .skipped("no \(path) (\(how))")
        }
        guard let app = Bundle.main.executablePath else { return .skipped("the bench does not know its own executable") }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: python)
        process.arguments = [script, "--app", app, "--floor", floor, "--runs", String(runs)]
            + catalogPaths.flatMap { ["--catalog", $0] }
            + (history.map { ["--history-catalog", $0.catalogPath, "--history-state", $0.statePath, "--history-shows", $0.newestTransaction] } ?? [])
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        do {
            try process.run()
        } catch {
            throw CommandFailure(.ioError, "the terminal bench did not start: \(error)")
        }
        // Read before waiting: the answer may not fit in the pipe.
        let data = output.fileHandleForReading.readDataToEndOfFile()
        let complaint = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw CommandFailure(.ioError, "the terminal bench failed: \(complaint.trimmingCharacters(in: .whitespacesAndNewlines))")
        }
        do {
            var cases = try JSONDecoder().decode(Answer.self, from: data).cases
            for index in cases.indices where index < labels.count { cases[index].catalog = labels[index] }
            return .measured(cases)
        } catch {
            throw CommandFailure(.ioError, "the terminal bench answered no figures: \(error)")
        }
    }
}
