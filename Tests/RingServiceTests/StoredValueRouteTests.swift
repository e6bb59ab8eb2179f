import Foundation
import HTTPServer
import RingKit
import StoredValues
import Testing

@testable import RingService

/// The `/values` routes and images of stored values, against a real SQLite file: pushes with tokens, every
/// refusal with its status and sentence, reads, history, deletion, and `value=@name` on images.
@Suite(.serialized)
final class StoredValueRouteTests {
    static let token = "pr_test-token-for-coverage"
    static let ciToken = "pr_test-token-for-ci"
    let folder = NSTemporaryDirectory() + "/stored-routes-\(UUID().uuidString)"
    let service: RingService

    init() throws {
        var config = ServiceConfiguration()
        config.logFormat = .off
        config.values.store = folder + "/values.db"
        config.values.tokens = [
            "coverage": [RingService.valueTokenDigest(Array(Self.token.utf8))],
            "ci.*": [RingService.valueTokenDigest(Array(Self.ciToken.utf8))],
        ]
        service = try RingService(configuration: config, log: ServiceLog(format: .off, level: .info))
    }

    deinit { try? FileManager.default.removeItem(atPath: folder) }

    func put(_ name: String, _ body: String, token: String? = token, target: String? = nil) -> HTTPResponse {
        var headers: HTTPHeaders = ["Content-Length": "\(body.utf8.count)"]
        if let token { headers.append(.authorization, "Bearer " + token) }
        return service.response(
            to: HTTPRequest(
                method: .put, target: target ?? "/values/\(name)", headers: headers, body: Array(body.utf8)))
    }

    func text(_ response: HTTPResponse) -> String { String(decoding: response.body, as: UTF8.self) }

