import Foundation
import TerminalUI

/// Where Chromium drew each character of a page, set against the frame's cells: the page
/// runs `script` (from `GlyphPlaces.probe`), which leaves `[character, column, row, grid]` for
/// every character it measured (`grid` counts the elements measured), Base64 so no character needs unescaping from the dumped DOM.
enum GlyphPlaces {
    /// A script measuring every character under each element matching `selector` with a range
    /// around it; `cell` is JavaScript giving `[columnWidth, rowHeight]` for the element.
    static func probe(selector: String, cell: String) -> String {
        """
        const found = [];
        document.querySelectorAll('\(selector)').forEach((grid, index) => {
          const origin = grid.getBoundingClientRect();
          const [columnWidth, rowHeight] = (\(cell))(grid);
          const range = document.createRange();
          const walker = document.createTreeWalker(grid, NodeFilter.SHOW_TEXT);
          for (let node; (node = walker.nextNode());) {
            let unit = 0;
            for (const character of node.data) {
              if (character !== ' ' && character !== '\\n') {
                range.setStart(node, unit); range.setEnd(node, unit + character.length);
                const box = range.getBoundingClientRect();
                // What is not drawn (a title, a style sheet) has no box.
                if (box.width > 0 || box.height > 0)
                // The middle of the character's box: its cell, whatever the browser rounds.
                found.push([character, Math.floor(((box.left + box.right) / 2 - origin.left) / columnWidth),
                            Math.floor(((box.top + box.bottom) / 2 - origin.top) / rowHeight), index]);
              }
              unit += character.length;
            }
          }
        });
        document.body.dataset.glyphs = btoa(unescape(encodeURIComponent(JSON.stringify(found))));
        """
    }

    /// The glyphs a page's probe measured.
    static func measured(in dom: String, grid wanted: Int = 0) throws -> [(character: String, column: Int, row: Int)] {
        guard let encoded = dom.firstMatch(of: #/data-glyphs="([^"]*)"/#)?.1, let json = Data(base64Encoded: String(encoded)),
              let list = try JSONSerialization.jsonObject(with: json) as? [[Any]] else {
            throw Chromium.Failure(description: "the page left no glyphs measured")
        }
        return list.compactMap { item in
            guard item.count == 4, let character = item[0] as? String, let column = (item[1] as? NSNumber)?.intValue,
                  let row = (item[2] as? NSNumber)?.intValue, (item[3] as? NSNumber)?.intValue == wanted else { return nil }
            return (character, column, row)
        }
    }

    /// Each glyph not drawn in a cell whose grapheme holds it, said as a person would.
    static func misplaced(_ glyphs: [(character: String, column: Int, row: Int)], in frame: Frame) -> [String] {
        glyphs.compactMap { glyph in
            guard glyph.row >= 0, glyph.row < frame.height, glyph.column >= 0, glyph.column < frame.width else {
                return "\(glyph.character) outside the grid at column \(glyph.column + 1), row \(glyph.row + 1)"
            }
            var cell = frame[glyph.column, glyph.row]
            // A wide character's middle is where its two cells meet.
            if cell.isContinuation, glyph.column > 0 { cell = frame[glyph.column - 1, glyph.row] }
            guard let scalar = glyph.character.unicodeScalars.first, !cell.grapheme.unicodeScalars.contains(scalar) else { return nil }
            return "\(glyph.character) drawn at column \(glyph.column + 1), row \(glyph.row + 1), where the frame has \(cell.grapheme)"
        }
    }
}
