import Foundation

/// A value of a request's JSON object, told apart by its JSON type as the stores' servers tell
/// them apart: a `true` is no number, a `1.5` no whole number.
enum JSONBodyValue: Decodable, Equatable {
    case null, bool(Bool), whole(Int64), string(String), other

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let bool = try? container.decode(Bool.self) {
            self = .bool(bool)
        } else if let number = try? container.decode(Int64.self) {
            self = .whole(number)
        } else if let string = try? container.decode(String.self) {
            self = .string(string)
        } else {
            self = .other
        }
    }

    /// The fields of a body that is a JSON object; nil for anything else.
    static func object(in body: Data) -> [String: JSONBodyValue]? {
        try? JSONDecoder().decode([String: JSONBodyValue].self, from: body)
    }
}
