/// What a handler gives for one request: the response now, or the work that makes it, to run off the event loop.
public enum HTTPAnswer: Sendable {
    /// The response, made on the loop's thread.
    case now(HTTPResponse)
    /// Work too slow for an event loop (a large render, a fetch). It runs on the loop's worker thread, below the
    /// loops' priority, while the loop serves its other connections; the response goes out in order once made, and
    /// later requests on the same connection wait for it. The work carries whatever the handler already parsed.
    case later(@Sendable () -> HTTPResponse)
}

/// What the server calls for each request, once, on an event-loop thread. It must not block: anything slow is
/// returned as `.later`.
public protocol HTTPHandler: Sendable {
    func answer(_ request: HTTPRequest) -> HTTPAnswer
}
