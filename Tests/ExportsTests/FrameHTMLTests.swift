@testable import Exports
import Foundation
import Testing
import TerminalUI

@Suite struct FrameHTMLTests {
    @Test func eachRunOfOneStyleIsOneSpanInItsExactColorsAndEachCellABoxOfItsOwn() {
        var frame = Frame(width: 10, height: 2)
        frame.write("Gems", x: 0, y: 0, style: Style(foreground: RGB(0x12, 0xAB, 0xEF), background: RGB(0x01, 0x02, 0x03), bold: true))
        frame.write("$1", x: 5, y: 0, style: Style(underline: true))
        let html = FrameHTML.pre(frame)
        #expect(html.contains("<span style=\"color:#12abef;background:#010203;font-weight:bold\"><i>G</i><i>e</i><i>m</i><i>s</i></span>"))
        #expect(html.contains("<span style=\"text-decoration:underline\"><i>$</i><i>1</i></span>"))
        // Unstyled cells are a span without a style; a run of blanks is one box as wide as they are.
        #expect(html.contains("</span><span><i> </i></span><span style"))
        let rows = html.dropFirst("<pre class=\"frame\">".count).dropLast("</pre>".count).split(separator: "\n", omittingEmptySubsequences: false)
        #expect(rows.count == 2)
        #expect(rows[1] == "<span><i style=\"width:120px\">\(String(repeating: " ", count: 10))</i></span>")
    }

    @Test func textAlreadyInVisualOrderIsNotReorderedByTheBrowser() {
        // An override on the grid and on every box in it: the browser's bidirectional algorithm
        // would otherwise read the shaped Arabic a right-to-left frame holds backwards.
        #expect(FrameHTML.stylesheet.contains("pre.frame { font-family"))
        for selector in ["pre.frame {", "pre.frame span, pre.frame i {"] {
            let rule = FrameHTML.stylesheet.components(separatedBy: selector).dropFirst().first?.prefix { $0 != "}" } ?? ""
            #expect(rule.contains("direction: ltr; unicode-bidi: bidi-override;"), "\(selector) \(rule)")
        }
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
        #expect(html == "<pre class=\"frame\"><span><i class=\"w\">日</i><i class=\"w\">本</i><i style=\"width:24px\">  </i></span></pre>")
    }

    @Test func markupInTheTextIsEscaped() {
        var frame = Frame(width: 12, height: 1)
        frame.write("<b>&\"x\"", x: 0, y: 0, style: .plain)
        let page = FrameHTML.document(frame, title: "A<B")
        #expect(page.contains("<i>&lt;</i><i>b</i><i>&gt;</i><i>&amp;</i><i>&quot;</i><i>x</i><i>&quot;</i>"))
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