    /// A push answers the stored record; a read and the history give it back; the image shows it.
    @Test func aPushIsReadBackAndDrawn() throws {
        let pushed = put("coverage", "87.4")
        #expect(pushed.status.code == 200)
        #expect(text(pushed).contains("\"name\": \"coverage\", \"value\": 87.4, \"max\": null"))
        let read = service.get("/values/coverage")
        #expect(text(read).contains("\"value\": 87.4"))
        let history = service.get("/values/coverage/history?since=1h")
        #expect(text(history).hasPrefix("[{\"time\": \""))
        #expect(text(history).contains("\"value\": 87.4, \"max\": null}]"))
        // Each point keeps the max pushed with it.
        #expect(put("ci.tests", "{\"value\": 45, \"max\": 50}", token: Self.ciToken).status.code == 200)
        #expect(text(service.get("/values/ci.tests/history")).contains("\"value\": 45, \"max\": 50}]"))
        // A page's script may read them, as it may show the image.
        #expect(
            read.header("Access-Control-Allow-Origin") == "*" && history.header("Access-Control-Allow-Origin") == "*")
        let stored = service.get("/ring.svg?value=@coverage&size=64")
        let literal = service.get("/ring.svg?value=87.4&size=64")
        #expect(stored.status.code == 200)
        #expect(stored.body == literal.body)
        #expect(stored.header("X-Source") == "stored")
        #expect(stored.header("Cache-Control") == "public, max-age=300, s-maxage=300")
        #expect(stored.header("ETag") == literal.header("ETag"))
        // When the value arrived, as the builder's readout shows it (the record's time, to the second).
        let time = text(pushed).split(separator: "\"").dropLast().last.map(String.init) ?? ""
        let formatter = ISO8601DateFormatter()
        let arrived = formatter.date(from: time).map { Int($0.timeIntervalSince1970) } ?? -1
        #expect(stored.header("Last-Modified") == HTTPDate.imfFixdate(epochSeconds: arrived))
        #expect(stored.header("X-Value-Time") == time)
    }

    /// `If-Modified-Since` is answered wherever `Last-Modified` is sent: a 304 when the value is no newer, the image
    /// when it is; `If-None-Match`, where given, decides alone.
    @Test func ifModifiedSinceIsAnsweredByTheValuesTime() throws {
        _ = put("coverage", "87.4")
        for target in ["/ring.svg?value=@coverage", "/badge.png?value=@coverage", "/spark.svg?value=@coverage"] {
            let first = service.get(target)
            let modified = try #require(first.header("Last-Modified"))
            let seconds = try #require(HTTPDate.epochSeconds(imfFixdate: modified))
            let same = service.get(target, ["If-Modified-Since": modified])
            #expect(same.status.code == 304 && same.body.isEmpty, "\(target)")
            #expect(same.header("ETag") == first.header("ETag") && same.header("X-Source") == "stored")
            let later = service.get(target, ["If-Modified-Since": HTTPDate.imfFixdate(epochSeconds: seconds + 60)])
            #expect(later.status.code == 304)
            let earlier = service.get(target, ["If-Modified-Since": HTTPDate.imfFixdate(epochSeconds: seconds - 1)])
            #expect(earlier.status.code == 200 && earlier.body == first.body)
            let other = service.get(target, ["If-Modified-Since": modified, "If-None-Match": "\"other\""])
            #expect(other.status.code == 200)
            #expect(service.get(target, ["If-Modified-Since": "yesterday"]).status.code == 200)
            #expect(service.get(target, ["If-Modified-Since": modified], method: .head).status.code == 304)
        }
        // An image of no value's time sends no Last-Modified and ignores the condition.
        #expect(
            service.get("/ring.svg?value=5", ["If-Modified-Since": "Thu, 31 Dec 2099 23:59:59 GMT"]).status.code == 200)
    }

    /// `/badge.json` of a stored value is the document of the badge that value draws, and names a missing one.
    @Test func badgeDocumentsOfStoredValues() {
        _ = put("ci.tasks", "{\"value\": 12, \"max\": 40}", token: Self.ciToken)
        let stored = service.get("/badge.json?value=@ci.tasks&label=tasks")
        #expect(stored.status.code == 200)
        #expect(stored.text == service.get("/badge.json?value=12&max=40&label=tasks").text)
        #expect(stored.text.contains("\"message\": \"30%\""))
        // An error is the document of the error badge, which shields draws (it drops any answer but a 200).
        let missing = service.get("/badge.json?value=@ci.none&label=tasks")
        #expect(missing.status.code == 200)
        #expect(
            missing.text
                == ##"{"schemaVersion": 1, "label": "tasks", "message": "no value", "color": "#e05d44", "isError": true}"##
                + "\n")
        #expect(missing.header("X-Error")?.contains("names no stored value") == true)
        #expect(service.get("/badge.svg?value=@ci.none&label=tasks").text.contains(">no value<"))
    }

    /// The builder's readout has the place for the push line of a stored value.
    @Test func theBuilderShowsHowToPush() {
        let page = service.get("/").text
        #expect(page.contains("<dd><code id=\"live-push\"></code></dd>"))
        #expect(page.contains("/values/"))
    }

    /// The same URL draws the new value once a push changes it, and its ETag changes with it.
    @Test func aNewPushChangesTheImage() {
        _ = put("coverage", "10")
        let before = service.get("/ring.svg?value=@coverage")
        _ = put("coverage", "90")
        let after = service.get("/ring.svg?value=@coverage")
        #expect(before.body != after.body)
        #expect(after.body == service.get("/ring.svg?value=90").body)
        #expect(before.header("ETag") != after.header("ETag"))
    }

    /// The record's max applies unless the URL gives one; lists and the path form resolve too.
    @Test func maxListsAndPaths() {
        _ = put("ci.tasks", "{\"value\": 12, \"max\": 40}", token: Self.ciToken)
        _ = put("ci.done", "3", token: Self.ciToken)
        #expect(service.get("/badge.svg?value=@ci.tasks").body == service.get("/badge.svg?value=12&max=40").body)
        #expect(service.get("/ring.svg?value=@ci.tasks&max=100").body == service.get("/ring.svg?value=12").body)
        // Each value keeps its own record's max: one pushed without a max is drawn against the default 100.
        #expect(
            service.get("/ring.svg?value=@ci.tasks,@ci.done").body
                == service.get("/ring.svg?value=12,3&max=40,100").body)
        #expect(
            service.get("/bar.svg?value=@ci.done,@ci.tasks").body
                == service.get("/bar.svg?value=3,12&max=100,40").body)
        #expect(
            service.get("/ring.svg?value=@ci.tasks,@ci.tasks").body == service.get("/ring.svg?value=12,12&max=40").body)
        // A max in the URL serves every value.
        #expect(
            service.get("/ring.svg?value=@ci.tasks,@ci.done&max=50").body
                == service.get("/ring.svg?value=12,3&max=50").body)
        #expect(service.get("/ring/@ci.done.svg").body == service.get("/ring/3.svg").body)
        #expect(service.get("/ring.svg?value=%40ci.done").body == service.get("/ring.svg?value=3").body)
    }

    /// What a push accepts, every image draws: an empty sprint's 0 of 0 is an empty image with its label, and a
    /// value or point of 1e16 and more (written `1e+16`, whose `+` a query reads as a space) draws as in the URL.
    @Test func everyPushAcceptedDraws() {
        #expect(put("ci.sprint", "{\"value\": 0, \"max\": 0}", token: Self.ciToken).status.code == 200)
        let empty = service.get("/ring.svg?value=@ci.sprint&label=%7Bvalue%7D/%7Bmax%7D")
        #expect(empty.status.code == 200 && text(empty).contains(">0/0<"), "\(empty.header("X-Error") ?? "")")
        #expect(service.get("/bar.png?value=@ci.sprint").status.code == 200)
        #expect(service.get("/badge.svg?value=@ci.sprint").status.code == 200)
        #expect(service.get("/spark.svg?value=@ci.sprint").status.code == 200)
        #expect(put("ci.big", "1e16", token: Self.ciToken).status.code == 200)
        let big = service.get("/ring.svg?value=@ci.big&label=%7Bvalue%7D")
        #expect(big.status.code == 200 && big.body == service.get("/ring.svg?value=1e16&label=%7Bvalue%7D").body)
        #expect(put("ci.big", "3", token: Self.ciToken).status.code == 200)
        #expect(service.get("/spark.svg?value=@ci.big").status.code == 200)
        #expect(service.get("/ring.svg?value=@ci.big,@ci.sprint").status.code == 200)
    }

    /// A stored value and a live source in one URL are refused, naming both, on every image kind that reads a value
    /// and through a path's value, rather than drawing the stored value and leaving the source unread.
    @Test(arguments: [
        ("/ring.svg?value=@coverage&url=https://example.com/c.json", "url"),
        ("/bar.png?value=@coverage&prometheus=up", "prometheus"), ("/badge.svg?value=@coverage&url=coverage", "url"),
        ("/ring/@coverage.svg?url=coverage", "url"), ("/ring.svg?value=@coverage&query=$.a", "query"),
        ("/bar.svg?value=@coverage&%73erver=main", "server"),
    ])
    func storedAndLiveTogetherAreRefused(target: String, live: String) {
        _ = put("coverage", "80")
        let refused = service.get(target)
        #expect(refused.status.code == 400)
        #expect(refused.header("X-Error")?.hasPrefix("value: \"@coverage\" cannot be given with \(live)") == true)
        #expect(refused.header("X-Source") == "stored")
        // A value that names no stored value is not refused as one.
        #expect(service.get("/ring.svg?value=a@b&url=coverage").header("X-Source") != "stored")
    }

    /// `{delta}` compares with the history: the oldest point while it is younger than `trend`, drawn as the same
    /// label with `previous` in the URL; a new push changes the image.
    @Test func deltaComparesWithTheHistory() {
        _ = put("coverage", "80")
        _ = put("coverage", "83.5")
        let label = "label=%7Bvalue%7D%25%20%7Bdelta%7D"
        let stored = service.get("/ring.svg?value=@coverage&\(label)")
        #expect(stored.status.code == 200)
        #expect(text(stored).contains("83.5% ▲3.5"))
        #expect(stored.body == service.get("/ring.svg?value=83.5&previous=80&\(label)").body)
        #expect(service.get("/ring.svg?value=@coverage&\(label)&trend=1h").body == stored.body)
        _ = put("coverage", "79")
        #expect(text(service.get("/ring.svg?value=@coverage&\(label)")).contains("79% ▼1"))
        let refused = service.get("/ring.svg?value=@coverage&\(label)&trend=2m")
        #expect(refused.header("X-Error")?.hasPrefix("trend:") == true)
    }

    /// Every refusal: its status, and a sentence that says what to do; nothing is stored.
    @Test(arguments: [
        ("coverage", "87", nil as String?, nil as String?, 401, "Authorization: Bearer"),
        ("coverage", "87", "pr_wrong", nil, 401, "not one this server knows"),
        ("other", "87", token, nil, 403, "may not write other"),
        ("coverage", "NaN", token, nil, 400, "not one JSON number"),
        ("coverage", "1e999", token, nil, 400, "not a finite number"),
        ("coverage", "\"87\"", token, nil, 400, "is a JSON string, not a number"),
        ("coverage", "{\"value\": 1, \"extra\": 2}", token, nil, 400, "unknown key"),
        ("coverage", "{\"max\": 2}", token, nil, 400, "value must be given"),
        ("coverage", "87", token, "/values/coverage?token=x", 400, "never in a URL"),
        ("Coverage", "87", token, nil, 400, "names are lower case"),
        ("coverage", "{\"value\": 1, \"max\": -5}", token, nil, 400, "max is below 0"),
        // What a reader sees names the body, never a decoder's wording ("expected null" for `nan`).
        ("coverage", "nan", token, nil, 400, #"the body \"nan\" is not one JSON number"#),
        ("coverage", "", token, nil, 400, "the body is empty"),
        // A name a URL's path would drop or resolve could be pushed and never read.
        ("coverage.", "87", token, nil, 400, "ends in a dot"),
    ])
    func refusals(name: String, body: String, token: String?, target: String?, status: Int, says: String) {
        let response = put(name, body, token: token, target: target)
        #expect(response.status.code == status)
        #expect(text(response).contains(says))
        if status == 401 { #expect(response.header("WWW-Authenticate")?.hasPrefix("Bearer") == true) }
        #expect(service.get("/values/coverage").status.code == 404)
    }

    /// A body the transport did not read: over valueReportBytes (32 MiB) is 413, chunked is 411.
    @Test func bodiesNotRead() {
        var headers: HTTPHeaders = ["Content-Length": "\(32 * 1024 * 1024 + 1)"]
        headers.append(.authorization, "Bearer " + Self.token)
        let large = service.response(to: HTTPRequest(method: .put, target: "/values/coverage", headers: headers))
        #expect(large.status.code == 413)
        var chunked: HTTPHeaders = ["Transfer-Encoding": "chunked"]
        chunked.append(.authorization, "Bearer " + Self.token)
        #expect(
            service.response(to: HTTPRequest(method: .put, target: "/values/coverage", headers: chunked)).status.code
                == 411)
    }

    /// DELETE needs the token, forgets the history, and a second one is a 404.
    @Test func deleteForgets() {
        _ = put("coverage", "5")
        var headers: HTTPHeaders = [:]
        headers.append(.authorization, "Bearer " + Self.token)
        let request = HTTPRequest(method: .delete, target: "/values/coverage", headers: headers, body: [])
        #expect(service.response(to: HTTPRequest(method: .delete, target: "/values/coverage")).status.code == 401)
        #expect(service.response(to: request).status.code == 204)
        #expect(service.get("/values/coverage").status.code == 404)
        #expect(service.response(to: request).status.code == 404)
        #expect(service.get("/ring.svg?value=@coverage").status.code == 400)
    }

    /// Methods per route: OPTIONS lists them, others are 405 with the same list.
    @Test func methodsPerRoute() {
        let options = service.get("/values/coverage", method: .options)
        #expect(options.status.code == 204)
        #expect(options.header("Allow") == "GET, HEAD, PUT, DELETE, OPTIONS")
        let history = service.get("/values/coverage/history", method: .put)
        #expect(history.status.code == 405)
        #expect(history.header("Allow") == "GET, HEAD, OPTIONS")
        #expect(service.get("/values/coverage", method: .post).status.code == 405)
        #expect(service.get("/values/a/b").status.code == 404)
        // Every path under /values/ answers JSON.
        let slash = service.get("/values/x/")
        #expect(slash.status.code == 404 && slash.header("Content-Type") == "application/json")
        #expect(text(slash).contains("/values/{name}/history"))
        // A push with no body at all says what the body is.
        let bodiless = service.get("/values/coverage", ["Authorization": "Bearer " + Self.token], method: .put)
        #expect(bodiless.status.code == 411 && text(bodiless).contains("a push carries the value as its body"))
    }

    /// `/metrics` counts writes by outcome and shows the store's figures.
    @Test func metricsCountWrites() {
        _ = put("coverage", "1")
        _ = put("coverage", "nan")
        // A body that is no number, JSON or report is one no format reads: 415.
        _ = put("coverage", "x")
        let metrics = text(service.get("/metrics"))
        #expect(metrics.contains("progress_rings_value_writes_total{outcome=\"stored\"} 1"))
        #expect(metrics.contains("progress_rings_value_writes_total{outcome=\"bad_request\"} 1"))
        #expect(metrics.contains("progress_rings_value_writes_total{outcome=\"unsupported_media_type\"} 1"))
        #expect(metrics.contains("progress_rings_values_held 1"))
        #expect(metrics.contains("progress_rings_value_store_seconds_count 1"))
    }
}

/// A server with no valueTokens: stored values are off, and say so.
struct StoredValuesOffTests {
    @Test func offUntilTokensAreConfigured() {
        let service = makeService()
        let push = service.response(
            to: HTTPRequest(method: .put, target: "/values/coverage", headers: ["Content-Length": "1"], body: [0x31]))
        #expect(push.status.code == 403)
        #expect(String(decoding: push.body, as: UTF8.self).contains("valueTokens"))
        let image = service.get("/ring.svg?value=@coverage")
        #expect(image.status.code == 400)
        #expect(image.header("X-Error")?.contains("stored values are off") == true)
    }
}
