extension ImageParameter {
    /// The tables of docs/parameters.md that the table writes: each kind's own parameters, in key order.
    public enum DocsTable: String, CaseIterable, Sendable {
        /// Every parameter a ring reads.
        case ring
        /// Every parameter a badge reads.
        case badge
        /// What a bar adds to the ring's parameters it shares: its shape.
        case barShape = "bar"
    }

    /// The Markdown table of `table`: a header and one row a parameter (`name | meaning | default | accepted`).
    public static func markdown(_ table: DocsTable) -> String {
        let rows: [(String, Docs)]
        switch table {
        case .ring: rows = RingSpec.parameterRows.names.map { ($0, docs(of: $0, kind: .ring)) }
        case .badge: rows = BadgeSpec.parameterRows.names.map { ($0, docs(of: $0, kind: .badge)) }
        case .barShape: rows = BarSpec.parameterRows.names.map { ($0, docs(of: $0, kind: .bar)) }
        }
        var text = "| name | meaning | default | accepted |\n|---|---|---|---|\n"
        for (name, docs) in rows {
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
