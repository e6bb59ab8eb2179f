/// How the series of a list read live are ordered before they are cut (`sort`): by value, up or down, or by one of
/// their labels. Without `sort`, by their labels as a whole, so an image does not change with the order a source
/// happens to answer in.
public enum SeriesOrder: Sendable, Hashable {
    case value
    case descendingValue
    case label(String)

    /// What `sort` accepts, as a refusal says it.
    static let accepted = "value, -value or label:NAME, NAME a label name such as instance"

    /// `text` as an order, or nil.
    static func parse(_ text: String) -> SeriesOrder? {
        switch text {
        case "value": return .value
        case "-value": return .descendingValue
        default:
            guard text.hasPrefix("label:") else { return nil }
            let name = text.dropFirst("label:".count)
            return isLabelName(name) ? .label(String(name)) : nil
        }
    }

    /// A Prometheus label name: `[a-zA-Z_][a-zA-Z0-9_]*`, at most 64 characters.
    static func isLabelName(_ name: Substring) -> Bool {
        guard let first = name.utf8.first, name.utf8.count <= 64,
            !(UInt8(ascii: "0")...UInt8(ascii: "9")).contains(first)
        else { return false }
        return name.utf8.allSatisfy { b in
            b == UInt8(ascii: "_") || (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(b)
                || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(b)
                || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(b)
        }
    }
}

extension ImageParameter {
    /// `sort` and `limit`: which series of a list read live are drawn, one ring or bar each. The `value` row does the
    /// work once the list is read; these rows check the words where no list is given and write nothing in the key,
    /// which holds the values and labels drawn.
    static let series: [ImageParameter] = [
        .init(
            "sort", [.ring, .bar], .text,
            docs: .init(
                "the order of the rings or bars of a [list read live](live-values.md#one-ring-or-bar-per-series) "
                    + "(a Prometheus query's series, a JSON array): `value` (smallest first), `-value` (largest "
                    + "first), `label:NAME` (by a series' label, such as `label:instance`)",
                default: "by the series' labels as a whole (a JSON array: its order)",
                accepted: "`value`, `-value`, `label:NAME`"),
            field: .init(
                liveGroup,
                "With a Prometheus query of several series: the order of their rings or bars, value (smallest first), "
                    + "-value, or label:NAME (label:instance).", placeholder: "by labels", inputMode: "text"),
            ring: Binding(
                51, read: { reader, _ throws(ParameterError) in _ = try reader.seriesOrder() }, key: { _, _ in nil })),
        .init(
            "limit", [.ring, .bar], .integer,
            docs: .init(
                "how many rings or bars of a [list read live](live-values.md#one-ring-or-bar-per-series) are drawn, "
                    + "the first as `sort` orders them",
                default: "all, where they fit (5 rings; bars: the server's `liveMaxSeries`, 20 by default)",
                accepted: "an integer \(range(ImageParameter.seriesLimits))"),
            field: .init(
                liveGroup, "With a Prometheus query of several series: draw only the first N, as sort orders them.",
                placeholder: "all", inputMode: "numeric"),
            ring: Binding(
                52, read: { reader, _ throws(ParameterError) in _ = try reader.seriesLimit() }, key: { _, _ in nil })),
    ]

    /// What `limit` accepts.
    static let seriesLimits = 1...100
}

extension ParameterReader {
    /// `sort`: the order of a list's series, or nil.
    func seriesOrder() throws(ParameterError) -> SeriesOrder? {
        guard let text = try parameters.value("sort") else { return nil }
        guard let order = SeriesOrder.parse(text) else {
            throw ParameterError(
                parameter: "sort", value: ParameterError.quoted(text),
                reason: "is not an order (accepted: \(SeriesOrder.accepted))")
        }
        return order
    }

    /// `limit`: how many series are drawn, or nil.
    func seriesLimit() throws(ParameterError) -> Int? {
        try integer(of: "limit", in: ImageParameter.seriesLimits)
    }

    /// The values of a list read from a source (`read` and its `more`), each with its series' labels, ordered by
    /// `sort` and cut by `limit`; refused, naming the source, the count and `limit`, where more remain than the
    /// kind draws (rings: `RingSpec.Limits.rings`; bars: the server's `seriesLimit`).
    func series(_ read: ReadNumber) throws(ParameterError) -> [(value: Double, labels: [String: String])] {
        let values = [Self.given(read).number] + read.more.map { $0 + 0 }
        var list = values.indices.map { ($0, values[$0], $0 < read.labels.count ? read.labels[$0] : [:]) }
        let order = try seriesOrder()
        if case .label(let name)? = order, read.labels.isEmpty {
            throw ParameterError(
                parameter: "sort", value: ParameterError.quoted("label:" + name),
                reason: "orders by a series' label, and \(read.source) read no labels (accepted here: value or -value)")
        }
        // Every order is total: ties fall back to the labels as a whole, then to the order read.
        let whole = list.map { Self.labelsText($0.2) }
        list.sort { a, b in
            switch order {
            case .value?: if a.1 != b.1 { return a.1 < b.1 }
            case .descendingValue?: if a.1 != b.1 { return a.1 > b.1 }
            case .label(let name)?:
                let (x, y) = (a.2[name] ?? "", b.2[name] ?? "")
                if x != y { return x < y }
            case nil: break
            }
            return whole[a.0] != whole[b.0] ? whole[a.0] < whole[b.0] : a.0 < b.0
        }
        let limit = try seriesLimit()
        if let limit, limit < list.count { list.removeLast(list.count - limit) }
        let most = forBars ? (read.seriesLimit ?? RingSpec.Limits.rings) : RingSpec.Limits.rings
        guard list.count <= most else {
            let kind = forBars ? "bars" : "rings"
            throw ParameterError(
                parameter: read.source, value: "",
                reason: "read \(list.count) series, and an image draws at most \(most) \(kind) (add limit=\(most) to "
                    + "draw the first \(most) as sort orders them, or reduce= for one value of them all)")
        }
        return list.map { ($0.1, $0.2) }
    }

    /// A series' labels as one text, names in order: what orders series with equal keys.
    private static func labelsText(_ labels: [String: String]) -> String {
        labels.keys.sorted().map { $0 + "=" + labels[$0]! }.joined(separator: "\u{0}")
    }
}
