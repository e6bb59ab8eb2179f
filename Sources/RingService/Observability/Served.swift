import HTTPServer

/// One answer of the service and what it was: the response, and beside it what the metrics count and the access
/// line says (the cache's part, where the value came from, the sentence of an error), so nothing reads a finished
/// response's bytes to learn what happened.
struct Served: Sendable {
    var response: HTTPResponse
    var cache: CacheOutcome
    /// Where the value shown came from: a live or stored value's images and documents, and the `/values` routes.
    var source: LiveOrigin?
    /// The sentence an error image or error document states (its `X-Error`); nil for every other answer.
    var error: String?

    init(_ response: HTTPResponse, cache: CacheOutcome = .none, source: LiveOrigin? = nil, error: String? = nil) {
        self.response = response
        self.cache = cache
        self.source = source
        self.error = error
    }

    /// The same answer of a value from `origin`, which its `X-Source` header says too.
    func from(_ origin: LiveOrigin) -> Served {
        var marked = adding([.xSource: origin.rawValue])
        marked.source = origin
        return marked
    }

    /// The same answer with `headers` added to its response.
    func adding(_ headers: HTTPHeaders) -> Served {
        var added = self
        added.response = response.adding(headers)
        return added
    }
}

/// What the render cache did for an answer, as the access line says it.
enum CacheOutcome: String, Sendable {
    case none, hit, coalesced, miss, error
}

/// An answer of the service: made now, by work for the loop's worker thread, or once a value is read; each with
/// what it was (`Served`), which `RequestRecorder` counts and logs on its way to the transport.
enum ServiceAnswer {
    case now(Served)
    /// `afterSend`: the step on the loop's thread once the answer is sent; `client`: whose turn the work takes on
    /// the worker (see `HTTPAnswer.later`).
    case later(
        _ work: @Sendable () -> Served, afterSend: (@Sendable () -> Void)? = nil, client: ClientAddress? = nil)
    /// A value being read or written: the answer is delivered once it is (see `HTTPAnswer.whenReady`).
    case whenReady(@Sendable (_ respond: @escaping @Sendable (Served) -> Void) -> Void)

    /// The answer as the transport takes it, each response passed through `finish` where it is made.
    func transport(_ finish: @escaping @Sendable (Served) -> HTTPResponse) -> HTTPAnswer {
        switch self {
        case .now(let served):
            return .now(finish(served))
        case .later(let work, let afterSend, let client):
            return .later({ finish(work()) }, afterSend: afterSend, client: client)
        case .whenReady(let start):
            return .whenReady { respond in start { respond(finish($0)) } }
        }
    }
}
