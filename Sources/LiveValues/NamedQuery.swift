/// A query of `prometheusQueries`, read once at start-up: its server, its PromQL and its max's as templates, and the
/// rule of each parameter a request fills in.
struct NamedQuery: Sendable {
    let server: String
    let query: PromQLTemplate
    let maxQuery: PromQLTemplate?
    /// As configured: each pattern is matched against the whole value.
    let parameters: [String: LiveSettings.PrometheusQuery.Parameter]

    /// The longest value a request may give a parameter, in bytes: room for any host, label or path, and a bound on
    /// the work a configured pattern does.
    static let maxValueLength = 256

    /// The query `name` of the settings, checked: names, patterns (and defaults against them), every placeholder
    /// declared and every parameter used. A failure is the reason, after the query's name.
    init(_ setting: LiveSettings.PrometheusQuery, server: String) throws(Refusal) {
        for (parameter, rule) in setting.parameters.sorted(by: { $0.key < $1.key }) {
            guard parameter.utf8.count <= LiveConfiguration.maxNameLength, PromQLTemplate.isName(parameter) else {
                throw Refusal(
                    reason: "parameter \(LiveText.quoted(parameter)) is not a name (accepted: letters, digits and _, "
                        + "not starting with a digit, at most \(LiveConfiguration.maxNameLength) bytes)")
            }
            guard !rule.pattern.isEmpty, (try? Regex(rule.pattern)) != nil else {
                throw "parameter \(parameter): pattern \(LiveText.quoted(rule.pattern)) is not a regular expression"
            }
            if let value = rule.defaultValue, Self.refusal(of: value, pattern: rule.pattern) != nil {
                throw "parameter \(parameter): default \(LiveText.quoted(value)) does not match its pattern"
            }
        }
        let declared = setting.parameters
        func template(_ text: String, _ field: String) throws(Refusal) -> PromQLTemplate {
            guard !text.isEmpty, text.utf8.count <= LiveConfiguration.maxPromQLLength else {
                throw "\(field) is empty or longer than \(LiveConfiguration.maxPromQLLength) bytes"
            }
            switch PromQLTemplate.parse(text, isParameter: { declared[$0] != nil }) {
            case .success(let template): return template
            case .failure(let refusal):
                throw Refusal(reason: field + refusal.reason.dropFirst("query".count))
            }
        }
        query = try template(setting.query, "query")
        maxQuery = try setting.maxQuery.map { text throws(Refusal) in try template(text, "maxQuery") }
        let used = Set(query.names + (maxQuery?.names ?? []))
        if let unused = declared.keys.sorted().first(where: { !used.contains($0) }) {
            throw "parameter \(unused) is declared but neither query nor maxQuery holds $\(unused)"
        }
        self.server = server
        parameters = declared
    }

    /// The query and its max's PromQL with `arguments` (a request's values by parameter name, where it gives them)
    /// in their places; a `badParameter` error naming the parameter whose value is missing or refused.
    func promQL(_ arguments: [String: String]) throws(LiveError) -> (query: String, maxQuery: String?) {
        var values: [String: String] = [:]
        for (name, rule) in parameters.sorted(by: { $0.key < $1.key }) {
            guard let value = arguments[name] ?? rule.defaultValue else {
                throw .bad(name, "", "is needed by this query (accepted: a value matching \(Self.shown(rule.pattern)))")
            }
            if let refusal = Self.refusal(of: value, pattern: rule.pattern) {
                throw .bad(name, value.isEmpty ? "" : LiveText.quoted(value), refusal)
            }
            values[name] = value
        }
        return (query.promQL(values), maxQuery?.promQL(values))
    }

    /// Why `value` may not fill a parameter whose pattern is `pattern`, or nil when it may.
    static func refusal(of value: String, pattern: String) -> String? {
        guard value.utf8.count <= maxValueLength else { return "is longer than \(maxValueLength) bytes" }
        if let bad = value.unicodeScalars.first(where: { $0.properties.generalCategory == .control }) {
            return "contains the control character \(LiveText.shown(String(bad)))"
        }
        // Compiled per use: `Regex` is not Sendable, and a resolved request is memoized, so this runs once per URL.
        guard let regex = try? Regex(pattern), (try? regex.wholeMatch(in: value)) != nil else {
            return value.isEmpty
                ? "is empty (accepted: a value matching \(shown(pattern)))"
                : "does not match the pattern \(shown(pattern))"
        }
        return nil
    }

    private static func shown(_ pattern: String) -> String { LiveText.quoted(pattern) }
}
