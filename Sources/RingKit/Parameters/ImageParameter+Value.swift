extension ImageParameter {
    /// Every row, in the builder page's order (by group); a spec reads its rows in their key places.
    public static let all: [ImageParameter] =
        value + rollup + series + live + time + shape + colors + marks + label + output + badgeOnly + logo
        + Drawing.Kind.allCases.flatMap { $0.type.ownParameters }

    /// The amount and its range.
    static let value: [ImageParameter] = [
        .init(
            // A sparkline takes only `@name` (refused as a number by `SparkSpec` before any row is read): the builder
            // offers the field, and the service reads the name's history.
            "value", [.all, .spark], .decimal,
            docs: .init(
                "amount done", default: "`0`",
                accepted: "a number (see [Numbers](#numbers)); clamped into `min…max`; `30,60,90` for several rings "
                    + "or bars; `@name` for a [stored value](stored-values.md) (`@a,@b`, mixed with numbers)"),
            badgeDocs: .init(
                "the amount; the badge shows its percentage of `min…max`", default: "`0`",
                accepted: "a number, as for rings (one), or `@name` for a [stored value](stored-values.md)"),
            field: .init(
                "Value",
                "Amount done, clamped into min…max. Several rings or bars: 30,60,90 with colors red,green,blue. "
                    + "@name shows a value pushed to this server (a sparkline: its history). Off while a live value is "
                    + "read (url or prometheus).",
                placeholder: "0"),
            reading: .init(
                ring: 0, badge: 4,
                read: { reader, several, reading, style throws(ParameterError) in
                    // Each further value's own max, read with the bounds.
                    let maxima = reading.more.map(\.max)
                    reading.more = []
                    // null, nan, an infinity or a failed source (read, or written so): an empty image (full for
                    // inf), for a map item to show.
                    if let missing = reader.missingRead {
                        (reading.value, style.missing) = (missing == .inf ? reading.max : reading.min, missing)
                        return
                    }
                    do throws(ParameterError) {
                        if let rollup = try reader.rollup() {
                            guard let values = try reader.rolledUpValues() else { return }
                            try ParameterReader.rollUp(values, rollup, into: &reading, maxima: maxima)
                            return
                        }
                        guard several else {
                            reading.value = try reader.number(of: "value")!.number
                            return
                        }
                        // A list read live: one ring or bar per series, sorted and cut, each with its labels.
                        if let read = reader.parameters.readNumber("value") {
                            let series = try reader.series(read)
                            reading.value = series[0].value
                            reading.more = series.dropFirst().enumerated().map { index, item in
                                ValueReading.Item(value: item.value, max: index < maxima.count ? maxima[index] : nil)
                            }
                            style.seriesLabels = read.labels.isEmpty ? nil : series.map(\.labels)
                            return
                        }
                        guard let given = try reader.numberList("value") else { return }
                        reading.value = given.first.number
                        reading.more = given.more.enumerated().map { index, item in
                            ValueReading.Item(value: item.number, max: index < maxima.count ? maxima[index] : nil)
                        }
                    } catch {
                        let missing = try reader.missingWritten(after: error)
                        (reading.value, style.missing) = (missing == .inf ? reading.max : reading.min, missing)
                    }
                },
                key: { reading, style in
                    let first = style.missing?.text ?? CanonicalNumber.text(reading.value)
                    return reading.more.reduce(first) { $0 + "," + CanonicalNumber.text($1.value) }
                })),
        .init(
            "min", [.all, .spark], .decimal,
            docs: .init(
                "the value of the empty ring or bar", default: "`0`",
                accepted: "a number less than `max`, and `max − min` a finite number (`min=-1e308&max=1e308` is "
                    + "refused)"),
            field: .init("Value", "The value of the empty ring or bar. Default 0.", placeholder: "0"),
            reading: .init(
                ring: 1, badge: 5,
                read: { reader, several, reading, _ throws(ParameterError) in
                    try readBounds(reader, several: several, &reading)
                }, key: { reading, _ in CanonicalNumber.text(reading.min) })),
        .init(
            "max", [.all, .spark], .decimal,
            docs: .init(
                "the value of the full ring or bar", default: "`100`",
                accepted: "a number greater than `min`; for several rings or bars one for all, or one for each "
                    + "(`value=30,40&max=100,42`)"),
            badgeDocs: .init(
                "the value of the full ring or bar", default: "`100`", accepted: "a number greater than `min`"),
            field: .init(
                "Value",
                "The value of the full ring or bar; greater than min. Default 100. Several rings or bars: one "
                    + "for all, or one for each (100,42).", placeholder: "100"),
            // `min`'s row reads both bounds when both are given.
            reading: .init(
                ring: 2, badge: 6,
                read: { reader, several, reading, _ throws(ParameterError) in
                    if !reader.parameters.contains("min") { try readBounds(reader, several: several, &reading) }
                },
                key: { reading, _ in
                    // One max for all where every value's is the same.
                    let first = CanonicalNumber.text(reading.max)
                    let maxima = reading.more.map { CanonicalNumber.text($0.max ?? reading.max) }
                    return maxima.allSatisfy { $0 == first } ? first : ([first] + maxima).joined(separator: ",")
                })),
        .init(
            "decimals", [.all, .spark], .integer,
            docs: .init(
                "digits after the point in percentages (`auto`, `{percent}`), and in `{value}`, `{min}`, `{max}` when "
                    + "it is 1 or more or a `unit` is set (see [units](#units))",
                default: "`0`; with a unit that scales, `auto`: three significant digits",
                accepted: "integer \(range(ImageLimits.decimals)), or `auto`"),
            badgeDocs: .init(
                "digits after the point in the percentage, or in the value with a `unit`",
                default: "`0`; with a unit that scales, `auto`",
                accepted: "integer \(range(ImageLimits.decimals)), or `auto`"),
            field: .init(
                "Value",
                "Digits after the point, \(range(ImageLimits.decimals)): in the percentage, and in the value with a "
                    + "unit (default: three significant digits).", placeholder: "0"),
            style: .init(
                ring: 14, badge: 7,
                read: { reader, _, style throws(ParameterError) in style.decimals = try reader.decimals() },
                key: { style in style.decimals.map { String($0) } ?? "auto" })),
    ]

    /// Reads `min` and `max` (for several values one max for all, or one for each) into `reading`. The bounds are
    /// read before `value` (whose missing value is `min`), so the values are counted from its text, and each further
    /// value's own max waits in `reading.more` for `value` to fill them.
    private static func readBounds(
        _ reader: ParameterReader, several: Bool, _ reading: inout ValueReading
    ) throws(ParameterError) {
        // A roll-up reads a list of values and their maxima on every kind, a badge's included.
        let rollsUp = reader.parameters.contains("reduce")
        guard several || rollsUp else {
            (reading.min, reading.max) = try reader.bounds()
            return
        }
        let bounds = try reader.ringBounds {
            // Counted only for a list of maxima: the common query pays nothing for it.
            let read = reader.parameters.readNumber("value")
            let listed = read == nil ? ((try? reader.parameters.value("value")) ?? nil) : nil
            let count = listed.map { $0.utf8.reduce(1) { $1 == UInt8(ascii: ",") ? $0 + 1 : $0 } } ?? 1
            return Swift.min(
                read.map { 1 + $0.more.count } ?? count, rollsUp ? Rollup.listLimit : RingSpec.Limits.rings)
        }
        (reading.min, reading.max) = (bounds.min, bounds.max)
        reading.more = bounds.more.map { ValueReading.Item(value: 0, max: $0) }
    }

    /// The live-value parameters: every image route takes them, and the service reads them (`LiveTarget`).
    static let live: [ImageParameter] = [
        .live(
            "url", inputMode: "url",
            "A JSON document to read the value from: an http(s) URL on a host this server allows, or the name of a "
                + "source it configures. The value field is off while it is set.",
            placeholder: "coverage, or an http(s) URL",
            docs: "an http(s) URL of a JSON document, or the name of a source the server configures"),
        .live(
            "query", inputMode: "text",
            "Where the value sits in the document: $.totals.percent, $.jobs[0].done, a.b. Without it, a shields "
                + "endpoint document's message (or the named source's own query).",
            placeholder: "$.totals.percent", docs: "where the value sits in the document (a JSONPath subset)"),
        .live(
            "maxQuery", inputMode: "text",
            "Where max sits in the same document, for 7 of 12 ($.total); with prometheus, a second query whose number "
                + "is max. max then stays empty.",
            placeholder: "$.total",
            docs: "where `max` sits in the same document; with `prometheus`, a second configured query "
                + "whose one number is `max`"),
        .live(
            "timeQuery", inputMode: "text",
            "Where the value's time sits in the document: an RFC 3339 date-time or Unix seconds ($.updated). "
                + "Without it, the time the document was read.",
            placeholder: "$.updated",
            docs: "where the value's time sits in the same document (an RFC 3339 date-time or Unix seconds); "
                + "without it, the time the document was read"),
        .live(
            "prometheus", inputMode: "text",
            "Instead of url: the name of a query this server configures, whose answer is one number; its parameters "
                + "follow as their own (prometheus=disk&instance=web1). PromQL itself only where the server takes "
                + "any (livePromQL). The value field is off while it is set.",
            placeholder: "disk",
            docs: "the name of a configured query whose answer is one number, its parameters given by their names "
                + "(`prometheus=disk&instance=web1`); PromQL itself where the server sets `livePromQL` to `any`"),
        .live(
            "server", inputMode: "text", "Which configured Prometheus answers prometheus. Default: the first.",
            placeholder: "the first", docs: "which configured Prometheus answers `prometheus`"),
        ImageParameter(
            "trend", [.ring, .bar, .badge], .text,
            docs: .init(
                "for a [stored value](stored-values.md) (`value=@name`) or a [Prometheus query](live-values.md#history) "
                    + "and a label with `{delta}` or `{previous}`: how far back the value compared with is read, the "
                    + "last point at or before then (the oldest when the history is younger; for Prometheus, the "
                    + "query evaluated then)",
                default: "`7d`", accepted: "a window `1h`…`400d` (`s`, `m`, `h` or `d` after a whole number)"),
            field: .init(
                "Label",
                "With value=@name or prometheus= and {delta} in the label: the window the change is measured over.",
                placeholder: "7d", inputMode: "text"),
            readByService: true),
    ]

    /// The group of the live-value fields, which the builder shows folded: most images carry their value in the URL.
    public static let liveGroup = "Live value"

    /// A live-value row: read by the service, on every kind of image, entered as text.
    private static func live(
        _ name: String, inputMode: String, _ hint: String, placeholder: String, docs: String
    ) -> ImageParameter {
        ImageParameter(
            name, .all, .text, docs: .init(docs, default: "none", accepted: "see [live values](live-values.md)"),
            field: .init(liveGroup, hint, placeholder: placeholder, inputMode: inputMode), readByService: true)
    }

    /// A range as the hints and the server's messages write it: `16…1024`.
    static func range(_ range: ClosedRange<Int>) -> String { "\(range.lowerBound)…\(range.upperBound)" }
}
