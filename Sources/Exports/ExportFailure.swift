/// Why an export stopped, as a sentence that names the option, file or program and says what
/// to do, with the kind of failure the command turns into a sysexits code.
public struct ExportFailure: Error, Sendable, CustomStringConvertible {
    public enum Kind: Sendable, Equatable {
        /// A bad option or axis value (64).
        case usage
        /// A catalog, manifest or archived frame that does not read (65).
        case badData
        /// A file, directory or git revision that is not there (66).
        case noInput
        /// A program the export needs is not installed: `rsvg-convert`, `git` (69).
        case unavailable
        /// A file that could not be written, a converter that failed (74).
        case io
    }

    public var kind: Kind
    public var message: String

    public init(_ kind: Kind, _ message: String) {
        self.kind = kind
        self.message = message
    }

    public var description: String { message }
}
