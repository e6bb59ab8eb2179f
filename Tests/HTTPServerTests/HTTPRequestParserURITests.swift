import HTTPServer
import Testing

/// The Host field and the request-target against RFC 9112 §3.2, RFC 9110 §7.2 and RFC 3986 §3.2–3.4, with the
/// deviations the parser documents for what browsers send; and the HEAD flag of a refused request.
struct HTTPRequestParserURITests {
    static func request(_ head: String) -> (HTTPRequest, keepAlive: Bool)? {
        let events = ParserDriver.events(head)
        guard events.count == 1, case .request(let request, let keepAlive, _) = events[0] else { return nil }
        return (request, keepAlive)
    }

    static func host(_ value: String) -> String { "GET / HTTP/1.1\r\nHost: \(value)\r\n\r\n" }

    /// Every shape `uri-host [ ":" port ]` allows reaches the handler as sent, an empty value included.
    @Test(arguments: [
        "", "rings.example.com", "rings.example.com.", "x:", "x:0080", "x:65535", "x:0", "127.0.0.1:8080",
        "a%2Db", "a_b~c!$&'()*+,;=", "[::1]", "[::1]:8080", "[::]", "[1:2:3:4:5:6:7:8]", "[1::]", "[1:2:3:4:5:6:7::]",
        "[::ffff:192.0.2.1]", "[1:2:3:4:5:6:1.2.3.4]", "[2001:DB8::abcd]:443", "[v1.fe80::a+b]", "[V1F.x]",
    ])
    func hostValuesTheGrammarAllowsAreAccepted(value: String) throws {
        let (request, _) = try #require(Self.request(Self.host(value)), "\(ParserDriver.events(Self.host(value)))")
        #expect(request.headers.values("Host") == [value])
    }

    /// A Host value outside the grammar is a 400, and the parser stops at it (the connection closes).
    @Test(arguments: [
        "x:80a", "x:-1", "x:+80", "x: 80", "x:65536", "x:000065536", "x:99999999999999999999", "x:80:80", ":80", ":",
        "::1", "[::1", "[zz]", "[]", "[:]", "[:1]", "[1:]", "[1:2:3:4:5:6:7]", "[1:2:3:4:5:6:7:8:9]", "[1::2::3]",
        "[1:2:3:4::5:6:7:8]", "[::1:2:3:4:5:6:7:8]", "[12345::]", "[::1.2.3]", "[::1.2.3.04]", "[::1.2.3.4:1]",
        "[1.2.3.4]", "[fe80::1%25eth0]", "[v.x]", "[v1.]",
        "[::1]x", "[::1]:8o", "a[::1]", "a]", "a\"b", "a<b", "a%zz", "a%4", "a%", "a\\b", "a/b", "a?b", "a#b", "u@a",
    ])
    func hostValuesOutsideTheGrammarAre400(value: String) {
        let events = ParserDriver.events(Self.host(value))
        #expect(ParserDriver.errorStatus(events) == 400, "\(events)")
    }

    /// `OPTIONS *` (asterisk-form) is a request like any other: the handler gets `*` and the connection stays.
    @Test func optionsStarIsHandedOverWithKeepAlive() throws {
        let (request, keepAlive) = try #require(Self.request("OPTIONS * HTTP/1.1\r\nHost: a\r\n\r\n"))
        #expect(request.method.rawValue == "OPTIONS")
        #expect(request.target == "*")
        #expect(request.path == "*")
        #expect(request.query == "")
        #expect(keepAlive)
    }

    /// In the query, browsers send `[ ] \ ^ | { }` and the backtick unencoded (the WHATWG query percent-encode
    /// set); in the path, `[ ] ^ |`. They are accepted; a `%` escape of any case too.
    @Test(arguments: [
        "/badge.svg?label={value}", "/badge.svg?label={percent}|x^y`z[0]\\w", "/r?a=/b?c:d@e!$&'()*+,;=~",
        "/badge/a|b^c[1]/50.svg", "/ring/%7Bvalue%7D.svg", "/ring/%7b%7d.svg?x=%5C", "/a:b@c!$&'()*+,;=-._~",
        "/", "/?", "/a??b",
    ])
    func targetBytesBrowsersSendRawAreAccepted(target: String) throws {
        let (request, _) = try #require(Self.request("GET \(target) HTTP/1.1\r\nHost: a\r\n\r\n"))
        #expect(request.target == target)
    }

