import Catalog
import Foundation

/// JUnit XML for CI: one testcase per scenario; a failed expectation is a `<failure>`, a
/// script error an `<error>` (type `script`, or `io` when the ledger could not be used), each
/// with `file:line` in its message.
public enum JUnitReport {
    public static func xml(_ results: [ScenarioResult], suiteName: String = "storefront scenarios") -> String {
        let failures = results.filter { if case .failed = $0.outcome { return true } else { return false } }.count
        let errors = results.filter { result in
            switch result.outcome {
            case .scriptError, .ioError: return true
            case .passed, .failed: return false
            }
        }.count
        let time = String(format: "%.3f", results.map(\.duration).reduce(0, +))
        var lines = [
            #"<?xml version="1.0" encoding="UTF-8"?>"#,
            #"<testsuites name="\#(escape(suiteName))" tests="\#(results.count)" failures="\#(failures)" errors="\#(errors)" time="\#(time)">"#,
            #"  <testsuite name="\#(escape(suiteName))" tests="\#(results.count)" failures="\#(failures)" errors="\#(errors)" time="\#(time)">"#,
        ]
        for result in results {
            let name = ((result.file as NSString).lastPathComponent as NSString).deletingPathExtension
            let folder = (result.file as NSString).deletingLastPathComponent
            let classname = folder.isEmpty ? "scenarios" : folder.replacingOccurrences(of: "/", with: ".")
            let opening = #"    <testcase classname="\#(escape(classname))" name="\#(escape(name))" file="\#(escape(result.file))" time="\#(String(format: "%.3f", result.duration))""#
            switch result.outcome {
            case .passed:
                lines.append(opening + "/>")
            case .failed(let failure):
                lines.append(opening + ">")
                lines.append(#"      <failure message="\#(escape("\(failure.location): \(failure.command)"))" type="expectation">\#(escape(failure.description))</failure>"#)
                lines.append("    </testcase>")
            case .scriptError(let error):
                lines.append(opening + ">")
                lines.append(#"      <error message="\#(escape(error.description))" type="script"/>"#)
                lines.append("    </testcase>")
            case .ioError(let error):
                lines.append(opening + ">")
                lines.append(#"      <error message="\#(escape(error.description))" type="io"/>"#)
                lines.append("    </testcase>")
            }
        }
        lines += ["  </testsuite>", "</testsuites>"]
        return lines.joined(separator: "\n") + "\n"
    }

    /// XML's five escapes, no control characters (XML 1.0 allows none but tab and newlines),
    /// and hidden characters (`ControlCharacters.isHidden`) spelt out as `\u202E`.
    static func escape(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&apos;"
            case "\t", "\n", "\r": out.unicodeScalars.append(scalar)
            // XML 1.0 allows no other C0 control, and not the noncharacters U+FFFE and U+FFFF.
            case _ where scalar.value < 0x20 || scalar.value == 0xFFFE || scalar.value == 0xFFFF: out += "?"
            // A bidi override would reorder the report in a browser or an editor: shown, not obeyed.
            case _ where ControlCharacters.isHidden(scalar): out += ControlCharacters.unicodeEscape(scalar)
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}
