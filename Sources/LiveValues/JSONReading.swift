/// Reads a value out of a JSON document (`JSONValue`).
enum JSONReading {
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

    /// A shields endpoint document, read as shields reads it (see `EndpointDocument`).
    static func endpoint(_ document: JSONValue) -> Result<EndpointDocument, LiveError> {
        EndpointDocument.read(document)
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
