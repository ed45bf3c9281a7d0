import Catalog

/// One combination that changed, for the diff page.
public struct ChangedCombination: Sendable {
    public var combination: Combination
    public var diff: FrameDiff
    /// `USA-dark-80x24-A: 14 cells in "Monthly Pass"`.
    public var summary: String

    public init(combination: Combination, diff: FrameDiff, summary: String) {
        self.combination = combination
        self.diff = diff
        self.summary = summary
    }
}

/// `DIR/diff.html`: what a catalog change (or a failed snapshot) did to the screens, for a person
/// to approve. Only the combinations that changed, each with its summary, before and after side
/// by side as grids of cells in their exact colors, every changed cell outlined. Self-contained:
/// inline CSS, no script, no network.
public enum DiffPage {
    public static let fileName = "diff.html"

    public static func html(for changes: [ChangedCombination], title: String) -> String {
        var html = PageHTML.head(title: title, css: stylesheet)
        let count = English.count(changes.count, "combination") + " changed"
        html += "<body data-changes=\"\(changes.count)\">\n<header>\n<h1>\(PageHTML.escaped(title))</h1>\n"
        html += "<p id=\"count\">\(changes.isEmpty ? "Nothing changed." : count)</p>\n</header>\n<main>\n"
        for (index, change) in changes.enumerated() {
            html += section(change, index: index)
        }
        return html + "</main>\n</body>\n</html>\n"
    }

    private static func section(_ change: ChangedCombination, index: Int) -> String {
        let name = change.combination.name
        let cells = change.diff.changed.count
        var html = "<section class=\"change\" id=\"change-\(index)\" data-name=\"\(PageHTML.escaped(name))\" "
            + "data-changed-cells=\"\(cells)\">\n"
        html += "<h2>\(isolatingQuotes(PageHTML.escaped(change.summary)))</h2>\n<p class=\"axes\">"
        html += change.combination.axes.map { axis in
            "<span class=\"axis\" data-axis=\"\(PageHTML.escaped(axis.axis))\">\(PageHTML.escaped(axis.axis)) "
                + "<b>\(PageHTML.escaped(axis.value))</b></span>"
        }.joined(separator: " ")
        html += " <span class=\"cells\">\(English.count(cells, "cell")) changed</span></p>\n"
        html += "<div class=\"pair\">\n"
        for (side, frame) in [("before", change.diff.before), ("after", change.diff.after)] {
            html += "<figure class=\"\(side)\"><figcaption>\(side) · \(frame.width)x\(frame.height)</figcaption>"
            html += PageGrid.html(frame, marked: change.diff.changed, label: "\(name) \(side)")
            html += "</figure>\n"
        }
        return html + "</div>\n</section>\n"
    }

    /// Each quoted place in its own `<bdi>`: an Arabic name beside a Latin one keeps its
    /// place in the line, and the quotes and commas around it stay where they were written.
    static func isolatingQuotes(_ escaped: String) -> String {
        escaped.replacing(#/&quot;((?:(?!&quot;).)*)&quot;/#) { "&quot;<bdi>\($0.1)</bdi>&quot;" }
    }

    static let stylesheet = """
        :root { color-scheme: light dark; }
        body { margin: 0; padding: 1.5rem; font: 15px/1.4 system-ui, -apple-system, "Segoe UI", sans-serif;
               background: #f4f4f1; color: #1f232b; }
        @media (prefers-color-scheme: dark) { body { background: #16181f; color: #e6e8ef; } }
        h1 { margin: 0 0 .25rem; font-size: 1.4rem; }
        #count { margin: 0 0 1.5rem; font-weight: 600; }
        .change { margin: 0 0 2.5rem; }
        .change h2 { margin: 0 0 .25rem; font-size: 1.05rem; font-family: ui-monospace, monospace; }
        .axes { margin: 0 0 .75rem; font-size: .85rem; opacity: .85; }
        .axis { margin-right: .5rem; }
        .pair { display: flex; gap: 1.5rem; flex-wrap: wrap; align-items: flex-start; }
        figure { margin: 0; }
        figcaption { font-size: .8rem; margin-bottom: .3rem; text-transform: uppercase; letter-spacing: .05em; }
        \(PageGrid.stylesheet)
        """
}
