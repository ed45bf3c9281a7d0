import StoreEngine

/// The words the stores' own sheets show (the refund sheet's title, its reasons, its button),
/// in the storefront's language: the languages of the paywall's built-in words, English for
/// any other. Cancel is the paywall's word (`PlayerText`), as on the purchase sheets.
struct StoreSheetText {
    enum Key: CaseIterable {
        case refundTitle, chooseReason, submit, purchased
        case unintendedPurchase, fulfillmentIssue, unsatisfiedWithPurchase, legal, other
        case editSubscription, subscriptions, renews, expires, pausedUntil, ended, options, cancelSubscription, resubscribe
        case restore, resume, whyCancel, notEnoughUsage, technicalIssues, costRelated, foundBetterApp, proceed, done
        case paymentProblem, onHold, updatePayment, fixPayment, noThanks
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

    /// A reason of the cancel survey as the sheet lists it.
    subscript(reason: CancelSurveyReason) -> String {
        switch reason {
        case .notEnoughUsage: return self[Key.notEnoughUsage]
        case .technicalIssues: return self[Key.technicalIssues]
        case .costRelated: return self[Key.costRelated]
        case .foundBetterApp: return self[Key.foundBetterApp]
        case .others: return self[Key.other]
        }
    }

    static let builtIn: [String: [Key: String]] = [refundWords, subscriptionWords, messageWords].reduce(into: [:]) { all, part in
        all.merge(part) { $0.merging($1) { first, _ in first } }
    }

    /// An in-app message's words: a payment that failed, in grace or on hold.
    static let messageWords: [String: [Key: String]] = [
        "en": [.paymentProblem: "There's a problem with your payment", .onHold: "Your subscription is on hold",
               .updatePayment: "Update your payment method to keep it.", .fixPayment: "Fix payment", .noThanks: "No thanks"],
        "de": [.paymentProblem: "Problem mit deiner Zahlung", .onHold: "Dein Abo ist gesperrt",
               .updatePayment: "Aktualisiere die Zahlungsmethode, um es zu behalten.", .fixPayment: "Zahlung korrigieren",
               .noThanks: "Nein danke"],
        "fr": [.paymentProblem: "Un problème est survenu avec votre paiement", .onHold: "Votre abonnement est suspendu",
               .updatePayment: "Mettez à jour votre mode de paiement pour le garder.", .fixPayment: "Corriger le paiement",
               .noThanks: "Non merci"],
        "es": [.paymentProblem: "Hay un problema con tu pago", .onHold: "Tu suscripción está suspendida",
               .updatePayment: "Actualiza tu forma de pago para conservarla.", .fixPayment: "Corregir el pago",
               .noThanks: "No, gracias"],
        "pt": [.paymentProblem: "Há um problema com seu pagamento", .onHold: "Sua assinatura está suspensa",
               .updatePayment: "Atualize sua forma de pagamento para mantê-la.", .fixPayment: "Corrigir pagamento",
               .noThanks: "Agora não"],
        "ja": [.paymentProblem: "お支払いに問題があります", .onHold: "定期購入が保留中です",
               .updatePayment: "続けるにはお支払い方法を更新してください。", .fixPayment: "お支払いを修正", .noThanks: "今はしない"],
        "ko": [.paymentProblem: "결제에 문제가 있습니다", .onHold: "구독이 보류되었습니다",
               .updatePayment: "유지하려면 결제 수단을 업데이트하세요.", .fixPayment: "결제 수정", .noThanks: "나중에"],
        "ar": [.paymentProblem: "هناك مشكلة في الدفع", .onHold: "اشتراكك معلّق", .updatePayment: "حدّث طريقة الدفع للاحتفاظ به.",
               .fixPayment: "إصلاح الدفع", .noThanks: "لا، شكرًا"],
    ]

