import Catalog
import Exports
import Foundation
import TerminalUI

// What the export tests share: the repository's own catalog and themes (the files a designer
// exports), and temporary directories that go away.

/// The repository's root, found from this file.
let repositoryRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().path

/// catalog.json at the root, as text and loaded.
let repositoryCatalogText: String = (try? String(contentsOfFile: repositoryRoot + "/catalog.json", encoding: .utf8)) ?? ""

func loadCatalog(_ text: String = repositoryCatalogText, file: String = "catalog.json") throws -> ProductCatalog {
    try CatalogFile.load(text: text, file: file)
}

/// The themes of Themes/, decoded as the app loads them (dark and light first).
func repositoryThemes() throws -> [Theme] {
    let directory = repositoryRoot + "/Themes"
    let names = try FileManager.default.contentsOfDirectory(atPath: directory).filter { $0.hasSuffix(".json") }.sorted()
    let themes = try names.map { try ThemeDecoder.decode(try String(contentsOfFile: "\(directory)/\($0)", encoding: .utf8), file: $0) }
    let first = ["dark", "light"]
    return themes.sorted { (first.firstIndex(of: $0.name) ?? 2, $0.name) < (first.firstIndex(of: $1.name) ?? 2, $1.name) }
}

/// A fresh directory under the system's temporary one; the caller removes it.
func temporaryDirectory(_ label: String) throws -> String {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("storefront-\(label)-\(UUID().uuidString.prefix(8))").path
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    return path
}

func combination(_ storefront: String = "USA", theme: String = "dark", width: Int = 120, height: Int = 40,
                 variant: String = "A", eligibility: String = "eligible", state: String? = nil, device: String = "full") -> Combination {
    Combination(storefront: storefront, theme: theme, width: width, height: height, variant: variant,
                eligibility: eligibility, state: state, device: device)
}

/// Every file under `directory`, relative, with its bytes: two exports compared whole.
func contents(of directory: String) throws -> [String: Data] {
    var files: [String: Data] = [:]
    for case let name as String in FileManager.default.enumerator(atPath: directory)?.allObjects ?? [] {
        var isDirectory: ObjCBool = false
        let path = "\(directory)/\(name)"
        if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), !isDirectory.boolValue {
            files[name] = try Data(contentsOf: URL(fileURLWithPath: path))
        }
    }
    return files
}
