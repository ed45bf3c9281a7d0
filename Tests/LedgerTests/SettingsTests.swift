import Foundation
import Testing
import Ledger

@Suite("Settings")
struct SettingsTests {
    @Test func settingsRoundTripAndReplace() throws {
        try withTemporaryLedgerPath { path throws in
            try withLedger(at: path) { ledger throws in
                #expect(try ledger.setting("paystation.customUserId") == nil)
                try ledger.setSetting("paystation.customUserId", to: "first")
                try ledger.setSetting("paystation.customUserId", to: "player-7 ✓")
                try ledger.setSetting("theme", to: "")
            }
            try withLedger(at: path) { ledger throws in
                #expect(try ledger.setting("paystation.customUserId") == "player-7 ✓")
                #expect(try ledger.setting("theme") == "")
                #expect(try ledger.setting("missing") == nil)
            }
        }
    }
}
