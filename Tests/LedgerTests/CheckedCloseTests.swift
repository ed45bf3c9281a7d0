import CSQLite
import Foundation
import Testing
@testable import Ledger

/// The check moved from the launch to the close: the app's last act checks the ledger and keeps
/// its fingerprint beside it, and the next open reads the file's digest instead of running
/// `integrity_check`, on real files. Every way the file can differ from the one checked (a byte, its
/// size, frames in the log, a record not ours) sends the open back to the check.
@Suite("The check kept from the last close")
struct CheckedCloseTests {
    static let pageSize = 4096

    /// A ledger with several pages of events, closed after `checkForNextOpen`.
    private func writeCheckedLedger(at path: String) throws {
        let check = try withLedger(at: path) { ledger in
            for number in 1...40 { try ledger.insert(sampleTransaction(id: "t-\(number)")) }
            for number in 1...300 {
                _ = try ledger.appendEvent(kind: "test.event", message: "event message number \(number)",
                                           transactionId: nil, at: date(1_700_000_000 + Double(number)))
            }
            return ledger.checkForNextOpen()
        }
        try #require(check == .recorded)
        try #require(!FileManager.default.fileExists(atPath: path + "-wal"), "the log was folded in at close")
    }

    private func recordPath(_ path: String) -> String { LedgerFingerprint.recordPath(for: path) }

    private func overwrite(_ path: String, at offset: Int, with bytes: [UInt8]) throws {
        let handle = try FileHandle(forUpdating: URL(fileURLWithPath: path))
        try handle.seek(toOffset: UInt64(offset))
        try handle.write(contentsOf: Data(bytes))
        try handle.close()
    }

    private func withCleanUp(_ body: (String) throws -> Void) throws {
        try withTemporaryLedgerPath { path in
            defer { unlink(recordPath(path)) }
            try body(path)
        }
    }

    @Test func theNextOpenKnowsTheFileFromItsFingerprint() throws {
        try withCleanUp { path in
            try writeCheckedLedger(at: path)
            let kept = try #require(LedgerFingerprint.recorded(for: path))
            #expect(kept.size == UInt64(try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int ?? -1))
            #expect(try FileManager.default.attributesOfItem(atPath: recordPath(path))[.posixPermissions] as? Int == 0o600)
            let check = LedgerDatabase.CheckAhead.begin(at: path)
            #expect(check.wait() == .unchanged)
            let ledger = try LedgerDatabase(path: path, checkedAhead: check)
            #expect(try ledger.events(newestFirst: 1).first?.message == "event message number 300")
        }
    }

    /// The scribbled page of `CorruptionTests`, made after the close: the digest differs, the
    /// check runs and finds it, and both opens refuse it untouched.
    @Test func aPageDamagedAfterTheCloseIsCheckedAndRefused() throws {
        try withCleanUp { path in
            try writeCheckedLedger(at: path)
            let root = try Int(withLedger(at: path) { ledger in
                try ledger.database.singleString("SELECT rootpage FROM sqlite_master WHERE name = 'events'")
            }) ?? 0
            // That open wrote nothing, so the file is still the one checked.
            #expect(LedgerDatabase.CheckAhead.begin(at: path).wait() == .unchanged)
            try overwrite(path, at: (root - 1) * Self.pageSize, with: [0x00, 0xFF, 0xFF])
            let before = try Data(contentsOf: URL(fileURLWithPath: path))
            let check = LedgerDatabase.CheckAhead.begin(at: path)
            guard case .damaged = check.wait() else {
                Issue.record("the damage went unchecked: \(check.wait())")
                return
            }
            for open in [{ _ = try LedgerDatabase(path: path, checkedAhead: check) }, { _ = try LedgerDatabase(path: path) },
                         { _ = try LedgerDatabase(readingOnly: path) }] {
                let error = try #require(throws: LedgerError.self) { try open() }
                guard case .corrupt(path, _) = error else {
                    Issue.record("\(error)")
                    continue
                }
            }
            #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before, "the damaged file was written to")
        }
    }

    /// One letter of an event's message changed: a well-formed file the check passes, but not
    /// the bytes it passed, so the open checks (and then opens it).
    @Test func anyChangedByteSendsTheOpenBackToTheCheck() throws {
        try withCleanUp { path in
            try writeCheckedLedger(at: path)
            var bytes = try Data(contentsOf: URL(fileURLWithPath: path))
            let found = try #require(bytes.range(of: Data("event message number 150".utf8)))
            bytes[found.lowerBound] = UInt8(ascii: "E")
            try bytes.write(to: URL(fileURLWithPath: path))
            #expect(LedgerDatabase.CheckAhead.begin(at: path).wait() == .whole)
        }
    }

