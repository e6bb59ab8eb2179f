/// A response a worker thread made for a connection, on its way back to the connection's loop.
struct DeferredAnswer: Sendable {
    /// What the loop needs to send the answer once it is made.
    struct Pending: @unchecked Sendable {
        // @unchecked: the connection is only carried through the worker and touched again on its own loop's
        // thread, after the inbox's lock has ordered the hand-back.
        let connection: HTTPConnection
        let isHead: Bool
    }

    let pending: Pending
    let response: HTTPResponse
    /// The handler's step on the loop's thread once the answer is sent (see `HTTPAnswer.later`).
    var afterSend: (@Sendable () -> Void)? = nil
    /// Made by the loop's worker (`.later`), not by a handler's own thread (`.whenReady`): counted in `workerJobs`.
    var fromWorker = false
}
