/// A PNG could not be produced (the image is too large for memory, or Cairo or zlib failed).
public struct RenderError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What failed, for logs; never contains request text.
    public let message: String

    public init(_ message: String) {
        self.message = message
    }

    public var description: String { message }
}
