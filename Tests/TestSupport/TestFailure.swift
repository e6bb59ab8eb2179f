/// An error of the test support code, saying what went wrong in words.
public struct TestFailure: Error, CustomStringConvertible {
    public let description: String

    public init(_ description: String) { self.description = description }
}
