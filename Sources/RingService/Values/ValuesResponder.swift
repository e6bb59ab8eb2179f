import HTTPServer
import RingKit
import StoredValues
import StrictJSON
import TokenIssuers

/// The `/values` routes: a stored value's record and history, pushes and deletions, each checked against the
/// tokens; answers as JSON, counted by outcome in `metrics`.
final class ValuesResponder: Sendable {
    /// Nil until the configuration names a token that may write values.
    let store: ValueStore?
    /// The tokens, the OIDC issuers and which names are private (read only with a token that may write them), as a
    /// reload leaves them.
    let settings: ReloadableSettings
    let metrics = ValueMetrics()
    let log: ServiceLog
    /// The largest report a push may carry (`valueReportBytes`).
    let reportBytes: Int

    init(
        store: ValueStore?, settings: ReloadableSettings, reportBytes: Int = 32 * 1024 * 1024, log: ServiceLog
    ) {
        self.store = store
        self.settings = settings
        self.reportBytes = reportBytes
        self.log = log
    }

    /// The methods of `/values/{name}` and of its history.
    static let valueMethods = "GET, HEAD, PUT, DELETE, OPTIONS"
    static let historyMethods = "GET, HEAD, OPTIONS"

    /// `/values/{name}` and `/values/{name}/history`, as the service counts and logs its answers (`source=stored`).
    func answer(_ request: HTTPRequest, name: Substring, history: Bool) -> ServiceAnswer {
        switch response(request, name: name, history: history) {
        case .now(let response):
            return .now(Served(response, source: .stored))
        case .later(let work, let afterSend, let client):
            return .later({ Served(work(), source: .stored) }, afterSend: afterSend, client: client)
        case .whenReady(let start):
            return .whenReady { respond in start { respond(Served($0, source: .stored)) } }
        }
    }

    /// The record, its history, a push, a deletion.
    private func response(_ request: HTTPRequest, name raw: Substring, history: Bool) -> HTTPAnswer {
        let allowed = history ? Self.historyMethods : Self.valueMethods
        switch request.method {
        case .get, .head:
            break
        case .options:
            return .now(HTTPResponse(status: .noContent, headers: [.allow: allowed, .cacheControl: "no-store"]))
        case .put where !history, .delete where !history:
            break
        default:
            return .now(
                valueError(
                    .methodNotAllowed, "method \(request.method.rawValue) is not allowed here (accepted: \(allowed))",
                    headers: [.allow: allowed]))
        }
        let name = String(raw)
        if name.contains("/") {
            return .now(
                valueError(
                    .notFound, "no such path under /values/ (accepted: /values/{name} and /values/{name}/history)"))
        }
        if let problem = ValueName.problem(name) {
            return .now(valueError(.badRequest, "name \(ConfigurationSetting.quoted(name)) \(problem)"))
        }
        guard let store else {
            return .now(
                valueError(
                    request.method == .get || request.method == .head ? .notFound : .forbidden,
                    "stored values are off on this server (its operator turns them on with valueTokens)"))
        }
        switch request.method {
        case .put:
            return authorized(request, name: name, reading: false) { [self] in push(request, name: name, store: store) }
        case .delete:
            return authorized(request, name: name, reading: false) { [self] in forget(name: name, store: store) }
        default:
            let read: @Sendable () -> HTTPAnswer = { [self] in
                .now(history ? self.history(request, name: name, store: store) : record(name, store: store))
            }
            // Whether a private name holds a value is itself private: the token is asked for first.
            return settings.current.signing.isPrivate(name)
                ? authorized(request, name: name, reading: true, then: read) : read()
        }
    }

    private func record(_ name: String, store: ValueStore) -> HTTPResponse {
        guard let record = store.record(name) else {
            return valueError(.notFound, "no value is stored as \(name) (push one with PUT /values/\(name))")
        }
        return json(.ok, Self.json(record))
    }

