import TerminalUI

/// A terminal as small as the ANSI encoder needs, for checking what it writes: cursor moves
/// (`CSI row;col H`), erasing the screen (`CSI 2J`), SGR with 24-bit colors, CR, LF and text,
/// a wide character taking two cells. It holds its screen as a Frame, so a replay is compared
/// with the frame that was encoded, cell for cell and style for style. Anything else it meets
/// is recorded in `unknown`, so a test sees an encoder sending what it does not expect.
struct ScreenReplay {
    private(set) var frame: Frame
    private var cells: [Cell]
    private var x = 0
    private var y = 0
    private var pen = Style.plain
    private(set) var unknown: [String] = []

    init(width: Int, height: Int) {
        frame = Frame(width: width, height: height)
        cells = frame.cells
    }

    mutating func feed(_ text: String) {
        var scalars = Array(text.unicodeScalars)[...]
        var pending = ""
        func flushText() {
            for character in pending { put(String(character)) }
            pending = ""
        }
        while let scalar = scalars.first {
            scalars = scalars.dropFirst()
            switch scalar {
            case "\u{1B}":
                flushText()
                guard scalars.first == "[" else {
                    unknown.append("ESC without [")
                    continue
                }
                scalars = scalars.dropFirst()
                var parameters = ""
                while let next = scalars.first, !(0x40...0x7E).contains(next.value) {
                    parameters.unicodeScalars.append(next)
                    scalars = scalars.dropFirst()
                }
                guard let final = scalars.first else { break }
                scalars = scalars.dropFirst()
                control(parameters, final: Character(final))
            case "\r":
                flushText()
                x = 0
            case "\n":
                flushText()
                y = min(frame.height - 1, y + 1)
            default:
                pending.unicodeScalars.append(scalar)
            }
        }
        flushText()
        frame = Frame(width: frame.width, height: frame.height, cells: cells) ?? frame
    }

    private mutating func control(_ parameters: String, final: Character) {
        let numbers = parameters.split(separator: ";", omittingEmptySubsequences: false).map { Int($0) }
        switch (final, parameters) {
        case ("H", _):
            y = max(0, ((numbers.first ?? 1) ?? 1) - 1)
            x = max(0, (numbers.count > 1 ? numbers[1] ?? 1 : 1) - 1)
        case ("J", "2"):
            cells = Array(repeating: Cell(), count: frame.width * frame.height)
        case ("m", _):
            sgr(numbers.map { $0 ?? 0 })
        case ("l", "?25"), ("h", "?25"):
            break
        default:
            unknown.append("CSI \(parameters)\(final)")
        }
    }

    private mutating func sgr(_ codes: [Int]) {
        var index = 0
        while index < codes.count {
            switch codes[index] {
            case 0: pen = .plain
            case 1: pen.bold = true
            case 4: pen.underline = true
            case 7: pen.reverse = true
            case 38, 48:
                guard index + 4 < codes.count, codes[index + 1] == 2 else {
                    unknown.append("SGR \(codes[index]) without 2;r;g;b")
                    index += 1
                    continue
                }
                let color = RGB(UInt8(codes[index + 2]), UInt8(codes[index + 3]), UInt8(codes[index + 4]))
                if codes[index] == 38 { pen.foreground = color } else { pen.background = color }
                index += 4
            default: unknown.append("SGR \(codes[index])")
            }
            index += 1
        }
    }

    /// One grapheme at the cursor, as Frame.write stores it: a wide one with its continuation,
    /// and half a wide character overwritten clearing the other half.
    private mutating func put(_ grapheme: String) {
        let width = DisplayWidth.of(grapheme)
        guard width > 0, y < frame.height else { return }
        guard x + width <= frame.width else {
            unknown.append("text past the right edge: \(grapheme)")
            return
        }
        clearHalves(at: x)
        if width == 2 { clearHalves(at: x + 1) }
        cells[y * frame.width + x] = Cell(grapheme, width: width, style: pen)
        if width == 2 { cells[y * frame.width + x + 1] = Cell("", width: 0, style: pen) }
        x += width
    }

    private mutating func clearHalves(at column: Int) {
        let index = y * frame.width + column
        if cells[index].isContinuation, column > 0 { cells[index - 1] = Cell(style: cells[index - 1].style) }
        if cells[index].width == 2, column + 1 < frame.width { cells[index + 1] = Cell(style: cells[index + 1].style) }
    }
}
