import HTTPServer

/// The answers of one resource in each content coding it is sent in: the 200 and the 304, each serialized once.
/// The identity answers carry a strong ETag; the gzip ones its weak form (same opaque tag), so `If-None-Match` with
/// either matches both (weak comparison, RFC 9110 §8.8.3.2), and a cache that stored one coding can revalidate it
/// whichever the server would send now.
struct Representations: Sendable {
    /// A 200 and its 304.
    struct Answers: Sendable {
        let ok: HTTPResponse
        let notModified: HTTPResponse

        func copied() -> Answers { Answers(ok: ok.copied(), notModified: notModified.copied()) }

        /// Bytes the two responses hold in memory (see `CachedImage.allocation`).
        var cost: Int {
            CachedImage.allocation(ok.head.capacity) + CachedImage.allocation(ok.body.capacity)
                + CachedImage.allocation(notModified.head.capacity)
        }
    }

    let identity: Answers
    /// nil when the resource is never compressed (PNG, error images) or not compressed yet.
    let gzip: Answers?
    /// Whether the gzip bytes are fewer than the identity bytes: otherwise gzip goes out only to a client that refuses
    /// identity.
    let gzipSaves: Bool
    /// The identity answer's strong ETag, e.g. `"0123456789abcdef-2a0"`.
    let etag: String

    /// The 200 and 304 of `body` with `headers` (Content-Type, Cache-Control and the rest, no ETag: it is added here),
    /// in identity and, when `compress`, in gzip with `Vary: Accept-Encoding` on both.
    init(body: [UInt8], headers: HTTPHeaders, validators: HTTPHeaders, compress: Bool, level: Int32 = 6) {
        etag = EntityTag.strong(for: body)
        identity = Self.answers(body: body, headers: headers, validators: validators, etag: etag, coding: nil)
        if compress, let zipped = Gzip.compress(body, level: level) {
            gzip = Self.answers(
                body: zipped, headers: headers, validators: validators, etag: "W/" + etag, coding: "gzip")
            gzipSaves = zipped.count < body.count
        } else {
            gzip = nil
            gzipSaves = false
        }
    }

    /// An error's one answer: no validator, no coding.
    init(error answers: Answers) {
        self.init(identity: answers, gzip: nil, gzipSaves: false, etag: "")
    }

    private init(identity: Answers, gzip: Answers?, gzipSaves: Bool, etag: String) {
        self.identity = identity
        self.gzip = gzip
        self.gzipSaves = gzipSaves
        self.etag = etag
    }

    /// The same representations in buffers allocated by the calling thread.
    func copied() -> Representations {
        let tag = String(unsafeUninitializedCapacity: etag.utf8.count) { buffer in
            buffer.initialize(fromContentsOf: etag.utf8)
        }
        return Representations(identity: identity.copied(), gzip: gzip?.copied(), gzipSaves: gzipSaves, etag: tag)
    }

    /// These representations with a gzip coding made from the identity body (for answers compressed on demand).
    func addingGzip(headers: HTTPHeaders, validators: HTTPHeaders) -> Representations {
        guard gzip == nil, let zipped = Gzip.compress(identity.ok.body) else { return self }
        let answers = Self.answers(
            body: zipped, headers: headers, validators: validators, etag: "W/" + etag, coding: "gzip")
        return Representations(
            identity: identity, gzip: answers, gzipSaves: zipped.count < identity.ok.body.count, etag: etag)
    }

    /// The answer to a GET or HEAD in `coding`: the 304 when `If-None-Match` names this content, else the 200.
    func response(to request: HTTPRequest, coding: ContentCoding) -> HTTPResponse {
        let answers: Answers
        switch coding {
        case .gzip where gzipSaves, .gzipRequired: answers = gzip ?? identity
        case .gzip, .identity: answers = identity
        }
        let conditions = request.headers.values(.ifNoneMatch)
        if !conditions.isEmpty && EntityTag.noneMatch(conditions, matches: etag) { return answers.notModified }
        return answers.ok
    }

    var cost: Int { identity.cost + (gzip?.cost ?? 0) + CachedImage.allocation(etag.utf8.count) }

    private static func answers(
        body: [UInt8], headers: HTTPHeaders, validators: HTTPHeaders, etag: String, coding: String?
    ) -> Answers {
        var ok = headers
        var notModified = validators
        if let coding { ok.append(.contentEncoding, coding) }
        ok.append(.eTag, etag)
        notModified.append(.eTag, etag)
        return Answers(
            ok: HTTPResponse(status: .ok, headers: ok, body: CachedImage.compact(body)),
            notModified: HTTPResponse(status: .notModified, headers: notModified))
    }
}
