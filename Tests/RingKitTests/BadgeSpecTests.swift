import TestSupport
import Testing

@testable import RingKit

private func badge(_ change: (inout BadgeSpec) -> Void = { _ in }) -> BadgeSpec {
    var spec = BadgeSpec()
    change(&spec)
    return spec
}

private func message(_ query: String, pathLabel: String? = nil, pathValue: String? = nil) -> String? {
    do {
        _ = try BadgeSpec.parse(query: query, pathLabel: pathLabel, pathValue: pathValue)
        return nil
    } catch {
        return error.message
    }
}

struct BadgeSpecTests {
    static let accepted: [(String, BadgeSpec)] = [
        ("", badge()),
        ("value=72", badge { $0.reading.value = 72 }),
        ("value=7.2e1&label=coverage", badge { ($0.reading.value, $0.label) = (72, "coverage") }),
        // The text writes the value as read; only the icon is clamped.
        ("value=150", badge { $0.reading.value = 150 }),
        ("value=-3", badge { $0.reading.value = -3 }),
        ("min=-10&max=10&value=5", badge { ($0.reading.min, $0.reading.max, $0.reading.value) = (-10, 10, 5) }),
        ("label=", badge { $0.label = "" }),
        ("label=build+status", badge { $0.label = "build status" }),
        ("label=%F0%9F%8E%89+done", badge { $0.label = "🎉 done" }),
        ("labelColor=white", badge { $0.labelColor = RGBAColor(0xff, 0xff, 0xff) }),
        ("labelColor=%23ABC", badge { $0.labelColor = RGBAColor(0xaa, 0xbb, 0xcc) }),
        ("color=brightgreen", badge { $0.color = RGBAColor(0x44, 0xcc, 0x11) }),
        ("color=ff000080", badge { $0.color = RGBAColor(0xff, 0, 0, 0x80) }),
        ("decimals=2", badge { $0.valueStyle.decimals = 2 }),
        ("style=flat-square", badge { $0.style = .flatSquare }),
        ("style=plastic", badge { $0.style = .plastic }),
        ("style=for-the-badge", badge { $0.style = .forTheBadge }),
        ("style=social", badge { $0.style = .social }),
        ("style=flat", badge()),
        ("scale=2", badge { $0.scale = 2 }),
        ("cacheSeconds=3600", badge { $0.cacheSeconds = 3600 }),
        (
            "thresholds=50:orange,80:green",
            badge {
                $0.thresholds = Thresholds([
                    // shields' orange and green: a badge's color names are shields'.
                    .init(percent: 50, color: RGBAColor(0xfe, 0x7d, 0x37)),
                    .init(percent: 80, color: RGBAColor(0x97, 0xca, 0)),
                ])
            }
        ),
        ("size=5000&title=x&utm_source=feed&label=ok", badge { $0.label = "ok" }),
    ]

    @Test(arguments: accepted)
    func parsesQueryIntoSpec(_ query: String, _ expected: BadgeSpec) throws {
        #expect(try BadgeSpec.parse(query: query) == expected)
    }

    static let refused: [(String, String)] = [
        ("value=abc", "value: \"abc\" is not a number (accepted: a decimal such as 72, -0.5 or 1e-5)"),
        ("value=1e999", "value: 1e999 is not a finite number (accepted: a decimal such as 72, -0.5 or 1e-5)"),
        ("min=10&max=5", "max: 5 must be greater than min 10"),
        ("min=100", "min: 100 must be less than max 100"),
        ("labelColor=purplish", "labelColor: \"purplish\" is not a color (accepted: \(RGBAColor.acceptedForms))"),
        ("color=%23red", "color: \"#red\" is not a color (accepted: \(RGBAColor.acceptedForms))"),
        ("style=popout", "style: \"popout\" is not one of flat, flat-square, plastic, for-the-badge, social"),
        ("style=Flat", "style: \"Flat\" is not one of flat, flat-square, plastic, for-the-badge, social"),
        (
            "style=for_the_badge",
            "style: \"for_the_badge\" is not one of flat, flat-square, plastic, for-the-badge, social"
        ),
        ("decimals=4", "decimals: 4 is out of range 0…3"),
        ("decimals=1.5", "decimals: 1.5 is not an integer (accepted: 0…3)"),
        ("scale=5", "scale: 5 is out of range 1…4"),
        ("cacheSeconds=-1", "cacheSeconds: -1 is out of range 0…31536000"),
        ("label=a%0Ab", "label: \"a\\u{a}b\" contains the control character U+000A"),
        (
            "label=\(String(repeating: "x", count: 101))",
            "label: \"\(String(repeating: "x", count: 40))…\" is longer than 100 characters"
        ),
        ("label=%E2%82", "label: \"%E2%82\" is not UTF-8 text once percent-decoded"),
        ("label=a&label=b", "label: given twice"),
        ("value=1&value=2", "value: given twice"),
        (
            "thresholds=80:green,50:orange",
            "thresholds: \"80:green,50:orange\" must be ascending: 50 follows 80 (accepted: \(Thresholds.accepted))"
        ),
        (
            "thresholds=50:mauvish",
            "thresholds: \"50:mauvish\" has \"50:mauvish\", whose color \"mauvish\" is not a color (accepted: \(Thresholds.accepted))"
        ),
    ]

