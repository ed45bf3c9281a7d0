import Foundation
import Platform
import Testing

/// `isatty` on a pseudo-terminal, a pipe and a file.
@Suite("Terminal streams: which descriptors are terminals")
struct TerminalCheckTests {
    @Test func aPseudoTerminalIsOneAndAPipeOrAFileIsNot() throws {
        // The pseudo-terminal multiplexer: each open is the controlling side of a new terminal.
        let terminal = open("/dev/ptmx", O_RDWR | O_NOCTTY)
        try #require(terminal >= 0, "no pseudo-terminal to be had")
        defer { close(terminal) }
        #expect(TerminalStreams.isTerminal(terminal))

        var ends: [Int32] = [0, 0]
        try #require(pipe(&ends) == 0)
        defer { close(ends[0]); close(ends[1]) }
        #expect(!TerminalStreams.isTerminal(ends[0]))
        #expect(!TerminalStreams.isTerminal(ends[1]))

        let null = open("/dev/null", O_RDONLY)
        defer { close(null) }
        #expect(!TerminalStreams.isTerminal(null), "a device, but not a terminal")
        #expect(!TerminalStreams.isTerminal(-1))
    }

    @Test func theStandardStreamsAreDescriptorsZeroOneAndTwo() {
        #expect([TerminalStreams.input, TerminalStreams.output, TerminalStreams.errorOutput] == [0, 1, 2])
    }
}

/// `setlocale(LC_ALL, "")` under a real environment. Serialized: the locale and the
/// environment are the process's.
@Suite("Process locale", .serialized)
struct ProcessLocaleTests {
    #if canImport(Glibc)
    static let known = "C.UTF-8"
    #else
    static let known = "en_US.UTF-8"
    #endif

    @Test func theEnvironmentsLocaleIsTakenAndAnUnknownOneIsNot() throws {
        let before = String(cString: setlocale(LC_ALL, nil))
        let variable = getenv("LC_ALL").map { String(cString: $0) }
        defer {
            if let variable { setenv("LC_ALL", variable, 1) } else { unsetenv("LC_ALL") }
            setlocale(LC_ALL, before)
        }
        setenv("LC_ALL", Self.known, 1)
        #expect(ProcessLocale.adoptEnvironment() == Self.known)
        #expect(String(cString: setlocale(LC_ALL, nil)) == Self.known)
        setenv("LC_ALL", "xx_NONE.UTF-8", 1)
        #expect(ProcessLocale.adoptEnvironment() == nil)
        #expect(String(cString: setlocale(LC_ALL, nil)) == Self.known, "left as it was")
    }
}

/// SIGSTOP sent to a real child process, which the kernel then reports stopped.
@Suite("Job control")
struct JobControlTests {
    @Test func aProcessIsStoppedAndANonexistentOneIsNot() throws {
        var child: pid_t = 0
        let arguments: [UnsafeMutablePointer<CChar>?] = [strdup("sleep"), strdup("30"), nil]
        defer { arguments.forEach { free($0) } }
        try #require(posix_spawnp(&child, "sleep", nil, nil, arguments, environ) == 0)
        defer {
            kill(child, SIGKILL)
            var status: Int32 = 0
            waitpid(child, &status, 0)
        }
        #expect(JobControl.stop(child))
        var status: Int32 = 0
        #expect(waitpid(child, &status, WUNTRACED) == child)
        // WIFSTOPPED and WSTOPSIG, which Swift does not import: the low byte 0x7f, the signal above it.
        #expect(status & 0xff == 0x7f && (status >> 8) & 0xff == SIGSTOP)
        #expect(!JobControl.stop(Int32.max), "no such process")
    }
}

/// `fdopen` and `fopen` streams, written and read.
@Suite("Stdio streams")
struct StdioStreamsTests {
    @Test func theNullDevicesStreamsTakeWritesAndEndAtOnce() throws {
        let streams = try #require(StdioStreams.nullDevice())
        #expect(fputs("nothing\n", streams.output) >= 0)
        #expect(fflush(streams.output) == 0)
        #expect(fgetc(streams.input) == EOF)
        #expect(feof(streams.input) != 0)
        fclose(streams.output)
        fclose(streams.input)
    }

    @Test func theStandardStreamsAreOverDescriptorsZeroAndOne() {
        // Made only when both are open (a test runner may have closed standard input).
        let bothOpen = fcntl(0, F_GETFL) != -1 && fcntl(1, F_GETFL) != -1
        let streams = StdioStreams.standard()
        #expect((streams != nil) == bothOpen)
        if let streams {
            #expect(fileno(streams.output) == 1)
            #expect(fileno(streams.input) == 0)
        }
    }
}

/// The thread's CPU clock moves with work done, not with time slept.
@Suite("Thread clock")
struct ThreadClockTests {
    @Test func workMovesItAndSleepDoesNot() {
        let start = ThreadClock.cpuNanoseconds()
        var sum: UInt64 = 0
        let began = Date()
        while Date().timeIntervalSince(began) < 0.05 {
            for number in 0..<10_000 { sum &+= UInt64(number) &* sum &+ 1 }
        }
        let worked = ThreadClock.cpuNanoseconds()
        #expect(sum != 1)
        #expect(worked > start)
        Thread.sleep(forTimeInterval: 0.2)
        let slept = ThreadClock.cpuNanoseconds() - worked
        #expect(slept < 100_000_000, "a 0.2 s sleep used \(slept) ns of CPU")
    }
}

/// The signal numbers, as POSIX fixes them on Linux and Darwin alike.
@Suite("Signal numbers")
struct SignalNumberTests {
    @Test func theNumbersAreTheSystems() {
        #expect([SignalNumber.hangUp, SignalNumber.interrupt, SignalNumber.quit, SignalNumber.terminate] == [1, 2, 3, 15])
        #expect([SignalNumber.hangUp, SignalNumber.interrupt, SignalNumber.quit, SignalNumber.terminate]
            == [SIGHUP, SIGINT, SIGQUIT, SIGTERM])
    }
}
