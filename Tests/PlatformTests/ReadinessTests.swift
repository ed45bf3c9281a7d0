import Foundation
import Platform
import Testing

/// `poll` on real pipes: what a descriptor with bytes, one whose writer has gone, and a quiet
/// one look like when the wait ends.
@Suite("Readiness")
struct ReadinessTests {
    @Test func aPipeWithBytesIsReadableAndAQuietOneIsNot() throws {
        let loud = try #require(WakePipe(nonBlocking: true))
        let quiet = try #require(WakePipe(nonBlocking: true))
        defer { [loud, quiet].forEach { $0.closeReadEnd(); $0.closeWriteEnd() } }
        loud.wake()
        let outcome = Readiness.poll([quiet.readEnd, loud.readEnd], upTo: 60)
        #expect(!outcome.interrupted)
        #expect(outcome.states == [Readiness.State(), Readiness.State(isReadable: true, isReady: true)])
        #expect(Readiness.wait(for: [quiet.readEnd, loud.readEnd], upTo: 60) == [false, true])
    }

    @Test func aPipeWhoseWriterHasGoneIsGone() throws {
        let pipe = try #require(WakePipe(nonBlocking: true))
        defer { pipe.closeReadEnd() }
        pipe.closeWriteEnd()
        let state = Readiness.poll([pipe.readEnd], upTo: 60).states[0]
        #expect(state.isGone && state.isReady)
    }

    @Test func aWaitWithNothingReadyEndsWhenTheTimePasses() throws {
        let pipe = try #require(WakePipe(nonBlocking: true))
        defer { pipe.closeReadEnd(); pipe.closeWriteEnd() }
        let outcome = Readiness.poll([pipe.readEnd], upTo: 0)
        #expect(outcome.states == [Readiness.State()])
        #expect(!outcome.interrupted)
    }

    @Test func aDescriptorNotOpenIsGone() {
        #expect(Readiness.poll([Int32.max], upTo: 0).states[0].isGone)
    }

    @Test func theTimeoutInMilliseconds() {
        #expect(Readiness.milliseconds(nil) == -1)
        #expect(Readiness.milliseconds(0.0001) == 1)
        #expect(Readiness.milliseconds(-3) == 0)
        #expect(Readiness.milliseconds(1e12) == Int32.max)
    }
}
