extension ImageParameter {
    /// The label of a ring or bar, and the image's accessible name.
    static let label: [ImageParameter] = [
        .init(
            "label", [.ring, .bar, .spark], .text,
            docs: .init(
                "centre text (a bar's: inside it, or beside it): `auto` (the percentage, `72%`), `none` (or empty), or "
                    + "a template using \(placeholders)", default: "`auto`",
                accepted: "text of at most \(RingSpec.Limits.labelLength) characters (as a reader counts them), no "
                    + "control characters and no bidi embedding, override or isolate controls; see "
                    + "[labels](#labels-numbers-and-scripts)"),
            field: .init(
                "Label",
                "Centre text (a bar's: inside it, or beside it where it does not fit): auto (the percentage), none, or "
                    + "up to \(RingSpec.Limits.labelLength) characters with {value}, {percent}, {min}, {max} (and "
                    + "{delta}, {previous} against previous).",
                placeholder: "auto"),
            ring: .init(
                13, read: { reader, spec throws(ParameterError) in spec.label = try reader.label()! },
                key: { spec, _ in
                    switch spec.label {
                    case .auto: "auto"
                    case .none: "none"
                    case .template(let text): PercentDecoding.encode(text)
                    }
                })),
        .init(
            "unit", [.all, .spark], .text,
            docs: .init(
                "how values are written: `label=auto` shows the value in it, `{value}`, `{min}` and `{max}` are "
                    + "written in it (`1.2 GiB`, `350 ms`, `12.5K req/s`)", default: "none: numbers as read",
                accepted: "see [units](#units)"),
            badgeDocs: .init(
                "the value in this unit instead of its percentage (`1.2 GiB`)", default: "none: the percentage",
                accepted: "see [units](#units)"),
            field: .init(
                "Label",
                "How values are written: bytes, decbytes, bits, Bps, bps, ns, us, ms, s, reqps, ops, short, percent, "
                    + "percentunit, or prefix:$, suffix: widgets, si:W. The automatic label then shows the value.",
                placeholder: "none"),
            style: .init(
                ring: 24, badge: 13,
                read: { reader, _, style throws(ParameterError) in
                    (style.unit, style.decimals) = try reader.unit(decimals: style.decimals)!
                }, key: { style in style.unit.map { PercentDecoding.encode($0.name) } })),
        .init(
            "locale", [.all, .spark], .text,
            docs: .init(
                "how numbers are written: decimal separator, digit grouping, digits and the percent sign's place "
                    + "(`de`: `72,5 %`, `1,2 GiB`; `en-IN`: `12,34,567`), from ICU's locale data",
                default: "none: `72.5%`, no grouping", accepted: "see [locales](#locales)"),
            field: .init(
                "Label",
                "How numbers are written, a BCP 47 tag: de (72,5 %), fr-CH, en-IN (12,34,567), pt-BR. Default: "
                    + "72.5%, no grouping.", placeholder: "none"),
            style: .init(
                ring: 25, badge: 14,
                read: { reader, _, style throws(ParameterError) in style.locale = try reader.locale() },
                key: { style in style.locale?.tag })),
        .init(
            "fontSize", [.ring, .bar, .spark], .decimal,
            docs: .init(
                "label size in pixels", default: "fits the inner circle (a bar: three fifths of its height)",
                accepted: "number \(CanonicalNumber.text(RingSpec.Limits.fontSizeMinimum))…size (a bar: …128)"),
            field: .init(
                "Label", "Label size in pixels. Default: fits the ring's hole, or three fifths of a bar's height.",
                placeholder: "fits"),
            ring: .init(
                15,
                read: { reader, spec throws(ParameterError) in
                    let size = spec.size
                    spec.fontSize = try reader.number(
                        of: "fontSize", in: RingSpec.Limits.fontSizeMinimum...Double(size),
                        note: reader.forBars ? "" : " (at most size \(size))")?.number
                }, key: { spec, _ in spec.fontSize.map(CanonicalNumber.text) })),
        .init(
            "fontWeight", [.ring, .bar, .spark], .keyword(words(RingSpec.FontWeight.self)),
            docs: .init("label weight", default: "`bold`", accepted: "`bold`, `normal`"),
            field: .init("Label", "Label weight.", placeholder: "bold"),
            ring: .init(
                16,
                read: { reader, spec throws(ParameterError) in
                    spec.fontWeight = try reader.keyword(of: "fontWeight", as: RingSpec.FontWeight.self)!
                }, key: { spec, _ in spec.fontWeight.rawValue })),
        .init(
            "title", [.ring, .bar, .spark], .text,
            docs: .init(
                "accessible name (SVG `<title>` and `aria-label`)",
                default: "what a `label` template shows (`Progress: 7/12`), else `Progress: 72%`",
                accepted: "text of 1…\(RingSpec.Limits.titleLength) characters, no control characters (an empty "
                    + "`title=` is refused, like any empty value)"),
            field: .init(
                "Label",
                "Accessible name (SVG title and aria-label), at most \(RingSpec.Limits.titleLength) characters.",
                placeholder: "Progress: 72%"),
            ring: .init(
                19,
                read: { reader, spec throws(ParameterError) in
                    spec.title = try reader.text(
                        of: "title", maximumLength: RingSpec.Limits.titleLength, allowsEmpty: false)
                }, key: { spec, _ in spec.title.map { PercentDecoding.encode($0) } })),
    ]

