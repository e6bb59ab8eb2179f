/// Why the server could not start, beyond a failed system call (`IOError`).
public enum HTTPServerError: Error, Sendable, Hashable, CustomStringConvertible {
    /// A setting that cannot work, with what is accepted.
    case invalidConfiguration(String)

    public var description: String {
        switch self {
        case .invalidConfiguration(let message): "invalid HTTP server configuration: \(message)"
        }
    }
}
