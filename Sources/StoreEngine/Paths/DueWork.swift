import Catalog
import Foundation

/// Work a path asked to have done later on the simulated clock, as a value of the path's own
/// type (an enum in the path's folder, the path's `PurchasePath.Work`). The engine holds it in
/// the path's own words (`payload`: a kind and a few fields), on the agenda and, when `isKept`
/// says so, in the ledger; it never looks inside: when it falls due, or is read back at launch,
/// the path named by `performer` reads it back as its own type, which alone knows what it means.
protocol DueWork: Equatable {
    /// The path that scheduled it and performs it.
    static var performer: IntegrationPath { get }

    /// The work in the path's words: what the agenda holds, and the ledger keeps.
    var payload: DueWorkPayload { get }

    /// Whether the ledger keeps it; work that lives only in the app closes with it (Pay
    /// Station's page loading, its redirect countdown).
    var isKept: Bool { get }

    /// Reads back what `payload` wrote; throws for a kind or fields it does not know.
    init(_ payload: DueWorkPayload) throws
}

extension DueWork {
    /// How the ledger keeps it; nil for work it does not keep.
    var kept: DueWorkPayload? { isKept ? payload : nil }
}

/// The due work of a path that schedules nothing: there is none, and no row reads back as it.
enum NoDueWork: DueWork {
    /// A name no path has, so no work on the agenda reads as this.
    static var performer: IntegrationPath { IntegrationPath(name: "", displayName: "no path") }

    var payload: DueWorkPayload { switch self {} }
    var isKept: Bool { switch self {} }

    init(_ payload: DueWorkPayload) throws {
        throw DueWorkPayloadError.unknownKind(payload.kind)
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

/// A path's due work on the agenda: the path that performs it, and the work in that path's
/// words. The path reads it back as its own type (`work(as:)`, by decoding, never by a cast).
struct ScheduledWork: Equatable {
    let performer: IntegrationPath
    let payload: DueWorkPayload
    let isKept: Bool

    init<Work: DueWork>(_ work: Work) {
        performer = Work.performer
        payload = work.payload
        isKept = work.isKept
    }

    /// The work as `Work`, when it is work of `Work`'s path; nil for another path's.
    func work<Work: DueWork>(as type: Work.Type) throws -> Work? {
        guard performer == Work.performer else { return nil }
        return try Work(payload)
    }
}
