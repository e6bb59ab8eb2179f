/// Why a logo cannot be drawn: what was found, in words a user can act on (`contains <script>`, `path data: "M 1"
/// ends inside a command`). The parameter reader makes it a `ParameterError` naming `logo` and the value.
public struct LogoError: Error, Sendable, Hashable, CustomStringConvertible {
    public let reason: String

    public init(_ reason: String) { self.reason = reason }

    public var description: String { reason }
}
