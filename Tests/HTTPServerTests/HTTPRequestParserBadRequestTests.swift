import Foundation
import HTTPServer
import TestSupport
import Testing

/// A malformed or refused request and the status it must get.
struct BadRequestCase: Sendable, CustomTestStringConvertible {
    /// Also the corpus file name: `<status>-<name>.http`.
    let name: String
    let bytes: [UInt8]
    let status: Int

    init(_ name: String, _ text: String, _ status: Int) {
        self.init(name, Array(text.utf8), status)
    }

    init(_ name: String, _ bytes: [UInt8], _ status: Int) {
        self.name = name
        self.bytes = bytes
        self.status = status
    }

    var testDescription: String { "\(status) \(name)" }
    var fileName: String { "\(status)-\(name).http" }

    static let host = "Host: rings.example.com\r\n"

    static func withField(_ field: String, method: String = "GET") -> String {
        "\(method) /ring.svg HTTP/1.1\r\n\(host)\(field)\r\n\r\n"
    }

    static let all: [BadRequestCase] = [
        BadRequestCase("method-10kB", String(repeating: "G", count: 10_000) + " / HTTP/1.1\r\n\(host)\r\n", 400),
        BadRequestCase("method-33-bytes", String(repeating: "G", count: 33) + " / HTTP/1.1\r\n\(host)\r\n", 400),
        BadRequestCase("method-not-token", "GE(T / HTTP/1.1\r\n\(host)\r\n", 400),
        BadRequestCase("line-starts-with-space", " GET / HTTP/1.1\r\n\(host)\r\n", 400),
        BadRequestCase("two-spaces", "GET  / HTTP/1.1\r\n\(host)\r\n", 400),
        BadRequestCase("no-version", "GET /\r\n\(host)\r\n", 400),
        BadRequestCase("version-1.100", "GET / HTTP/1.100\r\n\(host)\r\n", 400),
        BadRequestCase("version-1", "GET / HTTP/1\r\n\(host)\r\n", 400),
        BadRequestCase("version-lowercase", "GET / http/1.1\r\n\(host)\r\n", 400),
        BadRequestCase("version-2.0", "GET / HTTP/2.0\r\n\(host)\r\n", 505),
        BadRequestCase("version-5.6", "GET / HTTP/5.6\r\n\(host)\r\n", 505),
        BadRequestCase("version-0.9", "GET / HTTP/0.9\r\n\r\n", 505),
        BadRequestCase(
            "target-9000-bytes", "GET /" + String(repeating: "a", count: 9000) + " HTTP/1.1\r\n\(host)\r\n", 414),
        BadRequestCase("target-authority-form", "GET rings.example.com:443 HTTP/1.1\r\n\(host)\r\n", 400),
        BadRequestCase("target-star-on-get", "GET * HTTP/1.1\r\n\(host)\r\n", 400),
        BadRequestCase("target-no-host", "GET http:///ring.svg HTTP/1.1\r\n\(host)\r\n", 400),
        BadRequestCase("target-userinfo", "GET http://user@rings.example.com/ HTTP/1.1\r\n\(host)\r\n", 400),
        BadRequestCase("target-raw-utf8", "GET /ring/é.svg HTTP/1.1\r\n\(host)\r\n", 400),
        BadRequestCase("target-htab", "GET /a\tb HTTP/1.1\r\n\(host)\r\n", 400),
        BadRequestCase("target-raw-nul", Array("GET /a".utf8) + [0] + Array(" HTTP/1.1\r\n\(host)\r\n".utf8), 400),
        BadRequestCase("target-star-on-head", "HEAD * HTTP/1.1\r\n\(host)\r\n", 400),
        BadRequestCase("target-star-with-query", "OPTIONS *?x HTTP/1.1\r\n\(host)\r\n", 400),
        BadRequestCase("target-fragment", "GET /ring.svg#top HTTP/1.1\r\n\(host)\r\n", 400),
        BadRequestCase("target-fragment-after-query", "GET /ring.svg?value=1#x HTTP/1.1\r\n\(host)\r\n", 400),
        BadRequestCase("target-absolute-fragment", "GET http://a/ring.svg#x HTTP/1.1\r\n\(host)\r\n", 400),
        BadRequestCase("target-quote", "GET /ring.svg?label=\"x\" HTTP/1.1\r\n\(host)\r\n", 400),
        BadRequestCase("target-angle-brackets", "GET /ring.svg?label=<b> HTTP/1.1\r\n\(host)\r\n", 400),
        BadRequestCase("target-path-braces", "GET /ring/{value}.svg HTTP/1.1\r\n\(host)\r\n", 400),
        BadRequestCase("target-path-backslash", "GET /ring\\..\\x.svg HTTP/1.1\r\n\(host)\r\n", 400),
        BadRequestCase("target-path-backtick", "GET /ring/`1`.svg HTTP/1.1\r\n\(host)\r\n", 400),
        BadRequestCase("target-absolute-bad-port", "GET http://a:8o/ HTTP/1.1\r\n\(host)\r\n", 400),
        BadRequestCase("target-absolute-port-no-host", "GET http://:80/ HTTP/1.1\r\n\(host)\r\n", 400),
        BadRequestCase("target-absolute-unclosed-ipv6", "GET http://[::1/ HTTP/1.1\r\n\(host)\r\n", 400),
        BadRequestCase(
            "fields-200", "GET / HTTP/1.1\r\n\(host)" + (0..<200).map { "X-\($0): v\r\n" }.joined() + "\r\n", 431),
        BadRequestCase(
            "head-17KiB",
            "GET / HTTP/1.1\r\n\(host)"
                + (0..<17).map { "X-\($0): \(String(repeating: "v", count: 1020))\r\n" }
                .joined() + "\r\n", 431),
        BadRequestCase("control-0x01", withField("X-A: a\u{01}b"), 400),
        BadRequestCase("control-0x7f", withField("X-A: a\u{7f}b"), 400),
        BadRequestCase("nul-in-value", withField("X-A: a\u{00}b"), 400),
        BadRequestCase("bare-cr", withField("X-A: a\rb"), 400),
        BadRequestCase("bare-lf", "GET / HTTP/1.1\n\(host)\r\n", 400),
        BadRequestCase("bare-lf-head-end", "GET / HTTP/1.1\r\n\(host)\n", 400),
        BadRequestCase("obs-fold", withField("X-A: a\r\n b"), 400),
        BadRequestCase("space-before-first-field", "GET / HTTP/1.1\r\n X-A: a\r\n\(host)\r\n", 400),
        BadRequestCase("space-before-colon", withField("Content-Length : 0"), 400),
        BadRequestCase("no-colon", withField("X-A a"), 400),
        BadRequestCase("empty-field-name", withField(": a"), 400),
        BadRequestCase("field-name-not-token", withField("X(A): a"), 400),
        BadRequestCase("cl-and-te", withField("Content-Length: 3\r\nTransfer-Encoding: chunked", method: "POST"), 400),
        BadRequestCase("te-and-cl", withField("Transfer-Encoding: chunked\r\nContent-Length: 3", method: "POST"), 400),
        BadRequestCase("duplicate-cl", withField("Content-Length: 1\r\nContent-Length: 1", method: "POST"), 400),
        BadRequestCase("cl-list", withField("Content-Length: 1, 1", method: "POST"), 400),
        BadRequestCase("cl-plus", withField("Content-Length: +1", method: "POST"), 400),
        BadRequestCase("cl-minus", withField("Content-Length: -1", method: "POST"), 400),
        BadRequestCase("cl-empty", withField("Content-Length: ", method: "POST"), 400),
        BadRequestCase("cl-huge", withField("Content-Length: 99999999999999999999999", method: "POST"), 400),
        BadRequestCase("cl-hex", withField("Content-Length: 0x10", method: "POST"), 400),
        BadRequestCase("te-gzip", withField("Transfer-Encoding: gzip", method: "POST"), 501),
        BadRequestCase("te-gzip-chunked", withField("Transfer-Encoding: gzip, chunked", method: "POST"), 501),
        BadRequestCase(
            "te-duplicate", withField("Transfer-Encoding: chunked\r\nTransfer-Encoding: chunked", method: "POST"), 400),
        BadRequestCase("te-http10", "POST / HTTP/1.0\r\nTransfer-Encoding: chunked\r\n\r\n", 400),
        BadRequestCase("missing-host", "GET / HTTP/1.1\r\nAccept: */*\r\n\r\n", 400),
        BadRequestCase("duplicate-host", withField("Host: other.example.com"), 400),
        BadRequestCase("host-with-path", "GET / HTTP/1.1\r\nHost: a/b\r\n\r\n", 400),
        BadRequestCase("host-with-userinfo", "GET / HTTP/1.1\r\nHost: user@a\r\n\r\n", 400),
        BadRequestCase("host-port-not-digits", "GET / HTTP/1.1\r\nHost: x:80a\r\n\r\n", 400),
        BadRequestCase("host-port-negative", "GET / HTTP/1.1\r\nHost: x:-1\r\n\r\n", 400),
        BadRequestCase("host-port-65536", "GET / HTTP/1.1\r\nHost: x:65536\r\n\r\n", 400),
        BadRequestCase("host-port-twice", "GET / HTTP/1.1\r\nHost: x:80:80\r\n\r\n", 400),
        BadRequestCase("host-port-without-host", "GET / HTTP/1.1\r\nHost: :80\r\n\r\n", 400),
        BadRequestCase("host-ipv6-without-brackets", "GET / HTTP/1.1\r\nHost: ::1\r\n\r\n", 400),
        BadRequestCase("host-ipv6-unclosed", "GET / HTTP/1.1\r\nHost: [::1\r\n\r\n", 400),
        BadRequestCase("host-ipv6-not-hex", "GET / HTTP/1.1\r\nHost: [zz]\r\n\r\n", 400),
        BadRequestCase("host-ipv6-empty", "GET / HTTP/1.1\r\nHost: []:80\r\n\r\n", 400),
        BadRequestCase("host-ipv6-nine-groups", "GET / HTTP/1.1\r\nHost: [1:2:3:4:5:6:7:8:9]\r\n\r\n", 400),
        BadRequestCase("host-ipv6-two-compressions", "GET / HTTP/1.1\r\nHost: [1::2::3]\r\n\r\n", 400),
        BadRequestCase("host-ipv6-zone-id", "GET / HTTP/1.1\r\nHost: [fe80::1%25eth0]\r\n\r\n", 400),
        BadRequestCase("host-ipv6-bad-ipv4-tail", "GET / HTTP/1.1\r\nHost: [::ffff:1.2.3.256]\r\n\r\n", 400),
        BadRequestCase("host-bytes-after-ipv6", "GET / HTTP/1.1\r\nHost: [::1]x\r\n\r\n", 400),
        BadRequestCase("host-bracket-inside-name", "GET / HTTP/1.1\r\nHost: a[::1]\r\n\r\n", 400),
        BadRequestCase("host-quote", "GET / HTTP/1.1\r\nHost: a\"b\r\n\r\n", 400),
        BadRequestCase("host-percent-not-hex", "GET / HTTP/1.1\r\nHost: a%zzb\r\n\r\n", 400),
        BadRequestCase("get-with-body", withField("Content-Length: 5") + "hello", 413),
        BadRequestCase("get-chunked", withField("Transfer-Encoding: chunked") + "0\r\n\r\n", 413),
        BadRequestCase("head-with-body", withField("Content-Length: 1", method: "HEAD") + "x", 413),
        BadRequestCase("unknown-expectation", withField("Expect: 200-ok"), 417),
        BadRequestCase("too-many-empty-lines", String(repeating: "\r\n", count: 9) + withField("X-A: a"), 400),
    ]
}

