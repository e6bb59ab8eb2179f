import RingKit

extension GalleryPage {
    /// Images of values a CI job pushes (`PUT /values/{name}`). The names are those `make live-demo` pushes a short
    /// history of at start, so that server shows every card.
    static let storedExamples: [Example] = [
        Example(
            path: "/ring.svg?value=@demo.coverage&label=%7Bvalue%7D%25%20%7Bdelta%7D&decimals=1",
            caption: "demo.coverage with its change over the last 7 days: {delta}"),
        Example(
            path: "/spark.svg?value=@demo.coverage&label=auto&width=180",
            caption: "its history as a sparkline, the last value at the end"),
        Example(
            path: "/badge.svg?value=@demo.coverage&label=coverage&thresholds=50:orange,80:brightgreen&color=red",
            caption: "the same value on a badge, colored by thresholds"),
        Example(
            path: "/bar.svg?value=@demo.tests&label=%7Bvalue%7D/%7Bmax%7D%20passing&width=240",
            caption: "demo.tests: a pushed value and max ({\"value\": 412, \"max\": 430})"),
    ]

    /// The stored value an example shows: its `value=@name`.
    static func storedName(of example: Example) -> String? {
        guard let query = example.route?.request.query,
            let value = (try? QueryParameters(query: query).value("value")) ?? nil, value.hasPrefix("@")
        else { return nil }
        return String(value.dropFirst())
    }

    /// The names the stored examples show.
    static var storedNames: Set<String> { Set(storedExamples.compactMap(storedName(of:))) }

    /// The "Stored values" section: the cards whose value the server holds (`held`) show their image; the others
    /// show their URL, with how to push them.
    static func storedSection(held: Set<String>) -> String {
        let shown = storedExamples.filter { storedName(of: $0).map(held.contains) == true }
        let unshown = storedExamples.filter { storedName(of: $0).map(held.contains) != true }
        var out = "<section id=\"stored\">\n<h2>Stored values</h2>\n"
        out +=
            "<p>These images show a number a CI job pushed to this server (<code>PUT /values/{name}</code> with a "
            + "token), its change over a window and its history; the server keeps them in SQLite or PostgreSQL "
            + "(<code>docs/stored-values.md</code> beside the README).</p>\n"
        if !shown.isEmpty {
            out += "<div class=\"grid\">\n"
            for example in shown { out += card(example) }
            out += "</div>\n"
        }
        if !unshown.isEmpty {
            out +=
                "<p id=\"stored-off\">This server holds no value named "
                + unshown.compactMap(storedName(of:)).reduce(into: [String]()) { names, name in
                    if !names.contains(name) { names.append(name) }
                }.map { "<code>\(StaticPage.escaped($0))</code>" }.joined(separator: " or ")
                + ", so \(shown.isEmpty ? "these examples" : "the examples below") show their URL only. "
                + "<code>make live-demo</code> runs a server with stored values on and pushes a short history of "
                + "them at start.</p>\n"
            out += "<ul class=\"off\">\n"
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
