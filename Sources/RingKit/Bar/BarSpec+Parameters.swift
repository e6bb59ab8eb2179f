extension BarSpec {
    /// What only bars read: the shape of the image and of each bar. The ring's parameters a bar shares are bound
    /// through the ring's rows (`sharedRows`).
    static let parameterTable: [OwnParameter<BarSpec>] = [
        .init(
            "width", .bar, .integer,
            docs: .init(
                "the image's width in CSS pixels: the track, and the labels' column when they sit beside",
                default: "`200`", accepted: "integer \(ImageParameter.range(BarSpec.Limits.width))"),
            field: .init(
                "Shape",
                "Width of the image in CSS pixels, \(ImageParameter.range(BarSpec.Limits.width)): the track, and the labels when they "
                    + "sit beside it.", placeholder: String(BarSpec().width)),
            binding: .init(
                0,
                read: { reader, spec throws(ParameterError) in
                    spec.width = try reader.integer(of: "width", in: BarSpec.Limits.width)!
                }, key: { spec, _ in String(spec.width) })),
        .init(
            "height", .bar, .integer,
            docs: .init(
                "each bar's height in CSS pixels", default: "`20`",
                accepted: "integer \(ImageParameter.range(BarSpec.Limits.height))"),
            field: .init(
                "Shape", "Height of each bar in CSS pixels, \(ImageParameter.range(BarSpec.Limits.height)).",
                placeholder: String(BarSpec().height)),
            binding: .init(
                1,
                read: { reader, spec throws(ParameterError) in
                    spec.height = try reader.integer(of: "height", in: BarSpec.Limits.height)!
                }, key: { spec, _ in String(spec.height) })),
        .init(
            "radius", .bar, .decimal,
            docs: .init(
                "corner radius; `0` for square ends", default: "`height / 2` (round ends)",
                accepted: "number 0…height/2"),
            field: .init("Shape", "Corner radius, 0…height/2; 0 for square ends.", placeholder: "height / 2"),
            binding: .init(
                2,
                read: { reader, spec throws(ParameterError) in
                    let height = spec.height
                    spec.radius = try reader.number(
                        of: "radius", in: 0...Double(height) / 2, note: " (at most half of height \(height))")?.number
                }, key: { spec, context in CanonicalNumber.text(spec.radius ?? Double(context.height) / 2) })),
    ]
}
