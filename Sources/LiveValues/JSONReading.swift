import FoundationEssentials
import StrictJSON

/// Reads a value out of a JSON document (`JSONValue`).
enum JSONReading {
    /// The document, or nil when the bytes are not strict JSON (`StrictJSON`). Any top-level value is a document
    /// (`42` is one).
    static func document(_ bytes: [UInt8]) -> JSONValue? {
        try? StrictJSON.parse(bytes)
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

    /// The numbers at `path` for a source that takes a list (`reduce`): an array's items, each a number or a string
    /// such as `"87"`, or one number as `number(at:in:parameter:)` reads it. An empty array holds no value (a map of
    /// `null` shows it). Errors name `parameter` and, for an item, its index.
    static func numbers(at path: JSONPath, in document: JSONValue, parameter: String) -> Result<[Double], LiveError> {
        guard case .array(let items)? = path.find(in: document) else {
            return number(at: path, in: document, parameter: parameter).map { [$0] }
        }
        let shownPath = LiveText.shown(path.description, limit: LiveText.urlLength)
        guard !items.isEmpty else {
            return .failure(
                LiveError(
                    parameter: parameter, value: shownPath, reason: "holds an empty array", kind: .noValue,
                    missing: .null))
        }
        var numbers: [Double] = []
        numbers.reserveCapacity(items.count)
        for (index, item) in items.enumerated() {
            let n: Double?
            switch classify(item) {
            case .number(let x): n = x
            case .string(let s): n = DocumentNumber.whole(s)
            case .other: n = nil
            }
            guard let n, n.isFinite else {
                return .failure(
                    LiveError(
                        parameter: parameter, value: shownPath,
                        reason: "holds \(LiveText.shown(item.description)) at index \(index), not a finite number "
                            + "(accepted: an array of numbers, or of text such as \"87\")", kind: .noValue))
            }
            numbers.append(n)
        }
        return .success(numbers)
    }

    /// The time at `path` (`timeQuery`): an RFC 3339 date-time (`2026-12-05T10:00:00Z`, `…+01:00`, with or without
    /// fractions of a second), or Unix seconds (a number, or a string of one), from 1970 to 9999. Errors name
    /// `timeQuery`.
    static func time(at path: JSONPath, in document: JSONValue) -> Result<Date, LiveError> {
        let shownPath = LiveText.shown(path.description, limit: LiveText.urlLength)
        let accepted = "accepted: an RFC 3339 date-time such as 2026-12-05T10:00:00Z, or Unix seconds"
        func noTime(_ reason: String) -> Result<Date, LiveError> {
            .failure(LiveError(parameter: "timeQuery", value: shownPath, reason: reason, kind: .noValue))
        }
        guard let node = path.find(in: document) else { return noTime("is not in the document") }
        let seconds: Double
        switch classify(node) {
        case .number(let n):
            seconds = n
        case .string(let s):
            if let n = Double(s), s.utf8.allSatisfy({ (0x30...0x39).contains($0) || $0 == 0x2E }) {
                seconds = n
            } else if let date = rfc3339(s) {
                return .success(date)
            } else {
                return noTime("holds \(LiveText.quoted(s)), not a time (\(accepted))")
            }
        case .other(let kind):
            return noTime("holds \(kind), not a time (\(accepted))")
        }
        guard seconds.isFinite, seconds >= 0, seconds < 253_402_300_800 else {
            return noTime("holds \(seconds), not a time from 1970 to 9999 (\(accepted))")
        }
        return .success(Date(timeIntervalSince1970: seconds))
    }

    /// An RFC 3339 date-time, with or without fractions of a second, in UTC (`Z`) or at an offset; nil for
    /// anything else (a date alone, a time without its zone).
    static func rfc3339(_ text: String) -> Date? {
        guard text.utf8.count <= 40 else { return nil }
        if let date = try? Date.ISO8601FormatStyle().parse(text) { return date }
        return try? Date.ISO8601FormatStyle(includingFractionalSeconds: true).parse(text)
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
        case .number(let n): .number(n.double)
        case .bool(let b): .other(b ? "true" : "false")
        case .array: .other("an array")
        case .object: .other("an object")
        case .null: .other("null")
        }
    }
}