struct HTTPRequestParserBadRequestTests {
    static let corpus = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Corpus")

    @Test(arguments: BadRequestCase.all)
    func badRequestGetsItsStatus(request: BadRequestCase) {
        let events = ParserDriver.events(request.bytes)
        #expect(ParserDriver.errorStatus(events) == request.status, "\(events)")
    }

    @Test(arguments: BadRequestCase.all)
    func badRequestGetsTheSameEventWhateverTheSplit(request: BadRequestCase) {
        let whole = ParserDriver.events(request.bytes)
        var rng = SeededRandom(seed: UInt64(request.bytes.count))
        for _ in 0..<8 {
            let sizes = (0..<request.bytes.count).map { _ in Int.random(in: 1...64, using: &rng) }
            #expect(ParserDriver.events(request.bytes, chunkSizes: sizes) == whole)
        }
    }

    /// The fuzzer seeds from the corpus; this keeps it equal to the table. To rewrite it after changing the table:
    /// `PROGRESS_RINGS_WRITE_CORPUS=1 swift test --filter corpusHoldsEveryBadRequest`.
    @Test func corpusHoldsEveryBadRequest() throws {
        let write = ProcessInfo.processInfo.environment["PROGRESS_RINGS_WRITE_CORPUS"] != nil
        for request in BadRequestCase.all {
            let file = Self.corpus.appendingPathComponent(request.fileName)
            if write { try Data(request.bytes).write(to: file) }
            let stored = try Data(contentsOf: file)
            #expect(Array(stored) == request.bytes, "\(request.fileName) differs from the table")
        }
    }

    /// Every corpus file named `<status>-…` gets that status; `ok-…` files hold only accepted requests.
    @Test func everyCorpusFileGetsTheStatusInItsName() throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: Self.corpus.path).sorted()
        #expect(names.count >= BadRequestCase.all.count)
        for name in names {
            let bytes = Array(try Data(contentsOf: Self.corpus.appendingPathComponent(name)))
            let events = ParserDriver.events(bytes)
            let prefix = name.prefix { $0 != "-" }
            if prefix == "ok" {
                #expect(ParserDriver.errorStatus(events) == nil, "\(name): \(events)")
                #expect(!events.isEmpty, "\(name) holds no complete request")
            } else {
                #expect(ParserDriver.errorStatus(events) == Int(prefix), "\(name): \(events)")
            }
        }
    }
}
