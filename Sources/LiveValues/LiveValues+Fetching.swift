import Dispatch
import FoundationEssentials
import Locking

extension LiveValues {
    /// Delivers the answer for `source`: at once on the calling thread when the cache has one, otherwise from the
    /// thread that fetched it (one fetch per document however many ask; see the type's documentation). Never blocks.
    public func fetch(_ source: LiveSource, then deliver: @escaping @Sendable (LiveAnswer) -> Void) {
        fetch(source, leadingHere: false, then: deliver)
    }

    /// `fetch(_:then:)`; with `leadingHere`, a fetch this call has to make runs on the calling thread (it blocks for
    /// the fetch) rather than on a thread of its own.
    private func fetch(
        _ source: LiveSource, leadingHere: Bool, then deliver: @escaping @Sendable (LiveAnswer) -> Void
    ) {
        enum Step {
            case answered(LiveAnswer)
            case joined
            case lead
            case full
        }
        let document = source.document
        let now = clock.now()
        let maxFlights = maxFlights
        let step: Step = state.withLock { s in
            if let answer = s.store.answer(source, now: now) {
                if case .stale = answer { s.counters.staleAnswers += 1 }
                return .answered(answer)
            }
            if s.flights[document] != nil {
                s.flights[document]!.sources.insert(source)
                s.flights[document]!.deliveries.append((source, deliver))
                s.counters.coalesced += 1
                return .joined
            }
            guard s.flights.count < maxFlights else {
                s.counters.countFetch(host: document.url.host, outcome: LiveError.Kind.busy.rawValue, seconds: nil)
                return .full
            }
            s.flights[document] = Flight(sources: [source], deliveries: [(source, deliver)])
            return .lead
        }
        switch step {
        case .answered(let answer):
            deliver(answer)
        case .joined:
            break
        case .full:
            deliver(.failed(LiveError.fetch(.busy, source: source, settings: settings)))
        case .lead where leadingHere:
            complete(document)
        case .lead:
            // A thread of its own, not a Dispatch queue's: a fetch blocks it for up to the timeout, and blocked
            // Dispatch threads starve the rest of the process's Dispatch work (signal handling, timers) until
            // Dispatch notices and adds threads. At most `maxFlights` exist at once.
            let started = DetachedThread.start(named: "live-fetch") { [self] in complete(document) }
            if started != 0 {
                // Out of threads: every waiter fails busy (not remembered), as over the in-flight bounds.
                let deliveries = state.withLock { $0.flights.removeValue(forKey: document)?.deliveries ?? [] }
                for (source, deliver) in deliveries {
                    deliver(.failed(LiveError.fetch(.busy, source: source, settings: settings)))
                }
            }
        }
    }

    /// The answer for `source`, fetching it when the cache has none: `fetch(_:then:)` waited for, blocking the
    /// calling thread for at most `timeout` seconds (plus the time to read the document). For callers that have a
    /// thread to spare (the command line, tests), never an event loop.
    public func fetch(_ source: LiveSource) -> LiveAnswer {
        let done = DispatchSemaphore(value: 0)
        let answer = Lock<LiveAnswer?>(nil)
        // The fetch, when this call makes it, runs here: no thread is left ending after the answer, so a command
        // that exits on it leaves nothing half torn down (libcurl's and OpenSSL's per-thread state among it).
        fetch(source, leadingHere: true) { delivered in
            answer.withLock { $0 = delivered }
            done.signal()
        }
        done.wait()
        return answer.withLock { $0 } ?? .failed(Self.lost(source))
    }

    /// Fetches `document` and delivers the answers to every source waiting on it.
    private func complete(_ document: LiveSource.Document) {
        let (answers, deliveries) = lead(document)
        for (source, deliver) in deliveries { deliver(answers[source] ?? .failed(Self.lost(source))) }
    }

