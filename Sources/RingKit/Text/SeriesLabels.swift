/// The labels of the series a list was read from (a Prometheus vector's), as templates write them:
/// `label={label.instance} {percent}` gives each bar its own host, and a ring's accessible name each ring's. Only the
/// labels a template writes are kept, so they alone are in the image's key.
enum SeriesLabels {
    /// The most characters of one label a template writes; a longer one is cut, with `…`.
    static let shownLength = 40

    /// The label names `text` writes as `{label.NAME}`, in order, each once.
    static func names(in text: String) -> [String] {
        var names: [String] = []
        var rest = Substring(text)
        while let brace = rest.firstIndex(of: "{") {
            guard rest[brace...].hasPrefix("{label.") else {
                rest = rest[rest.index(after: brace)...]
                continue
            }
            let after = rest[rest.index(brace, offsetBy: 7)...]
            guard let close = after.firstIndex(of: "}") else { break }
            let name = String(after[..<close])
            if !names.contains(name) { names.append(name) }
            rest = after[after.index(after: close)...]
        }
        return names
    }

    /// A label's value as a template writes it: at most `shownLength` characters.
    static func shown(_ value: String) -> String {
        value.count <= shownLength ? value : value.prefix(shownLength - 1) + "…"
    }
}

extension ValueStyle {
    /// Keeps of `seriesLabels` the labels `templates` write, or refuses, naming the template, one that writes
    /// `{label.NAME}` where the values were read with no labels (a number in the URL, a JSON document).
    mutating func keepSeriesLabels(_ templates: [(parameter: String, text: String)]) throws(ParameterError) {
        var used: [String] = []
        for (parameter, text) in templates {
            let names = SeriesLabels.names(in: text)
            if let name = names.first, seriesLabels == nil {
                throw ParameterError(
                    parameter: parameter, value: ParameterError.quoted(text),
                    reason: "writes {label.\(name)}, a series' label, which only a list read from a Prometheus query "
                        + "fills in (accepted: prometheus= a query answering series, drawn without reduce)")
            }
            used += names.filter { !used.contains($0) }
        }
        guard !used.isEmpty, let labels = seriesLabels else {
            seriesLabels = nil
            return
        }
        seriesLabels = labels.map { series in series.filter { used.contains($0.key) } }
    }

    /// What the canonical key adds where a template writes series' labels: each ring's or bar's, in order.
    var seriesLabelsKey: String {
        guard let seriesLabels else { return "" }
        return "&labels="
            + seriesLabels.map { series in
                series.keys.sorted().map { PercentDecoding.encode($0) + ":" + PercentDecoding.encode(series[$0]!) }
                    .joined(separator: ";")
            }.joined(separator: ",")
    }
}
