import RingKit

extension BuilderPage {
    /// Every control, in page order: one for each row of the parameter table (`ImageParameter.all`), for the kinds
    /// of image that read it. A field shared by several kinds is one input: its text follows a switch.
    static let fields: [BuilderField] = ImageParameter.all.map(BuilderField.init(parameter:))

    /// The group of the live-value fields, shown folded: most images carry their value in the URL.
    static let liveGroup = ImageParameter.liveGroup

    /// The groups that say what an image shows (its value, a badge's texts, a sparkline's points): above the preview,
    /// which a phone shows right after them; the other groups follow it.
    static let mainGroups = ["Value", "Badge", "Sparkline"]

    /// The fields by group, each group once (a row may sit in the table far from the rest of its group, as `trend`
    /// and `previous` do from Label): the main groups first, then the others in table order with Output last, as
    /// it shapes the file rather than the picture.
    static var groups: [(name: String, fields: [BuilderField])] {
        var names: [String] = []
        var members: [String: [BuilderField]] = [:]
        for field in fields {
            if members[field.group] == nil { names.append(field.group) }
            members[field.group, default: []].append(field)
        }
        let main = mainGroups.filter { names.contains($0) }
        let rest =
            names.filter { !mainGroups.contains($0) && $0 != "Output" } + (names.contains("Output") ? ["Output"] : [])
        return (main + rest).map { ($0, members[$0] ?? []) }
    }
}

extension BuilderField {
    /// The field of one row of the parameter table: its control from the grammar, its hint and placeholder from
    /// the row, and the kinds of image that read it (ring first, as the input's id names the first).
    init(parameter row: ImageParameter) {
        let control: Control
        switch row.grammar {
        case .decimal: control = .text(inputMode: row.field.inputMode ?? "decimal")
        case .integer: control = .text(inputMode: row.field.inputMode ?? "numeric")
        case .text: control = .text(inputMode: row.field.inputMode ?? "text")
        case .keyword(let words): control = .choice(words)
        case .color, .colorOrNone: control = .color(initial: row.field.picker)
        }
        let kinds = Kind.allCases.filter { row.kinds.contains($0.parameterKind) }
        self.init(
            row.name, control, row.field.hint, placeholder: row.field.placeholder, kinds: kinds, group: row.field.group,
            emptyChoice: row.field.emptyChoice)
    }
}

extension BuilderPage {
    /// The color names whose swatch the browser cannot work out (shields' `brightgreen`, `success`, …, which CSS does
    /// not define), as `name:#rrggbb` pairs, each the color a URL's color parameter reads it as.
    static var namedColors: String {
        ShieldsPalette.colors.keys.sorted().compactMap { name in RGBAColor.parse(name).map { "\(name):\($0.hex)" } }
            .joined(separator: " ")
    }
}
