extension ImageParameter {
    /// The tables of docs/parameters.md that the table writes: each kind's own parameters, in key order.
    public enum DocsTable: String, CaseIterable, Sendable {
        /// Every parameter a ring reads.
        case ring
        /// Every parameter a badge reads.
        case badge
        /// What a bar adds to the ring's parameters it shares: its shape.
        case barShape = "bar"
        /// What a sparkline adds to the ring's parameters it shares: its points and its shape.
        case sparkShape = "spark"
    }

    /// The rows of `table`, in key order: each parameter's name and what the docs say of it in that kind.
    public static func rows(_ table: DocsTable) -> [(name: String, docs: Docs)] {
        switch table {
        case .ring: RingSpec.parameterRows.names.map { ($0, docs(of: $0, kind: .ring)) }
        case .badge: BadgeSpec.parameterRows.names.map { ($0, docs(of: $0, kind: .badge)) }
        case .barShape: BarSpec.parameterRows.names.map { ($0, docs(of: $0, kind: .bar)) }
        case .sparkShape: SparkSpec.parameterRows.names.map { ($0, docs(of: $0, kind: .spark)) }
        }
    }

    /// The parameters the service reads itself on every kind of image (the live-value ones), in table order.
    public static var serviceRows: [(name: String, docs: Docs)] {
        all.filter(\.readByService).map { ($0.name, $0.docs) }
    }

    /// The Markdown table of `table`: a header and one row a parameter (`name | meaning | default | accepted`).
    public static func markdown(_ table: DocsTable) -> String {
        var text = "| name | meaning | default | accepted |\n|---|---|---|---|\n"
        for (name, docs) in rows(table) {
            text += "| `\(name)` | \(docs.meaning) | \(docs.defaultText) | \(docs.accepted) |\n"
        }
        return text
    }

    /// What the docs say of `name` in `kind`'s table.
    private static func docs(of name: String, kind: Kinds) -> Docs {
        let row = all.first { $0.name == name && $0.kinds.contains(kind) && !$0.readByService }!
        return kind == .badge ? row.badgeDocs ?? row.docs : row.docs
    }
}
