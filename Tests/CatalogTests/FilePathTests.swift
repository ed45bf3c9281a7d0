import Catalog
import Foundation
import Testing

@Suite struct FilePathTests {
    @Test(arguments: [("a/b/c", "a/b"), ("/c", "/"), ("c", ""), ("c/", ""), ("/", "/"), ("", ""), ("o", ""),
                      ("./o", "."), ("a//b", "a"), ("shots/out/", "shots"), ("../catalog.json", "..")])
    func theFolderOfAPathAsTyped(path: String, folder: String) {
        #expect(FilePath.folder(of: path) == folder)
    }
}
