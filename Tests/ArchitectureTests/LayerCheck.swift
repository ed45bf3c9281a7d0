/// What breaks the layering: each says where and which rule, so a failure is fixed without
/// reading the test.
enum LayerViolation: Equatable, CustomStringConvertible {
    /// A target imports one that is above it (one that imports it, directly or through others).
    case upwardArrow(SourceImport)
    /// An import the table's row for the target does not list.
    case notAllowed(SourceImport, allowed: Set<String>)
    /// A folder in Sources/ that has no row in the table.
    case missingRow(target: String)
    /// A row for a target that is not in Sources/ (a renamed or removed one).
    case staleRow(target: String)
    /// The table's own arrows go round: a target reaches itself.
    case cycle(target: String)

    var description: String {
        switch self {
        case let .upwardArrow(found):
            "\(found.file):\(found.line): `import \(found.module)` is an upward arrow: \(found.module) is above "
                + "\(found.target) (it imports \(found.target), directly or through others); arrows point down only"
        case let .notAllowed(found, allowed):
            "\(found.file):\(found.line): `import \(found.module)` is not allowed in \(found.target), which may import "
                + "only \(allowed.sorted().joined(separator: ", ")) (docs/architecture.md, the layers table)"
        case let .missingRow(target):
            "Sources/\(target) has no row in the layers table of docs/architecture.md: add one saying what it may import"
        case let .staleRow(target):
            "the layers table of docs/architecture.md has a row for \(target), which is not a folder in Sources/"
        case let .cycle(target):
            "the layers table of docs/architecture.md goes round: \(target) reaches itself by its arrows"
        }
    }
}

enum LayerCheck {
    /// Every violation of `table` by `imports` of the `targets` found in Sources/, in file order.
    static func violations(of table: LayerTable, targets: Set<String>, imports: [SourceImport]) -> [LayerViolation] {
        var found: [LayerViolation] = []
        for target in targets.sorted() where table.allowed[target] == nil {
            found.append(.missingRow(target: target))
        }
        for target in table.allowed.keys.sorted() where !targets.contains(target) {
            found.append(.staleRow(target: target))
        }
        for target in table.allowed.keys.sorted() where table.below(target).contains(target) {
            found.append(.cycle(target: target))
        }
        for statement in imports {
            guard let allowed = table.allowed[statement.target], !allowed.contains(statement.module) else { continue }
            if statement.module == statement.target || table.below(statement.module).contains(statement.target) {
                found.append(.upwardArrow(statement))
            } else {
                found.append(.notAllowed(statement, allowed: allowed))
            }
        }
        return found
    }
}