    /// The subscription page's words: the App Store's and Google Play's, and the cancel survey.
    static let subscriptionWords: [String: [Key: String]] = [
        "en": [.editSubscription: "Edit Subscription", .subscriptions: "Subscriptions", .renews: "Renews", .expires: "Expires",
               .pausedUntil: "Paused until", .ended: "Expired", .options: "Options", .cancelSubscription: "Cancel Subscription",
               .resubscribe: "Resubscribe", .restore: "Restore", .resume: "Resume", .whyCancel: "Why are you cancelling?",
               .notEnoughUsage: "I don't use it enough", .technicalIssues: "Technical issues", .costRelated: "It costs too much",
               .foundBetterApp: "I found a better app", .proceed: "Continue", .done: "Done"],
        "de": [.editSubscription: "Abo bearbeiten", .subscriptions: "Abos", .renews: "Verlängert sich am", .expires: "Läuft ab am",
               .pausedUntil: "Pausiert bis", .ended: "Abgelaufen am", .options: "Optionen", .cancelSubscription: "Abo kündigen",
               .resubscribe: "Erneut abonnieren", .restore: "Wiederherstellen", .resume: "Fortsetzen",
               .whyCancel: "Warum kündigst du?", .notEnoughUsage: "Ich nutze es zu wenig", .technicalIssues: "Technische Probleme",
               .costRelated: "Zu teuer", .foundBetterApp: "Bessere App gefunden", .proceed: "Weiter", .done: "Fertig"],
        "fr": [.editSubscription: "Modifier l’abonnement", .subscriptions: "Abonnements", .renews: "Renouvellement le",
               .expires: "Expire le", .pausedUntil: "En pause jusqu’au", .ended: "Expiré le", .options: "Options",
               .cancelSubscription: "Annuler l’abonnement", .resubscribe: "Se réabonner", .restore: "Restaurer",
               .resume: "Reprendre", .whyCancel: "Pourquoi annulez-vous ?", .notEnoughUsage: "Je ne l’utilise pas assez",
               .technicalIssues: "Problèmes techniques", .costRelated: "Trop cher", .foundBetterApp: "J’ai trouvé mieux",
               .proceed: "Continuer", .done: "OK"],
        "es": [.editSubscription: "Editar suscripción", .subscriptions: "Suscripciones", .renews: "Se renueva el",
               .expires: "Vence el", .pausedUntil: "En pausa hasta el", .ended: "Venció el", .options: "Opciones",
               .cancelSubscription: "Cancelar suscripción", .resubscribe: "Volver a suscribirse", .restore: "Restaurar",
               .resume: "Reanudar", .whyCancel: "¿Por qué cancelas?", .notEnoughUsage: "No lo uso lo suficiente",
               .technicalIssues: "Problemas técnicos", .costRelated: "Es demasiado caro", .foundBetterApp: "Encontré una app mejor",
               .proceed: "Continuar", .done: "Listo"],
        "pt": [.editSubscription: "Editar assinatura", .subscriptions: "Assinaturas", .renews: "Renova em", .expires: "Expira em",
               .pausedUntil: "Pausada até", .ended: "Expirou em", .options: "Opções", .cancelSubscription: "Cancelar assinatura",
               .resubscribe: "Assinar novamente", .restore: "Restaurar", .resume: "Retomar",
               .whyCancel: "Por que você está cancelando?", .notEnoughUsage: "Não uso o suficiente",
               .technicalIssues: "Problemas técnicos", .costRelated: "É caro demais", .foundBetterApp: "Encontrei um app melhor",
               .proceed: "Continuar", .done: "OK"],
        "ja": [.editSubscription: "サブスクリプションを編集", .subscriptions: "定期購入", .renews: "更新日", .expires: "有効期限",
               .pausedUntil: "一時停止の終了日", .ended: "期限切れ", .options: "オプション",
               .cancelSubscription: "サブスクリプションをキャンセル", .resubscribe: "再登録", .restore: "復元", .resume: "再開",
               .whyCancel: "キャンセルの理由", .notEnoughUsage: "あまり使わない", .technicalIssues: "技術的な問題",
               .costRelated: "料金が高い", .foundBetterApp: "もっと良いアプリを見つけた", .proceed: "続ける", .done: "完了"],
        "ko": [.editSubscription: "구독 편집", .subscriptions: "구독", .renews: "갱신일", .expires: "만료일",
               .pausedUntil: "일시중지 종료일", .ended: "만료됨", .options: "옵션", .cancelSubscription: "구독 취소",
               .resubscribe: "다시 구독", .restore: "복원", .resume: "재개", .whyCancel: "취소하는 이유",
               .notEnoughUsage: "충분히 사용하지 않음", .technicalIssues: "기술적 문제", .costRelated: "비용 문제",
               .foundBetterApp: "더 나은 앱을 찾음", .proceed: "계속", .done: "완료"],
        "ar": [.editSubscription: "تعديل الاشتراك", .subscriptions: "الاشتراكات", .renews: "يتجدد في", .expires: "ينتهي في",
               .pausedUntil: "متوقف مؤقتًا حتى", .ended: "انتهى في", .options: "الخيارات", .cancelSubscription: "إلغاء الاشتراك",
               .resubscribe: "إعادة الاشتراك", .restore: "استعادة", .resume: "استئناف", .whyCancel: "لماذا تلغي؟",
               .notEnoughUsage: "لا أستخدمه بما يكفي", .technicalIssues: "مشكلات فنية", .costRelated: "التكلفة مرتفعة",
               .foundBetterApp: "وجدت تطبيقًا أفضل", .proceed: "متابعة", .done: "تم"],
    ]

    /// The refund sheet's words.
    static let refundWords: [String: [Key: String]] = [
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
