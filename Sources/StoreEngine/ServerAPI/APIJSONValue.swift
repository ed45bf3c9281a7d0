import Foundation

/// A JSON value in a request's body, told apart by its JSON type as the stores' servers tell
/// them apart (a `true` is no number, `"3"` no integer): how the APIs read the bodies they take.
indirect enum APIJSONValue: Decodable, Equatable {
    case null, bool(Bool), number(Int), string(String), object([String: APIJSONValue]), other

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let bool = try? container.decode(Bool.self) {
            self = .bool(bool)
        } else if let number = try? container.decode(Int.self) {
            self = .number(number)
        } else if let string = try? container.decode(String.self) {
            self = .string(string)
        } else if let object = try? container.decode([String: APIJSONValue].self) {
            self = .object(object)
        } else {
            self = .other
        }
    }

    /// The body's fields, when it is a JSON object.
    static func fields(of body: Data) -> [String: APIJSONValue]? {
        try? JSONDecoder().decode([String: APIJSONValue].self, from: body)
    }
}

/// A body the App Store refuses: status 400 and the field's code (Apple's `APIError`).
public struct AppStoreRefusal: Error, Equatable {
    public var code: Int
    public var message: String
}
