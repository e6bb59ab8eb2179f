import MessageText

/// Messages for a name the settings do not know: where it is, written as a path from the setting down
/// (`liveSources.build.urll`), and the accepted name nearest to it, so a typo is fixed without opening the docs.
extension ConfigurationSetting {
    /// `liveSources.build.urll: unknown field (from rings.json); did you mean url? accepted: url, query, maxQuery`.
    static func unknownField(at path: [String], accepted: [String], from source: String) -> String {
        let near = nearest(to: path.last ?? "", among: accepted).map { "did you mean \($0)? " } ?? ""
        return "\(pathText(path)): unknown field (from \(source)); \(near)accepted: "
            + accepted.joined(separator: ", ")
    }

    /// Keys joined by dots; a key that is not a plain word (a source named `ci.coverage`) in brackets and quotes,
    /// so the path reads back unambiguously: `liveSources["ci.coverage"].urll`.
    static func pathText(_ path: [String]) -> String {
        var out = ""
        for (i, key) in path.enumerated() {
            let plain =
                !key.isEmpty && key.first?.isNumber == false
                && key.unicodeScalars.allSatisfy {
                    $0.isASCII && ($0.properties.isAlphabetic || "0123456789_-".unicodeScalars.contains($0))
                }
            out += plain ? (i == 0 ? key : "." + key) : "[" + quoted(key) + "]"
        }
        return out
    }

    /// The name of `names` closest to `name` (letter case aside, a swap of neighbours counted as one edit), when it
    /// is close enough to be a typo of it: one edit for a short name, two from five characters on.
    static func nearest(to name: String, among names: [String]) -> String? {
        let limit = name.count >= 5 ? 2 : 1
        var best: (name: String, edits: Int)? = nil
        for candidate in names where candidate != name {
            guard let edits = MessageText.edits(from: name, to: candidate, limit: limit) else { continue }
            if edits < (best?.edits ?? Int.max) { best = (candidate, edits) }
        }
        return best?.name
    }
}