    @Test func aFileOfAnotherSizeIsChecked() throws {
        try withCleanUp { path in
            try writeCheckedLedger(at: path)
            // A page of zeros on the end: SQLite ignores it, the fingerprint does not.
            let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
            try handle.seekToEnd()
            try handle.write(contentsOf: Data(count: Self.pageSize))
            try handle.close()
            #expect(!LedgerFingerprint.fileIsAsChecked(by: try SQLiteDatabase(path: path, readOnly: true)))
            #expect(LedgerDatabase.CheckAhead.begin(at: path).wait() == .whole)
        }
    }

    /// Another process wrote after the close and is still open: its frames are in the log, which
    /// the digest does not cover, so the file is checked however its own bytes compare.
    @Test func framesInTheLogSendTheOpenBackToTheCheck() throws {
        try withCleanUp { path in
            try writeCheckedLedger(at: path)
            let writer = try LedgerDatabase(path: path)
            try writer.insert(sampleTransaction(id: "t-after"))
            #expect(LedgerFingerprint.recorded(for: path) != nil, "the writer's open left the record")
            #expect(!LedgerFingerprint.logIsEmpty(writer.database))
            #expect(LedgerDatabase.CheckAhead.begin(at: path).wait() == .whole)
            withExtendedLifetime(writer) {}
        }
    }

    @Test func aRecordNotOursIsNoFingerprint() throws {
        try withCleanUp { path in
            try writeCheckedLedger(at: path)
            let good = try String(contentsOfFile: recordPath(path), encoding: .utf8)
            let digest = try #require(good.split(separator: "\n").last.map { String($0.dropFirst("digest ".count)) })
            for text in ["", "ok\n", good.replacingOccurrences(of: digest, with: "1234"),
                         good.replacingOccurrences(of: digest, with: digest.uppercased()),
                         good.replacingOccurrences(of: "bytes ", with: "bytes -"), good + "more\n", String(good.dropLast())] {
                try text.write(toFile: recordPath(path), atomically: true, encoding: .utf8)
                #expect(LedgerFingerprint.recorded(for: path) == nil, "\(text)")
                #expect(LedgerDatabase.CheckAhead.begin(at: path).wait() == .whole, "\(text)")
            }
            try good.write(toFile: recordPath(path), atomically: true, encoding: .utf8)
            #expect(LedgerDatabase.CheckAhead.begin(at: path).wait() == .unchanged, "the record as written is read back")
        }
    }

    /// Damage under an open ledger, read past its page cache: the close's check finds it and
    /// keeps no fingerprint, so the next open checks too (and refuses the file).
    @Test func aCloseThatFindsDamageKeepsNoFingerprint() throws {
        try withCleanUp { path in
            try writeCheckedLedger(at: path)
            let ledger = try LedgerDatabase(path: path)
            let root = Int(try ledger.database.singleString("SELECT rootpage FROM sqlite_master WHERE name = 'events'")) ?? 0
            try ledger.database.execute("PRAGMA wal_checkpoint(TRUNCATE)")
            try overwrite(path, at: (root - 1) * Self.pageSize, with: [0x00, 0xFF, 0xFF])
            try ledger.database.execute("PRAGMA shrink_memory")
            guard case .notRecorded(let reason) = ledger.checkForNextOpen() else {
                Issue.record("the damaged file was kept as whole")
                return
            }
            #expect(!reason.isEmpty)
            #expect(!FileManager.default.fileExists(atPath: recordPath(path)), "the last close's record was left")
            #expect(throws: LedgerError.self) { _ = try LedgerDatabase(readingOnly: path) }
        }
    }

    #if os(Linux)
    /// Whether another process sees a lock on the byte range where SQLite takes its shared lock
    /// on the database file, which a connection in WAL mode holds for as long as it is open.
    private func sharedLockIsHeld(on path: String) throws -> Bool {
        let script = """
            import fcntl, os, struct, sys
            fd = os.open(sys.argv[1], os.O_RDONLY)
            # struct flock on Linux x86-64 and arm64: type, whence, start, len, pid, padding.
            asked = struct.pack("hhqqi4x", fcntl.F_WRLCK, os.SEEK_SET, 0x40000000 + 2, 510, 0)
            found = struct.unpack("hhqqi4x", fcntl.fcntl(fd, fcntl.F_GETLK, asked))
            print("held" if found[0] != fcntl.F_UNLCK else "free")
            """
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        process.arguments = ["-c", script, path]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let answer = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        try #require(process.terminationStatus == 0, "the lock could not be asked for")
        return answer == "held\n"
    }

