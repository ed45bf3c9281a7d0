import Testing

extension EndToEnd {
    /// Issue 16 item 12 in a real terminal: `--device phone` and `d` draw the paywall in a
    /// device's rounded frame, the live panes beside it, and the button in it buys.
    @Suite("Device frame", .needsTmux)
    struct DeviceFrame {
        @Test("--device phone, then d to a tablet and back to the full width")
        func phoneTabletFull() throws {
            let state = try TemporaryDirectory()
            defer { state.remove() }
            let app = try TmuxSession(stateDirectory: state.path, width: 120, height: 40, arguments: ["--device", "phone"])
            defer { app.close() }
            try app.waitForLaunch()
            let phone = try app.waitUntil("the paywall in a phone's frame, the panes beside it") {
                $0.box(titled: "phone · main") != nil && $0.box(titled: "Transactions") != nil
            }
            let frame = try #require(phone.box(titled: "phone · main"))
            #expect(frame.right - frame.left + 1 == 46, "\(phone.joined(separator: "\n"))")
            let panes = try #require(phone.box(titled: "Transactions"))
            #expect(panes.left > frame.right)  // beside the device, not under it
            #expect(phone[frame.top].displayCells[frame.left] == "╭" && phone[frame.bottom].displayCells[frame.left] == "╰")
            // The button's words and the links are inside the frame.
            let inside = try #require(phone.pane("phone · main"))
            #expect(inside.contains { $0 == "Start free trial" || $0 == "Continue" } && inside.contains { $0.contains("Restore purchases") },
                    "\(inside.joined(separator: "\n"))")

            app.sendKeys("d")
            // Waits for the whole frame, 80 columns: a capture taken while the terminal is still
            // drawing the update can hold the new title with the phone's edges under it.
            let tablet = try app.waitUntil("d: a tablet's frame, 80 columns wide") { screen in
                guard let box = screen.box(titled: "tablet · main") else { return false }
                // The bottom edge too: the top row can be drawn before the rest of the update.
                return box.right - box.left + 1 == 80 && screen[box.bottom].displayCells[box.left] == "╰"
                    && screen[box.bottom].displayCells[box.right] == "╯"
            }
            let wide = try #require(tablet.box(titled: "tablet · main"))
            #expect(tablet[wide.bottom].displayCells[wide.left] == "╰" && tablet[wide.bottom].displayCells[wide.right] == "╯")
            app.sendKeys("d")
            try app.waitUntil("d: the full width again") {
                $0.box(titled: "Paywall main · store_open") != nil && $0.bottomLine.contains("Device: full width")
            }
            try app.quit()
        }

        @Test("--device takes full, phone or tablet")
        func badDevice() throws {
            let state = try TemporaryDirectory()
            defer { state.remove() }
            let result = try Finished.run(try BuiltBinary.path(), ["--catalog", BuiltBinary.catalog, "--state-dir", state.path,
                                                                    "--device", "watch"])
            #expect(result.status == 64)
            #expect(result.standardError.contains("--device takes full, phone, tablet, not watch."))
        }
    }
}
