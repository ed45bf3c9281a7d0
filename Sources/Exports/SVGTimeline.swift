import TerminalUI

/// When each row of a recording is drawn and until when it shows: the rows a frame changed,
/// grouped by the later frame that replaces them, each group with the slice of the loop it is
/// visible in.
struct SVGTimeline {
    struct Row {
        let y: Int
        /// Padded to the widest frame with blank cells, so a row always covers the one before.
        let cells: [Cell]
    }

    /// Rows that appear with frame `start` and give way together at frame `end` (nil: they
    /// stay to the end of the loop).
    struct Group {
        let start: Int
        let end: Int?
        var rows: [Row]
    }

    /// A slice of the loop in percent, `from` inclusive, `to` exclusive.
    struct Interval: Hashable {
        let from: String
        let to: String

        /// Hidden, then visible from `from`, hidden again from `to`. With `step-end` each
        /// keyframe's value holds until the next, so the row flips exactly at those moments.
        func keyframes(name: String) -> String {
            var frames: [String] = []
            if from == "0" {
                frames.append("0%{visibility:visible}")
            } else {
                frames.append("0%{visibility:hidden}")
                frames.append("\(from)%{visibility:visible}")
            }
            if to == "100" {
                frames.append("100%{visibility:visible}")
            } else {
                frames.append("\(to)%{visibility:hidden}")
                frames.append("100%{visibility:hidden}")
            }
            return "@keyframes \(name){\(frames.joined())}\n"
        }
    }

    let times: [Double]
    let duration: Double
    let columns: Int
    let rows: Int
    let groups: [Group]
    /// The recording's frames in order (a blank one for a recording of none).
    let frames: [Frame]
    var firstFrame: Frame { frames[0] }

    init(_ recording: Recording, hold: Double) {
        var frames = recording.frames
        if frames.isEmpty { frames = [(0, Frame(width: recording.width, height: recording.height))] }
        times = frames.map { max(0, $0.time) }
        duration = max(times.last ?? 0, 0) + hold
        columns = frames.map(\.frame.width).max() ?? 0
        let rowCount = frames.map(\.frame.height).max() ?? 0
        rows = rowCount
        self.frames = frames.map(\.frame)

        // Which rows each frame draws: all of them for the first frame and after a resize,
        // else those with a cell that differs from the frame before.
        let changed: [[Int]] = frames.indices.map { index in
            let frame = frames[index].frame
            guard index > 0, case let before = frames[index - 1].frame, before.width == frame.width,
                  before.height == frame.height else { return Array(0..<rowCount) }
            return (0..<frame.height).filter { y in
                (0..<frame.width).contains { x in before[x, y] != frame[x, y] }
            }
        }

        // For each row, the next frame that draws it again ends the current drawing.
        var nextChange = Array(repeating: Int?.none, count: rows)
        var ends = Array(repeating: [Int: Int?](), count: frames.count)
        for index in frames.indices.reversed() {
            for y in changed[index] {
                ends[index][y] = nextChange[y]
                nextChange[y] = index
            }
        }

        var groups: [Group] = []
        for (index, entry) in frames.enumerated() {
            var byEnd: [Int?: Int] = [:]
            var local: [Group] = []
            for y in changed[index] {
                let row = SVGTimeline.row(y, of: entry.frame, columns: columns)
                let end = ends[index][y] ?? nil
                if let position = byEnd[end] {
                    local[position].rows.append(row)
                } else {
                    byEnd[end] = local.count
                    local.append(Group(start: index, end: end, rows: [row]))
                }
            }
            groups += local
        }
        self.groups = groups
    }

    static func row(_ y: Int, of frame: Frame, columns: Int) -> Row {
        var cells: [Cell] = []
        cells.reserveCapacity(columns)
        if y < frame.height { cells += frame.cells[(y * frame.width)..<((y + 1) * frame.width)] }
        while cells.count < columns { cells.append(Cell()) }
        return Row(y: y, cells: cells)
    }

    /// The slice of the loop `group` shows in; nil when that is the whole loop (the first
    /// frame's rows that nothing replaces), which needs no animation.
    func interval(of group: Group) -> Interval? {
        let from = group.start == 0 ? 0 : times[group.start] / duration * 100
        let to = group.end.map { times[$0] / duration * 100 } ?? 100
        let interval = Interval(from: Self.percent(from), to: Self.percent(to))
        return interval.from == "0" && interval.to == "100" ? nil : interval
    }

    /// Three decimals of a percent: a millisecond in a recording of a minute and a half.
    private static func percent(_ value: Double) -> String {
        let thousandths = (min(100, max(0, value)) * 1000).rounded()
        if thousandths.truncatingRemainder(dividingBy: 1000) == 0 { return String(Int(thousandths) / 1000) }
        return String(thousandths / 1000)
    }

    /// The one animation every group runs: the whole recording, held between keyframes, again
    /// and again. A reader who asked for less motion sees the groups stacked, the last frame.
    static func sharedRule(duration: Double) -> String {
        "#\(SVGDocument.scope) .f{animation-duration:\(SVGNumber.format(duration))s;animation-timing-function:step-end;animation-iteration-count:infinite}\n"
            + "@media (prefers-reduced-motion:reduce){#\(SVGDocument.scope) .f{animation:none}}\n"
    }
}
