import Catalog
import Foundation

/// Reads a theme from the text of its JSON file. Pure: the caller reads the file.
/// Every problem is reported at once, each with its JSON path and line:column as the catalog's
/// are; a missing key at the object that should hold it.
public enum ThemeDecoder {
    public struct Failure: Error, Sendable, Equatable, CustomStringConvertible {
        public var file: String
        public var diagnostics: [Diagnostic]
        /// The `name` the file gives its theme, when it has one: `--theme NAME` finds a broken
        /// theme by it, to say why it does not load.
        public var declaredName: String?

        /// `Themes/x.json:3:7: error: $.colors.text: "red" is not a color; write #rrggbb`, a line each.
        public var description: String {
            diagnostics.map { $0.formatted(file: file) }.joined(separator: "\n")
        }
    }

    public static func decode(_ text: String, file: String) throws(Failure) -> Theme {
        let root: JSONNode
        do {
            root = try JSONParser.parse(text)
        } catch {
            throw Failure(file: file, diagnostics: [
                Diagnostic(.error, path: "$", position: error.position, message: "malformed JSON: \(error.message)"),
            ])
        }
        return try decode(root, file: file)
    }

    public static func decode(_ root: JSONNode, file: String) throws(Failure) -> Theme {
        var problems = Problems()
        guard case .object = root.value else {
            problems.error("expected an object, found \(root.kindName)", at: "$", root.position)
            throw Failure(file: file, diagnostics: problems.items, declaredName: nil)
        }
        let name = problems.string(root, "name", expected: "the theme's name, as --theme and the t key show it")
        if name?.isEmpty == true, let node = root["name"] {
            problems.error("must not be empty", at: "$.name", node.position)
        }
        var appearance: Theme.Appearance?
        if let text = problems.string(root, "appearance", expected: "light or dark") {
            appearance = Theme.Appearance(rawValue: text)
            if appearance == nil {
                problems.error("\"\(text)\" is not light or dark", at: "$.appearance", root["appearance"]?.position)
            }
        }
        let colors = self.colors(root, &problems)
        var border: BorderStyle? = .rounded
        if root["border"] != nil {
            border = problems.string(root, "border", expected: "").flatMap(BorderStyle.init(rawValue:))
            if border == nil, case .string(let text)? = root["border"]?.value {
                problems.error("\"\(text)\" is not rounded, single, double or ascii", at: "$.border", root["border"]?.position)
            }
        }
        guard problems.items.isEmpty, let name, let appearance, let border else {
            throw Failure(file: file, diagnostics: problems.items, declaredName: name)
        }
        return Theme(name: name, appearance: appearance, colors: colors, border: border)
    }

    private static func colors(_ root: JSONNode, _ problems: inout Problems) -> [Theme.Role: RGB] {
        guard let node = root["colors"] else {
            problems.error("missing required key \"colors\" (an object of a #rrggbb color per role)", at: "$", root.position)
            return [:]
        }
        guard case .object(let members) = node.value else {
            problems.error("expected an object, found \(node.kindName)", at: "$.colors", node.position)
            return [:]
        }
        var colors: [Theme.Role: RGB] = [:]
        for member in members {
            let path = "$.colors.\(member.key)"
            guard let role = Theme.Role(rawValue: member.key) else {
                problems.error("unknown role \"\(member.key)\"; expected one of \(Theme.Role.allCases.map(\.rawValue).joined(separator: ", "))",
                               at: path, member.keyPosition)
                continue
            }
            guard case .string(let text) = member.value.value else {
                problems.error("expected a color such as \"#12141c\", found \(member.value.kindName)", at: path, member.value.position)
                continue
            }
            guard let color = RGB(hex: text) else {
                problems.error("\"\(text)\" is not a color; write #rrggbb", at: path, member.value.position)
                continue
            }
            colors[role] = color
        }
        for role in Theme.Role.allCases where !members.contains(where: { $0.key == role.rawValue }) {
            problems.error("missing required key \"\(role.rawValue)\" (a color such as \"#12141c\")", at: "$.colors", node.position)
        }
        return colors
    }

    /// The problems found so far, in the order the walk met them.
    private struct Problems {
        private(set) var items: [Diagnostic] = []

        mutating func error(_ message: String, at path: String, _ position: SourcePosition?) {
            items.append(Diagnostic(.error, path: path, position: position, message: message))
        }

        /// The string member `key` of `object`; a missing one is reported on `object` when
        /// `expected` says what belongs there.
        mutating func string(_ object: JSONNode, _ key: String, expected: String) -> String? {
            guard let value = object[key] else {
                if !expected.isEmpty {
                    error("missing required key \"\(key)\" (\(expected))", at: "$", object.position)
                }
                return nil
            }
            guard case .string(let text) = value.value else {
                error("expected a string, found \(value.kindName)", at: "$.\(key)", value.position)
                return nil
            }
            return text
        }
    }
}
