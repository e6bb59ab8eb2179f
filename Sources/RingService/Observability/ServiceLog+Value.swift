extension ServiceLog {
    /// A field's value, typed so that JSON lines write numbers as numbers and flags as `true`/`false`, as a log
    /// collector indexes them; a string literal is text.
    public enum Value: ExpressibleByStringInterpolation, Sendable {
        case text(String)
        case integer(Int)
        /// A finite number; anything else is written as JSON's `null` (logfmt: `NaN`, `+Inf`).
        case decimal(Double)
        case flag(Bool)

        public init(stringLiteral value: String) { self = .text(value) }

        /// How logfmt writes it, and JSON any but text.
        var plain: String {
            switch self {
            case .text(let s): s
            case .integer(let n): String(n)
            case .decimal(let d) where d.isNaN: "NaN"
            case .decimal(let d) where d.isInfinite: d > 0 ? "+Inf" : "-Inf"
            case .decimal(let d): d == d.rounded() && abs(d) < 1e15 ? String(Int(d)) : String(d)
            case .flag(let b): String(b)
            }
        }
    }
}