    @Test(arguments: refused)
    func refusesBadParameterWithMessageNamingIt(_ query: String, _ expected: String) {
        #expect(message(query) == expected)
    }

    @Test func scaleIsRefusedWhenTheBadgeWouldExceedTheLargestPixelEdge() throws {
        let label = String(repeating: "W", count: 100)
        let width = BadgeLayout(try BadgeSpec.parse(query: "label=\(label)")).width
        #expect(width > 1024 && width <= 2048)
        #expect(
            message("label=\(label)&scale=2")
                == "scale: 2 is too large for this badge, \(width) px wide: width × scale must be at most 2048")
        #expect(message("label=\(label)&scale=1") == nil)
        #expect(message("label=coverage&scale=4") == nil)
    }

    @Test(arguments: [
        ("coverage", "coverage"), ("build_status", "build status"), ("snake__case", "snake_case"),
        ("a_b__c_", "a b_c "), ("a%5Fb", "a_b"), ("well-known", "well-known"), ("c++", "c++"),
        ("100%25+done", "100%+done"), ("%F0%9F%8E%89", "🎉"),
    ])
    func pathLabelFollowsShieldsUnderscoreConvention(_ segment: String, _ label: String) throws {
        #expect(try BadgeSpec.parse(query: "", pathLabel: segment).label == label)
    }

    @Test func pathSegmentsAreTheSameParametersAsTheQuery() throws {
        let spec = try BadgeSpec.parse(query: "color=green", pathLabel: "tests", pathValue: "42.5")
        #expect(spec.label == "tests")
        #expect(spec.reading.value == 42.5)
        #expect(spec == (try BadgeSpec.parse(query: "label=tests&value=42.5&color=green")))
        #expect(message("label=x", pathLabel: "tests") == "label: given twice")
        #expect(message("value=1", pathValue: "2") == "value: given twice")
        #expect(
            message("", pathValue: "abc")
                == "value: \"abc\" is not a number (accepted: a decimal such as 72, -0.5 or 1e-5)")
        // In a path `+` is a plus, not a space.
        #expect(try BadgeSpec.parse(query: "", pathValue: "%2B7").reading.value == 7)
    }

    @Test(arguments: [
        (72.0, "thresholds=50:orange,80:green", RGBAColor(0xfe, 0x7d, 0x37)),
        (80, "thresholds=50:orange,80:green", RGBAColor(0x97, 0xca, 0)),
        (49.4, "thresholds=50:orange,80:green", RGBAColor(0x25, 0x63, 0xeb)),
        // 49.9 shows as 50 %, so it takes 50 %'s color.
        (49.9, "thresholds=50:orange,80:green", RGBAColor(0xfe, 0x7d, 0x37)),
        (10, "thresholds=50:orange&color=red", RGBAColor(0xe0, 0x5d, 0x44)),
        (5, "thresholds=50:orange&min=0&max=10", RGBAColor(0xfe, 0x7d, 0x37)),
        (100, "color=purple", RGBAColor(0x80, 0, 0x80)),
    ])
    func thresholdsPickTheRightHalfColor(_ value: Double, _ query: String, _ color: RGBAColor) throws {
        let spec = try BadgeSpec.parse(query: query + "&value=\(value)")
        #expect(spec.valueColor == color)
        #expect(BadgeLayout(spec).valueFill == color)
    }

    @Test func valueTextIsThePercentageWithDecimals() throws {
        #expect(try BadgeSpec.parse(query: "value=72").valueText == "72%")
        #expect(try BadgeSpec.parse(query: "value=2&max=3&decimals=2").valueText == "66.67%")
        #expect(try BadgeSpec.parse(query: "value=-5&min=-10&max=10").valueText == "25%")
        #expect(try BadgeSpec.parse(query: "value=72&label=coverage").title == "coverage: 72%")
        #expect(try BadgeSpec.parse(query: "value=72&label=").title == "72%")
    }

    @Test func defaultKeyListsEveryImageParameterInOrder() {
        #expect(
            BadgeSpec().canonicalKey(for: .svg)
                == "badge.svg?label=progress&labelColor=555555&color=2563eb&value=0&min=0&max=100&decimals=0&style=flat"
                + "&icon=ring"
        )
        #expect(
            BadgeSpec().canonicalKey(for: .png)
                == "badge.png?label=progress&labelColor=555555&color=2563eb&value=0&min=0&max=100&decimals=0&style=flat"
                + "&scale=1&icon=ring"
        )
        #expect(BadgeSpec().canonicalQuery == "")
    }

    @Test(arguments: [
        ("value=72&color=red&label=Build+Status", "label=Build%20Status&color=RED&value=72.0"),
        ("value=72&scale=1", "value=7.2e1"),
        ("labelColor=%23555", "labelColor=555555&style=flat"),
        ("thresholds=50:orange", "thresholds=5e1:%23FE7D37&cacheSeconds=60"),
        ("", "utm_campaign=x&size=9&label=progress"),
    ])
    func queriesThatMeanOneBadgeShareAKey(_ a: String, _ b: String) throws {
        let first = try BadgeSpec.parse(query: a)
        let second = try BadgeSpec.parse(query: b)
        for format in ImageFormat.allCases {
            #expect(first.canonicalKey(for: format) == second.canonicalKey(for: format))
        }
    }

    @Test(arguments: [
        ("value=72", "value=73"), ("label=a", "label=A"), ("label=", "label=%20"), ("color=red", "color=ff0001"),
        ("style=flat", "style=flat-square"), ("style=flat", "style=plastic"),
        ("style=flat-square", "style=for-the-badge"),
        ("style=plastic", "style=social"), ("decimals=1", "decimals=2"), ("thresholds=50:red", "thresholds=51:red"),
        ("thresholds=50:red", ""), ("labelColor=red", "labelColor=ff000080"), ("min=-1", "max=101"),
    ])
    func badgesThatDifferHaveDifferentKeys(_ a: String, _ b: String) throws {
        let first = try BadgeSpec.parse(query: a)
        let second = try BadgeSpec.parse(query: b)
        #expect(first.canonicalKey(for: .svg) != second.canonicalKey(for: .svg))
        #expect(first.canonicalKey(for: .png) != second.canonicalKey(for: .png))
    }

    @Test func scaleAndCacheSecondsStayOutOfTheSVGKey() throws {
        let plain = try BadgeSpec.parse(query: "value=5")
        let other = try BadgeSpec.parse(query: "value=5&scale=3&cacheSeconds=600")
        #expect(plain.canonicalKey(for: .svg) == other.canonicalKey(for: .svg))
        #expect(plain.canonicalKey(for: .png) != other.canonicalKey(for: .png))
        #expect(!other.canonicalKey.contains("cacheSeconds"))
        #expect(other.canonicalQuery == "value=5&scale=3&cacheSeconds=600")
        // A badge key never equals a ring key, whatever the parameters.
        #expect(!plain.canonicalKey(for: .svg).hasPrefix("svg?"))
    }

    @Test(arguments: [
        "", "value=72&label=coverage", "label=a%26b%3Dc+%23d%25&value=3", "label=&style=flat-square&decimals=3&value=1",
        "thresholds=10:red,90:%2300ff00&value=95&color=navy&labelColor=ff000080", "min=-1e-05&max=1e20&value=7",
        "label=%F0%9F%8E%89%E2%80%8Er", "scale=4&label=x", "style=for-the-badge&label=a&value=3&theme=dark",
        "style=social&icon=bar&scale=2", "style=plastic&thresholds=50:red",
    ])
    func keyAndCanonicalQueryParseBackToTheSameBadge(_ query: String) throws {
        let spec = try BadgeSpec.parse(query: query)
        #expect(try BadgeSpec.parse(query: spec.canonicalKey) == spec)
        #expect(try BadgeSpec.parse(query: spec.canonicalQuery) == spec)
        let key = spec.canonicalKey(for: .png)
        let query = key[key.index(after: key.firstIndex(of: "?")!)...]
        #expect(try BadgeSpec.parse(query: query) == spec)
    }

    @Test func handBuiltSpecsAreNormalizedByTheKey() {
        var spec = BadgeSpec()
        spec.reading.value = -0.0
        spec.reading.min = -0.0
        #expect(spec.canonicalKey.contains("&value=0&min=0&"))
    }
}

