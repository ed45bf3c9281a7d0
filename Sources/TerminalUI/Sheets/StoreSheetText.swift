import StoreEngine

/// The words the stores' own sheets show (the refund sheet's title, its reasons, its button),
/// in the storefront's language: the languages of the paywall's built-in words, English for
/// any other. Cancel is the paywall's word (`PlayerText`), as on the purchase sheets.
struct StoreSheetText {
    enum Key: CaseIterable {
        case refundTitle, chooseReason, submit, purchased
        case unintendedPurchase, fulfillmentIssue, unsatisfiedWithPurchase, legal, other
    }

    private let words: [Key: String]

    init(language: String) {
        words = Self.builtIn[language] ?? Self.builtIn["en"] ?? [:]
    }

    subscript(key: Key) -> String {
        words[key] ?? Self.builtIn["en"]?[key] ?? ""
    }

    /// A refund reason as the sheet lists it.
    subscript(reason: RefundRequestReason) -> String {
        switch reason {
        case .unintendedPurchase: return self[Key.unintendedPurchase]
        case .fulfillmentIssue: return self[Key.fulfillmentIssue]
        case .unsatisfiedWithPurchase: return self[Key.unsatisfiedWithPurchase]
        case .legal: return self[Key.legal]
        case .other: return self[Key.other]
        }
    }

    static let builtIn: [String: [Key: String]] = [
        "en": [.refundTitle: "Request a Refund", .chooseReason: "Choose a reason", .submit: "Submit", .purchased: "Purchased",
               .unintendedPurchase: "I didn't mean to buy this", .fulfillmentIssue: "I didn't get it, or it doesn't work",
               .unsatisfiedWithPurchase: "It isn't what I expected", .legal: "A legal reason", .other: "Other"],
        "de": [.refundTitle: "Rückerstattung anfordern", .chooseReason: "Grund auswählen", .submit: "Senden", .purchased: "Gekauft",
               .unintendedPurchase: "Ich wollte das nicht kaufen", .fulfillmentIssue: "Nicht erhalten oder funktioniert nicht",
               .unsatisfiedWithPurchase: "Nicht, was ich erwartet habe", .legal: "Ein rechtlicher Grund", .other: "Sonstiges"],
        "fr": [.refundTitle: "Demander un remboursement", .chooseReason: "Choisissez un motif", .submit: "Envoyer",
               .purchased: "Acheté le", .unintendedPurchase: "Je ne voulais pas l’acheter",
               .fulfillmentIssue: "Pas reçu, ou ne fonctionne pas", .unsatisfiedWithPurchase: "Pas ce que j’attendais",
               .legal: "Un motif juridique", .other: "Autre"],
        "es": [.refundTitle: "Solicitar un reembolso", .chooseReason: "Elige un motivo", .submit: "Enviar", .purchased: "Comprado",
               .unintendedPurchase: "No quería comprarlo", .fulfillmentIssue: "No lo recibí o no funciona",
               .unsatisfiedWithPurchase: "No es lo que esperaba", .legal: "Un motivo legal", .other: "Otro"],
        "pt": [.refundTitle: "Solicitar reembolso", .chooseReason: "Escolha um motivo", .submit: "Enviar", .purchased: "Comprado em",
               .unintendedPurchase: "Não queria comprar isto", .fulfillmentIssue: "Não recebi ou não funciona",
               .unsatisfiedWithPurchase: "Não é o que eu esperava", .legal: "Um motivo legal", .other: "Outro"],
        "ja": [.refundTitle: "返金をリクエスト", .chooseReason: "理由を選択", .submit: "送信", .purchased: "購入日",
               .unintendedPurchase: "購入するつもりはなかった", .fulfillmentIssue: "受け取っていない、または動作しない",
               .unsatisfiedWithPurchase: "期待したものと違う", .legal: "法的な理由", .other: "その他"],
        "ko": [.refundTitle: "환불 요청", .chooseReason: "사유 선택", .submit: "제출", .purchased: "구입일",
               .unintendedPurchase: "구입할 의도가 없었음", .fulfillmentIssue: "받지 못했거나 작동하지 않음",
               .unsatisfiedWithPurchase: "기대와 다름", .legal: "법적 사유", .other: "기타"],
        "ar": [.refundTitle: "طلب استرداد", .chooseReason: "اختر سببًا", .submit: "إرسال", .purchased: "تاريخ الشراء",
               .unintendedPurchase: "لم أقصد شراء هذا", .fulfillmentIssue: "لم أستلمه أو لا يعمل",
               .unsatisfiedWithPurchase: "ليس كما توقعت", .legal: "سبب قانوني", .other: "أخرى"],
    ]
}
