import FoundationEssentials
import StrictJSON

/// The body of `PUT /values/{name}`: one finite number (`87.4`), or a JSON object `{"value": 87.4, "max": 100}`
/// with no other keys. A number written as a JSON string (`"87"`) is refused: a job that sends text where it means a
/// number has a bug worth seeing.
public struct PushedValue: Equatable, Sendable {
    public let value: Double
    public let max: Double?

    /// Reads `body`, or throws the sentence a 400 says.
    public static func parse(_ body: [UInt8]) throws(PushError) -> PushedValue {
        let order: [[String]: [String]]
        do {
            order = try StrictJSON.check(body)
        } catch {
            throw notAValue(body)
        }
        if let keys = order[[]] {
            if let unknown = keys.first(where: { $0 != "value" && $0 != "max" }) {
                throw PushError(
                    "the body has an unknown key \(StrictJSON.quoted(unknown)) (accepted: value, max)")
            }
            let fields: Fields
            do {
                fields = try JSONDecoder().decode(Fields.self, from: Data(body))
            } catch {
                throw PushError("value and max must be numbers, and value must be given (\(Self.reason(error)))")
            }
            let max = try fields.max.map { v throws(PushError) in try finite(v, "max") }
            // What a push accepts, every image draws: a max is a total the value counts toward, 0 (an empty
            // sprint's) or more.
            if let max, max < 0 {
                throw PushError("max is below 0 (accepted: 0 or more, the total the value counts toward)")
            }
            return PushedValue(value: try finite(fields.value, "value"), max: max)
        }
        let number: Double
        do {
            number = try JSONDecoder().decode(Double.self, from: Data(body))
        } catch {
            // StrictJSON read a number that a double cannot hold (1e999).
            if let first = body.first(where: { $0 > 0x20 }), first == UInt8(ascii: "-") || (0x30...0x39).contains(first)
            {
                throw PushError("value is not a finite number (beyond a double's range)")
            }
            throw notAValue(body)
        }
        return PushedValue(value: try finite(number, "value"), max: nil)
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

    private struct Fields: Decodable {
        let value: Double
        let max: Double?
    }

    private static func finite(_ number: Double, _ name: String) throws(PushError) -> Double {
        guard number.isFinite else { throw PushError("\(name) is not a finite number") }
        return number == 0 ? 0 : number
    }

    private static func reason(_ error: any Error) -> String {
        switch error {
        case DecodingError.typeMismatch(_, let context), DecodingError.valueNotFound(_, let context),
            DecodingError.dataCorrupted(let context):
            return context.debugDescription
        case DecodingError.keyNotFound(let key, _):
            return "no \(key.stringValue)"
        default:
            return "not JSON"
        }
    }
}

/// Why a push was refused: the sentence of its 400.
public struct PushError: Error, Equatable, Sendable {
    public let message: String
    init(_ message: String) { self.message = message }
}
