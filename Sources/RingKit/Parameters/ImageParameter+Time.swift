extension ImageParameter {
    /// A value's time: how an image of a stored or live value shows that the value is old (after how long, in which
    /// color, with which label), and the zone its time is written in. The service reads `staleAfter` (it knows the
    /// value's time and the clock); the look's rows are read by every kind and shape the key only once the look is
    /// drawn (`StaleLook`).
    static let time: [ImageParameter] = [
        clock(
            "from",
            "with `to`: the start of a period whose share gone is the value, 0–100 (a sprint, a quarter, the year)",
            hint: "With to: the start of a period; the value is the share of it gone (2026-01-01)."),
        clock(
            "to", "with `from`: the end of the period", hint: "With from: the end of the period (2026-12-31T18:00)."),
        clock(
            "until",
            "a countdown: the value is the days left until then (`max` default `30`); the label `{remaining}` "
                + "(`18d 4h`)",
            hint: "A countdown: the value is the days left until then; the label {remaining}."),
        clock(
            "since", "the time since then: the value is the days gone (`max` default `30`); the label `{elapsed}`",
            hint: "The days since then are the value; the label {elapsed}."),
        .init(
            "staleAfter", [.all, .spark], .text,
            docs: .init(
                "for a [stored](stored-values.md#freshness) or [live](live-values.md#freshness) value: how old its "
                    + "value may be before the image is drawn in the stale look (`staleColor`, `staleLabel`, and an "
                    + "accessible name that says since when)",
                default: "the server's `staleAfter` (off unless set)", accepted: StaleLook.acceptedAfter),
            field: .init(
                liveGroup,
                "With a stored or live value: how old it may be before the image turns gray: 30d, 12h, or off. "
                    + "Default: the server's.", placeholder: "off", inputMode: "text"),
            readByService: true),
        .init(
            "staleColor", [.all, .spark], .color,
            docs: .init(
                "the color of a stale value's progress, fill or badge half, in place of its own, its thresholds' "
                    + "and its map's", default: "`#9f9f9f` (shields' `lightgrey`)", accepted: "a color"),
            field: .init(
                liveGroup, "The color of a value older than staleAfter, in place of its own colors.",
                placeholder: StaleLook.defaultColor.hex),
            ring: .init(
                34,
                read: { reader, spec throws(ParameterError) in
                    spec.stale.color = try reader.color(of: "staleColor")!
                }, key: { _, _ in nil }),
            badge: .init(
                21,
                read: { reader, spec throws(ParameterError) in
                    spec.stale.color = try reader.color(of: "staleColor")!
                }, key: { _, _ in nil })),
        .init(
            "staleLabel", [.all, .spark], .text,
            docs: .init(
                "the label of a stale value in place of `label` (a badge's: its value's text), a template as "
                    + "`label` is", default: "none: the label as set",
                accepted: "as `label`"),
            field: .init(
                liveGroup,
                "The label of a value older than staleAfter, such as {value} (stale). Default: the "
                    + "label as set.", placeholder: "the label"),
            ring: .init(
                35,
                read: { reader, spec throws(ParameterError) in
                    spec.stale.label = try reader.staleLabel()
                }, key: { _, _ in nil }),
            badge: .init(
                22,
                read: { reader, spec throws(ParameterError) in
                    spec.stale.label = try reader.staleLabel()
                }, key: { _, _ in nil })),
        .init(
            "tz", [.all, .spark], .text,
            docs: .init(
                "the time zone `{time}` and `{date}` write a stored or live value's time in, a zone of the tz "
                    + "database", default: "`UTC`", accepted: "an IANA zone name (`Europe/Berlin`, `America/New_York`)"),
            field: .init(
                liveGroup, "The zone {time} and {date} are written in: Europe/Berlin, America/New_York. Default UTC.",
                placeholder: "UTC", inputMode: "text"),
            style: .init(
                ring: 36, badge: 23,
                read: { reader, _, style throws(ParameterError) in style.zone = try reader.zone() },
                key: { style in style.zone.map { PercentDecoding.encode($0) } })),
    ]
}

extension ImageParameter {
    /// A row of the clock-driven values: read by the service, on rings, bars and badges.
    private static func clock(_ name: String, _ meaning: String, hint: String) -> ImageParameter {
        ImageParameter(
            name, .all, .text,
            docs: .init(
                meaning + " ([time-driven progress](#time-driven-progress-from-to-until-since))", default: "none",
                accepted: TimeInstant.accepted),
            field: .init(liveGroup, hint + " In tz; no value with it.", placeholder: "2026-12-24", inputMode: "text"),
            readByService: true)
    }
}

extension ParameterReader {
    /// `tz`: a zone of the tz database, in its canonical spelling.
    func zone() throws(ParameterError) -> String? {
        guard let text = try parameters.value("tz") else { return nil }
        guard let zone = TimeTexts.zone(text) else {
            throw ParameterError(
                parameter: "tz", value: ParameterError.quoted(text),
                reason:
                    "is not a time zone (accepted: an IANA zone name such as Europe/Berlin, America/New_York or UTC)")
        }
        return zone
    }

    /// `staleLabel`: a template as `label` (`none` or empty: no label at all).
    func staleLabel() throws(ParameterError) -> String? {
        switch try label(of: "staleLabel") {
        case nil: nil
        case .auto: "auto"
        case .some(.none): ""
        case .template(let text): text
        }
    }
}
