import Testing

@testable import RingKit

/// `locale` writes a label's numbers as the locale does, from ICU's data; without it nothing changes.
struct LocaleTests {
    func label(_ query: String) throws -> String? { try RingGeometry(RingSpec.parse(query: query)).label }

    /// The contract's examples, and a few more that show each part of the data: separators, grouping sizes (and
    /// Spanish's minimum of five digits), the percent sign's place, digits and the minus sign.
    @Test(arguments: [
        ("value=72.5&decimals=1&locale=de", "72,5\u{A0}%"),
        ("value=1288490188.8&max=2e12&unit=bytes&locale=de", "1,2 GiB"),
        ("value=1234567&max=1e7&label={value}&locale=en-IN", "12,34,567"),
        ("value=1234567&max=1e7&label={value}&locale=en", "1,234,567"),
        ("value=-1234.5&min=-1e4&label={value}&locale=fr-CH", "-1\u{202F}234,5"),
        ("value=72&locale=tr", "%72"),
        ("value=1234&max=1e4&label={value}&locale=es", "1234"),
        ("value=12345&max=1e5&label={value}&locale=es", "12.345"),
        ("value=72&locale=ar-EG", "\u{667}\u{662}\u{66A}\u{61C}"),
        ("value=7&max=12&label={percent}%25 done&locale=de", "58% done"),
        ("value=72.25&decimals=1&label={value}/{max}&locale=pt-BR", "72,3/100,0"),
        ("value=12500&max=1e5&unit=reqps&locale=de", "12,5K req/s"),
    ])
    func numbersAreWrittenAsTheLocaleWritesThem(query: String, text: String) throws {
        #expect(try label(query) == text)
    }

    /// The accessible name and a badge follow the same text.
    @Test func theNameAndBadgesFollowTheLocale() throws {
        let g = RingGeometry(try RingSpec.parse(query: "value=72.5&decimals=1&locale=de"))
        #expect(g.title == "Progress: 72,5\u{A0}%")
        #expect(try BadgeSpec.parse(query: "value=72.5&decimals=1&locale=de").valueText == "72,5\u{A0}%")
        #expect(try BadgeSpec.parse(query: "value=1536&max=1e6&unit=bytes&locale=de").valueText == "1,5 KiB")
    }

    /// Without `locale` the key holds nothing new; with it, the key holds the locale ICU found, so tags that mean one
    /// locale are one image, and the key parses back.
    @Test func theKeyHoldsTheCanonicalLocale() throws {
        #expect(try !RingSpec.parse(query: "value=72").canonicalKey.contains("locale"))
        let de = try RingSpec.parse(query: "value=72&locale=de")
        #expect(de.canonicalKey.hasSuffix("locale=de"))
        #expect(try RingSpec.parse(query: "value=72&locale=de-ZZ").canonicalKey == de.canonicalKey)
        #expect(try RingSpec.parse(query: de.canonicalKey) == de)
        #expect(try RingSpec.parse(query: "value=72&locale=de&label=none").canonicalKey.contains("locale") == false)
    }

    /// Tags that are not a language, script and region, and languages ICU has no data for, are refused by name.
    @Test(arguments: [
        ("locale=de_DE", "is not a locale tag"), ("locale=en-US-u-nu-arab", "is not a locale tag"),
        ("locale=x-private", "is not a locale tag"), ("locale=d", "is not a locale tag"),
        ("locale=de-", "is not a locale tag"), ("locale=xx", "names a language without number data in ICU"),
        ("locale=zz-ZZ", "names a language without number data in ICU"),
    ])
    func badTagsAreRefusedByName(query: String, reason: String) throws {
        let message = try #require(ringMessage(query))
        #expect(message.hasPrefix("locale: "))
        #expect(message.contains(reason))
        #expect(message.contains("such as de, fr-CH, en-IN or pt-BR"))
    }
}
