import StrictJSON

/// The body of `PUT /values/{name}`: one finite number (`87.4`), or a JSON object `{"value": 87.4, "max": 100}`
/// with no other keys. A number written as a JSON string (`"87"`) is refused: a job that sends text where it means a
/// number has a bug worth seeing.
public struct PushedValue: Equatable, Sendable {
    public let value: Double
    public let max: Double?

    /// Reads `body`, or throws the sentence a 400 says.
    public static func parse(_ body: [UInt8]) throws(PushError) -> PushedValue {
        let document: JSONValue
        do {
            document = try StrictJSON.parse(body)
        } catch {
            throw notAValue(body)
        }
        switch document {
        case .object(let members):
            if let unknown = members.first(where: { $0.key != "value" && $0.key != "max" }) {
                throw PushError(
                    "the body has an unknown key \(StrictJSON.quoted(unknown.key)) (accepted: value, max)")
            }
            guard let valueNode = members["value"] else {
                throw PushError("value and max must be numbers, and value must be given (no value)")
            }
            guard case .number(let value) = valueNode else { throw notANumber("value", valueNode) }
            var max: Double?
            switch members["max"] {
            case .number(let number)?: max = try finite(number.double, "max")
            // As an absent max: no total.
            case .null?, nil: max = nil
            case let node?: throw notANumber("max", node)
            }
            // What a push accepts, every image draws: a max is a total the value counts toward, 0 (an empty
            // sprint's) or more.
            if let max, max < 0 {
                throw PushError("max is below 0 (accepted: 0 or more, the total the value counts toward)")
            }
            return PushedValue(value: try finite(value.double, "value"), max: max)
        case .number(let number):
            guard number.double.isFinite else {
                throw PushError("value is not a finite number (beyond a double's range)")
            }
            return PushedValue(value: try finite(number.double, "value"), max: nil)
        default:
            throw notAValue(body)
        }
    }

    private static func notANumber(_ name: String, _ node: JSONValue) -> PushError {
        PushError("value and max must be numbers, and value must be given (\(name) is \(node.kindName))")
    }

    /// The refusal of a body that is neither a number nor an object: it quotes the body's start (up to 32
    /// characters), never a decoder's wording (`nan` is not "expected null").
    private static func notAValue(_ body: [UInt8]) -> PushError {
        let start = body.prefix(48).drop { $0 == 0x20 || $0 == 0x09 || $0 == 0x0a || $0 == 0x0d }
        let text = String(decoding: start, as: UTF8.self)
        let shown = text.count > 32 ? String(text.prefix(31)) + "…" : text
        let quoted = text.isEmpty ? "is empty: it" : StrictJSON.quoted(shown)
        if text.hasPrefix("\"") {
            return PushError(
                "the body \(quoted) is a JSON string, not a number (accepted: 87.4, or {\"value\": 87.4} or "
                    + "{\"value\": 12, \"max\": 40})")
        }
        return PushError(
            "the body \(quoted) is not one JSON number or a JSON object (accepted: 87.4, or {\"value\": 87.4} or "
                + "{\"value\": 12, \"max\": 40}; NaN and Infinity are not numbers)")
    }

    private static func finite(_ number: Double, _ name: String) throws(PushError) -> Double {
        guard number.isFinite else { throw PushError("\(name) is not a finite number") }
        return number == 0 ? 0 : number
    }
}

/// Why a push was refused: the sentence of its 400.
public struct PushError: Error, Equatable, Sendable {
    public let message: String
    init(_ message: String) { self.message = message }
}
