import Foundation
import HTTPServer
import RingKit
import TestSupport
import Testing

@testable import RingService

/// Every live-value parameter with hostile values, on a server whose rules refuse them: each answer is an image or
/// an error image naming a parameter, never a crash, and nothing the rules refuse is ever fetched.
@Suite(.serialized)
final class BadInputLiveValueTests {
    let fixture: FixtureServer

    init() throws {
        fixture = try FixtureServer()
    }

    deinit { fixture.stop() }

    /// URLs people try, and the spellings that sneak an address past a naive check. Each is URL-encoded.
    static let hostileURLs = [
        "file:///etc/passwd", "gopher://127.0.0.1:70/x", "ftp://a.example/x", "http://user@a.allowed.test/x",
        "http://user:pw@a.allowed.test/x", "http://[::1]/x", "http://0x7f.1/x", "http://2130706433/x",
        "http://0177.0.0.1/x", "http://127.1/x", "http://[::ffff:127.0.0.1]/x", "http://169.254.169.254/latest",
        "http://A.ALLOWED.TEST./x", "http://xn--bcher-kva.allowed.test/x", "http://bücher.allowed.test/x",
        "http://allowed.test.evil.example/x", "http://evil.example#@a.allowed.test/x", "http://a.allowed.test:0/x",
        "http://a.allowed.test:99999/x", "https://", "http:", "//a.allowed.test/x", "javascript:alert(1)",
        "http://a.allowed.test/\u{0}x", "http://a.allowed.test/ x", String(repeating: "h", count: 8192),
    ].map { QueryParameters.encode($0) }

    func service() throws -> RingService {
        // Every allowed name a hostile URL can reach points at the loopback fixture, which the rules refuse: no DNS.
        let names = ["a.allowed.test", "xn--bcher-kva.allowed.test"]
        return try makeLiveService(fixture, resolve: names.flatMap { ["\($0):80:127.0.0.1", "\($0):443:127.0.0.1"] }) {
            $0.live.hosts = ["*.allowed.test", "127.0.0.1"]
            $0.live.allowPrivateAddresses = false
            $0.live.timeout = 0.5
            $0.live.prometheusServers = [.init(name: "main", url: fixture.url("prom"))]
            // Hostile PromQL reaches the fixture only where any query may be sent; the default refuses it earlier.
            $0.live.promQL = .any
        }
    }

    /// Checks one answer: an image of the format, a status the contract allows, and an error that names a parameter.
    /// `parameters`: further names an error may begin with (a named query's own).
    static func problems(_ response: HTTPResponse, target: String, parameters: [String] = []) -> [String] {
        let status = response.status.code
        var found: [String] = []
        if ![200, 400, 502, 503, 504].contains(status) { found.append("status \(status) for \(target.prefix(120))") }
        if status != 200 {
            let message = response.header("X-Error") ?? ""
            let named = (["url", "query", "maxQuery", "prometheus", "server", "value", "max"] + parameters).contains {
                message.hasPrefix($0 + ": ")
            }
            if !named { found.append("X-Error \(message) for \(target.prefix(120))") }
            if message.utf8.count > RingService.maxErrorHeaderBytes {
                found.append("X-Error of \(message.utf8.count) bytes")
            }
            if response.header("X-Source") != "error" { found.append("no X-Source: error for \(target.prefix(120))") }
        }
        if response.header("Content-Type") != ImageFormat.svg.contentType { found.append("not an SVG: \(target)") }
        for byte in response.head where byte < 0x20 && byte != 0x0D && byte != 0x0A {
            found.append("control byte \(byte) in the head for \(target.prefix(120))")
        }
        return found
    }

    @Test(arguments: ["url", "query", "maxQuery", "prometheus", "server"])
    func everyHostileValueOfALiveParameterIsAnsweredAndNothingRefusedIsFetched(parameter: String) async throws {
        let service = try service()
        // The fixture itself, on the allowed 127.0.0.1 in several spellings: refused as a loopback address.
        let loopback = ["127.0.0.1", "2130706433", "0x7f.1", "127.1", "[::ffff:127.0.0.1]"].map {
            QueryParameters.encode("http://\($0):\(fixture.port)/c.json")
        }
        let values = BadInputSweepTests.hostileValues + (parameter == "url" ? Self.hostileURLs + loopback : [])
        let found = try await onOwnThread {
            values.flatMap { value -> [String] in
                let query: String
                switch parameter {
                case "url": query = "url=\(value)&query=%24.a"
                case "query", "maxQuery":
                    // A query given twice is a refusal of its own: maxQuery goes with a valid query.
                    let path = parameter == "query" ? "" : "&query=%24.a"
                    query = "url=https%3A%2F%2Fa.allowed.test%2Fc.json\(path)&\(parameter)=\(value)"
                case "prometheus": query = "prometheus=\(value)"
                default: query = "prometheus=up&server=\(value)"
                }
                let target = "/ring.svg?" + query
                return Self.problems(service.get(target), target: target)
            }
        }
        #expect(found.isEmpty, "\(found.prefix(10))")
        // Only the configured Prometheus server was asked anything; the loopback fixture refused as an address
        // never was.
        #expect(fixture.requests.allSatisfy { $0.hasPrefix("/prom/api/v1/query?") }, "\(fixture.requests.prefix(5))")
    }

    /// A named query's parameter given the sweep's values and the forms that would break out of a PromQL string
    /// (quotes, backslashes, `}`, newlines, backquotes, values longer than its pattern allows): each is answered as
    /// an image or an error naming a parameter, and every query that reached Prometheus is the configured one,
    /// token for token, the value only ever the content of its string.
    @Test func hostileValuesOfANamedQuerysParameterNeverChangeTheQuerySent() async throws {
        let service = try makeLiveService(fixture) {
            $0.live.prometheusServers = [.init(name: "main", url: fixture.url("prom"))]
            $0.live.timeout = 0.5
            $0.live.prometheusQueries = [
                "disk": .init(
                    query: #"avail{instance="$instance"}"#,
                    parameters: ["instance": .init(pattern: "(?s).{1,300}")])
            ]
        }
        let injections = [
            #"a"} or vector(1) or up{b=""#, #"a\"} or vector(1)"#, #"\"#, #"\\"#, "}", "\"}", "'", "`",
            "a\"\n}", "a\r\n} or vector(1)", "\u{2028}", "${instance}", "$instance", #"{a="b"}"#,
            String(repeating: #"\"}"#, count: 100), String(repeating: "x", count: 301),
        ].map { QueryParameters.encode($0) }
        let values = BadInputSweepTests.hostileValues + injections
        let found = try await onOwnThread {
            values.flatMap { value -> [String] in
                let target = "/ring.svg?prometheus=disk&instance=\(value)"
                return Self.problems(service.get(target), target: target, parameters: ["instance"])
            }
        }
        #expect(found.isEmpty, "\(found.prefix(10))")
        let sent = fixture.requests.compactMap { path in
            path.split(separator: "query=", maxSplits: 1).last.flatMap { String($0).removingPercentEncoding }
        }
        #expect(sent.count > injections.count / 2, "the values reached Prometheus")
        #expect(sent.count == fixture.requests.count, "\(fixture.requests.prefix(3))")
        for query in sent {
            #expect(PromQLLexed(query)?.code == ["avail{instance=", "}"], "\(query.prefix(120))")
        }
    }
}
