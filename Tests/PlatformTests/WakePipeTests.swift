import Foundation
import Platform
import Testing

@Suite("Wake pipe")
struct WakePipeTests {
    private func isReadable(_ pipe: WakePipe) -> Bool {
        Readiness.wait(for: [pipe.readEnd], upTo: 0)[0]
    }

    @Test func aWakeMakesTheReadEndReadableAndADrainQuietsIt() throws {
        let pipe = try #require(WakePipe(nonBlocking: true))
        defer { pipe.closeReadEnd(); pipe.closeWriteEnd() }
        #expect(!isReadable(pipe))
        pipe.wake()
        pipe.wake()
        #expect(isReadable(pipe))
        pipe.drain()
        #expect(!isReadable(pipe))
    }

    /// A pipe holds some tens of kilobytes; a non-blocking one drops what does not fit
    /// instead of stopping the thread that posts.
    @Test func aFullNonBlockingPipeNeverStopsTheWriter() throws {
        let pipe = try #require(WakePipe(nonBlocking: true))
        defer { pipe.closeReadEnd(); pipe.closeWriteEnd() }
        for _ in 0..<(1 << 17) { pipe.wake() }
        #expect(isReadable(pipe))
        pipe.drain()
        #expect(!isReadable(pipe))
    }

    @Test func aBlockingPipeHandsOnEachByteUntilItsWriteEndCloses() throws {
        let pipe = try #require(WakePipe(nonBlocking: false))
        defer { pipe.closeReadEnd() }
        pipe.wake(with: 7)
        pipe.wake(with: 9)
        #expect(pipe.nextByte() == 7)
        #expect(pipe.nextByte() == 9)
        pipe.closeWriteEnd()
        #expect(pipe.nextByte() == nil)
    }

    @Test func bothEndsAreClosedOnExec() throws {
        let pipe = try #require(WakePipe(nonBlocking: false))
        defer { pipe.closeReadEnd(); pipe.closeWriteEnd() }
        #expect(fcntl(pipe.readEnd, F_GETFD) & FD_CLOEXEC != 0)
        #expect(fcntl(pipe.writeEnd, F_GETFD) & FD_CLOEXEC != 0)
    }

    @Test(arguments: [(nil, Int32(-1)), (0, 0), (0.0001, 1), (1.5, 1_500), (-3, 0), (Double.nan, 0), (1e12, Int32.max)] as [(Double?, Int32)])
    func pollTimeouts(seconds: Double?, milliseconds: Int32) {
        #expect(Readiness.milliseconds(seconds) == milliseconds)
    }
}