    /// Fetches `document` once, reads every waiting source's value out of it, stores them and counts the fetch.
    private func lead(
        _ document: LiveSource.Document
    ) -> (
        answers: [LiveSource: LiveAnswer], deliveries: [(source: LiveSource, deliver: @Sendable (LiveAnswer) -> Void)]
    ) {
        let started = MonotonicClock().now()
        let fetched = get(document, started: started)
        let seconds = MonotonicClock().now() - started
        let readAt = Date()
        // Parsed once, however many sources read it.
        var parsed: JSONValue?
        if case .json = document.kind, case .success(let response) = fetched, (200..<300).contains(response.status) {
            parsed = JSONReading.document(response.body)
        }
        let outcome = Self.outcome(of: fetched, document: document, parsed: parsed)
        let sources = state.withLock { $0.flights[document]?.sources ?? [] }
        var results: [LiveSource: Result<LiveReading, LiveError>] = [:]
        for source in sources { results[source] = reading(source, fetched, parsed, readAt) }
        let now = clock.now()
        return state.withLock { s in
            let flight = s.flights.removeValue(forKey: document)
            let late = flight?.sources.subtracting(sources) ?? []
            for source in late { results[source] = reading(source, fetched, parsed, readAt) }
            var answers: [LiveSource: LiveAnswer] = [:]
            for (source, result) in results {
                let answer = s.store.record(source, result, now: now, settings: settings)
                if case .stale = answer { s.counters.staleAnswers += 1 }
                answers[source] = answer
            }
            s.counters.countFetch(
                host: document.url.host, outcome: outcome,
                seconds: outcome == LiveError.Kind.busy.rawValue ? nil : seconds)
            return (answers, flight?.deliveries ?? [])
        }
    }

    /// The response, within one deadline for the slot and the whole transfer.
    private func get(
        _ document: LiveSource.Document, started: Double
    ) -> Result<CurlFetcher.Response, CurlFetcher.Failure> {
        let host = document.url.host
        guard gate.acquire(host: host, within: settings.timeout) else { return .failure(.busy) }
        defer { gate.release(host: host) }
        let accept = "application/json"
        return fetcher.get(
            document.url, trustedHost: document.trustedHost, accept: accept, deadline: started + settings.timeout
        ) { configuration.refusal(of: $0) }
    }

    /// What `source` reads out of the fetched document.
    private func reading(
        _ source: LiveSource, _ fetched: Result<CurlFetcher.Response, CurlFetcher.Failure>, _ parsed: JSONValue?,
        _ readAt: Date
    ) -> Result<LiveReading, LiveError> {
        let response: CurlFetcher.Response
        switch fetched {
        case .failure(let failure): return .failure(LiveError.fetch(failure, source: source, settings: settings))
        case .success(let r): response = r
        }
        switch source.document.kind {
        case .prometheus(let server):
            let noData = configuration.noData(prometheus: source.shownName, server: server)
            return PrometheusAnswer.value(
                status: response.status, body: response.body, server: server, noData: noData
            ).map { LiveReading(value: $0, readAt: readAt) }
        case .json:
            guard (200..<300).contains(response.status) else {
                return .failure(
                    LiveError(
                        parameter: "url", value: source.shownName, reason: "answered \(response.status)", kind: .status)
                )
            }
            guard let parsed else {
                return .failure(
                    LiveError(
                        parameter: "url", value: source.shownName, reason: "answered with text that is not JSON",
                        kind: .notJSON))
            }
            return Self.read(source, in: parsed, readAt: readAt)
        }
    }

    /// The value (and max) at the source's paths, or the shields endpoint document's message without a path.
    private static func read(
        _ source: LiveSource, in document: JSONValue, readAt: Date
    ) -> Result<LiveReading, LiveError> {
        var reading: LiveReading
        if let query = source.query {
            switch JSONReading.number(at: query, in: document, parameter: "query") {
            case .success(let value): reading = LiveReading(value: value, readAt: readAt)
            case .failure(let error): return .failure(error)
            }
        } else {
            switch JSONReading.endpoint(document) {
            case .success(let e): reading = LiveReading(value: e.value, label: e.label, color: e.color, readAt: readAt)
            case .failure(let error): return .failure(error)
            }
        }
        if let maxQuery = source.maxQuery {
            switch JSONReading.number(at: maxQuery, in: document, parameter: "maxQuery") {
            case .success(let max): reading.max = max
            case .failure(let error): return .failure(error)
            }
        }
        return .success(reading)
    }

    /// The fetch's outcome label: whether the document came back usable, whatever each source then read from it.
    private static func outcome(
        of fetched: Result<CurlFetcher.Response, CurlFetcher.Failure>, document: LiveSource.Document, parsed: JSONValue?
    ) -> String {
        switch fetched {
        case .failure(let failure):
            return LiveError.kind(of: failure).rawValue
        case .success(let response):
            guard (200..<300).contains(response.status) else { return LiveError.Kind.status.rawValue }
            if case .json = document.kind, parsed == nil { return LiveError.Kind.notJSON.rawValue }
            return "ok"
        }
    }

    /// Cannot happen (every waiter is answered); an answer rather than a crash if it ever does.
    private static func lost(_ source: LiveSource) -> LiveError {
        LiveError(parameter: source.parameter, value: "", reason: "was not answered by its fetch", kind: .unreachable)
    }
}
