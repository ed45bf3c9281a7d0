import StoreEngine

/// The words the App Store sheet shows of its own beyond Buy, Cancel and Account (which are the
/// paywall's, `PlayerText`): that the product is shared with the purchaser's family. In the
/// storefront's language, the same languages as Google Play's sheet (`PlaySheetText`), English
/// for any other.
struct AppStoreSheetText {
    enum Key: CaseIterable {
        case familySharing
    }

    private let words: [Key: String]

    init(language: String) {
        words = Self.builtIn[language] ?? Self.builtIn["en"] ?? [:]
    }

    subscript(key: Key) -> String {
        words[key] ?? Self.builtIn["en"]?[key] ?? ""
    }

    /// Apple's own name for Family Sharing in each language.
    static let builtIn: [String: [Key: String]] = [
        "en": [.familySharing: "Family Sharing: can be shared with your family"],
        "de": [.familySharing: "Familienfreigabe: kann mit der Familie geteilt werden"],
        "fr": [.familySharing: "Partage familial : partageable avec votre famille"],
        "es": [.familySharing: "En familia: se puede compartir con tu familia"],
        "pt": [.familySharing: "Compartilhamento Familiar: compartilhável com a família"],
        "ja": [.familySharing: "ファミリー共有：ファミリーと共有できます"],
        "ko": [.familySharing: "가족 공유: 가족과 공유할 수 있습니다"],
        "ar": [.familySharing: "المشاركة العائلية: يمكن مشاركته مع عائلتك"],
    ]
}
