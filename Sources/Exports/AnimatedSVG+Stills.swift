import TerminalUI

extension AnimatedSVG {
    /// A recording as the still pictures its animated SVG shows, for a GIF or a video: each
    /// distinct frame once, drawn as the animation draws it (the same canvas, rows padded to
    /// the widest frame, each row with its own background), and which picture shows when.
    struct Stills {
        /// SVG documents, one per distinct frame.
        let pictures: [String]
        /// For each frame of the recording in order, the index of its picture.
        let shown: [Int]
        /// Each frame's time and the loop's length, as the animated SVG plays them.
        let times: [Double]
        let duration: Double
    }

    static func stills(_ recording: Recording, options: SVGOptions = SVGOptions()) -> Stills {
        let (timeline, colors, document) = drawing(recording, options: options)

        var pictures: [String] = []
        var shown: [Int] = []
        // A screen seen again (a selection moved down and back) is drawn once.
        var known: [[Cell]: Int] = [:]
        for frame in timeline.frames {
            let rows = (0..<timeline.rows).map { SVGTimeline.row($0, of: frame, columns: timeline.columns) }
            let key = rows.flatMap(\.cells)
            if let index = known[key] {
                shown.append(index)
                continue
            }
            var body = ""
            for row in rows {
                SVGRow(cells: row.cells[...], top: Double(row.y) * FrameSVG.cellHeight, colors: colors, canvas: nil)
                    .draw(into: &body)
            }
            known[key] = pictures.count
            shown.append(pictures.count)
            pictures.append(document.text(body: body))
        }
        return Stills(pictures: pictures, shown: shown, times: timeline.times, duration: timeline.duration)
    }
}
