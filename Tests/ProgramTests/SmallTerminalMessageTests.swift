import Program
import TerminalUI
import Testing

/// Below the smallest size the app says how big the terminal must be, wrapped at spaces: at
/// 40 columns it once read `(now 40` above `x10)`.
@Suite("The small-terminal message")
struct SmallTerminalMessageTests {
    @Test("No word is cut", arguments: [(40, 10), (20, 12), (12, 17), (59, 30), (100, 17)])
    func noWordIsCut(width: Int, height: Int) {
        let lines = makeApp(width: width, height: height).view().lines.filter { !$0.isEmpty }
        let words = "Make the terminal at least 60x18 (now \(width)x\(height)). q quits.".split(separator: " ")
        #expect(lines.flatMap { $0.split(separator: " ") } == words, "\(lines)")
        #expect(lines.allSatisfy { $0.count <= width })
    }
}
