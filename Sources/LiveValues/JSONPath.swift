import StrictJSON

/// Where a value sits in a JSON document: the subset of JSONPath that badge URLs use.
///
/// `$.a.b`, `$.a[0].b`, `a.b` (the `$.` may be left out), `$['key.with.dots']`, `$["k"]`; `$` alone is the whole
/// document. Filters, wildcards, slices and `..` are not read: a value is one number, found by one path.
public struct JSONPath: Hashable, Sendable, CustomStringConvertible {
    public enum Step: Hashable, Sendable {
        case key(String)
        case index(Int)
    }

    public let steps: [Step]

    /// The longest path read, in bytes, and the most steps.
    public static let maxLength = 256
    public static let maxSteps = 32
    static let accepted = "accepted: $.a.b, $.a[0].b, a.b, $['key.with.dots']"

    public init(steps: [Step]) { self.steps = steps }

    /// The path in one spelling: `$.totals.percent`, `$.jobs[0]['done.count']`.
    public var description: String {
        var out = "$"
        for step in steps {
            switch step {
            case .index(let i):
                out += "[\(i)]"
            case .key(let k) where Self.isPlainName(k):
                out += "." + k
            case .key(let k):
                out +=
                    "['" + k.flatMap { $0 == "\\" || $0 == "'" ? ["\\", $0] : [$0] } + "']"
            }
        }
        return out
    }

    /// The value the path points to in `document`, or nil when it is not there.
    func find(in document: JSONValue) -> JSONValue? {
        var node = document
        for step in steps {
            switch (step, node) {
            case (.key(let k), .object(let object)):
                guard let next = object[k] else { return nil }
                node = next
            case (.index(let i), .array(let array)):
                guard i < array.count else { return nil }
                node = array[i]
            default:
                return nil
            }
        }
        return node
    }

    /// Whether `key` can be written after a `.`; any other key is written `['…']`.
    static func isPlainName(_ key: String) -> Bool {
        !key.isEmpty && key.unicodeScalars.allSatisfy { $0 != "." && $0 != "[" && isNameScalar($0) }
    }

    /// A character a name after `.` may hold: not a delimiter, quote, escape, wildcard, space or control.
    static func isNameScalar(_ c: Unicode.Scalar) -> Bool {
        if c.isASCII {
            // Printable, and not a bracket, quote, escape, wildcard or space.
            return c.value > 0x20 && c.value < 0x7f && !"]'\"\\*".unicodeScalars.contains(c)
        }
        return !c.properties.isWhitespace && c.properties.generalCategory != .control
    }
}
