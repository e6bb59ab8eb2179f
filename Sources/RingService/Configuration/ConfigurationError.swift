/// A setting the service refuses at start-up; the message names the setting, the value and what is accepted.
public struct ConfigurationError: Error, Sendable, Hashable, CustomStringConvertible {
    public let message: String

    public init(_ message: String) { self.message = message }

    public var description: String { message }
}
