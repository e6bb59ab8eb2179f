internal import CCurl
import Glibc

/// One `PUT /values/{name}` over libcurl: the body, the bearer token, the push's `Idempotency-Key` (the same on
/// every try, so the server stores a retried push once), no redirect followed (a redirect would carry the token
/// elsewhere), http and https only.
struct PushRequest {
    var url: String
    var body: [UInt8]
    var token: String
    var idempotencyKey: String
    /// `Content-Type`; nil lets the server recognise the body by its content.
    var contentType: String?
    /// Seconds one try may take, connection included.
    var timeout: Double

    /// What a try came to: the server's status, `Retry-After` and body, or why there was no answer.
    enum Result {
        case answered(status: Int, retryAfter: Double?, body: [UInt8])
        case failed(String)
    }

    private static let ready: Bool = curl_global_init(Int(CURL_GLOBAL_ALL)) == CURLE_OK

    /// Sends the request once.
    func send() -> Result {
        guard Self.ready, let handle = curl_easy_init() else { return .failed("libcurl could not start") }
        defer { curl_easy_cleanup(handle) }
        let answer = PushAnswer()
        var headers: UnsafeMutablePointer<curl_slist>?
        for line in [
            "Authorization: Bearer \(token)", "Idempotency-Key: \(idempotencyKey)",
            "Content-Type: \(contentType ?? "application/octet-stream")", "Expect:",
        ] {
            headers = curl_slist_append(headers, line)
        }
        defer { curl_slist_free_all(headers) }
        let user = Unmanaged.passUnretained(answer).toOpaque()
        let code: CURLcode = body.withUnsafeBytes { bytes in
            let options =
                answer.options(handle, url: url, headers: headers, timeout: timeout) + [
                    pr_curl_set_string(handle, CURLOPT_CUSTOMREQUEST, "PUT"),
                    pr_curl_set_pointer(
                        handle, CURLOPT_POSTFIELDS, UnsafeMutableRawPointer(mutating: bytes.baseAddress)),
                    pr_curl_set_offset(handle, CURLOPT_POSTFIELDSIZE_LARGE, curl_off_t(bytes.count)),
                    pr_curl_set_header_function(handle, PushAnswer.header),
                    pr_curl_set_pointer(handle, CURLOPT_HEADERDATA, user),
                ]
            if let bad = options.first(where: { $0 != CURLE_OK }) { return bad }
            return withExtendedLifetime(answer) { curl_easy_perform(handle) }
        }
        guard code == CURLE_OK else {
            let detail = String(cString: answer.errorBuffer)
            return .failed(detail.isEmpty ? String(cString: curl_easy_strerror(code)) : detail)
        }
        var status = 0
        _ = pr_curl_get_long(handle, CURLINFO_RESPONSE_CODE, &status)
        return .answered(status: status, retryAfter: answer.retryAfter, body: answer.body)
    }
}

/// The answer as libcurl hands it over, reached by the callbacks through their user pointer.
final class PushAnswer {
    var body: [UInt8] = []
    var retryAfter: Double?
    let errorBuffer = UnsafeMutablePointer<CChar>.allocate(capacity: Int(CURL_ERROR_SIZE))
    /// An answer is a short JSON document; more than this is not a server of ours.
    static let maxBytes = 1 << 20

    init() { errorBuffer.initialize(repeating: 0, count: Int(CURL_ERROR_SIZE)) }

    /// The options every request of the push command sets on `handle`: `url` over http or https only, `headers`, no
    /// redirect (it would carry the token elsewhere), `timeout` seconds, and this answer as where the body goes.
    /// The results, each `CURLE_OK` where libcurl took it.
    func options(
        _ handle: UnsafeMutableRawPointer, url: String, headers: UnsafeMutablePointer<curl_slist>?, timeout: Double
    ) -> [CURLcode] {
        [
            pr_curl_set_string(handle, CURLOPT_URL, url),
            pr_curl_set_string(handle, CURLOPT_PROTOCOLS_STR, "http,https"),
            pr_curl_set_list(handle, CURLOPT_HTTPHEADER, headers),
            pr_curl_set_long(handle, CURLOPT_FOLLOWLOCATION, 0),
            pr_curl_set_long(handle, CURLOPT_NOSIGNAL, 1),
            pr_curl_set_long(handle, CURLOPT_TIMEOUT_MS, Int((timeout * 1000).rounded())),
            pr_curl_set_string(handle, CURLOPT_USERAGENT, "progress-rings-push"),
            pr_curl_set_write_function(handle, Self.write),
            pr_curl_set_pointer(handle, CURLOPT_WRITEDATA, Unmanaged.passUnretained(self).toOpaque()),
            pr_curl_set_pointer(handle, CURLOPT_ERRORBUFFER, errorBuffer),
        ]
    }
    deinit { errorBuffer.deallocate() }

    static let write: curl_write_callback = { data, size, count, user in
        guard let user, let data else { return 0 }
        let answer = Unmanaged<PushAnswer>.fromOpaque(user).takeUnretainedValue()
        let length = size * count
        guard answer.body.count + length <= maxBytes else { return 0 }
        data.withMemoryRebound(to: UInt8.self, capacity: length) {
            answer.body.append(contentsOf: UnsafeBufferPointer(start: $0, count: length))
        }
        return length
    }

    /// Reads `Retry-After` in seconds from the header lines.
    static let header: curl_write_callback = { data, size, count, user in
        guard let user, let data else { return 0 }
        let answer = Unmanaged<PushAnswer>.fromOpaque(user).takeUnretainedValue()
        let length = size * count
        let line = data.withMemoryRebound(to: UInt8.self, capacity: length) {
            String(decoding: UnsafeBufferPointer(start: $0, count: length), as: UTF8.self)
        }
        let parts = line.split(separator: ":", maxSplits: 1)
        if parts.count == 2, parts[0].lowercased() == "retry-after" {
            answer.retryAfter = Double(parts[1].filter { !$0.isWhitespace })
        }
        return length
    }
}
