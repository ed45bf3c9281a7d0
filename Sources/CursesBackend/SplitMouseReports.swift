import Program
import TerminalUI

/// Puts back together a mouse report that ncurses read as keys. ncurses knows an SGR report
/// (`ESC [ < b ; x ; y M`, `m` on release) only when its bytes arrive within the escape delay;
/// on a loaded machine or a slow link the rest comes later, and ncurses hands over Esc and then
/// the characters `[`, `<`, digits, `;` and `M` or `m`. Taken as keys they would slow the
/// clock (`[`), change the offer eligibility (`<`), type a count and open the transaction menu
/// (`m`). Here they become the click they were (a press; a release is dropped, as ncurses
/// drops it), and anything that is not such a report goes on unchanged and in order.
struct SplitMouseReports {
    /// Esc and the characters after it that could still be the start of a report.
    private var held: [TerminalInput] = []
    private var report = ""
    /// When Esc came, on the uptime clock; how long it is held is the caller's to say.
    private(set) var heldSince: Double?

    var isHolding: Bool { !held.isEmpty }

    /// What to hand on now that `input` has come at `now` (seconds of uptime).
    mutating func take(_ input: TerminalInput, at now: Double) -> [TerminalInput] {
        guard isHolding else {
            guard input == .key(.escape) else { return [input] }
            held = [input]
            heldSince = now
            return []
        }
        guard case .key(.character(let character)) = input else { return flush() + take(input, at: now) }
        let candidate = report + String(character)
        switch Self.read(candidate) {
        case .notAReport:
            return flush() + take(input, at: now)
        case .partial:
            held.append(input)
            report = candidate
            return []
        case .complete(let event):
            reset()
            return event.map { [.mouse($0)] } ?? []
        }
    }

    /// The held keys as they came: nothing more arrived, so they were keys after all.
    mutating func flush() -> [TerminalInput] {
        let keys = held
        reset()
        return keys
    }

    private mutating func reset() {
        held = []
        report = ""
        heldSince = nil
    }

    enum Reading: Equatable {
        case notAReport
        case partial
        /// A whole report: the event it stands for, or nil for one the app does not use (a release).
        case complete(MouseEvent?)
    }

    /// Reads what followed Esc: `[<` then three numbers split by `;`, then `M` or `m`.
    static func read(_ text: String) -> Reading {
        var characters = Substring(text)
        for expected in "[<" {
            guard let first = characters.first else { return .partial }
            guard first == expected else { return .notAReport }
            characters = characters.dropFirst()
        }
        var numbers: [Int] = []
        var digits = ""
        for character in characters {
            if character.isASCII, character.isNumber, digits.count < 5 {
                digits.append(character)
            } else if character == ";", !digits.isEmpty, numbers.count < 2 {
                numbers.append(Int(digits) ?? 0)
                digits = ""
            } else if character == "M" || character == "m", !digits.isEmpty, numbers.count == 2 {
                numbers.append(Int(digits) ?? 0)
                return .complete(event(button: numbers[0], x: numbers[1], y: numbers[2], released: character == "m"))
            } else {
                return .notAReport
            }
        }
        return .partial
    }

    /// Columns and rows count from 1 in the report, from 0 on screen.
    private static func event(button: Int, x: Int, y: Int, released: Bool) -> MouseEvent? {
        guard !released, x > 0, y > 0 else { return nil }
        switch button {
        case 0: return MouseEvent(.press, x: x - 1, y: y - 1)
        case 64: return MouseEvent(.wheelUp, x: x - 1, y: y - 1)
        case 65: return MouseEvent(.wheelDown, x: x - 1, y: y - 1)
        default: return nil
        }
    }
}
