/// The rows of `ImageParameter.all` that one kind of spec reads, in their place order, with a name index: how a spec
/// reads a query and writes its canonical key.
struct ParameterRows<Spec>: Sendable {
    struct Row: Sendable {
        let name: String
        let binding: ImageParameter.Binding<Spec>
    }

    /// In place order: the canonical key's.
    let rows: [Row]
    /// In reading order: the amount and its bounds first (`min`, `max`, `value`: a message about the amount comes
    /// before one about its look), then the rest in place order.
    private let readingOrder: [Row]
    /// Each name's position in `readingOrder`.
    private let index: [String: Int]
    static var readFirst: [String] { ["min", "max", "value"] }

    /// The rows for which `binding` gives a binding, ordered by place. Two rows may not share a place or a name.
    init(_ binding: (ImageParameter) -> ImageParameter.Binding<Spec>?) {
        self.init(rows: ImageParameter.all.compactMap { row in binding(row).map { Row(name: row.name, binding: $0) } })
    }

    /// The rows of a kind's own parameters (`ImageKind.ownParameters`), those the service reads left out.
    init(own parameters: [OwnParameter<Spec>]) {
        self.init(rows: parameters.compactMap { own in own.binding.map { Row(name: own.row.name, binding: $0) } })
    }

    private init(rows unsorted: [Row]) {
        let rows = unsorted.sorted { $0.binding.place < $1.binding.place }
        self.rows = rows
        let sorted = rows
        let first = Self.readFirst.compactMap { name in sorted.first { $0.name == name } }
        readingOrder = first + sorted.filter { !Self.readFirst.contains($0.name) }
        var index: [String: Int] = [:]
        for (position, row) in readingOrder.enumerated() {
            precondition(index.updateValue(position, forKey: row.name) == nil, "parameter \(row.name) bound twice")
        }
        precondition(rows.count <= 64, "a spec reads at most 64 parameters (the given ones are a bit set)")
        self.index = index
    }

    /// The names, in place order.
    var names: [String] { rows.map(\.name) }

    /// Reads every parameter of `parameters` that these rows know into `spec`, in reading order (so one query always
    /// reports the same error, and a parameter read later can depend on one read before); parameters not given keep
    /// the spec's defaults, and names no row knows are ignored. Only the names given are looked up.
    func read(_ reader: ParameterReader, into spec: inout Spec) throws(ParameterError) {
        var given: UInt64 = 0
        for name in reader.parameters.names {
            if let position = index[name] {
                given |= 1 << UInt64(position)
            } else {
                try refuseNearMiss(name, reader)
            }
        }
        while given != 0 {
            let position = given.trailingZeroBitCount
            given &= given - 1
            try readingOrder[position].binding.read(reader, &spec)
        }
    }

    /// A name that is no parameter of any image but a near miss of one of these rows' (another case, or for a name
    /// of four letters or more one edit away: `Value`, `colour`, `thicknes`) is the parameter meant, mistyped: a
    /// refusal naming both, rather than an image drawn without it and cached for a day. Any other unknown name is
    /// ignored, as URLs outlive versions (`utm_source`, `v=2`).
    private func refuseNearMiss(_ name: String, _ reader: ParameterReader) throws(ParameterError) {
        // Only a name written as one (letters, digits, `_`) can be a typo of one; anything else is noise.
        guard !ImageParameter.everyName.contains(name),
            name.utf8.allSatisfy({ b in
                b == 0x5F || (0x30...0x39).contains(b) || (0x41...0x5A).contains(b) || (0x61...0x7A).contains(b)
            })
        else { return }
        guard let meant = ImageParameter.nearMiss(of: name, among: rows.lazy.map(\.name)) else { return }
        let value = (try? reader.parameters.value(name)) ?? nil
        throw ParameterError(
            parameter: name, value: value.map { ParameterError.quoted($0) } ?? "",
            reason: "is not a parameter; did you mean \(meant)? (names are spelled as in the docs, case included)")
    }

    /// Which rows a key or query writes: every row (`canonicalQuery`, `cacheSeconds` included), the image's rows of
    /// either format, or those of one format.
    enum Selection {
        case all, image, format(ImageFormat)

        func includes(_ formats: ImageParameter.FormatSet) -> Bool {
            switch self {
            case .all: true
            case .image: !formats.isEmpty
            case .format(let format): formats.holds(format)
            }
        }
    }

    /// `name=text` for every selected row with a text, joined by `&`; a row is left out where `omit(row, text)`.
    func query(of spec: Spec, _ selection: Selection, omit: (Row, _ text: String) -> Bool = { _, _ in false }) -> String
    {
        // Built as bytes and made a String once: String's `+=` cost about 235 instructions an append here, a tenth of
        // a bar's miss for its cache key (callgrind, .ci/bench/render-instructions.sh).
        var query: [UInt8] = []
        query.reserveCapacity(384)
        for row in rows where selection.includes(row.binding.formats) {
            guard let text = row.binding.key(spec, spec), !omit(row, text) else { continue }
            if !query.isEmpty { query.append(UInt8(ascii: "&")) }
            query.append(contentsOf: row.name.utf8)
            query.append(UInt8(ascii: "="))
            query.append(contentsOf: text.utf8)
        }
        return String(decoding: query, as: UTF8.self)
    }
}
