@testable import Program
import StoreEngine
import TestFixtures
import Testing

/// What the player reads when an engine call fails: what happened, then how to go on.
@Suite("The notice of a failed call")
struct FailureNoticeTests {
    @Test func aFullDiskSaysWhatToDoAndNamesTheFileLast() {
        #expect(EngineWorker.sentence(for: .diskFull(path: "/s/storefront.sqlite"))
            == "Not saved, the disk is full: free some space and try again, or press q to quit (/s/storefront.sqlite).")
    }

    @Test func anyOtherLedgerFailureKeepsItsSentenceAndSaysHowToGoOn() {
        #expect(EngineWorker.sentence(for: .storage("/s/storefront.sqlite is corrupt (SQLite found damaged pages); move it away."))
            == "Not saved: /s/storefront.sqlite is corrupt (SQLite found damaged pages); move it away. Try again, or press q to quit.")
    }

    @Test func anErrorThatIsNotTheLedgersIsItsOwnSentence() {
        #expect(EngineWorker.sentence(for: .unknownStorefront("MRS")) == "Storefront MRS is not in the catalog.")
    }
}
