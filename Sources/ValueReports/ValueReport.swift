/// What a report comes to: the records a push stores, the first under the pushed name itself.
public struct ValueReport: Sendable, Hashable {
    public var format: ReportFormat
    /// The name's own record first (lines covered, or tests passed), then the others the report has.
    public var records: [ReportRecord]

    public init(format: ReportFormat, records: [ReportRecord]) {
        self.format = format
        self.records = records
    }
}

/// One value a report gives: stored as the pushed name followed by `suffix` (`""`, `.branches`, `.functions`,
/// `.failed`, `.skipped`), `value` of `max`.
public struct ReportRecord: Sendable, Hashable {
    public var suffix: String
    public var value: Double
    public var max: Double

    public init(suffix: String, value: Double, max: Double) {
        self.suffix = suffix
        self.value = value
        self.max = max
    }
}

/// Why a report cannot be read: the sentence of a 400, naming the format and what is wrong.
public struct ReportError: Error, Sendable, Equatable {
    public let message: String

    public init(_ message: String) { self.message = message }
}
