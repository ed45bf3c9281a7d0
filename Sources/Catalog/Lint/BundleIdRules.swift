/// `bundle-id`: the app's bundle ID is what App Store Connect registers the app under, the
/// `bundleId` of every signed transaction, the package name Google Play sells under, and the
/// app's URL scheme (the default `paymentsRedirectUrl`, promoted purchases). One that no store
/// takes names an app that cannot exist: an error, located at `app.bundleId`.
extension LintContext {
    mutating func checkBundleId() {
        let path = JSONPath.root / "app" / "bundleId"
        guard !places.hasFailure(within: path) else { return }
        let id = catalog.app.bundleId
        let quoted = "bundleId \"\(ControlCharacters.escaped(id))\""
        if let problem = BundleIdShape.appStoreProblem(with: id) {
            report(.bundleId, at: path, "\(quoted) is not a bundle ID App Store Connect takes: \(problem); it is also the "
                   + "app's URL scheme. Write a reverse-DNS ID of letters, digits, hyphens and periods, such as \"com.example.game\"")
            return
        }
        let play = catalog.storefronts.filter { $0.path == .play }.map(\.id)
        guard !play.isEmpty, let problem = BundleIdShape.playProblem(with: id) else { return }
        report(.bundleId, at: path, "\(quoted) is the package name Google Play sells under in \(English.list(play, joinedBy: "and")), "
               + "and Google Play takes no such name: \(problem). Write one of letters, digits and underscores, each part "
               + "starting with a letter, such as \"com.example.game\"")
    }
}

/// The shapes the stores give an app's id, each problem as a clause with its place.
enum BundleIdShape {
    /// Apple's rule for a bundle ID: letters (A-Z, a-z), digits, hyphens and periods, in reverse
    /// DNS form, so two parts at least, none empty.
    static func appStoreProblem(with id: String) -> String? {
        guard !id.isEmpty else { return "it is empty" }
        if let (offset, scalar) = id.unicodeScalars.enumerated().first(where: { !isAppStoreCharacter($0.element) }) {
            return "\(name(of: scalar)) at character \(offset + 1) is not a letter, digit, hyphen or period"
        }
        return partsProblem(with: id)
    }

    /// Google Play's rule for a package name, on an id Apple's rule takes: no hyphen, and each
    /// part starts with a letter.
    static func playProblem(with id: String) -> String? {
        if let offset = id.unicodeScalars.firstIndex(of: "-").map({ id.unicodeScalars.distance(from: id.unicodeScalars.startIndex, to: $0) }) {
            return "\"-\" at character \(offset + 1) is not a letter, digit or underscore"
        }
        if let part = id.split(separator: ".").first(where: { !($0.unicodeScalars.first.map(isASCIILetter) ?? false) }) {
            return "its part \"\(part)\" starts with \"\(part.prefix(1))\", not a letter"
        }
        return nil
    }

    private static func partsProblem(with id: String) -> String? {
        let parts = id.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count >= 2 else { return "it is one part; a bundle ID has two at least, joined by periods (com.example.game)" }
        guard !parts.contains(where: \.isEmpty) else { return "it has an empty part (a period at an end, or two in a row)" }
        return nil
    }

    private static func isAppStoreCharacter(_ scalar: Unicode.Scalar) -> Bool {
        isASCIILetter(scalar) || ("0"..."9").contains(scalar) || scalar == "-" || scalar == "."
    }

    private static func isASCIILetter(_ scalar: Unicode.Scalar) -> Bool {
        ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar)
    }

    /// `a space`, `U+001B`, `"_"`: the character as a message can show it.
    private static func name(of scalar: Unicode.Scalar) -> String {
        if scalar == " " { return "a space" }
        if ControlCharacters.isControl(scalar) || ControlCharacters.isHidden(scalar) {
            let digits = String(scalar.value, radix: 16, uppercase: true)
            return "U+" + String(repeating: "0", count: max(0, 4 - digits.count)) + digits
        }
        return "\"\(scalar)\""
    }
}
