/// A stored value as read: the last point pushed for a name, with the `max` pushed with it.
public struct StoredRecord: Sendable, Hashable {
    public var name: String
    public var value: Double
    /// The full scale pushed with the value; nil: the image's own (`max`, default 100).
    public var max: Double?
    /// When the server received it, in milliseconds since the Unix epoch.
    public var time: Int64

    public init(name: String, value: Double, max: Double?, time: Int64) {
        self.name = name
        self.value = value
        self.max = max
        self.time = time
    }
}

/// One point of a stored value's history.
public struct StoredPoint: Sendable, Hashable {
    /// Arrival order across the whole store: the history is ordered by it, whatever the wall clock did.
    public var sequence: Int64
    /// Milliseconds since the Unix epoch, from the server's clock when the point arrived.
    public var time: Int64
    public var value: Double
    public var max: Double?

    public init(sequence: Int64, time: Int64, value: Double, max: Double?) {
        self.sequence = sequence
        self.time = time
        self.value = value
        self.max = max
    }
}
