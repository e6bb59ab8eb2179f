import Dispatch
import FoundationEssentials
import Locking
import StrictJSON

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
            /// The source's breaker is open: answered from what it last gave, while a probe fetches it.
            case probe(LiveAnswer)
        }
        let document = source.fetch
        let now = clock.now()
        let maxFlights = maxFlights
        let step: Step = state.withLock { s in
            if let answer = s.store.answer(source, now: now) {
                if case .stale = answer { s.counters.staleAnswers += 1 }
                return .answered(answer)
            }
            if let held = s.store.held(source, now: now) {
                if case .stale = held { s.counters.staleAnswers += 1 }
                // Neither a fetch nor a wait for one: the probe already in flight, or this one, says when it reads.
                s.counters.countFetch(
                    host: document.document.url.host, server: document.document.serverName,
                    outcome: LiveCounters.breakerOpen, seconds: nil)
                guard s.flights[document] == nil else { return .answered(held) }
                s.flights[document] = Flight(sources: [source], deliveries: [], slotQuery: source.slotQuery)
                return .probe(held)
            }
            if s.flights[document] != nil {
                s.flights[document]!.sources.insert(source)
                s.flights[document]!.deliveries.append((source, deliver))
                s.counters.coalesced += 1
                return .joined
            }
            guard s.flights.count < maxFlights else {
                s.counters.countFetch(
                    host: document.document.url.host, server: document.document.serverName,
                    outcome: LiveError.Kind.busy.rawValue, seconds: nil)
                return .full
            }
            s.flights[document] = Flight(
                sources: [source], deliveries: [(source, deliver)], slotQuery: source.slotQuery)
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
        case .probe(let held):
            deliver(held)
            probe(document)
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

    /// Fetches `document` for a source whose breaker is open, on a thread of its own, with no one waiting for it:
    /// what it reads is stored, and closes the breaker when it is no timeout.
    private func probe(_ document: LiveSource.Fetch) {
        let started = DetachedThread.start(named: "live-probe") { [self] in complete(document) }
        // Out of threads: the next request past the retry time probes again.
        if started != 0 { state.withLock { _ = $0.flights.removeValue(forKey: document) } }
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
    private func complete(_ document: LiveSource.Fetch) {
        let (answers, deliveries) = lead(document)
        for (source, deliver) in deliveries { deliver(answers[source] ?? .failed(Self.lost(source))) }
    }

    /// Fetches `fetch`'s document once (and its max's document after it, within the same deadline), reads every
    /// waiting source's value out of them, stores them and counts the fetches.
    private func lead(
        _ fetch: LiveSource.Fetch
    ) -> (
        answers: [LiveSource: LiveAnswer], deliveries: [(source: LiveSource, deliver: @Sendable (LiveAnswer) -> Void)]
    ) {
        let document = fetch.document
        let slotQuery = state.withLock { $0.flights[fetch]?.slotQuery } ?? fetch.document.url.target
        let started = MonotonicClock().now()
        let fetched = get(document, started: started, query: slotQuery)
        let seconds = MonotonicClock().now() - started
        // The max is worth fetching only when the value came back.
        var fetchedMax: (Result<CurlFetcher.Response, CurlFetcher.Failure>, seconds: Double)?
        if let maxDocument = fetch.maxDocument, case .success(let response) = fetched,
            (200..<300).contains(response.status)
        {
            let maxStarted = MonotonicClock().now()
            fetchedMax = (get(maxDocument, started: started, query: slotQuery), MonotonicClock().now() - maxStarted)
        }
        // So is the number the query had `trend` ago.
        var fetchedPrevious: Result<CurlFetcher.Response, CurlFetcher.Failure>?
        if let previous = fetch.previousDocument, case .success(let response) = fetched,
            (200..<300).contains(response.status)
        {
            fetchedPrevious = get(previous, started: started, query: slotQuery)
        }
        let readAt = Date()
        // Parsed once, however many sources read it.
        var parsed: JSONValue?
        if case .json = document.kind, case .success(let response) = fetched, (200..<300).contains(response.status) {
            parsed = JSONReading.document(response.body)
        }
        let sources = state.withLock { $0.flights[fetch]?.sources ?? [] }
        let outcome = Self.outcome(
            of: fetched, document: document, parsed: parsed, takesList: sources.contains(where: \.takesList))
        let fetchedOutcome = fetchedMax.map { Self.outcome(of: $0.0, document: fetch.maxDocument!, parsed: nil) }
        // Each source's reading, and the other reading of the same document (as a list, or as one number), so that
        // an image that reads it the other way is answered from this fetch within its freshness, not by another.
        let readOut = { (sources: [LiveSource]) in
            var results: [LiveSource: Result<LiveReading, LiveError>] = [:]
            for source in sources.flatMap({ [$0, $0.reading(asList: !$0.takesList)] }) where results[source] == nil {
                results[source] = self.withPrevious(
                    self.reading(source, fetched, fetchedMax?.0, parsed, readAt), source, fetchedPrevious)
            }
            return results
        }
        var results = readOut(Array(sources))
        let now = clock.now()
        var changes: [LiveHealthChange] = []
        defer {
            if !changes.isEmpty, let listener = healthListener.withLock({ $0 }) { changes.forEach(listener) }
        }
        return state.withLock { s in
            let flight = s.flights.removeValue(forKey: fetch)
            let asked = flight?.sources ?? sources
            // A probe's answer goes to no one: only answers delivered count as stale ones.
            let waiting = Set((flight?.deliveries ?? []).map(\.source))
            results.merge(readOut(Array(asked.filter { results[$0] == nil }))) { read, _ in read }
            var answers: [LiveSource: LiveAnswer] = [:]
            for (source, result) in results {
                let wasDown = s.store.isDown(source)
                let wasOpen = s.store.isOpen(source)
                let answer = s.store.record(
                    source, result, now: now, settings: settings,
                    freshFor: source.document.range?.secondsLeft(at: readAt.timeIntervalSince1970),
                    asked: asked.contains(source))
                let isDown = s.store.isDown(source)
                if wasDown != isDown {
                    var failure: LiveError? = nil
                    if isDown, case .failure(let error) = result { failure = error }
                    changes.append(LiveHealthChange(source: source.shownName, failure: failure))
                }
                let isOpen = s.store.isOpen(source)
                if wasOpen != isOpen, asked.contains(source) {
                    var failure: LiveError? = nil
                    if case .failure(let error) = result { failure = error }
                    changes.append(LiveHealthChange(source: source.shownName, failure: failure, breakerOpen: isOpen))
                }
                guard asked.contains(source) else { continue }
                if case .stale = answer, waiting.contains(source) { s.counters.staleAnswers += 1 }
                answers[source] = answer
            }
            s.counters.countFetch(
                host: document.url.host, server: document.serverName, outcome: outcome,
                seconds: outcome == LiveError.Kind.busy.rawValue ? nil : seconds)
            if let fetchedMax, let fetchedOutcome, let maxDocument = fetch.maxDocument {
                s.counters.countFetch(
                    host: maxDocument.url.host, server: maxDocument.serverName, outcome: fetchedOutcome,
                    seconds: fetchedOutcome == LiveError.Kind.busy.rawValue ? nil : fetchedMax.seconds)
            }
            if let fetchedPrevious, let previous = fetch.previousDocument {
                let outcome = Self.outcome(of: fetchedPrevious, document: previous, parsed: nil)
                s.counters.countFetch(
                    host: previous.url.host, server: previous.serverName, outcome: outcome, seconds: nil)
            }
            return (answers, flight?.deliveries ?? [])
        }
    }

    /// The response, within one deadline for the slot and the whole transfer.
    private func get(
        _ document: LiveSource.Document, started: Double, query: String
    ) -> Result<CurlFetcher.Response, CurlFetcher.Failure> {
        let host = document.url.host
        guard gate.acquire(host: host, query: query, within: settings.timeout) else { return .failure(.busy) }
        defer { gate.release(host: host, query: query) }
        let accept = "application/json"
        let now = Date().timeIntervalSince1970
        var url = document.range.map { $0.url(document.url, at: now) } ?? document.url
        if let ago = document.secondsAgo {
            url = FetchURL(
                scheme: url.scheme, host: url.host, address: url.address, port: url.port,
                target: url.target + "&time=\(Int(now) - ago)")
        }
        var credentials: FetchCredentials?
        if case .prometheus(let name) = document.kind,
            let server = configuration.servers.first(where: { $0.name == name }), !server.auth.isEmpty
        {
            // Read for each fetch, so a rotated secret is used at once. Which secret failed is named at start-up,
            // never in an image: where secrets live is the operator's business.
            guard case .success(let read) = server.auth.credentials(origin: server.base) else {
                return .failure(.failed("its credentials could not be read"))
            }
            credentials = read
        }
        return fetcher.get(
            url, trustedHost: document.trustedHost, accept: accept, deadline: started + settings.timeout,
            credentials: credentials
        ) { configuration.refusal(of: $0) }
    }

    /// Cannot happen (every waiter is answered); an answer rather than a crash if it ever does.
    static func lost(_ source: LiveSource) -> LiveError {
        LiveError(parameter: source.parameter, value: "", reason: "was not answered by its fetch", kind: .unreachable)
    }
}