    /// `{value}`, `{percent}`, `{min}`, `{max}` as the docs write them.
    private static var placeholders: String {
        RingSpec.Limits.labelPlaceholders.map { "`{\($0)}`" }.joined(separator: ", ")
    }

    /// What only shapes the output: animation, pixel density, caching.
    static let output: [ImageParameter] = [
        .init(
            "animate", [.ring, .bar], .decimal,
            docs: .init(
                "seconds the SVG takes to draw from 0 to the value (the final state shows wherever animation is off); "
                    + "a GIF plays the same fill as frames, once",
                default: "`0`", accepted: "number 0…10; PNG and WebP ignore it (but still check it)"),
            field: .init(
                "Output",
                "Seconds the SVG (or GIF) takes to draw its progress, 0…10; the final state shows where animation is "
                    + "off.", placeholder: "0"),
            ring: .init(
                17, [.svg, .gif],
                read: { reader, spec throws(ParameterError) in
                    spec.animate = try reader.number(of: "animate", in: RingSpec.Limits.animate)!.number
                }, key: { spec, _ in CanonicalNumber.text(spec.animate) })),
        .init(
            "scale", [.all, .spark], .integer,
            docs: .init(
                "pixel density of a PNG, GIF or WebP (2 for HiDPI screens)", default: "`1`",
                accepted: "integer \(range(ImageLimits.scale)), and size × scale at most \(ImageLimits.pixelEdge); SVG "
                    + "ignores it (but still checks it, so a query is valid in both formats or in neither)"),
            badgeDocs: .init(
                "pixel density of a PNG, GIF or WebP", default: "`1`",
                accepted: "\(range(ImageLimits.scale)); width × scale ≤ \(ImageLimits.pixelEdge)"),
            field: .init(
                "Output",
                "Pixel density of a PNG, GIF or WebP, \(range(ImageLimits.scale)) (2 for HiDPI); each side × scale ≤ "
                    + "\(ImageLimits.pixelEdge).", placeholder: "1"),
            ring: .init(
                18, .raster,
                read: { reader, spec throws(ParameterError) in
                    let given = try reader.integer(of: "scale", in: ImageLimits.scale)!
                    guard spec.size * given <= ImageLimits.pixelEdge else {
                        throw ParameterError(
                            parameter: "scale", value: String(given),
                            reason: "is too large for size \(spec.size): size × scale must be at most "
                                + "\(ImageLimits.pixelEdge)")
                    }
                    spec.scale = given
                }, key: { spec, _ in String(spec.scale) }),
            badge: .init(
                9, .raster,
                read: { reader, spec throws(ParameterError) in
                    let given = try reader.integer(of: "scale", in: ImageLimits.scale)!
                    let width = BadgeLayout(spec).width
                    guard width * given <= ImageLimits.pixelEdge else {
                        throw ParameterError(
                            parameter: "scale", value: String(given),
                            reason: "is too large for this badge, \(width) px wide: width × scale must be at most "
                                + "\(ImageLimits.pixelEdge)")
                    }
                    spec.scale = given
                }, key: { spec, _ in String(spec.scale) })),
        matte,
        refresh,
        .init(
            "cacheSeconds", [.all, .spark], .integer,
            docs: .init(
                "a longer `Cache-Control` max-age than the server's default (never shorter)", default: "server default",
                accepted: "integer \(range(ImageLimits.cacheSeconds))"),
            field: .init(
                "Output",
                "A longer Cache-Control max-age than the server's default, \(range(ImageLimits.cacheSeconds)).",
                placeholder: "server default"),
            ring: .init(
                20, .headersOnly,
                read: { reader, spec throws(ParameterError) in
                    spec.cacheSeconds = try reader.integer(of: "cacheSeconds", in: ImageLimits.cacheSeconds)
                }, key: { spec, _ in spec.cacheSeconds.map { String($0) } }),
            badge: .init(
                10, .headersOnly,
                read: { reader, spec throws(ParameterError) in
                    spec.cacheSeconds = try reader.integer(of: "cacheSeconds", in: ImageLimits.cacheSeconds)
                }, key: { spec, _ in spec.cacheSeconds.map { String($0) } })),
    ]
}
