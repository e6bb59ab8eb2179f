import RingKit

/// One control of the builder page: the parameter it sets, how it is entered, and what the page says about it.
struct BuilderField: Sendable {
    enum Control: Sendable {
        /// Free text; `inputMode` is the keyboard a phone shows (`decimal`, `numeric`, `text`).
        case text(inputMode: String)
        /// A color as text, with a native color picker beside it that starts at `initial` (`#rrggbb`).
        case color(initial: String)
        /// One of a few keywords; the empty first option leaves the parameter out.
        case choice([String])
    }

    /// Which image the field belongs to: ring, badge, bar and sparkline parameters share some names.
    typealias Kind = Drawing.Kind

    let parameter: String
    let control: Control
    /// What it means, its default and what is accepted, in one line.
    let hint: String
    /// Shown greyed in an empty field: the default, or an example.
    let placeholder: String
    /// The images that read the parameter; the first names the field's id.
    let kinds: [Kind]
    let group: String
    /// For a parameter whose empty value means something (a badge's `label=`: no left half), the words of a
    /// checkbox that sends it empty; an empty text field leaves the parameter out.
    let emptyChoice: String?

    init(
        _ parameter: String, _ control: Control, _ hint: String, placeholder: String = "", kinds: [Kind] = [.ring],
        group: String, emptyChoice: String? = nil
    ) {
        self.parameter = parameter
        self.control = control
        self.hint = hint
        self.placeholder = placeholder
        self.kinds = kinds
        self.group = group
        self.emptyChoice = emptyChoice
    }

    /// The element id of the input; unique across kinds, since `label` is both a ring and a badge parameter.
    var inputID: String { "f-\(kinds[0].rawValue)-\(parameter)" }

    /// The markup of the field: label, input (and picker), hint and the place its error goes.
    var html: String {
        let name = StaticPage.escaped(parameter)
        let id = inputID
        let kindList = kinds.map(\.rawValue).joined(separator: " ")
        var out = "<div class=\"field\" data-kinds=\"\(kindList)\"\(kinds.contains(.ring) ? "" : " hidden")>\n"
        // A long camelCase name may break before a capital (thresholds|Mode) rather than run under the control.
        let breakable = name.unicodeScalars.map { ("A"..."Z").contains($0) ? "<wbr>\($0)" : String($0) }.joined()
        out += "<label for=\"\(id)\">\(breakable)</label>\n"
        let described = "aria-describedby=\"\(id)-hint \(id)-error\""
        switch control {
        case .text(let inputMode):
            out +=
                "<input id=\"\(id)\" type=\"text\" data-param=\"\(name)\" inputmode=\"\(inputMode)\" "
                + "autocomplete=\"off\" spellcheck=\"false\" placeholder=\"\(StaticPage.escaped(placeholder))\" "
                + "\(described)>\n"
        case .color(let initial):
            out += "<span class=\"color-pair\">"
            out +=
                "<input id=\"\(id)\" type=\"text\" data-param=\"\(name)\" autocomplete=\"off\" spellcheck=\"false\" "
                + "placeholder=\"\(StaticPage.escaped(placeholder))\" \(described)>"
            out +=
                "<input type=\"color\" value=\"\(initial)\" data-picker-for=\"\(id)\" "
                + "aria-label=\"pick \(name) from a palette\">"
            out += "</span>\n"
        case .choice(let options):
            out += "<select id=\"\(id)\" data-param=\"\(name)\" \(described)>\n"
            out += "<option value=\"\">default (\(StaticPage.escaped(placeholder)))</option>\n"
            for option in options {
                let o = StaticPage.escaped(option)
                out += "<option value=\"\(o)\">\(o)</option>\n"
            }
            out += "</select>\n"
        }
        if let emptyChoice {
            out +=
                "<label class=\"empty\"><input type=\"checkbox\" id=\"\(id)-empty\" data-empty-for=\"\(id)\"> "
                + "\(StaticPage.escaped(emptyChoice))</label>\n"
        }
        out += "<p class=\"hint\" id=\"\(id)-hint\">\(StaticPage.escaped(hint))</p>\n"
        // A live region, there before its text, so a screen reader says the server's sentence when it appears.
        out += "<p class=\"error\" id=\"\(id)-error\" data-error-for=\"\(id)\" aria-live=\"polite\"></p>\n"
        out += "</div>\n"
        return out
    }
}
