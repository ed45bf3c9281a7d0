/// The fixed words a player reads on a paywall, in the storefront's language: built in for
/// English, German, French, Spanish, Portuguese, Japanese, Korean and Arabic (English for any
/// other language), and overridden per locale by a variant's `strings` (docs/catalog.md).
/// Generic store words only: a game-specific phrase belongs in the catalog, never here.
public struct PlayerText: Sendable, Equatable {
    /// The keys, as a variant's `strings` spells them to override the built-in words.
    public enum Key: String, Sendable, CaseIterable {
        case shopTitle, cta, restore, terms, privacy, owned, currentPlan, notSoldHere, loading, unavailable, buy, cancel, waitingForAccess, account
    }

    private var words: [Key: String]

    /// The built-in words for `language` (`de` for `de_DE`), then `overrides` over them.
    public init(language: String, overrides: [Key: String] = [:]) {
        words = Self.builtIn[language] ?? Self.builtIn["en"] ?? [:]
        words.merge(overrides) { _, override in override }
    }

    public subscript(key: Key) -> String {
        words[key] ?? Self.builtIn["en"]?[key] ?? key.rawValue
    }

    /// Languages with built-in words.
    public static var languages: [String] { builtIn.keys.sorted() }

    static let builtIn: [String: [Key: String]] = [
        "en": [.shopTitle: "More in the store", .cta: "Continue", .restore: "Restore purchases", .terms: "Terms",
               .privacy: "Privacy", .owned: "Owned", .currentPlan: "Current plan", .notSoldHere: "Not sold here",
               .loading: "Loading products…", .unavailable: "Products are not available right now.",
               .buy: "Buy", .cancel: "Cancel", .waitingForAccess: "Waiting for access…", .account: "Account"],
        "de": [.shopTitle: "Mehr im Shop", .cta: "Weiter", .restore: "Käufe wiederherstellen", .terms: "Bedingungen",
               .privacy: "Datenschutz", .owned: "Gekauft", .currentPlan: "Aktuelles Abo", .notSoldHere: "Hier nicht erhältlich",
               .loading: "Produkte werden geladen…", .unavailable: "Produkte sind gerade nicht verfügbar.",
               .buy: "Kaufen", .cancel: "Abbrechen", .waitingForAccess: "Warte auf Zugang…", .account: "Konto"],
        "fr": [.shopTitle: "Plus dans la boutique", .cta: "Continuer", .restore: "Restaurer les achats", .terms: "Conditions",
               .privacy: "Confidentialité", .owned: "Acheté", .currentPlan: "Abonnement actuel",
               .notSoldHere: "Non disponible ici", .loading: "Chargement des produits…",
               .unavailable: "Les produits ne sont pas disponibles pour le moment.",
               .buy: "Acheter", .cancel: "Annuler", .waitingForAccess: "En attente de l’accès…", .account: "Compte"],
        "es": [.shopTitle: "Más en la tienda", .cta: "Continuar", .restore: "Restaurar compras", .terms: "Términos",
               .privacy: "Privacidad", .owned: "Comprado", .currentPlan: "Plan actual", .notSoldHere: "No disponible aquí",
               .loading: "Cargando productos…", .unavailable: "Los productos no están disponibles en este momento.",
               .buy: "Comprar", .cancel: "Cancelar", .waitingForAccess: "Esperando el acceso…", .account: "Cuenta"],
        "pt": [.shopTitle: "Mais na loja", .cta: "Continuar", .restore: "Restaurar compras", .terms: "Termos",
               .privacy: "Privacidade", .owned: "Comprado", .currentPlan: "Plano atual", .notSoldHere: "Indisponível aqui",
               .loading: "Carregando produtos…", .unavailable: "Os produtos não estão disponíveis no momento.",
               .buy: "Comprar", .cancel: "Cancelar", .waitingForAccess: "Aguardando acesso…", .account: "Conta"],
        "ja": [.shopTitle: "ストアのその他の商品", .cta: "続ける", .restore: "購入を復元", .terms: "利用規約",
               .privacy: "プライバシー", .owned: "購入済み", .currentPlan: "現在のプラン", .notSoldHere: "この地域では販売していません",
               .loading: "商品を読み込み中…", .unavailable: "現在、商品をご利用いただけません。",
               .buy: "購入", .cancel: "キャンセル", .waitingForAccess: "アクセスを待っています…", .account: "アカウント"],
        "ko": [.shopTitle: "스토어의 다른 상품", .cta: "계속", .restore: "구매 복원", .terms: "이용약관",
               .privacy: "개인정보처리방침", .owned: "구매함", .currentPlan: "현재 플랜", .notSoldHere: "이 지역에서 판매하지 않음",
               .loading: "상품을 불러오는 중…", .unavailable: "지금은 상품을 이용할 수 없습니다.",
               .buy: "구입", .cancel: "취소", .waitingForAccess: "액세스를 기다리는 중…", .account: "계정"],
        "ar": [.shopTitle: "المزيد في المتجر", .cta: "متابعة", .restore: "استعادة المشتريات", .terms: "الشروط",
               .privacy: "الخصوصية", .owned: "تم الشراء", .currentPlan: "الخطة الحالية", .notSoldHere: "غير متاح هنا",
               .loading: "جارٍ تحميل المنتجات…", .unavailable: "المنتجات غير متاحة الآن.",
               .buy: "شراء", .cancel: "إلغاء", .waitingForAccess: "في انتظار الوصول…", .account: "الحساب"],
    ]
}
