/// progress-bar.dev's URLs (`/{progress}/?title=&scale=&width=&color=&suffix=`, plus its `progress_background`
/// and `progress_number_color`) in this service's bar parameters, so its users can switch by changing the host.
///
/// The picture keeps its look: a 20 px bar with corners of 4 px on a dark track, the number and suffix in white 11 px
/// text inside, colored red below 30 %, orange below 70 % and green from there unless `color` says otherwise, and as
/// wide as progress-bar.dev draws it. Its `title` is drawn before the number inside the bar (progress-bar.dev draws it
/// in a gray box on the left) and names the image for screen readers.
public enum ProgressBarDev {
    /// The bar query for `/{progress}/?query`; `progress` and `query` are still percent-encoded. Anything this
    /// service refuses is refused by the bar's parser, naming its own parameter.
    public static func barQuery(progress: Substring, query: Substring) -> String {
        let given = QueryParameters(query: query)
        func text(_ name: String) -> String? { (try? given.value(name)) ?? nil }
        let title = text("title").flatMap { $0.isEmpty ? nil : $0 }
        let suffix = text("suffix") ?? "%"
        var parts: [(String, String)] = [
            ("value", (try? PercentDecoding.decode(progress, plusIsSpace: false).get()) ?? String(progress)),
            ("max", text("scale") ?? "100"),
        ]
        // progress-bar.dev's width is the bar's alone; a title adds 10 px and 6 px a character in front of it.
        let barWidth = text("width") ?? (title == nil ? "90" : "60")
        if let title, let width = Int(barWidth) {
            parts.append(("width", String(width + 10 + 6 * title.count)))
        } else {
            parts.append(("width", barWidth))
        }
        if let color = text("color") {
            parts.append(("color", color))
        } else {
            parts.append(("thresholds", "0:d9534f,30:f0ad4e,70:5cb85c"))
        }
        parts += [
            ("track", text("progress_background") ?? "555555"),
            ("textColor", text("progress_number_color") ?? "ffffff"),
            ("height", "20"), ("radius", "4"), ("fontSize", "11"), ("fontWeight", "normal"),
            ("label", (title.map { $0 + " " } ?? "") + "{value}" + suffix),
        ]
        if let title { parts.append(("title", title)) }
        return parts.map { $0.0 + "=" + PercentDecoding.encode($0.1) }.joined(separator: "&")
    }
}
