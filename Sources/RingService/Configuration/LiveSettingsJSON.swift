import LiveValues
import StrictJSON

/// The structured live-value settings as JSON, both ways: what a file, a variable or a flag gives is read into
/// `LiveSettings` (a failure says what is wrong, naming the entry), and `--print-config` writes them back.
/// Names, URLs and PromQL are checked when the service starts (`LiveValues.check`), with the rest of the settings.
enum LiveSettingsJSON {
    static func sources(_ json: JSONValue) -> Result<[String: LiveSettings.Source], Problem> {
        entries(json) { (name, value) throws(Problem) in
            switch value {
            case .string(let url):
                return LiveSettings.Source(url: url)
            case .object:
                let fields = try strings(value, of: name, at: [name], allowed: ["url", "query", "maxQuery"])
                guard let url = fields["url"] else { throw Problem("\(quoted(name)) has no \"url\"") }
                return LiveSettings.Source(url: url, query: fields["query"], maxQuery: fields["maxQuery"])
            default:
                throw Problem("\(quoted(name)) is \(value.kindName), not a URL or an object")
            }
        }.map { Dictionary($0, uniquingKeysWith: { first, _ in first }) }
    }

    static func servers(_ json: JSONValue) -> Result<[LiveSettings.PrometheusServer], Problem> {
        entries(json) { (name, value) throws(Problem) in
            switch value {
            case .string(let url): return LiveSettings.PrometheusServer(name: name, url: url)
            case .object:
                do throws(Problem) {
                    return try server(value, named: name)
                } catch {
                    // The entry may hold a secret written as text beside what is wrong: it is not quoted.
                    var problem = error
                    problem.holdsSecret = true
                    throw problem
                }
            default: throw Problem("\(quoted(name)) is \(value.kindName), not a base URL or an object")
            }
        }.map { $0.map(\.1) }
    }

    static func queries(_ json: JSONValue) -> Result<[String: LiveSettings.PrometheusQuery], Problem> {
        entries(json) { (name, value) throws(Problem) in
            switch value {
            case .string(let query):
                return LiveSettings.PrometheusQuery(query: query)
            case .object(let members):
                let parameters = try members.last { $0.key == "parameters" }.map { member throws(Problem) in
                    try queryParameters(member.value, of: name)
                }
                let fields = try strings(
                    .object(members.filter { $0.key != "parameters" }), of: name, at: [name],
                    allowed: ["server", "query", "maxQuery", "parameters"])
                guard let query = fields["query"] else { throw Problem("\(quoted(name)) has no \"query\"") }
                return LiveSettings.PrometheusQuery(
                    server: fields["server"], query: query, maxQuery: fields["maxQuery"], parameters: parameters ?? [:])
            default:
                throw Problem("\(quoted(name)) is \(value.kindName), not PromQL or an object")
            }
        }.map { Dictionary($0, uniquingKeysWith: { first, _ in first }) }
    }

    /// A named query's `parameters`: name → pattern, or name → `{"pattern": …, "default": …}`.
    private static func queryParameters(
        _ json: JSONValue, of query: String
    ) throws(Problem) -> [String: LiveSettings.PrometheusQuery.Parameter] {
        let read = entries(json) { (name, value) throws(Problem) in
            switch value {
            case .string(let pattern):
                return LiveSettings.PrometheusQuery.Parameter(pattern: pattern)
            case .object:
                let fields = try strings(
                    value, of: "\(query)'s parameter \(name)", at: [query, "parameters", name],
                    allowed: ["pattern", "default"])
                guard let pattern = fields["pattern"] else {
                    throw Problem("\(quoted(query))'s parameter \(quoted(name)) has no \"pattern\"")
                }
                return LiveSettings.PrometheusQuery.Parameter(pattern: pattern, defaultValue: fields["default"])
            default:
                throw Problem(
                    "\(quoted(query))'s parameter \(quoted(name)) is \(value.kindName), not a pattern or an object")
            }
        }
        switch read {
        case .success(let pairs): return Dictionary(pairs, uniquingKeysWith: { first, _ in first })
        case .failure(let problem):
            throw problem.message == "not an object"
                ? Problem("\(quoted(query))'s parameters is \(json.kindName), not an object") : problem
        }
    }

