/// A query parameter that cannot be drawn: which one, the value given, and what is accepted. Every image kind
/// (ring, badge, bar) and every source of parameters (a URL, the command line) reports its refusals with it.
public struct ParameterError: Error, Sendable, Hashable, CustomStringConvertible {
    public let parameter: String
    /// The value as given (decoded where decoding worked), shortened and escaped for display (see `shown(_:)`);
    /// empty when the reason needs no value, as in `value: given twice`.
    public let value: String
    /// What is wrong and what is accepted, e.g. `is out of range 16…1024`.
    public let reason: String
    /// What an error badge says where `invalid` and the parameter would mislead (`no value` for a stored value
    /// never pushed).
    private let givenBrief: String?

    public init(parameter: String, value: String, reason: String, brief: String? = nil) {
        self.parameter = parameter
        self.value = value
        self.reason = reason
        givenBrief = brief
    }

    /// What an error badge says: `invalid` and the parameter (`invalid max`), or the words the error was given.
    public var brief: String { givenBrief ?? "invalid " + parameter }

    /// One sentence a user reads to fix the URL, e.g. `size: 5000 is out of range 16…1024`.
    public var message: String { value.isEmpty ? "\(parameter): \(reason)" : "\(parameter): \(value) \(reason)" }
    public var description: String { message }
}
