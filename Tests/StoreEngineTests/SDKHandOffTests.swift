import Foundation
@testable import Ledger
import Testing
@testable import StoreEngine

/// What a call hands the app (what `makePurchase` returned, the delegate's callback) is a value
/// on the path's step, applied only once the call is committed: a call that fails hands
/// nothing, and a call whose steps changed the profile several times tells the delegate once,
/// with the profile as the call left it.
@Suite("What a call hands the app")
struct SDKHandOffTests {
    /// Records the profiles the SDK hands the app.
    final class ProfileDelegate: XeeDelegate {
        var profiles: [XeeProfile] = []
        func didLoadLatestProfile(_ profile: XeeProfile) { profiles.append(profile) }
        func shouldAddStorePayment(for productId: String) -> Bool { true }
    }

    /// A weekly pass's App Store sheet open on Xee, the server with the In-App Purchase key or
    /// not, and a delegate listening.
    private func withSheetOpen(key: Bool, _ body: (StoreHarness, ProfileDelegate) throws -> Void) throws {
        try withStore { harness in
            let delegate = ProfileDelegate()
            harness.store.xeeDelegate = delegate
            _ = try harness.store.configureXee(XeeServerSettings(hasInAppPurchaseKey: key))
            _ = try harness.store.beginPurchase(of: SKU.weeklyPass, in: "USA", on: .xee)
            try body(harness, delegate)
        }
    }

    @Test func aCallThatFailsHandsNothingAndItsRetryHandsTheResult() throws {
        // With the key, the server verifies with Apple inside the payment's commit: the profile
        // changes in the same call as the payment.
        try withSheetOpen(key: true) { harness, delegate in
            try FullDiskTests.fillDisk(harness.store)
            #expect(throws: StoreError.diskFull(path: harness.path)) { _ = try harness.send(.pressButton(.buy)) }
            #expect(delegate.profiles.isEmpty, "the delegate heard of a change that was rolled back")
            #expect(harness.store.currentReport().xeePurchase == nil, "a result of a rolled-back call")
            #expect(harness.store.currentReport().sheet != nil, "the sheet stays to try again")

            try harness.store.ledger.limitGrowth(toSparePages: nil)
            let retried = try harness.send(.pressButton(.buy))
            let result = try #require(retried.xeePurchase)
            #expect(result.profile?.isActive("premium") == true)
            #expect(delegate.profiles.count == 1)
            #expect(delegate.profiles.last?.isActive("premium") == true)
            #expect(harness.store.currentReport().xeePurchase == nil, "handed over once, on its own call's report")
        }
    }

    @Test func severalChangesInOneCallTellTheDelegateOnceWithTheProfileAfterIt() throws {
        // Without the key, access comes with the purchase's notification; the renewal's
        // notification changes the profile again.
        try withSheetOpen(key: false) { harness, delegate in
            _ = try harness.send(.pressButton(.buy))
            #expect(delegate.profiles.isEmpty)

            // One call moves the calendar past both notifications (and the polls between them),
            // each at its own time.
            _ = try harness.store.advance(by: 8 * 86_400)
            let changes = try harness.events(.xeeDidLoadLatestProfile)
            #expect(changes.count >= 2, "the scan needs two changes in one call: \(changes.map(\.message))")
            #expect(delegate.profiles.count == 1, "told once for the call")
            let told = try #require(delegate.profiles.last)
            #expect(told == (try harness.store.xee.getProfile()), "the profile as the call left it")
        }
    }
}
