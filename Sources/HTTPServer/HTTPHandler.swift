/// What a handler gives for one request: the response now, or the work that makes it, to run off the event loop.
public enum HTTPAnswer: Sendable {
    /// The response, made on the loop's thread.
    case now(HTTPResponse)
    /// Work too slow for an event loop (a large render, a fetch). It runs on the loop's worker thread, below the
    /// loops' priority, while the loop serves its other connections; the response goes out in order once made, and
    /// later requests on the same connection wait for it. The work carries whatever the handler already parsed.
    /// `afterSend`, when given, runs next on the loop's own thread, once the response is sent (and also when the
    /// connection closed meanwhile, so it runs once whatever became of the response).
    /// The worker serves the clients whose work waits in turn, one job each (round robin), not in order of arrival,
    /// so one client's flood delays another's work by at most one job: `client` is whose work it is (the handler
    /// may know better than the socket, behind a proxy); nil is the connection's peer.
    case later(
        _ work: @Sendable () -> HTTPResponse, afterSend: (@Sendable () -> Void)? = nil, client: ClientAddress? = nil)
    /// An answer that waits on something outside the server (a fetch from another service). The loop calls the
    /// closure at once with `respond`; the handler starts its work wherever it runs (its own threads, never the
    /// loop's worker, so a wait of seconds delays nobody else) and calls `respond` exactly once, from any thread,
    /// with the response. Meanwhile the loop serves its other connections, and later requests on this connection
    /// wait, as with `.later`. A response for a connection closed meanwhile is dropped.
    case whenReady(@Sendable (_ respond: @escaping @Sendable (HTTPResponse) -> Void) -> Void)
}

/// What the server calls for each request, once, on an event-loop thread. It must not block: anything slow is
/// returned as `.later` or `.whenReady`.
public protocol HTTPHandler: Sendable {
    func answer(_ request: HTTPRequest) -> HTTPAnswer

    /// The answer to a request whose request line was too long to read (`414`), given the start of its target
    /// (`path`: up to the `?`, printable ASCII, at most `HTTPRequestParser.refusedPathLength` bytes), made on the
    /// loop's thread without blocking; nil for the server's plain-text one. The connection closes after it. An
    /// image route answers with an image, so a page shows an error image rather than a broken one.
    func uriTooLong(path: String, reason: String) -> HTTPResponse?
}

extension HTTPHandler {
    public func uriTooLong(path: String, reason: String) -> HTTPResponse? { nil }
}
