import Catalog
import Foundation
import Ledger
import Testing
@testable import StoreEngine

/// Each path's due work is a value of the path's own type: the engine writes it to the ledger
/// as the path's kind and fields, reads the row back at launch and hands it to the path the row
/// names, which alone reads it. A row no path can read stays in the ledger and is said once.
@Suite("Due work: each path's own, through the ledger")
struct DueWorkRoutingTests {
    /// Every kind a path keeps, written as the ledger keeps it and read back by that path.
    @Test(arguments: [
        XeeDueWork.notification(transactionId: "txn-000001"),
        XeeDueWork.profilePoll(transactionId: "txn-000002", poll: 7),
        XeeDueWork.lifecycleNotification(transactionId: "txn-000003", change: .billingIssue),
    ])
    func xeeWorkReadsBackAsItWasWritten(_ work: XeeDueWork) throws {
        let kept = try #require(work.kept)
        let row = try DueWorkPayload(kind: kept.kind, encodedFields: kept.encodedFields())
        let read = try XeePath().scheduledWork(readingBack: row)
        #expect(read == ScheduledWork(work))
        #expect(try read.work(as: XeeDueWork.self) == work)
    }

    @Test func payStationKeepsOnlyAPaymentBeingProcessed() throws {
        let delivered = PayStationDueWork.delivered(invoiceId: "inv-9")
        let kept = try #require(delivered.kept)
        let read = try PayStationPath().scheduledWork(
            readingBack: DueWorkPayload(kind: kept.kind, encodedFields: try kept.encodedFields()))
        #expect(try read.work(as: PayStationDueWork.self) == delivered)
        // The page's own steps close with the app: held on the agenda, never read back from a row.
        #expect(PayStationDueWork.redirect(invoiceId: "inv-9").kept == nil)
        #expect(PayStationDueWork.loaded(invoiceId: "inv-9").kept == nil)
        #expect(throws: DueWorkPayloadError.self) {
            try PayStationPath().scheduledWork(readingBack: PayStationDueWork.redirect(invoiceId: "inv-9").payload)
        }
    }

    /// What the agenda holds of a path's work is the path's words for it, and reads back as the
    /// path's own value, kept or not; another path's type reads none of it.
    @Test(arguments: [
        ScheduledWork(PayStationDueWork.redirect(invoiceId: "inv-1")),
        ScheduledWork(PayStationDueWork.loaded(invoiceId: "inv-2")),
        ScheduledWork(PayStationDueWork.delivered(invoiceId: "inv-3")),
        ScheduledWork(PlayDueWork.reconnect(attempt: 3)),
        ScheduledWork(PlayDueWork.pendingSettles(transactionId: "txn-000001", approves: false)),
        ScheduledWork(PlayDueWork.acknowledgementDeadline(transactionId: "txn-000002")),
        ScheduledWork(XeeDueWork.profilePoll(transactionId: "txn-000003", poll: 2)),
    ])
    func everyWorkOnTheAgendaReadsBackAsItsPathsOwn(_ scheduled: ScheduledWork) throws {
        let payStation = try scheduled.work(as: PayStationDueWork.self)
        let play = try scheduled.work(as: PlayDueWork.self)
        let xee = try scheduled.work(as: XeeDueWork.self)
        let payloads = [payStation?.payload, play?.payload, xee?.payload].compactMap { $0 }
        #expect(payloads == [scheduled.payload], "read by its own path's type alone, as it was written")
        #expect((payStation != nil) == (scheduled.performer == .paystation))
        #expect((play != nil) == (scheduled.performer == .play))
        #expect((xee != nil) == (scheduled.performer == .xee))
    }

    /// Rows written by the build before this one (its fields through `JSONSerialization`) still read.
    @Test func rowsOfTheEarlierBuildStillRead() throws {
        let poll = try XeePath().scheduledWork(readingBack: DueWorkPayload(
            kind: "profilePoll", encodedFields: #"{"poll":"3","transactionId":"txn-000004"}"#))
        #expect(try poll.work(as: XeeDueWork.self) == .profilePoll(transactionId: "txn-000004", poll: 3))
        let change = try XeePath().scheduledWork(readingBack: DueWorkPayload(
            kind: "lifecycleNotification", encodedFields: #"{"change":"renewal","transactionId":"txn-000005"}"#))
        #expect(try change.work(as: XeeDueWork.self) == .lifecycleNotification(transactionId: "txn-000005", change: .renewal))
    }

    @Test func aPathRefusesWhatItCannotRead() throws {
        #expect(throws: DueWorkPayloadError.self) {
            try XeePath().scheduledWork(readingBack: DueWorkPayload(kind: "profilePoll",
                                                                    fields: ["transactionId": "t", "poll": "many"]))
        }
        #expect(throws: DueWorkPayloadError.self) {
            try XeePath().scheduledWork(readingBack: DueWorkPayload(kind: "delivered", fields: ["invoiceId": "inv-1"]))
        }
        #expect(throws: DueWorkPayloadError.self) {
            try StoreKitPath().scheduledWork(readingBack: DueWorkPayload(kind: "notification",
                                                                         fields: ["transactionId": "t"]))
        }
        #expect(throws: DueWorkPayloadError.self) {
            try PlayDueWork(DueWorkPayload(kind: "reconnect", fields: ["attempt": "soon"]))
        }
    }

    /// A Xee purchase without the In-App Purchase key schedules its notification and the first
    /// poll; after a relaunch both are on the agenda again as Xee's own values, at their time,
    /// and the notification goes back to the Xee path, which records the access.
    @Test func xeeWorkComesBackToXeeAfterARelaunch() throws {
        var catalog = try defaultCatalog()
        catalog.settings.xee = XeeSettings(inAppPurchaseKey: false, notificationDelaySeconds: 30)
        try withStore(catalog: catalog) { harness in
            let report = try harness.store.beginPurchase(of: SKU.monthlyPass, in: "USA", on: .xee)
            let transaction = try #require(report.storeKitSheet).transactionId
            _ = try harness.send(.pressButton(.buy))
            let bought = harness.now
            let rows = try harness.ledger.dueWork(user: harness.userId)
            #expect(rows.map(\.path) == ["xee", "xee"])
            #expect(Set(rows.map(\.kind)) == ["notification", "profilePoll"])

            try harness.relaunch()
            let items = harness.store.agenda.items.filter { $0.action.path != nil }
            #expect(items.map(\.action) == [
                .work(ScheduledWork(XeeDueWork.profilePoll(transactionId: transaction, poll: 1))),
                .work(ScheduledWork(XeeDueWork.notification(transactionId: transaction))),
            ])
            #expect(items.map(\.due) == [bought.addingTimeInterval(XeePath.pollInterval), bought.addingTimeInterval(30)])
            #expect(items.allSatisfy { $0.ledgerId != nil })

            _ = try harness.store.advance(to: bought.addingTimeInterval(30))
            let notified = try harness.events(.xeeNotification)
            #expect(notified.map(\.transactionId) == [transaction])
            #expect(harness.store.currentReport().snapshot.entitlement(id: "premium")?.isActive == true)
            #expect(try harness.ledger.dueWork(user: harness.userId).isEmpty, "done work leaves the ledger")
        }
    }

    /// A row its path cannot read (a kind from a later build, a path this build does not
    /// register) is not done and not dropped: it stays in the ledger, and the launch says so once.
    @Test func anUnreadableRowStaysInTheLedgerAndIsSaidOnce() throws {
        try withStore { harness in
            let due = harness.now.addingTimeInterval(5)
            let unknownKind = DueWorkRecord(userId: harness.userId, path: "xee", kind: "fromALaterBuild",
                                            payload: "{}", dueAt: due)
            let unknownPath = DueWorkRecord(userId: harness.userId, path: "nowhere", kind: "anything",
                                            payload: "{}", dueAt: due)
            _ = try harness.ledger.scheduleDueWork(unknownKind)
            _ = try harness.ledger.scheduleDueWork(unknownPath)

            try harness.relaunch()
            #expect(harness.store.agenda.items.isEmpty)
            let said = try harness.events(.ledgerUnreadable).map(\.message)
            #expect(said.count == 2)
            #expect(said.contains { $0.contains("xee (fromALaterBuild") && $0.contains("no work of kind") })
            #expect(said.contains { $0.contains("nowhere (anything") && $0.contains("no path") })

            _ = try harness.store.advance(to: due.addingTimeInterval(60))
            try harness.store.reloadAgenda()
            #expect(try harness.events(.ledgerUnreadable).count == 2, "said once a run")
            #expect(try harness.ledger.dueWork(user: harness.userId).count == 2, "both rows are kept")
        }
    }
}