/// Badges with a bar for an icon, and badges in the dark and automatic themes.
struct BadgeIconAndThemeTests {
    @Test func aBarIconTakesTheRingsPlaceAndIsFilledToTheValue() throws {
        let layout = BadgeLayout(try BadgeSpec.parse(query: "label=coverage&value=50&icon=bar"))
        guard case .bar(let from, let fraction) = layout.icon else {
            Issue.record("no bar icon")
            return
        }
        #expect(from == 0 && fraction == 0.5 && layout.iconY == 7)
        let ring = BadgeLayout(try BadgeSpec.parse(query: "label=coverage&value=50"))
        // The bar is 4 px wider than the ring, and the badge with it.
        #expect(layout.width == ring.width + 4)
        let png = try #require(
            DecodedPNG(try BadgeRenderer.png(try BadgeSpec.parse(query: "label=&value=50&icon=bar&scale=4"))))
        let x = Int((layout.iconX - Double(layout.labelWidth)) * 4)
        // The bar's left half is filled in the text color (white), its right half the track (white, translucent).
        #expect(png[x + 12, 40].red > 240 && png[x + 12, 40].alpha == 255)
        #expect(png[x + 52, 40].alpha == 255 && png[x + 52, 40].red < 200)
        #expect(try BadgeSpec.parse(query: "icon=bar").canonicalKey(for: .svg) != BadgeSpec().canonicalKey(for: .svg))
        #expect(throws: ParameterError.self) { try BadgeSpec.parse(query: "icon=pie") }
    }

    @Test func darkAndAutoThemesSwitchOnlyTheColorsLeftToThem() throws {
        let dark = try BadgeSpec.parse(query: "value=72&theme=dark")
        #expect(dark.labelColor == RGBAColor(0x30, 0x36, 0x3d) && dark.color == RGBAColor(0x1f, 0x6f, 0xeb))
        let given = try BadgeSpec.parse(query: "value=72&theme=dark&labelColor=red")
        #expect(given.labelColor == RGBAColor(0xe0, 0x5d, 0x44) && given.color == RGBAColor(0x1f, 0x6f, 0xeb))
        let auto = unscopedText(BadgeRenderer.svg(try BadgeSpec.parse(query: "value=72&theme=auto")))
        #expect(auto.contains("@media (prefers-color-scheme:dark){.l{fill:#30363d}.v{fill:#1f6feb}}"))
        #expect(auto.contains("<path class=\"l\"") && auto.contains("<path class=\"v\""))
        // A right half that a threshold colors does not switch.
        let thresholds = unscopedText(
            BadgeRenderer.svg(try BadgeSpec.parse(query: "value=72&theme=auto&thresholds=50:orange")))
        #expect(thresholds.contains(".l{fill:#30363d}") && !thresholds.contains(".v{"))
        // A PNG is light: the same key and bytes as without a theme.
        #expect(
            try BadgeSpec.parse(query: "value=72&theme=auto").canonicalKey(for: .png)
                == BadgeSpec.parse(query: "value=72").canonicalKey(for: .png))
        for query in ["value=72&theme=auto", "value=72&theme=auto&labelColor=555", "theme=dark&icon=bar"] {
            let spec = try BadgeSpec.parse(query: query)
            #expect(try BadgeSpec.parse(query: spec.canonicalQuery) == spec, "\(query) → \(spec.canonicalQuery)")
        }
    }
}
