import Catalog
import Foundation

/// Work a path asked to have done later on the simulated clock, as a value of the path's own
/// type (an enum in the path's folder). The engine keeps it on the agenda and, when `kept`
/// says so, in the ledger; it never looks inside: when it falls due, or is read back at
/// launch, it goes to the path named by `performer`, which alone knows what it means.
protocol DueWork: Equatable {
    /// The path that scheduled it and performs it.
    static var performer: IntegrationPath { get }

    /// How the ledger keeps it; nil for work that lives only in the app and closes with it
    /// (Pay Station's page loading, its redirect countdown).
    var kept: DueWorkPayload? { get }
}

extension DueWork {
    /// Whether `other` is this very work: the same type and the same value.
    func isSame(as other: any DueWork) -> Bool {
        (other as? Self) == self
    }
}

/// Due work as the ledger keeps it: a kind and a few named fields, in the path's own words.
/// The fields are JSON with sorted keys, so a row reads the same every time.
struct DueWorkPayload: Equatable {
    var kind: String
    var fields: [String: String]

    init(kind: String, fields: [String: String]) {
        self.kind = kind
        self.fields = fields
    }

    /// Reads back what `encodedFields` wrote; throws for fields that are not a JSON object of strings.
    init(kind: String, encodedFields: String) throws {
        self.kind = kind
        fields = try JSONDecoder().decode([String: String].self, from: Data(encodedFields.utf8))
    }

    func encodedFields() throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(fields), as: UTF8.self)
    }

    /// A field the work cannot be read without.
    func field(_ name: String) throws -> String {
        guard let value = fields[name] else { throw DueWorkPayloadError.missingField(kind: kind, field: name) }
        return value
    }
}

/// Why a kept row of due work could not be read back.
enum DueWorkPayloadError: Error, CustomStringConvertible {
    /// A kind the path does not know (written by a later build, say).
    case unknownKind(String)
    case missingField(kind: String, field: String)
    case unreadableField(kind: String, field: String, value: String)
    /// A row naming a path this build has not registered.
    case unknownPath(String)

    var description: String {
        switch self {
        case .unknownKind(let kind): return "no work of kind \"\(QuotedText.part(kind))\" is known to its path"
        case .missingField(let kind, let field): return "\(kind) has no \(field)"
        case .unreadableField(let kind, let field, let value):
            return "\(kind)'s \(field) \"\(QuotedText.part(value))\" cannot be read"
        case .unknownPath(let path): return "no path \"\(QuotedText.part(path))\" is registered"
        }
    }
}

/// A path's due work on the agenda, with the path that performs it.
struct ScheduledWork: Equatable {
    let work: any DueWork

    init(_ work: any DueWork) {
        self.work = work
    }

    var performer: IntegrationPath { type(of: work).performer }

    static func == (lhs: ScheduledWork, rhs: ScheduledWork) -> Bool {
        lhs.work.isSame(as: rhs.work)
    }
}
