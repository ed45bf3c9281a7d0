import Testing

extension EndToEnd {
    /// What designers press: `v` through the variants and their templates, `e` through offer
    /// eligibility, each marked in the status bar.
    @Suite("Previews", .needsTmux)
    struct Previews {
        @Test("v cycles variants and templates; e cycles eligibility and the offers follow")
        func variantsAndEligibility() throws {
            let state = try TemporaryDirectory()
            defer { state.remove() }
            let app = try TmuxSession(stateDirectory: state.path)
            defer { app.close() }
            try app.waitForLaunch()
            var templates: Set<String> = []
            for press in 0..<3 {
                app.sendKeys("v")
                // Two previews, then round to the assigned variant, which is no preview.
                let screen = press < 2
                    ? try app.waitUntil("a variant preview is marked in the status bar") {
                        $0.statusBar.contains("(preview)") && $0.bottomLine.hasPrefix("Previewing variant")
                    }
                    : try app.waitUntil("the assigned variant again, not marked as a preview") {
                        !$0.statusBar.contains("(preview)") && $0.bottomLine.contains("as assigned to this player")
                    }
                if let line = screen.first(where: { $0.contains("Paywall main · store_open · ") }),
                   let template = ["cards", "list", "hero"].first(where: { line.contains("· \($0) ") }) {
                    templates.insert(template)
                }
                app.sendKeys("Escape")  // clears the notice so the next one is seen anew
                try app.waitUntil("the notice clears") { !$0.bottomLine.contains("ariant ") }
            }
            #expect(templates == ["cards", "list", "hero"])

            app.sendKeys("e")
            try app.waitUntil("eligible is marked") { $0.statusBar.contains("offers: eligible") }
            app.sendKeys("e")
            let ineligible = try app.waitUntil("not eligible is marked and no free week is offered") {
                $0.statusBar.contains("offers: not eligible") && !$0.shows("1 week free")
            }
            #expect(!ineligible.shows("1 week free"))
            app.sendKeys("e")
            try app.waitUntil("auto again: the free week is back") { !$0.statusBar.contains("offers:") && $0.shows("1 week free") }
            try app.quit()
        }
    }
}
