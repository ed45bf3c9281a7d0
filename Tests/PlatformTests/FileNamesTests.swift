import Foundation
import Platform
import Testing

/// `unlink`, `link` and `rename` on real files.
@Suite("File names")
struct FileNamesTests {
    @Test func aRemovedNameIsGoneAndRemovingNothingSaysSo() throws {
        try withFolder { folder throws in
            try "x".write(toFile: folder + "/file", atomically: false, encoding: .utf8)
            try FileNames.remove(folder + "/file")
            #expect(!FileManager.default.fileExists(atPath: folder + "/file"))
            #expect(throws: SystemError.noSuchEntry) { try FileNames.remove(folder + "/file") }
        }
    }

    @Test func aLinkIsASecondNameAndNeverReplacesOne() throws {
        try withFolder { folder throws in
            try "made".write(toFile: folder + "/new", atomically: false, encoding: .utf8)
            try FileNames.link(folder + "/new", as: folder + "/ledger")
            #expect(try String(contentsOfFile: folder + "/ledger", encoding: .utf8) == "made")
            try "other".write(toFile: folder + "/another", atomically: false, encoding: .utf8)
            #expect(throws: SystemError.alreadyExists) { try FileNames.link(folder + "/another", as: folder + "/ledger") }
            #expect(try String(contentsOfFile: folder + "/ledger", encoding: .utf8) == "made", "the first is kept")
            #expect(throws: SystemError.noSuchEntry) { try FileNames.link(folder + "/none", as: folder + "/x") }
        }
    }

    @Test func aRenameReplacesTheFileUnderTheName() throws {
        try withFolder { folder throws in
            try "old".write(toFile: folder + "/record", atomically: false, encoding: .utf8)
            try "new".write(toFile: folder + "/record.new", atomically: false, encoding: .utf8)
            try FileNames.rename(folder + "/record.new", to: folder + "/record")
            #expect(try String(contentsOfFile: folder + "/record", encoding: .utf8) == "new")
            #expect(!FileManager.default.fileExists(atPath: folder + "/record.new"))
            #expect(throws: SystemError.noSuchEntry) { try FileNames.rename(folder + "/record.new", to: folder + "/record") }
        }
    }
}

/// `fsync` of a folder.
@Suite("Folder sync")
struct FolderSyncTests {
    @Test func aFolderIsSyncedAndAMissingOneIsNot() throws {
        try withFolder { folder throws in
            try "x".write(toFile: folder + "/file", atomically: false, encoding: .utf8)
            #expect(FolderSync.flushEntries(of: folder))
            #expect(FolderSync.flushEntries(of: ""), "the current folder")
            #expect(!FolderSync.flushEntries(of: folder + "/none"))
        }
    }
}

/// `access` for existence and writing.
@Suite("Path access")
struct PathAccessTests {
    @Test func whatIsThereExistsThroughLinks() throws {
        try withFolder { folder throws in
            try "x".write(toFile: folder + "/file", atomically: false, encoding: .utf8)
            try FileManager.default.createSymbolicLink(atPath: folder + "/link", withDestinationPath: folder + "/file")
            try FileManager.default.createSymbolicLink(atPath: folder + "/dangling", withDestinationPath: folder + "/gone")
            #expect(PathAccess.exists(folder))
            #expect(PathAccess.exists(folder + "/file"))
            #expect(PathAccess.exists(folder + "/link"))
            #expect(!PathAccess.exists(folder + "/dangling"), "what it points at is not there")
            #expect(!PathAccess.exists(folder + "/none"))
        }
    }

    @Test func aFolderOfOursIsWritableAndAMissingOneIsNot() throws {
        try withFolder { folder throws in
            #expect(PathAccess.isWritable(folder))
            #expect(!PathAccess.isWritable(folder + "/none"))
            // Root writes past the mode bits; anyone else is refused by them.
            try PathStatus.changeMode(of: folder, to: 0o500)
            defer { try? PathStatus.changeMode(of: folder, to: 0o700) }
            #expect(PathAccess.isWritable(folder) == (getuid() == 0))
        }
    }
}

/// Opening without waiting, asking what was opened, reading to the end.
@Suite("File reader")
struct FileReaderTests {
    @Test func aFileIsReadWholePastOneBuffer() throws {
        try withFolder { folder throws in
            let bytes = (0..<200_000).map { UInt8(truncatingIfNeeded: $0 * 7) }
            try Data(bytes).write(to: URL(fileURLWithPath: folder + "/file"))
            let reader = try FileReader(openingWithoutWaiting: folder + "/file")
            defer { reader.close() }
            #expect(try reader.status().kind == .file)
            #expect(try reader.readToEnd() == bytes)
            #expect(try reader.readToEnd() == [], "at the end")
        }
    }

    @Test func aFIFOWithNoWriterOpensAtOnceAndSaysWhatItIs() throws {
        try withFolder { folder throws in
            #expect(mkfifo(folder + "/fifo", 0o600) == 0)
            let reader = try FileReader(openingWithoutWaiting: folder + "/fifo")
            defer { reader.close() }
            #expect(try reader.status().kind == .fifo)
        }
    }

    @Test func aFolderOpensButCannotBeRead() throws {
        try withFolder { folder throws in
            let reader = try FileReader(openingWithoutWaiting: folder)
            defer { reader.close() }
            #expect(try reader.status().kind == .directory)
            #expect(throws: SystemError(code: EISDIR)) { try reader.readToEnd() }
        }
    }
}