    private func history(_ request: HTTPRequest, name: String, store: ValueStore) -> HTTPResponse {
        let query = QueryParameters(query: request.query)
        var since = Int64.min
        if let text = try? query.value("since") {
            guard let window = ValueTime.window(text) else {
                return valueError(
                    .badRequest,
                    "since \(ConfigurationSetting.quoted(text)) is not a window (accepted: a count and s, m, h or d, "
                        + "such as 7d or 12h)")
            }
            since = ValueStore.wallClock() - window
        }
        guard let points = store.history(name, since: since) else {
            return valueError(.notFound, "no value is stored as \(name) (push one with PUT /values/\(name))")
        }
        // Each point with the max pushed with it (null: pushed without one), as the record reads.
        let items = points.map {
            "{\"time\": \"\(ValueTime.text(milliseconds: $0.time))\", \"value\": \(Self.number($0.value)), "
                + "\"max\": \($0.max.map(Self.number) ?? "null")}"
        }
        return json(.ok, "[" + items.joined(separator: ", ") + "]")
    }

    private func forget(name: String, store: ValueStore) -> HTTPAnswer {
        .whenReady { [self] respond in
            store.delete(name) { [self] result in
                switch result {
                case .success(true):
                    metrics.count(.deleted)
                    respond(HTTPResponse(status: .noContent, headers: [.cacheControl: "no-store"]))
                case .success(false):
                    respond(valueError(.notFound, "no value is stored as \(name)"))
                case .failure(let error):
                    respond(writeFailure(error))
                }
            }
        }
    }

    func writeFailure(_ error: ValueStore.WriteError) -> HTTPResponse {
        switch error {
        case .tooManyNames(let limit):
            metrics.count(.full)
            return valueError(
                .insufficientStorage, "the server holds \(limit) stored values, its valueMaxNames: delete one first")
        case .storage(let message):
            metrics.count(.unavailable)
            log.log(.error, "value store write failed", [("error", .text(message))])
            return valueError(
                .serviceUnavailable, "the value store cannot take the write now; nothing changed (try again)",
                headers: [.retryAfter: "5"])
        }
    }

    /// A stored record as the routes write it.
    static func json(_ record: StoredRecord) -> String {
        "{\"name\": \"\(record.name)\", \"value\": \(number(record.value)), \"max\": "
            + "\(record.max.map(number) ?? "null"), \"time\": \"\(ValueTime.text(milliseconds: record.time))\"}"
    }

    /// A finite number as JSON writes it: the shortest text that reads back as the same double.
    static func number(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int64(value)) : "\(value)"
    }

    /// Any page may read a public value and its history from a script, as it may draw its image
    /// (`Access-Control-Allow-Origin: *`); a token is never sent across origins by a browser without a preflight,
    /// which these routes do not grant, so a private value stays unread there.
    func json(_ status: HTTPStatus, _ text: String) -> HTTPResponse {
        HTTPResponse(
            status: status,
            headers: [
                .contentType: "application/json", .cacheControl: "no-store", .xContentTypeOptions: "nosniff",
                .accessControlAllowOrigin: "*",
            ],
            body: Array((text + "\n").utf8))
    }

    /// An error of the `/values` routes: `{"error": "…"}`.
    func valueError(_ status: HTTPStatus, _ message: String, headers: HTTPHeaders = [:]) -> HTTPResponse {
        json(status, "{\"error\": \(ConfigurationSetting.jsonString(message))}").adding(headers)
    }
}

extension RingService {
    /// The largest body of a plain push (a number or `{"value", "max"}`); a report may be larger, up to
    /// `valueReportBytes`.
    public static let maxValueBody = 4096

    /// The requests whose bodies the transport reads for this service: pushes and deletions of stored values, up
    /// to the largest report (`valueReportBytes`).
    public static func bodyRules(reportBytes: Int) -> [HTTPBodyRule] {
        [
            HTTPBodyRule(
                methods: [.put, .delete], pathPrefix: "/values/", maxBytes: Swift.max(maxValueBody, reportBytes))
        ]
    }
}
