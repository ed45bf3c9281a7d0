@testable import Exports
import Foundation
import Testing
import TerminalUI

@Suite struct FrameHTMLTests {
    @Test func eachRunOfOneStyleIsOneSpanInItsExactColors() {
        var frame = Frame(width: 10, height: 2)
        frame.write("Gems", x: 0, y: 0, style: Style(foreground: RGB(0x12, 0xAB, 0xEF), background: RGB(0x01, 0x02, 0x03), bold: true))
        frame.write("$1", x: 5, y: 0, style: Style(underline: true))
        let html = FrameHTML.pre(frame)
        #expect(html.contains("<span style=\"color:#12abef;background:#010203;font-weight:bold\">Gems</span>"))
        #expect(html.contains("<span style=\"text-decoration:underline\">$1</span>"))
        // Unstyled cells are bare text; every row keeps its full width.
        #expect(html.contains("Gems</span> <span"))
        let rows = html.dropFirst("<pre class=\"frame\">".count).dropLast("</pre>".count).split(separator: "\n", omittingEmptySubsequences: false)
        #expect(rows.count == 2)
        #expect(rows[1] == String(repeating: " ", count: 10))
    }

    @Test func reverseSwapsTheColorsWithTheDefaultsForNone() {
        #expect(FrameHTML.declarations(Style(foreground: RGB(0xFF, 0, 0), reverse: true))
                == "color:\(FrameHTML.defaultBackground.hex);background:#ff0000")
        #expect(FrameHTML.declarations(Style(reverse: true))
                == "color:\(FrameHTML.defaultBackground.hex);background:\(FrameHTML.defaultForeground.hex)")
    }

    @Test func aWideCharacterIsHeldToTwoColumnsAndItsContinuationIsNotWritten() {
        var frame = Frame(width: 6, height: 1)
        frame.write("日本", x: 0, y: 0, style: .plain)
        let html = FrameHTML.pre(frame)
        #expect(html == "<pre class=\"frame\"><span class=\"w\">日</span><span class=\"w\">本</span>  </pre>")
    }

    @Test func markupInTheTextIsEscaped() {
        var frame = Frame(width: 12, height: 1)
        frame.write("<b>&\"x\"", x: 0, y: 0, style: .plain)
        let page = FrameHTML.document(frame, title: "A<B")
        #expect(page.contains("&lt;b&gt;&amp;&quot;x&quot;"))
        #expect(page.contains("<title>A&lt;B</title>"))
        #expect(!page.contains("<b>"))
    }

    @Test func aBidiOverrideInTheTitleIsShownNotObeyed() {
        // A browser reorders the title after U+202E; spelt out, it reads as what it is.
        let page = FrameHTML.document(Frame(width: 4, height: 1), title: "USA-da\u{202E}rk")
        #expect(page.contains(#"<title>USA-da\u202Erk</title>"#))
        #expect(!page.contains("\u{202E}"))
    }

    @Test func thePageIsSelfContained() {
        let page = FrameHTML.document(Frame(width: 4, height: 1), title: "t")
        #expect(page.hasPrefix("<!doctype html>"))
        for outside in ["http:", "https:", "<script", "<link", "src="] { #expect(!page.contains(outside)) }
    }
}
