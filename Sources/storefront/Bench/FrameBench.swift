import Catalog
import CursesBackend
import Foundation
import Program
import TerminalUI

/// A frame as the app pays for one after a keypress: the view (the whole frame built from
/// the app's state) and the diff (ncurses copying it into its window and working out what
/// changed, as `CursesTerminal.draw` does on a real terminal), on an offscreen ncurses screen
/// writing to /dev/null, so the terminal's own speed is not in the figure. At three sizes, on
/// the small catalog and the generated one, with p50 and p99 over many moves, on the thread's
/// CPU clock: at a fraction of a millisecond a frame, the wall clock's p99 on a loaded machine
/// is the scheduler's, not the frame's.
enum FrameBench {
    static let sizes = [(80, 24), (120, 40), (250, 70)]
    /// The goal: p99 at 120x40, whatever the catalog.
    static let goalP99 = 0.0005

    struct Case {
        var catalog: String
        var width: Int
        var height: Int
        var view: Measurement
        var viewAndDiff: Measurement
    }

    /// `frames` moves a case, alternating view-only and view + diff runs so both see the same machine.
    static func measure(catalogs: [(ProductCatalog, String)], frames: Int) throws(CommandFailure) -> [Case] {
        let terminal: CursesTerminal
        do {
            terminal = try CursesTerminal(offscreenWidth: 120, height: 40)
        } catch {
            throw CommandFailure(.configuration, "the frame bench could not open an offscreen ncurses screen: \(error)")
        }
        defer { terminal.close() }
        var cases: [Case] = []
        for (catalog, label) in catalogs {
            for (width, height) in sizes {
                terminal.resize(width: width, height: height)
                let bench = try KeypressBench(catalog: catalog, label: label, width: width, height: height)
                // Warm up: the first frames fill caches and ncurses' idea of the screen.
                _ = try bench.timeMoves(count: 20, timingUpdate: false, onCPU: true) { draw(bench.app.view(), on: terminal) }
                var viewOnly: [Double] = []
                var withDiff: [Double] = []
                for _ in 0..<(frames / 10) {
                    viewOnly += try bench.timeMoves(count: 10, timingUpdate: false, onCPU: true) { bench.app.view() }
                    withDiff += try bench.timeMoves(count: 10, timingUpdate: false, onCPU: true) { draw(bench.app.view(), on: terminal) }
                }
                guard terminal.size == (width, height) else {
                    throw CommandFailure(.ioError, "the offscreen screen is \(terminal.size), not \(width)x\(height)")
                }
                cases.append(Case(catalog: label, width: width, height: height,
                                  view: Measurement(name: "view", samples: viewOnly),
                                  viewAndDiff: Measurement(name: "view + diff", samples: withDiff)))
            }
        }
        return cases
    }

    private static func draw(_ frame: Frame, on terminal: CursesTerminal) -> Frame {
        terminal.draw(frame)
        return frame
    }
}
