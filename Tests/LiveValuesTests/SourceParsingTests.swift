import Testing

@testable import LiveValues

/// A request's live parameters → a source, or a 400 naming the parameter; nothing here fetches.
struct SourceParsingTests {
    static func live(_ change: (inout LiveSettings) -> Void = { _ in }) throws -> LiveValues {
        try makeLive {
            $0.allowPrivateAddresses = false
            $0.hosts = ["x.test", "*.example.com"]
            $0.sources = ["coverage": .init(url: "https://ci.internal/c.json", query: "$.totals.percent")]
            $0.prometheusServers = [
                .init(name: "main", url: "http://prom.internal:9090"),
                .init(name: "staging", url: "http://prom2.internal:9090/prefix/"),
            ]
            $0.prometheusQueries = ["errors": .init(server: "staging", query: "sum(rate(errors_total[5m]))")]
            // These rules are those of PromQL in a URL, which only a private instance takes (NamedQueryTests).
            $0.promQL = .any
            change(&$0)
        }
    }

    @Test(arguments: [
        ("HTTPS://X.TEST./c.json", "url=https://x.test/c.json"),
        ("https://a.b.EXAMPLE.com:443/x?y=1#top", "url=https://a.b.example.com/x?y=1"),
        ("http://x.test:8080", "url=http://x.test:8080/"), ("http://x.test:80/", "url=http://x.test/"),
        ("https://xn--bcher-kva.example.com/x", "url=https://xn--bcher-kva.example.com/x"),
        ("https://x.test/a b/ü\"<>", "url=https://x.test/a%20b/%C3%BC%22%3C%3E"),
        ("https://x.test/already%20encoded?q=a%26b", "url=https://x.test/already%20encoded?q=a%26b"),
    ])
    func acceptedURLsAreReadInOneCanonicalSpelling(url: String, expected: String) throws {
        let source = try #require(
            try Self.live().source(url: url, query: nil, maxQuery: nil, prometheus: nil, server: nil))
        #expect(source.description == expected)
        #expect(source.parameter == "url")
    }

    @Test func aConfiguredSourceKeepsItsURLOutOfSightAndTheRequestMayChangeItsPaths() throws {
        let live = try Self.live()
        let named = try #require(
            try live.source(url: "coverage", query: nil, maxQuery: nil, prometheus: nil, server: nil))
        #expect(named.description == "url=coverage&query=$.totals.percent")
        #expect(named.host == "ci.internal")
        let changed = try #require(
            try live.source(url: "coverage", query: "a.b", maxQuery: "$['t.x']", prometheus: nil, server: nil))
        #expect(changed.description == "url=coverage&query=$.a.b&maxQuery=$['t.x']")
        let odd = try #require(
            try live.source(url: "coverage", query: "$['\r\nX: 1']", maxQuery: nil, prometheus: nil, server: nil))
        #expect(odd.description == "url=coverage&query=$['\\u{d}\\u{a}X: 1']")
    }

    @Test func prometheusQueriesGoToTheNamedOrFirstServer() throws {
        let live = try Self.live()
        let first = try #require(
            try live.source(url: nil, query: nil, maxQuery: nil, prometheus: "up == 1", server: nil))
        #expect(first.description == "prometheus=up == 1&server=main")
        #expect(first.document.url.description == "http://prom.internal:9090/api/v1/query?query=up%20%3D%3D%201")
        let named = try #require(
            try live.source(url: nil, query: nil, maxQuery: nil, prometheus: "errors", server: nil))
        #expect(named.description == "prometheus=errors&server=staging")
        #expect(
            named.document.url.description
                == "http://prom2.internal:9090/prefix/api/v1/query?query=sum%28rate%28errors_total%5B5m%5D%29%29")
        let chosen = try #require(
            try live.source(url: nil, query: nil, maxQuery: nil, prometheus: "up", server: "staging"))
        #expect(chosen.description == "prometheus=up&server=staging")
    }

    @Test func noLiveParameterIsNoSource() throws {
        #expect(try Self.live().source(url: nil, query: nil, maxQuery: nil, prometheus: nil, server: nil) == nil)
    }

    struct Case: Sendable, CustomTestStringConvertible {
        var url: String? = nil
        var query: String? = nil
        var maxQuery: String? = nil
        var prometheus: String? = nil
        var server: String? = nil
        /// The message, or its start when it ends with `…`.
        var message: String
        var testDescription: String { message }
    }

    static let long = String(repeating: "a", count: 8192)
    static let acceptedURL = "an http(s) URL on x.test, *.example.com, or a configured source: coverage"

    static let refused: [Case] = [
        Case(url: "", message: "url: is empty (accepted: \(acceptedURL))"),
        Case(
            url: "not a url",
            message: "url: \"not a url\" is neither an http(s) URL nor a configured source (accepted: \(acceptedURL))"),
        Case(
            url: "https://x.test/" + long,
            message: "url: \"https://x.test/aaaaaaaaaaaaaaaaaaaaaaaaa…\" is longer than 2048 bytes"),
        Case(
            url: "file:///etc/passwd", message: "url: \"file:///etc/passwd\" has scheme file (accepted: http or https)"),
        Case(
            url: "gopher://x.test:70/_GET",
            message: "url: \"gopher://x.test:70/_GET\" has scheme gopher (accepted: http or https)"),
        Case(
            url: "javascript:alert(1)",
            message: "url: \"javascript:alert(1)\" has scheme javascript (accepted: http or https)"),
        Case(
            url: "http://user@x.test/",
            message: "url: \"http://user@x.test/\" carries a user name or password (not accepted)"),
        Case(
            url: "http://u:p@x.test/",
            message: "url: \"http://u:p@x.test/\" carries a user name or password (not accepted)"),
        Case(
            url: "http://[::1]/",
            message: "url: \"http://[::1]/\" names ::1, a loopback address this server does not fetch"),
        Case(
            url: "http://0x7f.1/",
            message: "url: \"http://0x7f.1/\" names 127.0.0.1, a loopback address this server does not fetch"),
        Case(
            url: "http://2130706433/",
            message: "url: \"http://2130706433/\" names 127.0.0.1, a loopback address this server does not fetch"),
        Case(
            url: "http://[::ffff:a9fe:a9fe]/",
            message:
                "url: \"http://[::ffff:a9fe:a9fe]/\" names ::ffff:169.254.169.254, a link-local (cloud metadata) address in IPv4-mapped form this server does not fetch"
        ),
        Case(
            url: "http://8.8.8.8/",
            message: "url: \"http://8.8.8.8/\" names host 8.8.8.8, not allowed here (accepted: x.test, *.example.com)"),
        Case(url: "http://x.test../c", message: "url: \"http://x.test../c\" has a host with an empty label (..)"),
        Case(
            url: "http://evil.test/",
            message:
                "url: \"http://evil.test/\" names host evil.test, not allowed here (accepted: x.test, *.example.com)"),
        Case(
            url: "http://EXAMPLE.com./",
            message:
                "url: \"http://EXAMPLE.com./\" names host example.com, not allowed here (accepted: x.test, *.example.com)"
        ),
        Case(
            url: "http://x.test.evil.test/",
            message: "url: \"http://x.test.evil.test/\" names host x.test.evil.test, not allowed here…"),
        Case(
            url: "http://bücher.example.com/",
            message:
                "url: \"http://bücher.example.com/\" has a host that is not ASCII (IDN hosts are accepted in their punycode form, xn--…)"
        ),
        Case(
            url: "http://x.test:99999/", message: "url: \"http://x.test:99999/\" has port \"99999\" (accepted: 1…65535)"
        ),
        Case(url: "http://x.test:8a/", message: "url: \"http://x.test:8a/\" has port \"8a\" (accepted: 1…65535)"),
        Case(
            url: "http://[fe80::1%25eth0]/",
            message: "url: \"http://[fe80::1%25eth0]/\" has an IPv6 host with a zone (%…), which is not accepted"),
        Case(url: "http://[zz::1]/", message: "url: \"http://[zz::1]/\" has an IPv6 host that is not an IPv6 address"),
        Case(url: "http://x.test\\@evil.test/", message: "url: \"http://x.test\\\\@evil.test/\" contains a backslash"),
        Case(
            url: "http://x.test/\r\nX-Injected: 1",
            message: "url: \"http://x.test/\\u{d}\\u{a}X-Injected: 1\" contains the control character \\u{d}"),
        Case(url: "http://", message: "url: \"http://\" has no host"),
        Case(url: "http:\u{301}//x.test/", message: "url: \"http:\u{301}//x.test/\" has no //host after http:"),
        Case(url: "http://x.test\u{301}/", message: "url: \"http://x.test\u{301}/\" has a host that is not ASCII…"),
        Case(url: "https:x.test/c.json", message: "url: \"https:x.test/c.json\" has no //host after https:"),
        Case(
            url: "http://x.test!/",
            message:
                "url: \"http://x.test!/\" has a host with characters a host name cannot hold (accepted: a-z, 0-9, - and _)"
        ),
        Case(
            url: "http://1.2.3.4.5/",
            message: "url: \"http://1.2.3.4.5/\" has a host that looks like an IPv4 address but is not one"),
        Case(
            url: "https://x.test/c", query: "",
            message: "query: is empty (accepted: $.a.b, $.a[0].b, a.b, $['key.with.dots'])"),
        Case(
            url: "https://x.test/c", query: "$.a[",
            message:
                "query: \"$.a[\" is not a path this server reads: an index such as [0] or a quoted key such as ['a.b'] expected at character 5, it ends…"
        ),
        Case(url: "https://x.test/c", query: "$..a", message: "query: \"$..a\" uses .., which is not read…"),
        Case(url: "https://x.test/c", query: "$.*", message: "query: \"$.*\" uses a wildcard, which is not read…"),
        Case(
            url: "https://x.test/c", query: "$.a b",
            message: "query: \"$.a b\" is not a path this server reads: . or [ expected at character 4, found \" \"…"),
        Case(url: "https://x.test/c", query: "$['a", message: "query: \"$['a\" is not a path this server reads…"),
        Case(
            url: "https://x.test/c", query: "$[99999999999]",
            message:
                "query: \"$[99999999999]\" is not a path this server reads: ] expected at character 12, found \"9\"…"),
        Case(
            url: "https://x.test/c", query: long,
            message: "query: \"aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa…\" is longer than 256 bytes"),
        Case(
            url: "https://x.test/c", maxQuery: "$.",
            message: "maxQuery: \"$.\" is not a path this server reads: a name expected at character 3, it ends…"),
        Case(query: "$.a", message: "query: needs url (the document to read it from)"),
        Case(maxQuery: "$.a", message: "maxQuery: needs url (the document to read it from)"),
        Case(server: "main", message: "server: needs prometheus (the query to send to it)"),
        Case(url: "https://x.test/c", server: "main", message: "server: needs prometheus (the query to send to it)"),
        Case(
            url: "https://x.test/c", prometheus: "up",
            message: "prometheus: cannot be combined with url (give one source)"),
        Case(query: "$.a", prometheus: "up", message: "query: applies to url, not to prometheus"),
        Case(prometheus: "", message: "prometheus: is empty (accepted: a PromQL query or a query's name)"),
        Case(
            prometheus: long,
            message: "prometheus: \"aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa…\" is longer than 2048 bytes"),
        Case(
            prometheus: "up\u{1b}[31m", message: "prometheus: \"up\\u{1b}[31m\" contains the control character \\u{1b}"),
        Case(
            prometheus: "up", server: "nope",
            message: "server: \"nope\" is not a configured Prometheus server (accepted: main, staging)"),
        Case(
            prometheus: "up", server: long,
            message: "server: \"aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa…\" is not a configured Prometheus server…"),
        Case(
            prometheus: "errors", server: "main",
            message: "server: \"main\" does not apply: the query errors is answered by staging"),
    ]

    @Test(arguments: refused)
    func badParametersAreRefusedNamingTheParameterBeforeAnyFetch(_ c: Case) throws {
        let live = try Self.live()
        do {
            let source = try live.source(
                url: c.url, query: c.query, maxQuery: c.maxQuery, prometheus: c.prometheus, server: c.server)
            Issue.record("accepted: \(String(describing: source))")
        } catch {
            if c.message.hasSuffix("…") {
                #expect(error.message.hasPrefix(String(c.message.dropLast())), "\(error.message)")
            } else {
                #expect(error.message == c.message)
            }
            #expect(error.isBadRequest)
            // Safe in a header and a log line: printable, one line, bounded.
            #expect(error.message.unicodeScalars.allSatisfy { $0.value >= 0x20 && $0.value != 0x7f })
            #expect(error.message.count < 400)
        }
        #expect(live.counters.totalFetches == 0)
    }

    @Test func urlIsOffWithoutHostsAndPrometheusWithoutServers() throws {
        let live = try makeLive { $0.hosts = [] }
        #expect(
            throws: LiveError.bad(
                "url", "\"https://x.test/c\"", "is refused: live values from URLs are off here (liveHosts is empty)")
        ) {
            try live.source(url: "https://x.test/c", query: nil, maxQuery: nil, prometheus: nil, server: nil)
        }
        #expect(
            throws: LiveError.bad(
                "prometheus", "", "is off here: no Prometheus servers are configured (prometheusServers)")
        ) {
            try live.source(url: nil, query: nil, maxQuery: nil, prometheus: "up", server: nil)
        }
        #expect(
            throws: LiveError.bad("url", "", "is empty (accepted: nothing: live values from documents are off here)")
        ) {
            try live.source(url: "", query: nil, maxQuery: nil, prometheus: nil, server: nil)
        }
    }
}
