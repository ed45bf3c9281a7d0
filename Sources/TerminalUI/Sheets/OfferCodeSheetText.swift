import StoreEngine

/// The code sheet's words, in the storefront's language (English for any other): its title,
/// its prompt and button, and each refusal as the store words it to the player.
struct OfferCodeSheetText {
    enum Key: CaseIterable {
        case title, prompt, redeem
    }

    private let language: String

    init(language: String) {
        self.language = Self.words[language] == nil ? "en" : language
    }

    subscript(key: Key) -> String {
        Self.words[language]?[key] ?? Self.words["en"]?[key] ?? ""
    }

    subscript(refusal: OfferCodeRefusal) -> String {
        Self.refusals[language]?[refusal] ?? Self.refusals["en"]?[refusal] ?? refusal.rawValue
    }

    static let words: [String: [Key: String]] = [
        "en": [.title: "Redeem Code", .prompt: "Enter your code", .redeem: "Redeem"],
        "de": [.title: "Code einlösen", .prompt: "Code eingeben", .redeem: "Einlösen"],
        "fr": [.title: "Utiliser un code", .prompt: "Saisissez votre code", .redeem: "Utiliser"],
        "es": [.title: "Canjear código", .prompt: "Introduce tu código", .redeem: "Canjear"],
        "pt": [.title: "Resgatar código", .prompt: "Digite seu código", .redeem: "Resgatar"],
        "ja": [.title: "コードを使う", .prompt: "コードを入力", .redeem: "使う"],
        "ko": [.title: "코드 사용", .prompt: "코드 입력", .redeem: "사용"],
        "ar": [.title: "استرداد رمز", .prompt: "أدخل الرمز", .redeem: "استرداد"],
    ]

    static let refusals: [String: [OfferCodeRefusal: String]] = [
        "en": [.unknown: "This code is not valid.", .used: "This code has already been redeemed.",
               .limitReached: "This code has reached its limit.", .expired: "This code has expired.",
               .offerRedeemed: "You have already redeemed this offer.", .notEligible: "You aren't eligible for this offer.",
               .alreadyOwned: "You already own this item.", .subscribed: "Not with your current subscription.",
               .notSold: "Not available in your country or region.", .noCodes: "Codes can't be redeemed here."],
        "de": [.unknown: "Dieser Code ist ungültig.", .used: "Dieser Code wurde bereits eingelöst.",
               .limitReached: "Dieser Code ist ausgeschöpft.", .expired: "Dieser Code ist abgelaufen.",
               .offerRedeemed: "Du hast dieses Angebot schon eingelöst.", .notEligible: "Dieses Angebot gilt nicht für dich.",
               .alreadyOwned: "Du besitzt diesen Artikel bereits.", .subscribed: "Nicht mit deinem aktuellen Abo.",
               .notSold: "In deinem Land nicht verfügbar.", .noCodes: "Hier können keine Codes eingelöst werden."],
        "fr": [.unknown: "Ce code n’est pas valide.", .used: "Ce code a déjà été utilisé.",
               .limitReached: "Ce code a atteint sa limite.", .expired: "Ce code a expiré.",
               .offerRedeemed: "Vous avez déjà profité de cette offre.", .notEligible: "Vous n’êtes pas éligible à cette offre.",
               .alreadyOwned: "Vous possédez déjà cet article.", .subscribed: "Impossible avec votre abonnement actuel.",
               .notSold: "Indisponible dans votre pays ou région.", .noCodes: "Aucun code ne peut être utilisé ici."],
        "es": [.unknown: "Este código no es válido.", .used: "Este código ya se ha canjeado.",
               .limitReached: "Este código ha alcanzado su límite.", .expired: "Este código ha caducado.",
               .offerRedeemed: "Ya has canjeado esta oferta.", .notEligible: "No cumples los requisitos de esta oferta.",
               .alreadyOwned: "Ya tienes este artículo.", .subscribed: "No con tu suscripción actual.",
               .notSold: "No disponible en tu país o región.", .noCodes: "Aquí no se pueden canjear códigos."],
        "pt": [.unknown: "Este código não é válido.", .used: "Este código já foi resgatado.",
               .limitReached: "Este código atingiu o limite.", .expired: "Este código expirou.",
               .offerRedeemed: "Você já resgatou esta oferta.", .notEligible: "Você não está qualificado para esta oferta.",
               .alreadyOwned: "Você já tem este item.", .subscribed: "Não com sua assinatura atual.",
               .notSold: "Indisponível no seu país ou região.", .noCodes: "Não é possível resgatar códigos aqui."],
        "ja": [.unknown: "このコードは無効です。", .used: "このコードは使用済みです。", .limitReached: "このコードは上限に達しました。",
               .expired: "このコードは期限切れです。", .offerRedeemed: "このオファーは使用済みです。",
               .notEligible: "このオファーの対象ではありません。", .alreadyOwned: "この項目はすでに所有しています。",
               .subscribed: "現在のサブスクリプションでは使えません。", .notSold: "お住まいの国または地域では利用できません。",
               .noCodes: "ここではコードを使えません。"],
        "ko": [.unknown: "유효하지 않은 코드입니다.", .used: "이미 사용된 코드입니다.", .limitReached: "코드 사용 한도에 도달했습니다.",
               .expired: "만료된 코드입니다.", .offerRedeemed: "이미 사용한 혜택입니다.", .notEligible: "이 혜택의 대상이 아닙니다.",
               .alreadyOwned: "이미 소유한 항목입니다.", .subscribed: "현재 구독으로는 사용할 수 없습니다.",
               .notSold: "해당 국가 또는 지역에서 사용할 수 없습니다.", .noCodes: "여기서는 코드를 사용할 수 없습니다."],
        "ar": [.unknown: "هذا الرمز غير صالح.", .used: "تم استرداد هذا الرمز من قبل.", .limitReached: "بلغ هذا الرمز حده.",
               .expired: "انتهت صلاحية هذا الرمز.", .offerRedeemed: "لقد استرددت هذا العرض من قبل.",
               .notEligible: "أنت غير مؤهل لهذا العرض.", .alreadyOwned: "أنت تملك هذا العنصر بالفعل.",
               .subscribed: "غير متاح مع اشتراكك الحالي.", .notSold: "غير متاح في بلدك أو منطقتك.",
               .noCodes: "لا يمكن استرداد الرموز هنا."],
    ]
}
