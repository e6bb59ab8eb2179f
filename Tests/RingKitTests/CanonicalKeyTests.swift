import Testing

@testable import RingKit

private func key(_ query: String) throws -> String { try RingSpec.parse(query: query).canonicalKey }

struct CanonicalKeyTests {
    static let sameImage: [(String, String)] = [
        ("color=RED", "color=%23ff0000"),
        ("color=RED", "color=f00"),
        ("color=red", "color=ff0000ff"),
        ("color=ff000088", "color=F008"),
        ("value=72", "value=72.0"),
        ("value=72", "value=7.2e1"),
        ("value=72", "value=%2B72.000"),
        ("value=0.5", "value=.5"),
        ("value=72&color=red", "color=RED&value=72.0"),
        ("value=72&color=red&size=64", "size=64&color=red&value=72"),
        ("", "foo=bar&utm_source=readme"),
        ("", "theme=light"),
        ("value=-0", "value=0"),
        ("value=150", "value=100"),
        ("value=-3", ""),
        ("min=20", "min=20&value=20"),
        ("size=256", "size=256&thickness=26"),
        ("", "thickness=13"),
        ("", "color=2563eb"),
        ("", "track=e5e7eb&background=none&textColor=111827"),
        ("start=-90", "start=270"),
        ("start=360", ""),
        ("arc=270", "arc=270&start=225"),
        ("arc=270&direction=ccw", "arc=270&start=135&direction=ccw"),
        ("label=", "label=none"),
        ("label=none", "label=none&textColor=red&fontWeight=normal&fontSize=20"),
        ("label=auto", ""),
        ("track=none", "track=NONE"),
        ("label=a+b", "label=a%20b"),
        ("size=128.0&decimals=0&scale=1.0", ""),
        (
            "",
            "value=0&min=0&max=100&size=128&thickness=13&color=2563eb&track=e5e7eb&background=none&textColor=111827"
                + "&cap=round&arc=360&start=0&direction=cw&label=auto&decimals=0&fontWeight=bold&animate=0&scale=1"
        ),
    ]

    @Test(arguments: sameImage)
    func queriesThatMeanOneImageShareAKey(first: String, second: String) throws {
        #expect(try key(first) == key(second))
        #expect(try RingSpec.parse(query: first).canonicalQuery == RingSpec.parse(query: second).canonicalQuery)
    }

    @Test(arguments: sameImage)
    func queriesThatMeanOneImageParseToEqualSpecs(first: String, second: String) throws {
        #expect(try RingSpec.parse(query: first) == RingSpec.parse(query: second))
    }

    /// Specs as a caller could build them by hand, before the parser's normalization, and the query they mean.
    static let unnormalized: [(RingSpec, String)] = [
        (
            {
                var s = RingSpec(); s.thickness = nil; return s
            }(), ""
        ),
        (
            {
                var s = RingSpec(); s.start = -90; return s
            }(), "start=270"
        ),
        (
            {
                var s = RingSpec(); (s.arc, s.direction, s.reading.value) = (270, .ccw, 40); return s
            }(), "arc=270&direction=ccw&value=40"
        ),
        (
            {
                var s = RingSpec(); (s.arc, s.reading.value) = (200, 40); return s
            }(), "arc=200&value=40"
        ),
        (
            {
                var s = RingSpec()
                (s.label, s.textColor, s.fontWeight, s.fontSize) = (.none, RGBAColor(255, 0, 0), .normal, 20)
                return s
            }(), "label=none"
        ),
    ]

    /// The parser's normalization (defaults resolved, angles folded, unused label styling reset) never changes the
    /// image: the renderers draw the same bytes from the raw spec and from the parsed one.
    @Test(arguments: unnormalized)
    func normalizationKeepsTheImage(raw: RingSpec, query: String) throws {
        let parsed = try RingSpec.parse(query: query)
        #expect(raw.canonicalKey == parsed.canonicalKey)
        #expect(SVGRenderer.render(raw) == SVGRenderer.render(parsed))
        #expect(try PNGRenderer.render(raw) == PNGRenderer.render(parsed))
    }

    static let differentImages: [(String, String)] = [
        ("value=72", "value=73"),
        ("value=72", "value=72.000001"),
        ("color=red", "color=ff0001"),
        ("color=ff0000", "color=ff0000fe"),
        ("color=green", "color=lime"),
        ("track=none", "track=e5e7eb"),
        ("background=none", "background=white"),
        ("label=auto", "label=none"),
        ("label=A", "label=a"),
        ("label=a%26b", "label=a"),
        ("label=%26", "label=%3D"),
        ("title=A", "title=a"),
        ("title=A", ""),
        ("size=128", "size=129"),
        ("thickness=13", "thickness=13.5"),
        ("min=0&max=100&value=50", "min=0&max=1&value=0.5"),
        ("direction=cw", "direction=ccw"),
        ("cap=round", "cap=butt"),
        ("arc=270", "arc=270&start=0"),
        ("arc=270&direction=ccw", "arc=270&start=225&direction=ccw"),
        ("decimals=1", ""),
        ("fontSize=20", ""),
        ("animate=1", ""),
        ("scale=2", ""),
        ("label=none&title=x", "label=none"),
        ("textColor=red", ""),
    ]

