import Catalog
import Foundation
import TerminalUI

/// A recording as an asciinema v2 cast, which `asciinema play` and asciinema-player read: a
/// header line (a JSON object: version, size, timestamp, title, env), then one JSON array a
/// line per event, `[seconds, "o", bytes]` for output and `[seconds, "r", "WxH"]` for a resize.
/// Each frame's bytes are only what changed since the one before (`ANSIText.changes`).
public enum CastFile {
    public static func document(_ recording: Recording) -> String {
        var lines = [header(recording)]
        var previous: Frame?
        var first = true
        for (time, event) in recording.events {
            switch event {
            case .resize(let width, let height):
                lines.append(eventLine(time, "r", "\(width)x\(height)"))
                // A player's screen after a resize holds what the terminal kept: draw it whole.
                previous = nil
            case .frame(let frame):
                var data = ANSIText.changes(from: previous, to: frame)
                // The app hides the cursor; so does the recording, from its first frame.
                if first { data = ANSIText.escape + "?25l" + data }
                first = false
                previous = frame
                if !data.isEmpty { lines.append(eventLine(time, "o", data)) }
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    static func header(_ recording: Recording) -> String {
        var fields = ["\"version\": 2", "\"width\": \(recording.width)", "\"height\": \(recording.height)",
                      "\"timestamp\": \(Int(recording.started.timeIntervalSince1970.rounded(.down)))"]
        if let title = recording.title { fields.append("\"title\": " + JSONText.quoted(title)) }
        let environment = recording.environment.sorted { $0.key < $1.key }
            .map { JSONText.quoted($0.key) + ": " + JSONText.quoted($0.value) }
        fields.append("\"env\": {" + environment.joined(separator: ", ") + "}")
        return "{" + fields.joined(separator: ", ") + "}"
    }

    static func eventLine(_ time: Double, _ code: String, _ data: String) -> String {
        "[" + JSONText.seconds(time) + ", \"" + code + "\", " + JSONText.quoted(data) + "]"
    }
}

/// JSON written by hand, so each line of a cast is exactly what the format asks, the same on
/// every platform (Foundation's encoders differ in key order and in escaping `/`).
enum JSONText {
    /// A JSON string: quotes and backslashes escaped, every control character (the ESC of
    /// every sequence, DEL too) as `\u00XX` or its short form, a hidden one (a bidi override in
    /// a title) as `\u202E`; the rest as UTF-8.
    static func quoted(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case "\u{08}": out += "\\b"
            case "\u{0C}": out += "\\f"
            case _ where ControlCharacters.isHidden(scalar):
                out += ControlCharacters.unicodeEscape(scalar)
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F {
                    let hex = String(scalar.value, radix: 16)
                    out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out + "\""
    }

    /// Seconds to the microsecond, never in exponent form (`0.000001`, not `1e-06`).
    static func seconds(_ time: Double) -> String {
        let micros = Int((max(0, time) * 1_000_000).rounded())
        let fraction = String(micros % 1_000_000)
        return "\(micros / 1_000_000)." + String(repeating: "0", count: 6 - fraction.count) + fraction
    }
}
