import TestFixtures
import Testing
@testable import TerminalUI

/// The screen layout maps clicks to panes (the help's lines are the keymap's: Tests/ProgramTests/KeymapTests.swift).
@Suite("Chrome")
struct ChromeTests {
    /// Side by side, Server is a tab of the Events box: the box is whichever of the two is shown,
    /// and each name on its border is the pane it names.
    @Test(arguments: [(120, 40), (160, 50)])
    func everyPaneIsFoundWhereItIsDrawn(width: Int, height: Int) throws {
        let layout = ScreenLayout(width: width, height: height)
        let tabs = try #require(layout.tabs)
        #expect(tabs.labels.map(\.pane) == [.events, .server] && tabs.shown == .events)
        #expect(layout.drawnPanes == [.transactions, .entitlements, .events])
        for label in tabs.labels { #expect(layout.pane(at: label.rect.x, label.rect.y) == label.pane) }
        let server = ScreenLayout(width: width, height: height, shownBesideEvents: .server)
        #expect(server.drawnPanes == [.transactions, .entitlements, .server])
        #expect(server.pane(at: server.server.x, server.server.maxY - 1) == .server)
        for pane in layout.drawnPanes + [.paywall] {
            let rect = layout.rect(of: pane)
            #expect(!rect.isEmpty)
            #expect(layout.pane(at: rect.x, rect.y) == pane)
            #expect(layout.pane(at: rect.maxX - 1, rect.maxY - 1) == pane)
        }
        #expect(layout.pane(at: 0, 0) == nil)  // the status bar is no pane
        #expect(layout.pane(at: 0, height - 1) == nil)  // nor is the hint bar
    }

    /// Narrower, one live pane takes the width: its body is that pane, and each name on its
    /// top border is the pane it names.
    @Test(arguments: [(80, 24), (60, 18), (119, 30)])
    func narrowScreensShowOnePaneWithTabs(width: Int, height: Int) throws {
        let layout = ScreenLayout(width: width, height: height, shownPane: .entitlements)
        let tabs = try #require(layout.tabs)
        #expect(tabs.shown == .entitlements)
        #expect(layout.entitlements.width == width)
        #expect(layout.pane(at: layout.paywall.x, layout.paywall.y) == .paywall)
        let body = layout.entitlements
        #expect(layout.pane(at: body.x, body.y + 1) == .entitlements)
        #expect(layout.pane(at: body.maxX - 1, body.maxY - 1) == .entitlements)
        for label in tabs.labels {
            #expect(label.rect.y == body.y)
            #expect(layout.pane(at: label.rect.x, label.rect.y) == label.pane)
            #expect(layout.pane(at: label.rect.maxX - 1, label.rect.y) == label.pane)
        }
        #expect(tabs.labels.map(\.pane) == [.transactions, .entitlements, .events, .server])
        #expect(layout.pane(at: 0, 0) == nil)  // the status bar is no pane
        #expect(layout.pane(at: 0, height - 1) == nil)  // nor is the hint bar
    }
}
