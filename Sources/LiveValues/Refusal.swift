/// Why a piece of text (a URL, a host, a path) was refused: the end of a message, after the parameter and the
/// value shown, e.g. `has scheme file (accepted: http or https)`.
package struct Refusal: Error, Hashable, Sendable, CustomStringConvertible, ExpressibleByStringInterpolation {
    package let reason: String

    package init(stringLiteral value: String) { reason = value }

    init(reason: String) { self.reason = reason }

    package var description: String { reason }
}