    @Test(arguments: differentImages)
    func queriesThatMeanDifferentImagesHaveDifferentKeys(first: String, second: String) throws {
        #expect(try key(first) != key(second))
    }

    @Test func cacheSecondsIsNotPartOfTheImage() throws {
        let spec = try RingSpec.parse(query: "cacheSeconds=60")
        #expect(spec.canonicalKey == (try key("")))
        #expect(spec.canonicalQuery == "cacheSeconds=60")
    }

    @Test func keyIsAReadableQueryInFixedOrder() throws {
        #expect(
            try key("color=RED&value=72.0&zzz=1&size=256&cacheSeconds=600")
                == "value=72&min=0&max=100&size=256&thickness=26&color=ff0000&track=e5e7eb&background=none"
                + "&textColor=111827&cap=round&arc=360&start=0&direction=cw&label=auto&decimals=0&fontWeight=bold"
                + "&animate=0&scale=1")
        #expect(try key("label=%7Bvalue%7D+of+%26&title=A%3DB").contains("&label=%7Bvalue%7D%20of%20%26&"))
        #expect(try key("label=%7Bvalue%7D&title=A%3DB").hasSuffix("&title=A%3DB"))
        #expect(try key("value=1e-05&min=-1e-20").hasPrefix("value=1e-05&min=-1e-20&"))
    }

    @Test func canonicalQueryLeavesDefaultsOut() throws {
        #expect(try RingSpec.parse(query: "").canonicalQuery == "")
        #expect(
            try RingSpec.parse(query: "color=RED&value=72.0&foo=1&thickness=13").canonicalQuery
                == "value=72&color=ff0000")
        #expect(try RingSpec.parse(query: "size=256&thickness=13").canonicalQuery == "size=256&thickness=13")
        #expect(try RingSpec.parse(query: "arc=270&start=225").canonicalQuery == "arc=270")
        #expect(try RingSpec.parse(query: "arc=90&direction=ccw&start=45").canonicalQuery == "arc=90&direction=ccw")
        #expect(try RingSpec.parse(query: "cacheSeconds=600").canonicalQuery == "cacheSeconds=600")
    }

    static let roundTrips = [
        "", "value=72&color=RED", "min=-5&max=5&value=1.25&size=300&thickness=7.5", "track=none&background=0008",
        "label=%7Bvalue%7D+%2F+%7Bmax%7D+%26+%3D+%2B+%25&title=Caf%C3%A9+%E2%9C%93", "arc=90&start=-45&direction=ccw",
        "label=none&cap=square&decimals=2&animate=2.5&scale=3", "fontSize=33.3&fontWeight=normal&cacheSeconds=86400",
        "value=1e-05", "min=1e20&max=3e20&value=2.5e20",
    ]

    @Test(arguments: roundTrips)
    func keyAndCanonicalQueryParseBackToTheSameSpec(query: String) throws {
        let spec = try RingSpec.parse(query: query)
        var withoutCacheSeconds = spec
        withoutCacheSeconds.cacheSeconds = nil
        #expect(try RingSpec.parse(query: spec.canonicalKey) == withoutCacheSeconds)
        #expect(try RingSpec.parse(query: spec.canonicalQuery) == spec)
    }

    @Test func formatKeysDropWhatTheFormatIgnores() throws {
        let plain = try RingSpec.parse(query: "value=5")
        let scaled = try RingSpec.parse(query: "value=5&scale=2")
        let animated = try RingSpec.parse(query: "value=5&animate=2")
        #expect(plain.canonicalKey(for: .svg) == scaled.canonicalKey(for: .svg))
        #expect(plain.canonicalKey(for: .png) != scaled.canonicalKey(for: .png))
        #expect(plain.canonicalKey(for: .png) == animated.canonicalKey(for: .png))
        #expect(plain.canonicalKey(for: .svg) != animated.canonicalKey(for: .svg))
        #expect(plain.canonicalKey(for: .svg) != plain.canonicalKey(for: .png))
        #expect(plain.canonicalKey(for: .svg).hasPrefix("svg?value=5&"))
        #expect(!plain.canonicalKey(for: .svg).contains("scale="))
        #expect(!plain.canonicalKey(for: .png).contains("animate="))
    }

    @Test func numbersHaveOneText() throws {
        #expect(CanonicalNumber.text(72) == "72")
        #expect(CanonicalNumber.text(-0.0) == "0")
        #expect(CanonicalNumber.text(0.1) == "0.1")
        #expect(CanonicalNumber.text(1e-5) == "1e-05")
        #expect(CanonicalNumber.text(1e20) == "1e20")
        #expect(CanonicalNumber.text(123_456_789_012_345) == "123456789012345")
        for number in [
            0.1, 1.0 / 3, 1e-300, Double.leastNonzeroMagnitude, Double.greatestFiniteMagnitude, -2.5, 123_456_789.125,
        ] {
            #expect(try CanonicalNumber.parse(CanonicalNumber.text(number)).get() == number)
        }
    }
}
