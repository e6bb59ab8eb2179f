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
        optionalSection(
            id: "stored", title: "Stored values",
            intro: "These images show a number a CI job pushed to this server (<code>PUT /values/{name}</code> with "
                + "a token), its change over a window and its history; the server keeps them in SQLite or "
                + "PostgreSQL (<code>docs/stored-values.md</code> beside the README).",
            examples: storedExamples, name: storedName(of:), available: held
        ) { names, someShown in
            "This server holds no value named \(names), so "
                + "\(someShown ? "the examples below" : "these examples") show their URL only. "
                + "<code>make live-demo</code> runs a server with stored values on and pushes a short history of "
                + "them at start."
        }
    }
}
