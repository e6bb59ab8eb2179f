import Dispatch
import HTTPServer
import StoredValues
import ValueReports

extension ValuesResponder {
    /// Reports are read one at a time, off the event loops and their workers: a 32 MiB report takes a core for a
    /// while, and the images' renders must not wait behind it.
    static let reports = DispatchQueue(label: "progress-rings.reports", qos: .utility)

    /// `PUT /values/{name}` by a client allowed to write it: a number, `{"value", "max"}`, or a report, stored
    /// once durable.
    func push(_ request: HTTPRequest, name: String, store: ValueStore) -> HTTPAnswer {
        let key: String?
        switch Self.idempotencyKey(request) {
        case .success(let value): key = value
        case .failure(let problem):
            metrics.count(.badRequest)
            return .now(valueError(.badRequest, problem.message))
        }
        guard let body = request.body else { return .now(bodyNotRead(request)) }
        let contentType = request.headers[.contentType]
        guard body.count > RingService.maxValueBody else {
            // A body of a number's size is recognised here; anything larger is looked at off the loop, since
            // recognising a JSON report reads it whole.
            return decide(
                body, kind: PushBodyKind.of(contentType: contentType, body: body), name: name, key: key, store: store)
        }
        return .whenReady { [self] respond in
            Self.reports.async { [self] in
                Self.deliver(
                    decide(
                        body, kind: PushBodyKind.of(contentType: contentType, body: body), name: name, key: key,
                        store: store), to: respond)
            }
        }
    }

    /// The answer to a push whose body is of `kind`: a plain value stored, a report read (off the loop) and
    /// stored, or the refusal.
    private func decide(
        _ body: [UInt8], kind: PushBodyKind, name: String, key: String?, store: ValueStore
    ) -> HTTPAnswer {
        switch kind {
        case .unsupported(let sentence):
            metrics.count(.unsupported)
            return .now(valueError(.unsupportedMediaType, sentence))
        case .plain:
            guard body.count <= RingService.maxValueBody else {
                metrics.count(.tooLarge)
                return .now(
                    valueError(
                        .contentTooLarge,
                        "the body is \(body.count) bytes, over the \(RingService.maxValueBody) a number or "
                            + "{\"value\", \"max\"} may take, and no report this server reads (accepted: "
                            + "\(ReportFormat.accepted))"))
            }
            let pushed: PushedValue
            do {
                pushed = try PushedValue.parse(body)
            } catch {
                metrics.count(.badRequest)
                return .now(valueError(.badRequest, error.message))
            }
            let point = ValueStore.NewPoint(name: name, value: pushed.value, max: pushed.max)
            return write([point], key: key, in: store) { Self.json($0[0]) }
        case .report(let format):
            return .whenReady { [self] respond in
                Self.reports.async { [self] in
                    let points: [ValueStore.NewPoint]
                    do throws(ReportError) {
                        points = try Self.points(of: format.read(body), name: name)
                    } catch {
                        metrics.count(.badRequest)
                        respond(valueError(.badRequest, error.message))
                        return
                    }
                    store.put(points, idempotencyKey: key) { [self] result in
                        respond(answer(result) { Self.json($0, format: format) })
                    }
                }
            }
        }
    }

    /// The records a report stores, under the pushed name and the name with each record's suffix.
    static func points(of report: ValueReport, name: String) throws(ReportError) -> [ValueStore.NewPoint] {
        try report.records.map { record throws(ReportError) in
            let recordName = name + record.suffix
            if let problem = ValueName.problem(recordName) {
                throw ReportError(
                    "the \(report.format.title) report's record \(recordName) cannot be stored: the name \(problem)")
            }
            return ValueStore.NewPoint(name: recordName, value: record.value, max: record.max)
        }
    }

    private func write(
        _ points: [ValueStore.NewPoint], key: String?, in store: ValueStore,
        body: @escaping @Sendable ([StoredRecord]) -> String
    ) -> HTTPAnswer {
        .whenReady { [self] respond in
            store.put(points, idempotencyKey: key) { [self] result in respond(answer(result, body: body)) }
        }
    }

    private func answer(
        _ result: Result<[StoredRecord], ValueStore.WriteError>, body: ([StoredRecord]) -> String
    )
        -> HTTPResponse
    {
        switch result {
        case .success(let records):
            metrics.count(.stored)
            return json(.ok, body(records))
        case .failure(let error):
            return writeFailure(error)
        }
    }

    /// The answer to a push whose body the transport did not read: over the bound, chunked, or absent.
    private func bodyNotRead(_ request: HTTPRequest) -> HTTPResponse {
        let chunked = request.headers[.transferEncoding] != nil
        let length = request.headers[.contentLength].flatMap { Int($0) }
        if let length, !chunked, length > reportBytes {
            metrics.count(.tooLarge)
            return valueError(
                .contentTooLarge,
                "the body is \(length) bytes, over the \(reportBytes) accepted for a report (valueReportBytes) and "
                    + "the \(RingService.maxValueBody) for a number")
        }
        metrics.count(.lengthRequired)
        // No body at all is a push without its value; a chunked one is a body this server does not read.
        let reason =
            chunked
            ? "send the body with Content-Length (chunked bodies are not read here)"
            : "a push carries the value as its body, sent with Content-Length (accepted: 87.4, or "
                + "{\"value\": 12, \"max\": 40}, or a report: \(ReportFormat.accepted))"
        return valueError(.lengthRequired, reason)
    }

    /// The `Idempotency-Key` of a push: none, or 1–128 visible ASCII characters given once.
    static func idempotencyKey(_ request: HTTPRequest) -> Result<String?, ReportError> {
        let fields = request.headers.values(.idempotencyKey)
        guard let field = fields.first else { return .success(nil) }
        guard fields.count == 1 else { return .failure(ReportError("Idempotency-Key is given more than once")) }
        let bytes = Array(field.utf8)
        guard (1...128).contains(bytes.count), bytes.allSatisfy({ $0 > 0x20 && $0 < 0x7f }) else {
            return .failure(
                ReportError(
                    "Idempotency-Key is not 1 to 128 visible ASCII characters (a UUID or a random hex string fits)"))
        }
        return .success(field)
    }

    /// A report's answer: its format and every record stored.
    static func json(_ records: [StoredRecord], format: ReportFormat) -> String {
        "{\"format\": \"\(format.rawValue)\", \"records\": [" + records.map { json($0) }.joined(separator: ", ") + "]}"
    }
}
