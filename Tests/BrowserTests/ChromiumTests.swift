import Foundation
import Testing

/// The harness itself: a page's script runs and its DOM comes back.
@Suite struct ChromiumTests {
    @Test func aPagesScriptRunsBeforeTheDOMIsRead() throws {
        let page = FileManager.default.temporaryDirectory.appendingPathComponent("storefront-browser-\(UUID().uuidString.prefix(8)).html")
        try "<!doctype html><p class=x>1</p><p class=x>2</p><script>document.body.dataset.count = document.querySelectorAll('.x').length</script>"
            .write(to: page, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: page) }
        let dom = try Chromium.find().dom(of: page)
        #expect(dom.contains(#"data-count="2""#))
    }
}
