import Foundation
import Testing

extension EndToEnd {
    /// `c`: the real binary saves the screen into `captures/` under the folder it was started
    /// in, as SVG, PNG (rsvg-convert, which `make test` installs) and text, and says where.
    @Suite("Capture key")
    struct CaptureKey {
        @Test("c saves the screen as SVG, PNG and text, the text as tmux shows it, and says where", .needsTmux)
        func savesTheScreen() throws {
            let state = try TemporaryDirectory()
            defer { state.remove() }
            let folder = try TemporaryDirectory()
            defer { folder.remove() }
            let app = try TmuxSession(stateDirectory: state.path, directory: folder.path)
            defer { app.close() }
            try app.waitForLaunch()
            // The clock paused, so nothing on screen moves between the last look and `c`; once the
            // Events pane logs the rate, its notice has come and cannot replace the capture's.
            app.sendKeys("[", "[", "[", "[", "[", "[", "[", "[", "[", "[", "[", "[", "[", "[", "[", "[")
            let shown = try app.waitUntil("the paused rate is logged and two looks at the screen agree") {
                $0.shows("clock.rate paused") && $0 == app.capture()
            }
            app.sendKeys("c")
            let said = try app.waitUntil("the bottom line says where the screen went") { $0.bottomLine.hasPrefix("Screen saved as captures/") }
            let captures = folder.path + "/captures"
            let files = try FileManager.default.contentsOfDirectory(atPath: captures).sorted()
            try #require(files.count == 3, "\(files)")
            let name = (files[0] as NSString).deletingPathExtension
            #expect(files == [name + ".png", name + ".svg", name + ".txt"])
            #expect(said.bottomLine == "Screen saved as captures/\(name).svg, .png and .txt.")
            let text = try String(contentsOfFile: "\(captures)/\(name).txt", encoding: .utf8)
            #expect(CastReplay.trimmed(text.components(separatedBy: "\n")) == CastReplay.trimmed(shown),
                    "saved:\n\(text)\ntmux:\n\(shown.joined(separator: "\n"))")
            #expect(try String(contentsOfFile: "\(captures)/\(name).svg", encoding: .utf8).contains("<svg xmlns="))
            let png = try Data(contentsOf: URL(fileURLWithPath: "\(captures)/\(name).png"))
            #expect(png.prefix(4) == Data([0x89, 0x50, 0x4E, 0x47]))
        }
    }
}
