/// Where stored values live: a database the store writes through. Every method is called from the store's one
/// writer queue (and `load` before it starts), in the order the writes arrived; each returns only once its change
/// is durable, or throws and changes nothing.
public protocol ValueStorage: AnyObject, Sendable {
    /// Every point held, by name, each name's points in arrival order.
    func load() throws(StorageError) -> [String: [StoredPoint]]
    /// Adds a point; returns its sequence number (arrival order).
    func append(name: String, time: Int64, value: Double, max: Double?) throws(StorageError) -> Int64
    /// Adds several points at one time, all or none (a report's records); returns their sequence numbers.
    func append(points: [ValueStore.NewPoint], time: Int64) throws(StorageError) -> [Int64]
    /// Forgets a name and its history.
    func delete(name: String) throws(StorageError)
    /// Forgets these points of `name` (old points thinned out, see `ValueStore`).
    func remove(sequences: [Int64], of name: String) throws(StorageError)
    /// Forgets the points older than `time`, except each name's last; returns how many went.
    func prune(before time: Int64) throws(StorageError) -> Int
    /// What the store is, for logs: `sqlite:/path`, never a password.
    var description: String { get }
}

extension ValueStorage {
    /// One point after another, for a storage that has no transaction to group them in (a test's double).
    public func append(points: [ValueStore.NewPoint], time: Int64) throws(StorageError) -> [Int64] {
        var sequences: [Int64] = []
        for point in points {
            sequences.append(try append(name: point.name, time: time, value: point.value, max: point.max))
        }
        return sequences
    }
}

/// A database several servers share: each learns of the others' writes.
public protocol SharedValueStorage: ValueStorage {
    /// Every point of `name`, in arrival order (empty when it has none).
    func points(of name: String) throws(StorageError) -> [StoredPoint]
    /// Starts telling `changed` (on a thread of the storage's) which name another writer changed, or nil when
    /// anything may have changed (a reconnection after missed news): the store reads it again.
    func watch(_ changed: @escaping @Sendable (String?) -> Void)
}

/// A failure of the database: the write did not happen.
public struct StorageError: Error, Sendable, Equatable {
    public let message: String

    public init(_ message: String) { self.message = message }
}
