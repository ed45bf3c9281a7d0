/// Where the app serves the stores' server APIs: an IPv4 address of this machine and a port
/// (8780 unless given; 0 lets the system pick). One reading for the catalog's `settings.api`,
/// `--api` and `storefront keys --api`.
public struct ServedAddress: Sendable, Equatable, CustomStringConvertible {
    public var host: String
    public var port: UInt16

    public static let defaultPort: UInt16 = 8780

    public init(host: String, port: UInt16) {
        self.host = host
        self.port = port
    }

    /// `127.0.0.1:8780` or `127.0.0.1`; nil for anything else (a name, IPv6, a port past 65535).
    public init?(parsing text: String) {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        let octets = parts[0].split(separator: ".", omittingEmptySubsequences: false)
        let isNumber = { (part: Substring) in !part.isEmpty && part.allSatisfy { $0.isASCII && $0.isNumber } }
        guard parts.count <= 2, octets.count == 4, octets.allSatisfy({ isNumber($0) && UInt8($0) != nil }) else { return nil }
        if parts.count == 2 {
            guard isNumber(parts[1]), let port = UInt16(parts[1]) else { return nil }
            self.init(host: String(parts[0]), port: port)
        } else {
            self.init(host: String(parts[0]), port: Self.defaultPort)
        }
    }

    public var description: String { "\(host):\(port)" }

    /// What a wrong one is told.
    public static let expected = "an IPv4 address and a port, such as 127.0.0.1:8780"
}
