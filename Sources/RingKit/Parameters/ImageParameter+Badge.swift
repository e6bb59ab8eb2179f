extension ImageParameter {
    /// What only badges read: the left half and the badge's look.
    static let badgeOnly: [ImageParameter] = [
        .init(
            "label", .badge, .text,
            docs: .init(
                "left text; empty draws the right half alone", default: "`progress`",
                accepted: "UTF-8 text, at most \(BadgeSpec.Limits.labelLength) characters"),
            field: .init(
                "Badge",
                "Left text of the badge, at most \(BadgeSpec.Limits.labelLength) characters. Default "
                    + "\(BadgeSpec().label).", placeholder: BadgeSpec().label,
                emptyChoice: "none: the right half alone"),
            badge: .init(
                0,
                read: { reader, spec throws(ParameterError) in
                    spec.label = try reader.text(
                        of: "label", maximumLength: BadgeSpec.Limits.labelLength, allowsEmpty: true)!
                }, key: { spec, _ in PercentDecoding.encode(spec.label) })),
        .init(
            "labelColor", .badge, .color,
            docs: .init("fill of the left half", default: "`#555`", accepted: "color"),
            field: .init("Badge", "Fill of the left half.", placeholder: "#555"),
            badge: .init(
                1,
                read: { reader, spec throws(ParameterError) in spec.labelColor = try reader.color(of: "labelColor")! },
                // Under `auto` a color left to the theme is not written: writing it would make it a color given.
                key: { spec, _ in
                    spec.theme == .auto && spec.themedColors.contains(.labelColor)
                        ? nil : String(spec.labelColor.hex.dropFirst())
                })),
        .init(
            "style", .badge, .keyword(words(BadgeSpec.Style.self)),
            docs: .init(
                "shields.io's badge styles: `flat` (20 px, 3 px corners, shade, text shadow), `flat-square` (square "
                    + "corners, no shade), `plastic` (18 px, 4 px corners, a glossy sheen), `for-the-badge` (28 px, "
                    + "square, capitals spaced wider, the value bold), `social` (a light box and a bubble, bold dark "
                    + "text; the value's color fills the icon's progress)",
                default: "`flat`", accepted: words(BadgeSpec.Style.self).map { "`\($0)`" }.joined(separator: ", ")),
            field: .init(
                "Badge",
                "flat: rounded, shaded; flat-square: square, no shade; plastic: 18 px, glossy; for-the-badge: 28 px, "
                    + "capitals; social: light, the value in a bubble.", placeholder: "flat"),
            badge: .init(
                8,
                read: { reader, spec throws(ParameterError) in
                    spec.style = try reader.keyword(of: "style", as: BadgeSpec.Style.self)!
                }, key: { spec, _ in spec.style.rawValue })),
        .init(
            "icon", .badge, .keyword(words(BadgeSpec.Icon.self)),
            docs: .init(
                "the small picture before the value: a ring, a bar filled to the value (16 × 6 px), or none (the "
                    + "value's text alone, as shields writes a number: `coverage | 87%`)",
                default: "`ring`", accepted: "`ring`, `bar`, `none`"),
            field: .init(
                "Badge", "The small picture before the value: a ring, a bar, or none (the text alone).",
                placeholder: "ring"),
            badge: .init(
                11,
                read: { reader, spec throws(ParameterError) in
                    spec.icon = try reader.keyword(of: "icon", as: BadgeSpec.Icon.self)!
                }, key: { spec, _ in spec.icon.rawValue })),
        .init(
            "message", .badge, .text,
            docs: .init(
                "text shown in place of the value, with no icon: a plain shields badge in `color` (`build` "
                    + "`passing`), or a template of the value with a ring label's placeholders, colored as the value "
                    + "is (`{value}/{max} passed`; `{value} passed, {@tests.failed} failed` writes another stored "
                    + "value)",
                default: "none",
                accepted: "UTF-8 text, 1…\(BadgeSpec.Limits.labelLength) characters; placeholders as `label`'s"),
            field: .init(
                "Badge",
                "Text in place of the value, with no icon: a plain status badge, or a template such as "
                    + "{value}/{max} passed. At most \(BadgeSpec.Limits.labelLength) characters.",
                placeholder: "passing"),
            badge: .init(
                18,
                read: { reader, spec throws(ParameterError) in
                    spec.message = try reader.message()
                }, key: { spec, _ in spec.message.map { PercentDecoding.encode($0) } })),
        .init(
            "preset", .badge, .keyword(words(TestResults.Preset.self)),
            docs: .init(
                "the right half as shields.io's test-results badges draw a test run, from a JUnit report pushed to "
                    + "`NAME` (`value=@NAME`, with `NAME.failed` and `NAME.skipped` beside it): `tests` reads `40 "
                    + "passed, 2 failed, 1 skipped` (failed and skipped only where there are some), `tests-compact` "
                    + "`✔ 40 | ✘ 2 | ➟ 1`; brightgreen with every test passed, red with any failure, green with "
                    + "skips, yellow for no tests; the label defaults to `tests`",
                default: "none", accepted: "`tests`, `tests-compact`"),
            field: .init(
                "Badge",
                "tests: 40 passed, 2 failed, 1 skipped, from a JUnit report pushed to value=@NAME; tests-compact: "
                    + "✔ 40 | ✘ 2 | ➟ 1.", placeholder: "none"),
            badge: .init(
                41,
                read: { reader, spec throws(ParameterError) in
                    spec.preset = try reader.testsPreset(message: spec.message)
                    if !reader.parameters.contains("label") { spec.label = "tests" }
                }, key: { spec, _ in spec.preset?.rawValue })),
    ]
}
