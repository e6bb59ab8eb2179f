extension ImageParameter {
    /// Marks on the track: a goal, the thresholds, and the point the progress grows from.
    static let marks: [ImageParameter] = [
        .init(
            "target", [.ring, .bar], .decimal,
            docs: .init(
                "a tick across the track at a goal value, in the label's color", default: "none",
                accepted: "a number in `min…max`"),
            field: .init(
                "Marks", "A goal: a tick across the track at this value, within min…max.", placeholder: "none"),
            ring: .init(
                28,
                read: { reader, spec throws(ParameterError) in
                    spec.target = try reader.amount("target", within: spec.reading.min...spec.reading.max)
                }, key: { spec, _ in spec.target.map(CanonicalNumber.text) })),
        .init(
            "markers", [.ring, .bar], .keyword(["true", "false"]),
            docs: .init(
                "ticks across the track at each threshold, in its color (and at `target`)", default: "`false`",
                accepted: "`true` (with `thresholds` or `target` to mark), `false`"),
            field: .init(
                "Marks", "Ticks across the track where each threshold begins, in its color.", placeholder: "false"),
            ring: .init(
                29,
                read: { reader, spec throws(ParameterError) in
                    spec.markers = try reader.keyword(of: "markers", as: Toggle.self)! == .true
                }, key: { spec, _ in spec.markers ? "true" : nil })),
        .init(
            "neutral", .all, .decimal,
            docs: .init(
                "the value the progress grows from: above it clockwise (rightwards on a bar), below it "
                    + "counter-clockwise (leftwards); `label=auto` then shows the value signed (`+5`, `−5`)",
                default: "`min`", accepted: "a number in `min…max`"),
            field: .init(
                "Marks",
                "The value progress grows from, within min…max: above it clockwise (rightwards), below it the other "
                    + "way; the label shows the value signed.", placeholder: "min"),
            style: .init(
                ring: 30, badge: 17,
                read: { reader, bounds, style throws(ParameterError) in
                    style.neutral = try reader.amount("neutral", within: bounds.min...bounds.max)
                }, key: { style in style.neutral.map(CanonicalNumber.text) })),
        .init(
            "previous", [.ring, .bar, .spark, .badge], .decimal,
            docs: .init(
                "the value to compare with: the label's (a badge's `message`'s) `{delta}` is the change from it "
                    + "(`▲3.2`, `▼0.5`, `±0`, in `unit` and `locale`) and `{previous}` writes it; for a "
                    + "[stored value](stored-values.md) the server reads it from the history (`trend`), or from "
                    + "another stored value (`previous=@main.coverage`)",
                default: "none", accepted: "a number"),
            field: .init(
                "Label", "The value {delta} in the label is the change from, and {previous} writes.",
                placeholder: "none"),
            reading: .init(
                ring: 31, badge: 29,
                read: { reader, _, reading, _ throws(ParameterError) in
                    reading.previous = try reader.number(of: "previous")?.number
                },
                key: { reading, _ in reading.previous.map(CanonicalNumber.text) })),
    ]

    /// `true` or `false`, spelled so.
    enum Toggle: String, CaseIterable {
        case `true`, `false`
    }
}
