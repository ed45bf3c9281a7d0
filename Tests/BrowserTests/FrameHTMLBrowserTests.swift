import Exports
import Foundation
import Testing
import TerminalUI

/// An export's `.html` picture in a real browser: the grid stays a grid (a wide character is
/// two columns, every row as wide as the frame) whatever widths the fonts give the glyphs.
@Suite struct FrameHTMLBrowserTests {
    @Test func everyRowEndsInTheSameColumnAndAWideCharacterTakesTwo() throws {
        var frame = Frame(width: 24, height: 4)
        let border = Style(foreground: RGB(0x00, 0xF0, 0xFF), background: RGB(0x0D, 0x02, 0x21))
        frame.write("╭──────────────────────╮", x: 0, y: 0, style: border)
        frame.write("│ スターダストパス     │", x: 0, y: 1, style: border)
        frame.write("│ Stardust Pass ★ $4.99│", x: 0, y: 2, style: Style(foreground: RGB(0xFF, 0xE0, 0x66), bold: true))
        frame.write("╰──────────────────────╯", x: 0, y: 3, style: Style(reverse: true))
        // Measured in the page: each `.w` span's width against one narrow cell's, and where
        // each row's last character ends.
        let probe = """
            <script>
            const pre = document.querySelector('pre.frame');
            const range = document.createRange();
            const ends = {};
            let narrow = 0;
            const walker = document.createTreeWalker(pre, NodeFilter.SHOW_TEXT);
            for (let node; (node = walker.nextNode());) {
              for (let i = 0; i < node.data.length; i++) {
                if (node.data[i] === '\\n') continue;
                range.setStart(node, i); range.setEnd(node, i + 1);
                const box = range.getBoundingClientRect();
                if (node.data[i] === '─') narrow = box.width;
                const row = Math.round(box.top);
                ends[row] = Math.max(ends[row] || 0, box.right);
              }
            }
            const wide = [...pre.querySelectorAll('.w')].map(s => s.getBoundingClientRect().width);
            const rows = Object.keys(ends).sort((a, b) => a - b).map(k => ends[k].toFixed(1));
            document.body.dataset.rows = rows.join(',');
            document.body.dataset.wide = wide.map(w => (w / narrow).toFixed(2)).join(',');
            </script>
            """
        let page = FrameHTML.document(frame, title: "grid").replacingOccurrences(of: "</body>", with: probe + "</body>")
        let output = try TestOutput.directory("frame-html")
        let file = output.appendingPathComponent("grid.html")
        try page.write(to: file, atomically: true, encoding: .utf8)
        let dom = try Chromium.find().dom(of: file)
        let rows = try #require(dom.firstMatch(of: #/data-rows="([^"]*)"/#)).1.split(separator: ",").compactMap { Double($0) }
        let wide = try #require(dom.firstMatch(of: #/data-wide="([^"]*)"/#)).1.split(separator: ",").compactMap { Double($0) }
        // Within a pixel's rounding, as a browser lays text out in fractions of one; a column
        // off would be 8 pixels, a wide character drawn one cell wide a ratio of 1.
        #expect(rows.count == 4, "\(rows)")
        #expect((rows.max() ?? 0) - (rows.min() ?? 0) < 1, "every row ends where the frame does: \(rows)")
        #expect(wide.count == 8 && wide.allSatisfy { abs($0 - 2) < 0.05 }, "each wide character is two cells: \(wide)")
        try Chromium.find().screenshot(of: file, to: output.appendingPathComponent("grid.png"), windowSize: (400, 160))
    }
}
