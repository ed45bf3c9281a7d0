import Foundation

/// The codes that redeem an offer (docs/catalog.md, "Offer codes and promo codes"): an offer
/// code's `codes`, and a Google Play promotion with its own. Each problem is reported at its path.
extension CatalogDecoder {
    static let codesKey = "codes"

    /// `{ "custom": [...], "oneTime": [...] }`.
    func decodeCodes(_ reader: ObjectReader) -> OfferCodes {
        guard let codes = reader.object(Self.codesKey, allowedKeys: ["custom", "oneTime"]) else { return OfferCodes() }
        let custom = codes.elements("custom") { element -> CustomCode? in
            guard let entry = ObjectReader(element.node, path: element.path, diagnostics: diagnostics,
                                           allowedKeys: ["code", "limit", "expires"]),
                  let code = code(entry, "code") else { return nil }
            return CustomCode(code: code, limit: entry.int("limit", range: 1...1_000_000), expires: expiry(entry))
        }
        let oneTime = codes.elements("oneTime") { element -> OneTimeCodes? in
            guard let batch = ObjectReader(element.node, path: element.path, diagnostics: diagnostics,
                                           allowedKeys: ["codes", "expires"]) else { return nil }
            let list = batch.elements("codes", required: true) { element -> String? in
                guard case .string(let text) = element.node.value else {
                    diagnostics.error("expected a code as a string, found \(element.node.kindName)", path: element.path,
                                      at: element.node.position)
                    return nil
                }
                return checked(text, path: element.path, at: element.node.position)
            }
            return OneTimeCodes(codes: list, expires: expiry(batch))
        }
        if custom.isEmpty, oneTime.isEmpty, codes.member("custom") == nil, codes.member("oneTime") == nil {
            diagnostics.error("codes needs \"custom\" codes, \"oneTime\" codes or both; or remove \"codes\"",
                              path: codes.path, at: codes.node.position)
        }
        return OfferCodes(custom: custom, oneTime: oneTime)
    }

    /// A Google Play promotion: `{ "id", "freeTrial", "codes" }`.
    func decodePromotion(_ element: (node: JSONNode, path: String)) -> PlayPromotion? {
        guard let reader = ObjectReader(element.node, path: element.path, diagnostics: diagnostics,
                                        allowedKeys: ["id", "freeTrial", Self.codesKey])
        else { return nil }
        let id = reader.string("id", required: true)
        let trial = reader.string("freeTrial").flatMap { text -> SubscriptionPeriod? in
            if let period = SubscriptionPeriod(iso8601: text) { return period }
            diagnostics.error("\"\(text)\" is not a period; write an ISO 8601 duration such as P1W, P1M, P3M or P1Y",
                              path: reader.path(of: "freeTrial"), at: reader.member("freeTrial")?.position)
            return nil
        }
        if reader.member(Self.codesKey) == nil {
            diagnostics.error("missing required key \"codes\" (the promo codes that redeem it)", path: reader.path,
                              at: reader.node.position, subject: reader.path(of: Self.codesKey))
        }
        let codes = decodeCodes(reader)
        guard let id else { return nil }
        return PlayPromotion(id: id, freeTrial: trial, codes: codes)
    }

    private func code(_ reader: ObjectReader, _ key: String) -> String? {
        guard let text = reader.string(key, required: true) else { return nil }
        return checked(text, path: reader.path(of: key), at: reader.member(key)?.position)
    }

    /// A code is what a player can type: 1 to 64 letters and digits.
    private func checked(_ text: String, path: @autoclosure () -> String, at position: SourcePosition?) -> String? {
        let plain = text.unicodeScalars.allSatisfy {
            ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0)
        }
        guard plain, (1...64).contains(text.count) else {
            diagnostics.error("\"\(text)\" is not a code; write 1 to 64 letters and digits, such as SPRING50", path: path(),
                              at: position)
            return nil
        }
        return text
    }

    private func expiry(_ reader: ObjectReader) -> CodeExpiry? {
        guard let text = reader.string("expires") else { return nil }
        if let date = CodeExpiry(text) { return date }
        diagnostics.error("\"\(text)\" is not a date; write the last day the code works as YYYY-MM-DD, such as 2030-06-30",
                          path: reader.path(of: "expires"), at: reader.member("expires")?.position)
        return nil
    }
}
