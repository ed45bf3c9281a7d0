/// A catalog.json text of any size, for benchmarks: the default storefronts, consumables and
/// subscriptions in groups of three, every product priced everywhere. With `descriptions`, each
/// product also has a description in every storefront's language, as a real store's would: about
/// 9 MB for 10,000 products, against 3 MB without.
enum SyntheticCatalog {
    static func text(products count: Int, descriptions: Bool = false) -> String {
        let storefronts: [(String, String, String, String)] = [
            ("USA", "en_US", "USD", "paystation"), ("DEU", "de_DE", "EUR", "paystation"), ("JPN", "ja_JP", "JPY", "storekit"),
            ("GBR", "en_GB", "GBP", "paystation"), ("FRA", "fr_FR", "EUR", "paystation"), ("BRA", "pt_BR", "BRL", "storekit"),
            ("IND", "en_IN", "INR", "paystation"), ("SAU", "ar_SA", "SAR", "storekit"),
        ]
        let groupCount = max(1, count / 30)
        var out = """
        {"schemaVersion": 1, "app": {"name": "Bench Store", "bundleId": "com.example.bench"},
         "settings": {"projectId": 1, "enablePayments": true},
         "storefronts": [
        """
        out += storefronts.map { "{\"id\": \"\($0.0)\", \"locale\": \"\($0.1)\", \"currency\": \"\($0.2)\", \"path\": \"\($0.3)\"}" }
            .joined(separator: ",\n")
        out += "],\n\"accessLevels\": [{\"id\": \"premium\"}],\n\"subscriptionGroups\": ["
        out += (0..<groupCount).map { "{\"id\": \"group_\($0)\", \"accessLevel\": \"premium\"}" }.joined(separator: ",\n")
        out += "],\n\"products\": [\n"
        var products: [String] = []
        let periods = ["P1W", "P1M", "P1Y"]
        for index in 0..<count {
            let prices = storefronts.enumerated().map { offset, storefront in
                let whole = storefront.2 == "JPY" || storefront.2 == "INR"
                let amount = whole ? "\(100 + (index * 7 + offset) % 900)" : "\(index % 90 + 1).\(10 + (index + offset) % 89)"
                return "\"\(storefront.0)\": \"\(amount)\""
            }.joined(separator: ", ")
            let nameTable = "{\"en\": \"Item \(index)\", \"de\": \"Artikel \(index)\", \"ja\": \"アイテム\(index)\"}"
            // The name's members, and the description's after it when asked for.
            let names = nameTable + (descriptions ? ", \"description\": " + description(of: index) : "")
            if index % 10 == 9 {
                let group = index / 10 % groupCount
                products.append("""
                {"id": "com.example.bench.sub_\(index)", "type": "autoRenewable", "group": "group_\(group)", \
                "level": \(index % 3 + 1), "period": "\(periods[index % 3])", "name": \(names), "prices": {\(prices)}, \
                "introductoryOffer": {"mode": "freeTrial", "period": "P1W"}}
                """)
            } else {
                products.append("""
                {"id": "com.example.bench.item_\(index)", "type": "consumable", "grants": {"currency": "gems", \
                "amount": \(index % 500 + 10)}, "name": \(names), "prices": {\(prices)}}
                """)
            }
        }
        out += products.joined(separator: ",\n")
        let plans = (0..<min(3, count / 10)).map { "\"com.example.bench.sub_\($0 * 10 + 9)\"" }.joined(separator: ", ")
        out += """
        ],
        "paywalls": [{"id": "main", "placement": "store_open", "variants": [{"id": "A", "products": [\(plans)],
          "strings": {"en": {"title": "Bench paywall", "features": ["Fast"], "cta": "Continue"}}}]}]
        }
        """
        return out
    }

    /// Five languages of a sentence or two each, escapes and non-ASCII text among them.
    private static func description(of index: Int) -> String {
        let texts = [
            ("en", "A pouch of \(index % 500 + 10) gems for the \\\"Winter\\\" season: spend them in the shop or on boosts."),
            ("de", "Ein Beutel mit \(index % 500 + 10) Edelsteinen für die Wintersaison – im Laden oder für Booster ausgeben."),
            ("ja", "冬のシーズン用の\(index % 500 + 10)個の宝石の袋。ショップやブーストで使えます。"),
            ("fr", "Une bourse de \(index % 500 + 10) gemmes pour la saison d’hiver : à dépenser en boutique ou en bonus."),
            ("ar", "كيس من \(index % 500 + 10) جوهرة لموسم الشتاء: أنفقها في المتجر أو على المعززات."),
        ]
        return "{" + texts.map { "\"\($0.0)\": \"\($0.1)\"" }.joined(separator: ", ") + "}"
    }
}
