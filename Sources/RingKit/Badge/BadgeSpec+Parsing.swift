extension BadgeSpec {
    /// Reads a badge from a query string, as in `/badge.svg?label=coverage&value=72`.
    ///
    /// `pathLabel` and `pathValue` are the segments of `/badge/{label}/{value}.svg`, still percent-encoded (there `+`
    /// is a plus). In the label, as on shields.io, `_` is a space and `__` an underscore (`%5F` is an underscore
    /// too); `-` is always a dash. A `label` or `value` in the query as well is the same parameter given twice.
    /// `read` holds the numbers read from a source (a live value). The result is `normalized()`.
    public static func parse(
        query: some StringProtocol, pathLabel: String? = nil, pathValue: String? = nil, read: [ReadNumber] = [],
        staleSince: Int64? = nil, clock: ValueClock? = nil, named: [String: Double] = [:], valueName: String? = nil
    ) throws(ParameterError) -> BadgeSpec {
        var parameters = QueryParameters(query: query)
        if let pathLabel {
            parameters.add(
                name: "label", encodedValue: underscoresAsSpaces(pathLabel), plusIsSpace: false)
        }
        if let pathValue {
            parameters.add(name: "value", encodedValue: pathValue, plusIsSpace: false)
        }
        for number in read { parameters.add(number) }
        parameters.staleSince = staleSince
        parameters.clock = clock
        parameters.named = named
        parameters.valueName = valueName
        return try BadgeSpec(parameters: parameters)
    }

    /// Reads and validates every badge parameter of `parameters`; see `parse(query:pathLabel:pathValue:)`.
    /// Parameters are read in a fixed order (`ParameterRows`: the amount and its bounds first), so one query always
    /// reports the same error, and the messages are those of the ring's parameters of the same name.
    public init(parameters: QueryParameters) throws(ParameterError) {
        self.init()
        var reader = ParameterReader(parameters: parameters)
        // A badge sits in a row of shields' own: its color names mean shields' colors.
        reader.colorNames = .shields
        try Self.parameterRows.read(reader, into: &self)
        try reader.checkMissingValue(valueStyle.missing, map: valueStyle.map)
        try valueStyle.readTimes(templates(), clock: parameters.clock)
        try valueStyle.readNamed(templates(valueName: parameters.valueName), given: parameters.named)
        if preset != nil, let name = parameters.valueName, let named = valueStyle.named {
            let siblings = TestResults.siblings(of: name)
            testResults = TestResults(passed: reading.value, failed: named[siblings[0]]!, skipped: named[siblings[1]]!)
        }
        // A fresh value's look shapes nothing: the spec is the one without it.
        if let since = parameters.staleSince { takeStaleLook(since: since) } else { stale = StaleLook() }
        self = normalized()
    }

    /// The templates the badge fills, with the parameters that gave them: `message` (where it writes the value) and
    /// `staleLabel`; with `preset`, the siblings of `valueName` it reads, written as a template writes them.
    func templates(valueName: String? = nil) -> [(parameter: String, text: String)] {
        var all: [(parameter: String, text: String)] = []
        if preset != nil, let valueName { all.append(("preset", TestResults.template(of: valueName))) }
        if let message, messageIsTemplate { all.append(("message", message)) }
        if let text = stale.label { all.append(("staleLabel", text)) }
        return all
    }

    /// The badge's rows of `ImageParameter.all`: what it reads, in the order of reading and of the canonical key.
    static let parameterRows = ParameterRows<BadgeSpec> { $0.badge }

    /// shields.io's path convention: `__` is an underscore and a lone `_` a space, applied before percent-decoding
    /// so `%5F` stays an underscore. Public for the pages that rewrite a path-form badge URL as a query.
    public static func underscoresAsSpaces(_ encoded: String) -> String {
        guard encoded.utf8.contains(UInt8(ascii: "_")) else { return encoded }
        var out = [UInt8]()
        out.reserveCapacity(encoded.utf8.count + 8)
        var bytes = encoded.utf8.makeIterator()
        var pending = bytes.next()
        while let byte = pending {
            pending = bytes.next()
            guard byte == UInt8(ascii: "_") else {
                out.append(byte)
                continue
            }
            if pending == UInt8(ascii: "_") {
                out.append(UInt8(ascii: "%"))
                out.append(contentsOf: "5F".utf8)
                pending = bytes.next()
            } else {
                out.append(contentsOf: "%20".utf8)
            }
        }
        return String(decoding: out, as: UTF8.self)
    }
}