    /// A fragment, `"`, `<` and `>` are refused anywhere; `{ } \` and the backtick in the path, where browsers
    /// encode them (or turn `\` into `/`).
    /// A `%` without two hex digits passes the transport: the target's bytes are all allowed, and the product answers
    /// with an error that names the parameter (an image, where an `<img>` shows it) rather than a bare 400.
    @Test(arguments: ["/a%", "/a%4", "/a%4g", "/a?b=%", "/a?b=5%", "/a?b=%zz", "http://a/%zz"])
    func malformedPercentEscapesAreLeftToTheHandler(target: String) throws {
        let (request, _) = try #require(Self.request("GET \(target) HTTP/1.1\r\nHost: a\r\n\r\n"))
        #expect(request.target == (target.hasPrefix("http") ? "/%zz" : target))
    }

    @Test(arguments: [
        "/a#b", "/a?b#c", "/#", "/a\"b", "/a?b=\"c\"", "/a<b", "/a?b=<c>", "/a>b", "/{value}.svg", "/a}", "/a\\b",
        "/a`b", "http://a/b{c}", "http://a/#x", "http://a?b#c",
    ])
    func targetBytesTheGrammarForbidsAre400(target: String) {
        let events = ParserDriver.events("GET \(target) HTTP/1.1\r\nHost: a\r\n\r\n")
        #expect(ParserDriver.errorStatus(events) == 400, "\(events)")
    }

    /// The authority of an absolute-form target follows the Host grammar, and it may not be empty.
    @Test(arguments: [
        ("http://a:8080/x", true), ("http://[::1]/x", true), ("http://a:/x", true), ("http://:80/x", false),
        ("http://a:80a/x", false), ("http://[::1/x", false), ("http://a:65536/x", false), ("http://a%zz/x", false),
    ])
    func absoluteFormAuthorityFollowsTheHostGrammar(target: String, accepted: Bool) {
        let events = ParserDriver.events("GET \(target) HTTP/1.1\r\nHost: a\r\n\r\n")
        #expect((ParserDriver.errorStatus(events) == nil) == accepted, "\(events)")
    }

    /// A refused request whose method is HEAD says so, whatever rule it broke, so that its answer goes without
    /// content; any other method, or bytes that do not begin with `HEAD `, do not.
    @Test(arguments: [
        ("HEAD / HTTP/1.1\r\nHost: a\r\nContent-Length: 1\r\n\r\nx", 413, true),
        ("HEAD / HTTP/1.1\r\nHost: x:80a\r\n\r\n", 400, true),
        ("HEAD /a#b HTTP/1.1\r\nHost: a\r\n\r\n", 400, true),
        ("HEAD / HTTP/2.0\r\nHost: a\r\n\r\n", 505, true),
        ("HEAD /" + String(repeating: "a", count: 9000), 414, true),
        ("GET / HTTP/1.1\r\nHost: a\r\n\r\nHEAD / HTTP/1.1\r\nHost: a\r\nContent-Length: 2\r\n\r\n", 413, true),
        ("HEAD / HTTP/1.1\r\nHost: a\r\n\r\nGET / HTTP/1.1\r\nHost: a\r\nContent-Length: 1\r\n\r\nx", 413, false),
        ("GET / HTTP/1.1\r\nHost: a\r\nContent-Length: 1\r\n\r\nx", 413, false),
        ("HEADX * HTTP/1.1\r\nHost: a\r\n\r\n", 400, false),
        ("head /a#b HTTP/1.1\r\nHost: a\r\n\r\n", 400, false),
        ("HEAD\r\n\r\n", 400, false),
        (String(repeating: "\r\n", count: 9) + "HEAD / HTTP/1.1\r\nHost: a\r\n\r\n", 400, false),
    ])
    func aRefusedHeadRequestIsFlagged(bytes: String, status: Int, isHead: Bool) {
        let events = ParserDriver.events(bytes)
        guard case .error(let got, _, let flagged) = events.last else {
            Issue.record("expected an error, got \(events)")
            return
        }
        #expect(got.code == status)
        #expect(flagged == isHead)
        // The flag does not depend on how the bytes arrive.
        let byByte = ParserDriver.events(Array(bytes.utf8), chunkSizes: repeatElement(1, count: bytes.utf8.count))
        #expect(byByte == events)
    }
}
