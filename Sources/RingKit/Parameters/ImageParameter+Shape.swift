extension ImageParameter {
    /// A ring's shape and a bar's.
    static let shape: [ImageParameter] = [
        .init(
            "size", .ring, .integer,
            docs: .init(
                "width and height in CSS pixels", default: "`128`",
                accepted: "integer \(range(RingSpec.Limits.size))"),
            field: .init(
                "Shape", "Width and height in CSS pixels, \(range(RingSpec.Limits.size)).",
                placeholder: String(RingSpec().size)),
            ring: .init(
                3,
                read: { reader, spec throws(ParameterError) in
                    spec.size = try reader.integer(of: "size", in: RingSpec.Limits.size)!
                }, key: { spec, _ in String(spec.size) })),
        .init(
            "thickness", .ring, .decimal,
            docs: .init("stroke width in pixels", default: "`round(size / 10)`", accepted: "number 1…size/2"),
            field: .init("Shape", "Stroke width in pixels, 1…size/2. Default size/10.", placeholder: "size / 10"),
            ring: .init(
                4,
                read: { reader, spec throws(ParameterError) in
                    let (size, rings) = (spec.size, spec.ringCount)
                    let range = RingSpec.Limits.thicknessMinimum...RingSpec.maximumThickness(size: size, rings: rings)
                    spec.thickness =
                        try reader.number(
                            of: "thickness", in: range,
                            note: rings == 1
                                ? " (at most half of size \(size))"
                                : " (at most what \(rings) rings fit in size \(size))")?.number
                },
                key: { spec, context in
                    CanonicalNumber.text(
                        spec.thickness ?? RingSpec.defaultThickness(size: context.size, rings: spec.ringCount))
                })),
        .init(
            "arc", .ring, .decimal,
            docs: .init(
                "sweep of the full ring in degrees; below 360 leaves a gap (a gauge)", default: "`360`",
                accepted: "number 1…360"),
            field: .init(
                "Shape", "Sweep of the full ring in degrees, 1…360; less leaves a gap (a gauge).", placeholder: "360"),
            ring: .init(
                10,
                read: { reader, spec throws(ParameterError) in
                    spec.arc = try reader.number(of: "arc", in: RingSpec.Limits.arc)!.number
                }, key: { spec, _ in CanonicalNumber.text(spec.arc) })),
        .init(
            "start", .ring, .decimal,
            docs: .init(
                "where the ring begins, degrees clockwise from 12 o'clock",
                default: "`0`; for a gauge, the angle that centres the gap at 6 o'clock (`arc=270` starts at 225, or "
                    + "135 with `direction=ccw`)", accepted: "number −360…360"),
            field: .init(
                "Shape",
                "Where the ring begins, degrees clockwise from 12 o'clock, −360…360. Default 0, or the gap at 6 o'clock.",
                placeholder: "0"),
            ring: .init(
                11,
                read: { reader, spec throws(ParameterError) in
                    spec.start = try reader.number(of: "start", in: RingSpec.Limits.start)?.number
                },
                key: { spec, context in
                    let resolved = spec.start ?? RingSpec.defaultStart(arc: context.arc, direction: context.direction)
                    return CanonicalNumber.text(RingSpec.normalizedAngle(resolved))
                })),
        .init(
            "direction", .ring, .keyword(words(RingSpec.Direction.self)),
            docs: .init("which way progress grows", default: "`cw`", accepted: "`cw`, `ccw`"),
            field: .init("Shape", "Which way progress runs.", placeholder: "cw"),
            ring: .init(
                12,
                read: { reader, spec throws(ParameterError) in
                    spec.direction = try reader.keyword(of: "direction", as: RingSpec.Direction.self)!
                }, key: { spec, _ in spec.direction.rawValue })),
        .init(
            "cap", .ring, .keyword(words(RingSpec.Cap.self)),
            docs: .init("ends of the progress stroke", default: "`round`", accepted: "`round`, `butt`, `square`"),
            field: .init("Shape", "Ends of the progress stroke.", placeholder: "round"),
            ring: .init(
                9,
                read: { reader, spec throws(ParameterError) in
                    spec.cap = try reader.keyword(of: "cap", as: RingSpec.Cap.self)!
                }, key: { spec, _ in spec.cap.rawValue })),
    ]

    /// The words of a keyword parameter, in their declared order.
    static func words<Keyword: RawRepresentable & CaseIterable>(_ type: Keyword.Type) -> [String]
    where Keyword.RawValue == String { type.allCases.map(\.rawValue) }
}
