import Foundation
import Testing

/// A path decides; the store commits. A path records an outcome and hands the settlement back
/// on its step, and only the store takes it to the completion (validate, grant once, finish):
/// after the decision's commit, or inside it when the step says `deliveredWithItsDecision`. A
/// second way in, called from a path's own code, would let a path choose when a delivery
/// commits, and skip it.
@Suite("Paths: only the store takes a settlement to the completion")
struct OneDoorTests {
    /// The store's and the completion's ways in, as calls.
    static let delivering = ["apply", "conclude", "complete", "deliverWithItsDecision", "settleAndDeliver"]

    @Test func noFileUnderPathsCallsTheCompletion() throws {
        let files = OneDoor.swiftFiles(under: "Sources/StoreEngine/Paths")
        #expect(files.count >= 40, "the scan read only \(files.count) files (a scan that reads nothing would pass)")
        #expect(files.contains("Sources/StoreEngine/Paths/PayStation/PayStationPath+Redirect.swift"))
        #expect(files.contains("Sources/StoreEngine/Paths/Play/PlayPath+Delivery.swift"))
        for file in files {
            let text = try String(contentsOf: packageRoot.appendingPathComponent(file), encoding: .utf8)
            // A path records an outcome through `PathContext.purchases.settle`, never the completion's own call.
            for call in try OneDoor.calls(of: Self.delivering + ["recordOutcome"], in: text, file: file) {
                Issue.record(Comment(rawValue: call))
            }
        }
    }

    /// What a path may do to a purchase records outcomes; nothing of it delivers one.
    @Test func pathPurchasesOffersNoMemberThatDelivers() throws {
        let file = "Sources/StoreEngine/Core/PathPurchases.swift"
        let text = try String(contentsOf: packageRoot.appendingPathComponent(file), encoding: .utf8)
        let members = try #require(DeclaredMembers.names(in: text, of: "struct PathPurchases"))
        #expect(members.contains("settle") && members.count >= 5, "the count read only \(members)")
        #expect(!members.contains { $0.lowercased().contains("deliver") }, "\(members)")
        #expect(try OneDoor.calls(of: Self.delivering, in: text, file: file) == [])
    }

    @Test func aPlantedCallIsFoundAndACommentOrALongerNameIsNot() throws {
        let text = """
            let notice = try context.purchases.settleAndDeliver(id, as: .paid(at: nil))
            // store.apply(step) would be a second door
            _ = try store.apply (PathStep(settlements: [settlement]), withItsPayment: true)
            let notice = try store.decideAndApply { step }
            let applied = completedCount + 1
            let step = try decide { step }  // then apply(step)
            """
        #expect(try OneDoor.calls(of: Self.delivering, in: text, file: "F.swift") == [
            "F.swift:1: calls settleAndDeliver", "F.swift:3: calls apply",
        ])
    }
}

enum OneDoor {
    /// The Swift files under `folder`, relative to the package root, in order.
    static func swiftFiles(under folder: String) -> [String] {
        let root = packageRoot.appendingPathComponent(folder)
        guard let walk = FileManager.default.enumerator(atPath: root.path) else { return [] }
        return walk.compactMap { $0 as? String }.filter { $0.hasSuffix(".swift") }.map { "\(folder)/\($0)" }.sorted()
    }

    /// `file:line: calls name` for each call of one of `names` outside comments.
    static func calls(of names: [String], in text: String, file: String) throws -> [String] {
        let regex = try NSRegularExpression(pattern: "(?<![A-Za-z0-9_])(" + names.joined(separator: "|") + ")\\s*\\(")
        var found: [String] = []
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let code = String(line.components(separatedBy: "//").first ?? "")
            let range = NSRange(code.startIndex..., in: code)
            for match in regex.matches(in: code, range: range) {
                guard let name = Range(match.range(at: 1), in: code) else { continue }
                found.append("\(file):\(index + 1): calls \(code[name])")
            }
        }
        return found
    }
}
