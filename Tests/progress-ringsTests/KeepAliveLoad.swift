import TestSupport

#if canImport(Glibc)
    import Glibc
#endif

/// One keep-alive connection that always has a request in progress: with each request it sends the first byte of
/// the next one, so between two answers the server never holds an idle connection (which a drain may close at
/// once, taking a request the client is about to send with it), only a request whose head has begun (which a drain
/// must answer). It runs until an answer says `Connection: close`, which must be followed by the end of the stream.
struct KeepAliveLoad: Sendable {
    /// What one connection saw.
    struct Outcome: Sendable {
        /// Answers read whole, with the time each arrived.
        var answers: [(response: ReceivedResponse, at: ContinuousClock.Instant)] = []
        /// Everything that should not have happened: an answer cut short or missing, a status other than 200, no
        /// end of stream after the closing answer.
        var failures: [String] = []
    }

    let port: Int
    /// The request target of the n-th request.
    let target: @Sendable (Int) -> String
    /// Pause between requests, so the load is steady rather than saturating (other suites run beside it).
    var pause: Duration = .milliseconds(1)
    /// A bound on the whole run: a server that never says close fails the run instead of hanging it. Far off, since
    /// the run lasts as long as its test takes to reach its SIGTERM, which under the sanitizers, beside the whole
    /// suite on two cores, took over 60 s.
    var limit: Duration = .seconds(300)
    /// Called once, when the first answer has arrived.
    var started: @Sendable () -> Void = {}

    /// Sends requests until the server closes the connection; blocks the calling thread.
    func run() -> Outcome {
        var outcome = Outcome()
        let client: TestClient
        do {
            client = try TestClient(port: port, receiveTimeout: 30)
        } catch {
            outcome.failures.append("\(error)")
            return outcome
        }
        func request(_ n: Int) -> [UInt8] { Array("GET \(target(n)) HTTP/1.1\r\nHost: load\r\n\r\n".utf8) }
        let end = ContinuousClock.now + limit
        var current = request(0)
        client.send(Array(current.prefix(1)))
        var n = 0
        while true {
            let following = request(n + 1)
            guard client.send(Array(current.dropFirst()) + [following[0]]) else {
                outcome.failures.append("\(target(n)): the connection refused the request")
                return outcome
            }
            guard let response = client.readResponse() else {
                outcome.failures.append("\(target(n)): no whole answer before the connection ended")
                return outcome
            }
            outcome.answers.append((response, ContinuousClock.now))
            if n == 0 { started() }
            if response.status != 200 { outcome.failures.append("\(target(n)): status \(response.status)") }
            if response.header("Connection") == "close" {
                // The byte of the next request already sent is never answered: the server said close first.
                if !client.readsEndOfStream() { outcome.failures.append("bytes after the closing answer") }
                return outcome
            }
            if ContinuousClock.now > end {
                outcome.failures.append("no closing answer within \(limit)")
                return outcome
            }
            current = following
            n += 1
            usleep(useconds_t(pause / .microseconds(1)))
        }
    }
}
