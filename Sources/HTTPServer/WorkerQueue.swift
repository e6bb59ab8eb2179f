/// The jobs waiting for a worker thread, taken by client in turn: each client's in order of arrival, the clients
/// round robin (a client whose job is taken goes to the back of the line if it has more). A pure value, so its
/// order is tested without a thread.
struct WorkerQueue {
    /// `more`: the same client has further jobs queued behind this one (see `WorkerHandOff.answerPosted`).
    typealias Job = @Sendable (_ more: Bool) -> Void

    /// Each waiting client's jobs, oldest first.
    private var jobs: [ClientAddress?: [Job]] = [:]
    /// The clients with jobs, in turn; `head` is the next one's position (the array is compacted as it is taken).
    private var turns: [ClientAddress?] = []
    private var head = 0

    var isEmpty: Bool { head == turns.count }

    mutating func append(_ job: @escaping Job, of address: ClientAddress?) {
        let client = address?.share
        if jobs[client, default: []].isEmpty { turns.append(client) }
        jobs[client, default: []].append(job)
    }

    /// The next job in turn, and whether its client has more jobs queued behind it; nil when none waits.
    mutating func next() -> (job: Job, clientHasMore: Bool)? {
        guard head < turns.count else { return nil }
        let client = turns[head]
        head += 1
        var own = jobs.removeValue(forKey: client) ?? []
        let job = own.isEmpty ? nil : own.removeFirst()
        if !own.isEmpty {
            jobs[client] = own
            turns.append(client)
        }
        if head >= 64 && head * 2 >= turns.count {
            turns.removeFirst(head)
            head = 0
        }
        return job.map { ($0, !own.isEmpty) }
    }
}
