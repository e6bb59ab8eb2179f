import FoundationEssentials

/// What was read for a source: the value, the max when `maxQuery` gave one, and a shields endpoint document's
/// `label` and `color` (defaults the URL's own parameters override; text from upstream, to be checked as the
/// `label` and `color` parameters are before it is drawn).
public struct LiveReading: Sendable, Hashable {
    public var value: Double
    public var max: Double?
    public var label: String?
    public var color: String?
    /// When the document was read (wall clock), for a page that shows "read at".
    public var readAt: Date

    public init(value: Double, max: Double? = nil, label: String? = nil, color: String? = nil, readAt: Date) {
        self.value = value
        self.max = max
        self.label = label
        self.color = color
        self.readAt = readAt
    }
}
