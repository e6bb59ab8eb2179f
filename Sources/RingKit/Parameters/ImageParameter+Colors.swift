extension ImageParameter {
    /// Colors: given, from the theme, or following the value.
    static let colors: [ImageParameter] = [
        .init(
            "color", [.all, .spark], .color,
            docs: .init(
                "progress stroke (a bar's fill); one for each ring or bar, or one for all", default: "`#2563eb`",
                accepted: "a color"),
            badgeDocs: .init(
                "fill of the right half (below the first threshold)", default: "`#2563eb`", accepted: "color"),
            field: .init(
                "Colors",
                "Progress stroke or fill, or a badge's right half: hex (#rgb, #rrggbbaa), a CSS name; red,green,… for "
                    + "several rings or bars.", placeholder: RingSpec().color.hex),
            ring: .init(
                5,
                read: { reader, spec throws(ParameterError) in
                    let given = try reader.colorList(of: "color", rings: spec.ringCount, allowsNone: false)!
                    spec.color = given[0]!
                    for index in spec.innerRings.indices { spec.innerRings[index].color = given[index + 1]! }
                },
                key: { spec, _ in
                    if spec.isThemed(.color) { return nil }
                    return spec.innerRings.isEmpty
                        ? RingSpec.text(spec.color) : spec.listText { RingSpec.text($0.color(ofRing: $1)) }
                }),
            badge: .init(
                2,
                read: { reader, spec throws(ParameterError) in spec.color = try reader.color(of: "color")! },
                key: { spec, _ in
                    spec.theme == .auto && spec.themedColors.contains(.color) ? nil : String(spec.color.hex.dropFirst())
                })),
        .init(
            "track", [.ring, .bar], .colorOrNone,
            docs: .init("the ring or bar behind the progress", default: "`#e5e7eb`", accepted: "a color or `none`"),
            field: .init(
                "Colors", "The ring or bar behind the progress, or none.", placeholder: RingSpec().track?.hex ?? "none"),
            ring: .init(
                6,
                read: { reader, spec throws(ParameterError) in
                    let given = try reader.colorList(of: "track", rings: spec.ringCount, allowsNone: true)!
                    spec.track = given[0]
                    for index in spec.innerRings.indices { spec.innerRings[index].track = given[index + 1] }
                },
                key: { spec, _ in
                    if spec.isThemed(.track) { return nil }
                    return spec.innerRings.isEmpty
                        ? RingSpec.text(spec.track) : spec.listText { RingSpec.text($0.track(ofRing: $1)) }
                })),
        .init(
            "background", [.ring, .bar, .spark], .colorOrNone,
            docs: .init("fill of the whole image", default: "`none`", accepted: "a color or `none`"),
            field: .init("Colors", "Fill of the whole image, or none.", placeholder: "none"),
            ring: .init(
                7,
                read: { reader, spec throws(ParameterError) in
                    spec.background = try reader.colorOrNone(of: "background")!
                },
                key: { spec, _ in RingSpec.text(spec.background) })),
        .init(
            "textColor", [.ring, .bar, .spark, .badge], .color,
            docs: .init("label color", default: "`#111827`", accepted: "a color"),
            badgeDocs: .init(
                "the texts' color on both halves (and the icon's); by default white, or dark where white would read "
                    + "below 4.5:1 on the half's fill", default: "white or dark, per half", accepted: "a color"),
            field: .init(
                "Colors",
                "Label color. Default \(RingSpec().textColor.hex); inside a bar, \(RingSpec().textColor.hex) or white, "
                    + "whichever reads better there.", placeholder: RingSpec().textColor.hex),
            ring: .init(
                8,
                read: { reader, spec throws(ParameterError) in spec.textColor = try reader.color(of: "textColor")! },
                key: { spec, _ in spec.isThemed(.textColor) ? nil : RingSpec.text(spec.textColor) }),
            badge: .init(
                24,
                read: { reader, spec throws(ParameterError) in spec.textColor = try reader.color(of: "textColor")! },
                key: { spec, _ in spec.textColor.map { String($0.hex.dropFirst()) } })),
        .init(
            "theme", [.all, .spark], .keyword(words(RingSpec.Theme.self)),
            docs: .init(
                "default colors: `light`, `dark`, or `auto` (SVG follows `prefers-color-scheme`; PNG, WebP and GIF "
                    + "read on light and dark pages: a halo under the label, a mid-gray track)",
                default: "`light`", accepted: "see [theme](#dark-backgrounds-theme)"),
            badgeDocs: .init(
                "default panel colors: `dark` draws a darker gray (`#30363d`) and GitHub's dark blue (`#1f6feb`), both "
                    + "still dark enough for the white text; `auto` switches to them where the viewer prefers a dark "
                    + "scheme (SVG; a raster's opaque light panels read on any page)", default: "`light`",
                accepted: "`light`, `dark`, `auto`"),
            field: .init(
                "Colors",
                "Default colors; auto follows the viewer's color scheme in SVG, and reads on light and dark pages in "
                    + "PNG, WebP and GIF.",
                placeholder: "light"),
            ring: .init(
                21,
                read: { reader, spec throws(ParameterError) in
                    spec.theme = try reader.keyword(of: "theme", as: RingSpec.Theme.self)!
                }, key: { spec, _ in spec.theme == .light ? nil : spec.theme.rawValue }),
            // Only `auto` is written: `dark` is written as the colors it gives, and a PNG cannot follow the viewer.
            badge: .init(
                12, .svg,
                read: { reader, spec throws(ParameterError) in
                    spec.theme = try reader.keyword(of: "theme", as: RingSpec.Theme.self)!
                }, key: { spec, _ in spec.theme == .auto ? spec.theme.rawValue : nil })),
        .init(
            "thresholds", [.all, .spark], .text,
            docs: .init(
                "value-driven color: `50:orange,80:green`", default: "none",
                accepted: "up to 8 ascending `percent:color` pairs, see "
                    + "[thresholds](#color-that-follows-the-value-thresholds)"),
            badgeDocs: .init(
                "the right half's color follows the value: `50:orange,80:green`", default: "none",
                accepted: "as for rings"),
            field: .init(
                "Colors",
                "Color by value: 50:orange,80:green means from 50 % orange, from 80 % green; up to 8 ascending pairs.",
                placeholder: "50:orange,80:green"),
            ring: .init(
                22,
                read: { reader, spec throws(ParameterError) in
                    spec.thresholds = try reader.thresholds(min: spec.reading.min, max: spec.reading.max)
                }, key: { spec, _ in spec.thresholds?.canonicalText }),
            badge: .init(
                3,
                read: { reader, spec throws(ParameterError) in
                    spec.thresholds = try reader.thresholds(min: spec.reading.min, max: spec.reading.max)
                }, key: { spec, _ in spec.thresholds?.canonicalText })),
        .init(
            "map", .all, .text,
            docs: .init(
                "value mappings: a value, an inclusive range or a value that could not be read shown as a text, "
                    + "optionally in a color (`0:down:red,1:up:green`, `0..50:degraded:orange`, `null:no data`)",
                default: "none", accepted: "see [mappings](#value-mappings-map)"),
            field: .init(
                "Colors",
                "Texts for values: 0:down:red,1:up:green, 0..50:degraded:orange, null:no data; the first match wins "
                    + "and replaces the label's value (and colors the progress).", placeholder: "0:down:red,1:up:green"),
            style: .init(
                ring: 27, badge: 16,
                read: { reader, _, style throws(ParameterError) in style.map = try reader.valueMap() },
                key: { style in style.map?.canonicalText })),
        .init(
            "thresholdsMode", [.all, .spark], .keyword(words(Thresholds.Mode.self)),
            docs: .init(
                "whether `thresholds` are percentages of `min…max` or values in the value's own units "
                    + "(`value=420&max=1000&thresholds=200:orange,500:red&thresholdsMode=absolute`)",
                default: "`percentage`", accepted: "`percentage`, `absolute`"),
            field: .init(
                "Colors",
                "percentage: thresholds are shares of min…max; absolute: they are values, as the value itself "
                    + "(Grafana's default).", placeholder: "percentage"),
            // The thresholds are read as percentages of min…max whichever mode wrote them: the key holds them so.
            ring: .init(
                26, read: { reader, _ throws(ParameterError) in _ = try reader.thresholdsMode() },
                key: { _, _ in nil }),
            badge: .init(
                15, read: { reader, _ throws(ParameterError) in _ = try reader.thresholdsMode() },
                key: { _, _ in nil })),
        .init(
            "gradient", [.ring, .bar], .colorOrNone,
            docs: .init(
                "the progress stroke fades from `color` to this color", default: "none",
                accepted: "a color, see [gradient](#a-fading-stroke-gradient)"),
            field: .init(
                "Colors", "The stroke or fill fades from color at its start to this color at its end.",
                placeholder: "none", picker: "#16a34a"),
            ring: .init(
                23,
                read: { reader, spec throws(ParameterError) in
                    let given = try reader.colorList(of: "gradient", rings: spec.ringCount, allowsNone: true)!
                    spec.gradient = given[0]
                    for index in spec.innerRings.indices { spec.innerRings[index].gradient = given[index + 1] }
                    try spec.checkGradientOpacity()
                },
                key: { spec, _ in
                    guard spec.gradient != nil || spec.innerRings.contains(where: { $0.gradient != nil }) else {
                        return nil
                    }
                    return spec.innerRings.isEmpty
                        ? RingSpec.text(spec.gradient) : spec.listText { RingSpec.text($0.gradient(ofRing: $1)) }
                })),
    ]
}
