/// Reads a value out of a JSON document (`JSONValue`).
enum JSONReading {
    /// The longest `label` or `color` kept from an endpoint document, in bytes.
    static let maxTextLength = 256

    /// The document, or nil when the bytes are not JSON. Any top-level value is a document (`42` is one).
    static func document(_ bytes: [UInt8]) -> JSONValue? {
        JSONValue.parse(bytes)
    }

    /// The finite number at `path`: a JSON number, or a string such as `"87"` or `"87%"`. Errors name `parameter`.
    static func number(at path: JSONPath, in document: JSONValue, parameter: String) -> Result<Double, LiveError> {
        let shownPath = LiveText.shown(path.description, limit: LiveText.urlLength)
        func noValue(_ reason: String, missing: LiveError.Missing? = nil) -> Result<Double, LiveError> {
            .failure(
                LiveError(parameter: parameter, value: shownPath, reason: reason, kind: .noValue, missing: missing))
        }
        guard let node = path.find(in: document) else { return noValue("is not in the document") }
        switch classify(node) {
        case .number(let n):
            return n.isFinite ? .success(n) : noValue("holds \(n), not a finite number")
        case .string(let s):
            guard let n = DocumentNumber.whole(s) else {
                return noValue(
                    "holds \(LiveText.quoted(s)), not a number (accepted: a number, or text such as \"87\" or \"87%\")")
            }
            return n.isFinite ? .success(n) : noValue("holds \(LiveText.quoted(s)), not a finite number")
        case .other(let kind):
            return noValue("holds \(kind), not a number", missing: kind == "null" ? .null : nil)
        }
    }

    /// A shields endpoint document (`{"schemaVersion": 1, "label": …, "message": "87%", "color": …}`): the leading
    /// number of `message`, and `label` and `color` when they are strings. Errors name `query`, the missing parameter.
    static func endpoint(_ document: JSONValue) -> Result<(value: Double, label: String?, color: String?), LiveError> {
        func refuse(_ reason: String) -> Result<(value: Double, label: String?, color: String?), LiveError> {
            .failure(LiveError(parameter: "query", value: "", reason: "not given, and " + reason, kind: .noValue))
        }
        guard case .object(let object) = document, let version = object["schemaVersion"] else {
            return refuse("the document is not a shields endpoint document (give query, e.g. $.coverage)")
        }
        guard case .number(let v) = classify(version), v == 1 else {
            return refuse("the endpoint document's schemaVersion is not 1")
        }
        guard let messageNode = object["message"], case .string(let message) = classify(messageNode) else {
            return refuse("the endpoint document has no message text")
        }
        if let isError = object["isError"], case .other("true") = classify(isError) {
            return refuse("the endpoint document reports an error: \(LiveText.quoted(message))")
        }
        guard let value = DocumentNumber.leading(message), value.isFinite else {
            return refuse("the endpoint message \(LiveText.quoted(message)) does not start with a number")
        }
        var label: String?
        var color: String?
        // Held with the value for as long as it is cached: a bound keeps a document from filling the cache. They are
        // only defaults, so one too long is left out (the image is drawn as without it), not an error.
        if let node = object["label"], case .string(let s) = classify(node), s.utf8.count <= maxTextLength {
            label = s
        }
        if let node = object["color"], case .string(let s) = classify(node), s.utf8.count <= maxTextLength {
            color = s
        }
        return .success((value, label, color))
    }

    private enum Node {
        case number(Double)
        case string(String)
        /// What the node is, as a message says it: `an array`, `an object`, `true`.
        case other(String)
    }

    private static func classify(_ node: JSONValue) -> Node {
        switch node {
        case .string(let s): .string(s)
        case .number(let n): .number(n)
        case .bool(let b): .other(b ? "true" : "false")
        case .array: .other("an array")
        case .object: .other("an object")
        case .null: .other("null")
        }
    }
}
