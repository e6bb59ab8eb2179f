extension SparkSpec {
    /// What only sparklines read: the points, the window a stored history is read over, and the shape.
    static let parameterTable: [OwnParameter<SparkSpec>] = [
        .init(
            "points", .spark, .text,
            docs: .init(
                "the numbers drawn, oldest first; for a [stored value](stored-values.md) (`value=@name`) the server "
                    + "writes them from its history over `window`, and `points=share` draws each as a percent of the "
                    + "`max` pushed with it", default: "none (required without `value=@name`)",
                accepted: "1…\(SparkSpec.Limits.points) finite decimals separated by commas"),
            field: .init(
                "Sparkline", "The numbers drawn, oldest first: 3,5,4,8 (at most \(SparkSpec.Limits.points)).",
                placeholder: "3,5,4,8"),
            binding: .init(
                0,
                read: { reader, spec throws(ParameterError) in spec.points = try reader.points("points") },
                key: { spec, _ in spec.points.map(CanonicalNumber.text).joined(separator: ",") })),
        .init(
            "window", .spark, .text,
            docs: .init(
                "for a [stored value](stored-values.md) (`value=@name`) or a [Prometheus query]"
                    + "(live-values.md#history) (`prometheus=NAME`): how far back its history is drawn",
                default: "`30d`; `24h` for `prometheus`",
                accepted: "a window `1h`…`400d` (`s`, `m`, `h` or `d` after a whole number)"),
            field: .init(
                "Sparkline", "With value=@name or prometheus=: how far back the history is drawn, 1h…400d.",
                placeholder: "30d",
                inputMode: "text"),
            readByService: true),
        .init(
            "width", .spark, .integer,
            docs: .init(
                "the image's width in CSS pixels: the line, and the label at its end", default: "`120`",
                accepted: "integer \(ImageParameter.range(SparkSpec.Limits.width))"),
            field: .init(
                "Sparkline", "Width of the image in CSS pixels, \(ImageParameter.range(SparkSpec.Limits.width)).",
                placeholder: String(SparkSpec().width)),
            binding: .init(
                1,
                read: { reader, spec throws(ParameterError) in
                    spec.width = try reader.integer(of: "width", in: SparkSpec.Limits.width)!
                }, key: { spec, _ in String(spec.width) })),
        .init(
            "height", .spark, .integer,
            docs: .init(
                "the image's height in CSS pixels", default: "`24`",
                accepted: "integer \(ImageParameter.range(SparkSpec.Limits.height))"),
            field: .init(
                "Sparkline", "Height of the image in CSS pixels, \(ImageParameter.range(SparkSpec.Limits.height)).",
                placeholder: String(SparkSpec().height)),
            binding: .init(
                2,
                read: { reader, spec throws(ParameterError) in
                    spec.height = try reader.integer(of: "height", in: SparkSpec.Limits.height)!
                }, key: { spec, _ in String(spec.height) })),
        .init(
            "fill", .spark, .keyword(ImageParameter.words(SparkSpec.Fill.self)),
            docs: .init(
                "what is drawn under the line: `area` (the line's color, a fifth as opaque), or `none`",
                default: "`area`", accepted: "`area`, `none`"),
            field: .init("Sparkline", "Under the line: the area in its color, or none.", placeholder: "area"),
            binding: .init(
                3,
                read: { reader, spec throws(ParameterError) in
                    spec.fill = try reader.keyword(of: "fill", as: SparkSpec.Fill.self)!
                }, key: { spec, _ in spec.fill.rawValue })),
    ]
}