    static func json(sources: [String: LiveSettings.Source]) -> JSONValue {
        .object(
            sources.sorted { $0.key < $1.key }.map { name, source in
                var fields = [JSONValue.Member(key: "url", value: .string(source.url))]
                if let query = source.query { fields.append(.init(key: "query", value: .string(query))) }
                if let maxQuery = source.maxQuery { fields.append(.init(key: "maxQuery", value: .string(maxQuery))) }
                return JSONValue.Member(key: name, value: .object(fields))
            })
    }

    static func json(servers: [LiveSettings.PrometheusServer]) -> JSONValue {
        .object(
            servers.map { server in
                JSONValue.Member(
                    key: server.name, value: server.auth.isEmpty ? .string(server.url) : json(server: server))
            })
    }

    static func json(queries: [String: LiveSettings.PrometheusQuery]) -> JSONValue {
        .object(
            queries.sorted { $0.key < $1.key }.map { name, query in
                var fields: [JSONValue.Member] = []
                if let server = query.server { fields.append(.init(key: "server", value: .string(server))) }
                fields.append(.init(key: "query", value: .string(query.query)))
                if let maxQuery = query.maxQuery { fields.append(.init(key: "maxQuery", value: .string(maxQuery))) }
                if !query.parameters.isEmpty {
                    let parameters = query.parameters.sorted { $0.key < $1.key }.map { name, rule in
                        var rules = [JSONValue.Member(key: "pattern", value: .string(rule.pattern))]
                        if let value = rule.defaultValue { rules.append(.init(key: "default", value: .string(value))) }
                        return JSONValue.Member(key: name, value: .object(rules))
                    }
                    fields.append(.init(key: "parameters", value: .object(parameters)))
                }
                return JSONValue.Member(key: name, value: .object(fields))
            })
    }

    /// What is wrong with a structured setting, naming the entry. A field the entry does not take is named by its
    /// `path` from the setting's value down (`["build", "urll"]`), with the fields `accepted` there, so the message
    /// can give the full path and the nearest accepted field.
    struct Problem: Error, Equatable {
        let message: String
        let path: [String]
        let accepted: [String]
        /// The value may hold a secret (credentials written as text): the refusal must not quote it.
        var holdsSecret = false

        init(_ message: String, holdsSecret: Bool = false) {
            self.message = message
            path = []
            accepted = []
            self.holdsSecret = holdsSecret
        }

        private init(unknown path: [String], accepted: [String]) {
            message = "unknown field"
            self.path = path
            self.accepted = accepted
        }

        /// The field at `path` is not one of `accepted`.
        static func unknownField(at path: [String], accepted: [String]) -> Problem {
            Problem(unknown: path, accepted: accepted)
        }
    }

    /// Each member of the object read by `read`, in the order written.
    static func entries<T>(
        _ json: JSONValue, _ read: (String, JSONValue) throws(Problem) -> T
    ) -> Result<[(String, T)], Problem> {
        guard case .object(let members) = json else { return .failure(Problem("not an object")) }
        var out: [(String, T)] = []
        for member in members {
            do {
                out.append((member.key, try read(member.key, member.value)))
            } catch {
                return .failure(error)
            }
        }
        return .success(out)
    }

    /// The object's string fields, refusing any field not `allowed` (named by its path: the object's `path` and
    /// the field) and any value that is not a string.
    static func strings(
        _ json: JSONValue, of name: String, at path: [String], allowed: [String]
    ) throws(Problem) -> [String: String] {
        guard case .object(let members) = json else { return [:] }
        var fields: [String: String] = [:]
        for member in members {
            guard allowed.contains(member.key) else {
                throw Problem.unknownField(at: path + [member.key], accepted: allowed)
            }
            guard case .string(let text) = member.value else {
                throw Problem("\(quoted(name))'s \(member.key) is \(member.value.kindName), not a string")
            }
            fields[member.key] = text
        }
        return fields
    }

    static func quoted(_ text: String) -> String { ConfigurationSetting.quoted(text) }
}

extension Result where Failure == LiveSettingsJSON.Problem {
    /// The failure; nil for a success.
    var problem: LiveSettingsJSON.Problem? {
        if case .failure(let problem) = self { return problem }
        return nil
    }
}
