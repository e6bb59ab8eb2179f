import RingKit

extension GalleryPage {
    /// Images whose value is read from a source the operator names (`liveSources`). The names are those of
    /// `config/live-demo.json`, whose documents `make live-demo` serves, so that server shows every card.
    static let liveExamples: [Example] = [
        Example(path: "/ring.svg?url=coverage", caption: "coverage: the source's $.totals.percent"),
        Example(
            path: "/badge.svg?url=coverage&label=coverage&thresholds=50:orange,80:brightgreen&color=red",
            caption: "the same value on a badge, colored by thresholds"),
        Example(
            path: "/ring.svg?url=tasks&label=%7Bvalue%7D/%7Bmax%7D",
            caption: "tasks: value and max from one document ($.done of $.total)"),
        Example(path: "/bar.svg?url=tasks&label=%7Bvalue%7D/%7Bmax%7D&width=240", caption: "the same as a bar"),
        Example(
            path: "/ring.svg?url=coverage&query=$.totals.covered&maxQuery=$.totals.lines&label=%7Bvalue%7D%20lines",
            caption: "lines covered of all lines: the URL's query replaces the source's"),
        Example(
            path: "/badge.svg?url=endpoint",
            caption: "a shields endpoint document: its label, message and color as it gives them"),
    ]

    /// The source a live example reads: its `url`.
    static func source(of example: Example) -> String? {
        guard let query = example.route?.request.query else { return nil }
        return (try? QueryParameters(query: query).value("url")) ?? nil
    }

    /// The "Live values" section: the cards whose source is in `configured` show their image; the others show
    /// their URL, with a sentence on how to see them.
    static func liveSection(configured: Set<String>) -> String {
        optionalSection(
            id: "live", title: "Live values",
            intro: "These images read their value when they are asked for, from a document the server's "
                + "configuration names (<code>liveSources</code>); the server keeps it for <code>liveTTL</code> "
                + "seconds, then reads it again, so an image in a README follows the number its source holds.",
            examples: liveExamples, name: source(of:), available: configured
        ) { names, someShown in
            "This server configures no source named \(names), so "
                + "\(someShown ? "the examples below" : "these examples") show their URL only. "
                + "<code>make live-demo</code> runs a server whose <code>config/live-demo.json</code> names them, "
                + "reading the documents in <code>config/live-demo/</code> (see <code>docs/live-demo.md</code> beside "
                + "the README); on your own server, name your documents in <code>liveSources</code>."
        }
    }

    /// A section of examples that need something this server may lack (a source, a stored value), each named by
    /// `name`: those whose name is `available` show their image; the others their URL, under the sentence
    /// `missing` writes from the missing names (`<code>a</code>, <code>b</code> or <code>c</code>`) and whether
    /// some cards are shown.
    static func optionalSection(
        id: String, title: String, intro: String, examples: [Example], name: (Example) -> String?,
        available: Set<String>, missing: (_ names: String, _ someShown: Bool) -> String
    ) -> String {
        let shown = examples.filter { name($0).map(available.contains) == true }
        let unshown = examples.filter { name($0).map(available.contains) != true }
        var out = "<section id=\"\(id)\">\n<h2>\(title)</h2>\n<p>\(intro)</p>\n"
        if !shown.isEmpty {
            out += "<div class=\"grid\">\n"
            for example in shown { out += card(example) }
            out += "</div>\n"
        }
        if !unshown.isEmpty {
            var names: [String] = []
            for each in unshown.compactMap(name) where !names.contains(each) { names.append(each) }
            let coded = names.map { "<code>\(StaticPage.escaped($0))</code>" }
            let list = coded.count > 1 ? coded.dropLast().joined(separator: ", ") + " or " + coded.last! : coded[0]
            out += "<p id=\"\(id)-off\">\(missing(list, !shown.isEmpty))</p>\n<ul class=\"off\">\n"
            for example in unshown {
                out +=
                    "<li><code>\(StaticPage.escaped(example.path))</code><br>"
                    + "\(StaticPage.escaped(example.caption))</li>\n"
            }
            out += "</ul>\n"
        }
        out += "</section>\n"
        return out
    }
}
