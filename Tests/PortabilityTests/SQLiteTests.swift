import Foundation
import Testing

/// What Sources/Ledger asks of SQLite, against the SQLite macOS links (the system's, not
/// Debian's 3.40). The floor is macOS 11's SQLite, 3.32.3: every later macOS ships a later
/// one, so a name in it is in macOS 15's; raise it only to a version seen on a Mac
/// (`sqlite3 --version`).
@Suite("Portability: every sqlite3_ name Ledger uses is in the SQLite macOS ships")
struct SQLiteTests {
    static let floor = Version("3.32.3")

    /// A SQLite version, compared part by part.
    struct Version: Comparable, CustomStringConvertible {
        var parts: [Int]
        init(_ text: String) { parts = text.split(separator: ".").map { Int($0) ?? 0 } }
        var description: String { parts.map(String.init).joined(separator: ".") }
        static func < (left: Version, right: Version) -> Bool { left.parts.lexicographicallyPrecedes(right.parts) }
    }

    /// Fixtures/sqlite-since.txt: name to the release that has it.
    static func releases() throws -> [String: Version] {
        let lines = try packageFile("Tests/PortabilityTests/Fixtures/sqlite-since.txt").split(separator: "\n")
        var releases: [String: Version] = [:]
        for line in lines where !line.hasPrefix("#") {
            let fields = line.split(separator: " ")
            if fields.count == 2 { releases[String(fields[0])] = Version(String(fields[1])) }
        }
        return releases
    }

    @Test func everySQLiteNameLedgerUsesIsInMacOSsSQLite() throws {
        let releases = try Self.releases()
        var uses: [UsedName] = []
        for file in packageFiles(under: "Sources/Ledger", endingIn: ".swift") {
            uses += SwiftNames.used(in: try packageFile(file), file: file).filter { $0.name.hasPrefix("sqlite3_") }
        }
        // A scan that found nothing would pass anything.
        #expect(Set(uses.map(\.name)).isSuperset(of: ["sqlite3_open_v2", "sqlite3_prepare_v2", "sqlite3_step"]))
        for use in uses {
            guard let release = releases[use.name] else {
                Issue.record(Comment(rawValue: "\(use): not in Tests/PortabilityTests/Fixtures/sqlite-since.txt; add it "
                    + "with the SQLite release that added it (sqlite.org's release log)"))
                continue
            }
            if release > Self.floor {
                Issue.record(Comment(rawValue: "\(use): needs SQLite \(release), newer than \(Self.floor), the floor of what macOS ships"))
            }
        }
    }

    @Test func theListNamesOnlyWhatLedgerUses() throws {
        var used: Set<String> = []
        for file in packageFiles(under: "Sources/Ledger", endingIn: ".swift") {
            used.formUnion(SwiftNames.used(in: try packageFile(file), file: file).map(\.name))
        }
        #expect(Set(try Self.releases().keys).subtracting(used).sorted() == [], "a name Ledger no longer uses: remove it")
    }
}
