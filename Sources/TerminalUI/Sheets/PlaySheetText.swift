import StoreEngine

/// The words Google Play's sheet shows of its own (the test notice, the test instruments, the
/// payment method's heading), in the storefront's language: the same languages as the
/// paywall's built-in words, English for any other. Buy, Cancel and Account are the paywall's
/// words (`PlayerText`), as on the App Store sheet.
struct PlaySheetText {
    enum Key: CaseIterable {
        case testNotice, paymentMethod, approves, declines, slowApproves, slowDeclines, replaces
    }

    private let words: [Key: String]

    init(language: String) {
        words = Self.builtIn[language] ?? Self.builtIn["en"] ?? [:]
    }

    subscript(key: Key) -> String {
        words[key] ?? Self.builtIn["en"]?[key] ?? ""
    }

    /// The instrument's name on the sheet.
    subscript(instrument: PlayInstrument) -> String {
        switch instrument {
        case .approves: return self[Key.approves]
        case .declines: return self[Key.declines]
        case .slowApproves: return self[Key.slowApproves]
        case .slowDeclines: return self[Key.slowDeclines]
        }
    }

    static let builtIn: [String: [Key: String]] = [
        "en": [.replaces: "Replaces", .testNotice: "This is a test order; you will not be charged.", .paymentMethod: "Payment method",
               .approves: "Test instrument, always approves", .declines: "Test instrument, always declines",
               .slowApproves: "Slow test card, approves after a few minutes",
               .slowDeclines: "Slow test card, declines after a few minutes"],
        "de": [.replaces: "Ersetzt", .testNotice: "Dies ist eine Testbestellung; es wird nichts berechnet.", .paymentMethod: "Zahlungsmethode",
               .approves: "Testzahlungsmittel, immer genehmigt", .declines: "Testzahlungsmittel, immer abgelehnt",
               .slowApproves: "Langsame Testkarte, nach einigen Minuten genehmigt",
               .slowDeclines: "Langsame Testkarte, nach einigen Minuten abgelehnt"],
        "fr": [.replaces: "Remplace", .testNotice: "Ceci est une commande test ; rien ne vous sera facturé.", .paymentMethod: "Mode de paiement",
               .approves: "Instrument de test, toujours approuvé", .declines: "Instrument de test, toujours refusé",
               .slowApproves: "Carte de test lente, approuvée après quelques minutes",
               .slowDeclines: "Carte de test lente, refusée après quelques minutes"],
        "es": [.replaces: "Reemplaza", .testNotice: "Este es un pedido de prueba; no se te cobrará.", .paymentMethod: "Método de pago",
               .approves: "Instrumento de prueba, siempre aprueba", .declines: "Instrumento de prueba, siempre rechaza",
               .slowApproves: "Tarjeta de prueba lenta, aprueba en unos minutos",
               .slowDeclines: "Tarjeta de prueba lenta, rechaza en unos minutos"],
        "pt": [.replaces: "Substitui", .testNotice: "Este é um pedido de teste; você não será cobrado.", .paymentMethod: "Forma de pagamento",
               .approves: "Instrumento de teste, sempre aprova", .declines: "Instrumento de teste, sempre recusa",
               .slowApproves: "Cartão de teste lento, aprova após alguns minutos",
               .slowDeclines: "Cartão de teste lento, recusa após alguns minutos"],
        "ja": [.replaces: "置き換え", .testNotice: "これはテスト注文です。料金は請求されません。", .paymentMethod: "お支払い方法",
               .approves: "テスト用のお支払い方法（常に承認）", .declines: "テスト用のお支払い方法（常に不承認）",
               .slowApproves: "低速テストカード（数分後に承認）", .slowDeclines: "低速テストカード（数分後に不承認）"],
        "ko": [.replaces: "대체", .testNotice: "테스트 주문이며 요금이 청구되지 않습니다.", .paymentMethod: "결제 수단",
               .approves: "테스트 결제 수단, 항상 승인", .declines: "테스트 결제 수단, 항상 거부",
               .slowApproves: "느린 테스트 카드, 몇 분 후 승인", .slowDeclines: "느린 테스트 카드, 몇 분 후 거부"],
        "ar": [.replaces: "يستبدل", .testNotice: "هذا طلب تجريبي؛ لن يتم تحصيل أي رسوم منك.", .paymentMethod: "طريقة الدفع",
               .approves: "وسيلة دفع تجريبية، توافق دائمًا", .declines: "وسيلة دفع تجريبية، ترفض دائمًا",
               .slowApproves: "بطاقة تجريبية بطيئة، توافق بعد بضع دقائق",
               .slowDeclines: "بطاقة تجريبية بطيئة، ترفض بعد بضع دقائق"],
    ]
}
