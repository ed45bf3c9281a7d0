import Catalog
import Foundation

/// Reads a theme from the text of its JSON file. Pure: the caller reads the file.
public enum ThemeDecoder {
    public struct Failure: Error, Sendable, Equatable, CustomStringConvertible {
        public var file: String
        public var problems: [String]

        /// `Themes/x.json:3:7: malformed JSON: …` or `Themes/x.json: $.colors.text: …`.
        public var description: String {
            let file = ControlCharacters.escaped(self.file)
            return problems.map(ControlCharacters.escaped)
                .map { $0.first?.isNumber == true ? "\(file):\($0)" : "\(file): \($0)" }.joined(separator: "\n")
        }
    }

    private struct File: Decodable {
        var name: String
        var appearance: String
        var colors: [String: String]
        var border: String?
    }

    public static func decode(_ text: String, file: String) throws(Failure) -> Theme {
        // Foundation's decoder cannot say where a syntax error is; the catalog's parser can.
        do {
            _ = try JSONParser.parse(text)
        } catch {
            throw Failure(file: file, problems: ["\(error.position): malformed JSON: \(error.message)"])
        }
        let raw: File
        do {
            raw = try JSONDecoder().decode(File.self, from: Data(text.utf8))
        } catch let error as DecodingError {
            throw Failure(file: file, problems: [describe(error)])
        } catch {
            throw Failure(file: file, problems: ["\(error)"])
        }
        var problems: [String] = []
        let appearance = Theme.Appearance(rawValue: raw.appearance)
        if appearance == nil { problems.append("$.appearance: \"\(raw.appearance)\" is not light or dark") }
        var colors: [Theme.Role: RGB] = [:]
        for (key, value) in raw.colors.sorted(by: { $0.key < $1.key }) {
            guard let role = Theme.Role(rawValue: key) else {
                problems.append("$.colors.\(key): unknown role; expected one of \(Theme.Role.allCases.map(\.rawValue).joined(separator: ", "))")
                continue
            }
            guard let color = RGB(hex: value) else {
                problems.append("$.colors.\(key): \"\(value)\" is not a color; write #rrggbb")
                continue
            }
            colors[role] = color
        }
        for role in Theme.Role.allCases where colors[role] == nil && raw.colors[role.rawValue] == nil {
            problems.append("$.colors.\(role.rawValue): missing")
        }
        let border = raw.border.map { BorderStyle(rawValue: $0) } ?? .rounded
        if border == nil, let name = raw.border {
            problems.append("$.border: \"\(name)\" is not rounded, single, double or ascii")
        }
        guard problems.isEmpty, let appearance, let border else { throw Failure(file: file, problems: problems) }
        return Theme(name: raw.name, appearance: appearance, colors: colors, border: border)
    }

    private static func describe(_ error: DecodingError) -> String {
        func path(_ context: DecodingError.Context) -> String {
            "$" + context.codingPath.map { ".\($0.stringValue)" }.joined()
        }
        switch error {
        case .dataCorrupted(let context): return "malformed JSON: \(context.debugDescription)"
        case .keyNotFound(let key, let context): return "\(path(context)): missing key \"\(key.stringValue)\""
        case .typeMismatch(_, let context): return "\(path(context)): \(context.debugDescription)"
        case .valueNotFound(_, let context): return "\(path(context)): \(context.debugDescription)"
        @unknown default: return "\(error)"
        }
    }
}
