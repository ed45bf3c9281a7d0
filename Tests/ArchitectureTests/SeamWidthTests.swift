import Foundation
import Testing

/// The seam between the engine and a path stays narrow: `PurchasePath` (what every path is
/// asked) and `PathContext` (what a path may know and do) have at most twelve members each.
/// Anything more goes into a capability or a facet of its own, where a reader finds it by name.
@Suite("Seam: PurchasePath and PathContext have at most twelve members each")
struct SeamWidthTests {
    static let limit = 12

    @Test(arguments: [
        ("Sources/StoreEngine/Paths/PurchasePath.swift", "protocol PurchasePath"),
        ("Sources/StoreEngine/Core/PathContext.swift", "struct PathContext"),
    ])
    func theSeamIsNarrow(file: String, declaration: String) throws {
        let text = try String(contentsOf: packageRoot.appendingPathComponent(file), encoding: .utf8)
        let members = try #require(DeclaredMembers.names(in: text, of: declaration), "\(file) declares no \(declaration)")
        #expect(members.count >= 5, "\(file): the count read only \(members) (a scan that finds nothing would pass)")
        #expect(members.count <= Self.limit, "\(file): \(declaration) has \(members.count) members: \(members)")
    }

    /// The counter counts what a reader would: members at the top of the body, not a nested
    /// body's locals, private storage, or the initializer.
    @Test func theCounterCountsTopLevelMembersOnly() throws {
        let text = """
            struct Planted {
                private unowned let store: Int
                init(store: Int) { self.store = store }
                var a: Int { store }
                /// A comment naming func b() is no member.
                func b() -> Int {
                    let inner = 1
                    func nested() {}
                    return inner
                }
                associatedtype C
                static let d = 1
            }
            struct After { var e: Int }
            """
        #expect(try #require(DeclaredMembers.names(in: text, of: "struct Planted")) == ["a", "b", "C", "d"])
    }
}

/// The names a type's body declares at its top level.
enum DeclaredMembers {
    static func names(in text: String, of declaration: String) -> [String]? {
        guard let start = text.range(of: declaration + " ")?.lowerBound ?? text.range(of: declaration + ":")?.lowerBound,
              let open = text[start...].firstIndex(of: "{") else { return nil }
        var depth = 0
        var names: [String] = []
        for line in text[open...].split(separator: "\n", omittingEmptySubsequences: false) {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            guard !trimmed.hasPrefix("//") else { continue }
            if depth == 1, let name = memberName(trimmed) { names.append(name) }
            depth += trimmed.filter { $0 == "{" }.count - trimmed.filter { $0 == "}" }.count
            if depth == 0 { return names }
        }
        return nil
    }

    private static func memberName(_ line: String) -> String? {
        var words = line.split(separator: " ").map(String.init)
        let modifiers: Set = ["public", "internal", "static", "mutating", "nonisolated", "final", "@discardableResult"]
        while let first = words.first, modifiers.contains(first) { words.removeFirst() }
        guard words.count >= 2, ["var", "let", "func", "associatedtype"].contains(words[0]) else { return nil }
        let name = words[1].prefix { $0.isLetter || $0.isNumber || $0 == "_" }
        return name.isEmpty ? nil : String(name)
    }
}