    /// The digest is read through SQLite's own handle on the file. Read through a descriptor of
    /// its own and closed, it dropped every POSIX lock the process held on the file, the shared
    /// lock of the connection just opened among them: another process closing the file would then
    /// have taken itself for the last and deleted the write-ahead log under this one.
    @Test func readingTheDigestKeepsTheOpenConnectionsLock() throws {
        try withCleanUp { path in
            try writeCheckedLedger(at: path)
            let ahead = LedgerDatabase.CheckAhead.begin(at: path)
            #expect(ahead.wait() == .unchanged)
            for open in [{ try LedgerDatabase(path: path) }, { try LedgerDatabase(readingOnly: path) },
                         { try LedgerDatabase(path: path, checkedAhead: ahead) }] {
                let ledger = try open()
                _ = try ledger.transactionCount()
                #expect(try sharedLockIsHeld(on: path), "the open's lock on the file was dropped")
                withExtendedLifetime(ledger) {}
            }
            let ledger = try LedgerDatabase(path: path)
            try ledger.insert(sampleTransaction(id: "t-after-digest"))
            #expect(ledger.checkForNextOpen() == .recorded)
            #expect(try sharedLockIsHeld(on: path), "the close's digest dropped the connection's lock")
        }
    }
    #endif

    @Test func aReaderKeepsNoFingerprint() throws {
        try withCleanUp { path in
            try writeCheckedLedger(at: path)
            let reader = try LedgerDatabase(readingOnly: path)
            #expect(reader.checkForNextOpen() == .notRecorded("opened for reading"))
            #expect(LedgerFingerprint.recorded(for: path) == nil)
        }
    }

    @Test func theRecordGoesWithTheLedgersFiles() {
        #expect(LedgerFiles.all("/state/l.sqlite").contains("/state/l.sqlite-checked"))
    }
}

/// The digest the fingerprint keeps.
@Suite("A content digest")
struct ContentDigestTests {
    private func digest(_ bytes: [UInt8], inChunksOf chunk: Int? = nil) -> ContentDigest.Value {
        var digest = ContentDigest()
        bytes.withUnsafeBytes { all in
            let size = chunk ?? max(all.count, 1)
            var start = 0
            repeat {
                let end = min(start + size, all.count)
                digest.add(UnsafeRawBufferPointer(rebasing: all[start..<end]))
                start = end
            } while start < all.count
        }
        return digest.finish()
    }

    private var sample: [UInt8] {
        (0..<1_000).map { UInt8(truncatingIfNeeded: $0 &* 37 &+ ($0 >> 3)) }
    }

    @Test func everyFlippedBitChangesIt() {
        let bytes = sample
        let original = digest(bytes)
        var seen: Set<String> = [original.hex]
        for index in bytes.indices {
            var changed = bytes
            changed[index] ^= UInt8(1 << (index % 8))
            seen.insert(digest(changed).hex)
        }
        #expect(seen.count == bytes.count + 1, "two different inputs gave one digest")
    }

    /// Zeros on the end are not the same bytes: the length is part of it.
    @Test func trailingZerosChangeIt() {
        let lengths = 0...70
        let digests = Set(lengths.map { digest([UInt8](repeating: 0, count: $0)).hex })
        #expect(digests.count == lengths.count)
    }

    @Test func theSameBytesInBlocksOrAtOnceGiveTheSameDigest() {
        let bytes = sample
        #expect(digest(bytes, inChunksOf: 32) == digest(bytes))
        #expect(digest(bytes, inChunksOf: 320) == digest(bytes))
        #expect(digest(bytes) == digest(bytes), "it depends on the bytes alone")
    }

    @Test func itsTextReadsBack() throws {
        let value = digest(sample)
        #expect(value.hex.count == 32)
        #expect(ContentDigest.Value(hex: Substring(value.hex)) == value)
        #expect(ContentDigest.Value(hex: Substring(value.hex.dropLast())) == nil)
        #expect(ContentDigest.Value(hex: "zz" + Substring(value.hex.dropFirst(2))) == nil)
    }
}
