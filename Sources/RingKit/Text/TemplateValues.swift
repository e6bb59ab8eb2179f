/// Other stored values a template writes: `{@tests.failed}` in `message={value} passed, {@tests.failed} failed`.
/// The server reads each name as it reads `value=@name` and gives the numbers with the request
/// (`Drawing.Request.named`); the spec keeps those its templates write (`ValueStyle.named`), so they are in its key,
/// and `LabelText` writes them in the value's style.
public enum TemplateValues {
    /// The most `{@name}` one template writes: each is one more value to read and to key the image by.
    public static let limit = 8

    /// The names `text` writes as `{@name}`, in order, each once (a `{@` with no `}` after it is text), or the
    /// refusal naming `parameter` where it writes more than `limit`. The names are as written: the server checks
    /// them against its grammar of names.
    public static func names(in text: String, parameter: String) throws(ParameterError) -> [String] {
        var names: [String] = []
        var count = 0
        var rest = Substring(text)
        while let brace = rest.firstIndex(of: "{") {
            let after = rest[rest.index(after: brace)...]
            guard after.first == "@" else {
                rest = after
                continue
            }
            let start = after.index(after: after.startIndex)
            guard let close = after[start...].firstIndex(of: "}") else { break }
            let name = String(after[start..<close])
            count += 1
            if !names.contains(name) { names.append(name) }
            rest = after[after.index(after: close)...]
        }
        guard count <= limit else {
            throw ParameterError(
                parameter: parameter, value: ParameterError.quoted(text),
                reason: "writes \(count) stored values; a template writes at most \(limit) ({@name})")
        }
        return names
    }
}

extension ValueStyle {
    /// Takes from `given` the numbers of the stored values `templates` write (`{@name}`), or refuses, naming the
    /// template, one whose number was not given: only the server that stores the value fills it in.
    mutating func readNamed(
        _ templates: [(parameter: String, text: String)], given: [String: Double]
    ) throws(ParameterError) {
        var taken: [String: Double] = [:]
        for (parameter, text) in templates {
            for name in try TemplateValues.names(in: text, parameter: parameter) {
                guard let number = given[name] else {
                    throw ParameterError(
                        parameter: parameter, value: ParameterError.quoted(text),
                        reason: "writes {@\(name)}, a stored value, which only the server that stores it fills in "
                            + "(accepted on the server's image routes, once PUT /values/\(name) has stored one)")
                }
                taken[name] = number
            }
        }
        named = taken.isEmpty ? nil : taken
    }

    /// What the canonical key adds where a template writes other stored values: their names and numbers.
    var namedKey: String {
        guard let named else { return "" }
        return "&named="
            + named.keys.sorted().map { PercentDecoding.encode($0) + ":" + CanonicalNumber.text(named[$0]!) }
            .joined(separator: ",")
    }
}
