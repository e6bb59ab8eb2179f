import Foundation
import HTTPServer
import Testing

@testable import RingService

struct ServiceLogTests {
    /// Lines the log writes to a pipe, read after it closes.
    static func lines(
        format: ServiceLog.Format, level: ServiceLog.Level = .info, capacity: Int = 1 << 20,
        _ body: (ServiceLog) -> Void
    ) -> [String] {
        let pipe = Pipe()
        let log = ServiceLog(
            format: format, level: level, fd: pipe.fileHandleForWriting.fileDescriptor, capacity: capacity)
        body(log)
        log.close()
        try? pipe.fileHandleForWriting.close()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        return String(decoding: data, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
            .dropLast().map(String.init)
    }

    @Test func accessLineInLogfmtHasEveryField() {
        let lines = Self.lines(format: .logfmt) {
            $0.access(method: "GET", path: "/ring.svg", status: 200, bytes: 1234, microseconds: 56, cache: "hit")
        }
        #expect(lines.count == 1)
        let line = lines[0]
        #expect(line.hasPrefix("time=20"))
        #expect(
            line.contains(
                " level=info msg=request method=GET path=/ring.svg status=200 bytes=1234 duration_us=56 cache=hit"))
    }

    /// The time field is the UTC time the line was written, as ISO 8601 with milliseconds and a `Z`.
    @Test func timeIsTheCurrentUTCTimeInISO8601WithMilliseconds() throws {
        let before = Date()
        let lines = Self.lines(format: .logfmt) { $0.log(.info, "listening", []) }
        let after = Date()
        let field = try #require(lines.first?.split(separator: " ").first)
        let text = String(try #require(field.split(separator: "=").last))
        #expect(text.utf8.count == 24, "\(text)")
        let parser = ISO8601DateFormatter()
        parser.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        let time = try #require(parser.date(from: text), "\(text) is not ISO 8601 with milliseconds")
        #expect(time >= before.addingTimeInterval(-0.001) && time <= after, "\(text) outside \(before)…\(after)")
    }

    @Test func hostileTextIsEscapedOnOneLine() {
        let lines = Self.lines(format: .logfmt) {
            $0.access(
                method: "GET", path: "/a\r\nfake=1 \"q\"\u{1b}é", status: 404, bytes: 0, microseconds: 1, cache: "none")
        }
        #expect(lines.count == 1)
        #expect(lines[0].contains(#"path="/a\x0d\x0afake=1 \"q\"\x1b\xc3\xa9""#))
        #expect(lines[0].utf8.allSatisfy { $0 >= 0x20 && $0 < 0x7F })
    }

    @Test func jsonLinesParse() throws {
        let lines = Self.lines(format: .json) {
            $0.access(method: "HEAD", path: "/x\"\n\u{1F600}", status: 304, bytes: 0, microseconds: 9, cache: "hit")
            $0.log(.info, "listening", [("address", "127.0.0.1:8080")])
        }
        #expect(lines.count == 2)
        let first = try #require(
            try JSONSerialization.jsonObject(with: Data(lines[0].utf8)) as? [String: Any])
        #expect(first["path"] as? String == "/x\"\n\u{1F600}")
        #expect(first["status"] as? Int == 304)
        #expect(first["msg"] as? String == "request")
        let second = try #require(
            try JSONSerialization.jsonObject(with: Data(lines[1].utf8)) as? [String: Any])
        #expect(second["address"] as? String == "127.0.0.1:8080")
    }

    @Test func levelAndOffSilenceLines() {
        #expect(
            Self.lines(format: .logfmt, level: .warn) {
                $0.access(method: "GET", path: "/", status: 200, bytes: 0, microseconds: 0, cache: "none")
            }.isEmpty)
        let off = ServiceLog(format: .off, level: .debug)
        #expect(!off.logsRequests)
        off.close()
    }

    /// A writer blocked on a full pipe nobody reads: appends still return at once (an append that waited for room
    /// would hang here, which the time limit turns into a failure), and the lines that do not fit are counted.
    @Test(.timeLimit(.minutes(1)))
    func fullBufferDropsLinesAndCountsThemWithoutWaiting() {
        let pipe = Pipe()
        let log = ServiceLog(
            format: .logfmt, level: .info, fd: pipe.fileHandleForWriting.fileDescriptor, capacity: 4096)
        var fastest = Duration.seconds(60)
        for n in 0..<20_000 {
            let started = ContinuousClock.now
            log.access(method: "GET", path: "/ring.svg", status: 200, bytes: 1, microseconds: 1, cache: "hit")
            if n >= 1000 { fastest = min(fastest, ContinuousClock.now - started) }
        }
        // Once the buffer is full (about 900 lines in), an append that waited for room, even a millisecond, would
        // take that long every time. Told by the fastest append past the first 1,000: a loaded machine stretches
        // some appends, never all of them (under ThreadSanitizer beside the whole suite, the 20,000 took 17 s in one
        // run and gave up the core 37,812 times in another, so neither their sum nor their context switches tell).
        #expect(fastest < .microseconds(500), "the fastest of 19,000 appends to a full buffer took \(fastest)")
        // The pipe holds 64 KiB and the buffer 4 KiB, about 900 lines: the rest are dropped and counted.
        #expect(log.droppedLines > 18_000)
        // Let the writer finish by reading the pipe until the log closes.
        let reader = Thread {
            _ = pipe.fileHandleForReading.readDataToEndOfFile()
        }
        reader.start()
        log.close()
        try? pipe.fileHandleForWriting.close()
    }

    /// `logFields` leaves out the optional fields not listed (a client's address where it may not be kept), and a
    /// reload may change them while the log writes.
    @Test func logFieldsChooseTheOptionalFieldsOfTheAccessLine() {
        let lines = Self.lines(format: .logfmt) { log in
            func line() {
                log.access(
                    method: "GET", path: "/ring.svg", status: 429, bytes: 1, microseconds: 2, outcome: "error_image",
                    cache: "none", client: ClientAddress(bytes: [192, 0, 2, 1]), agent: "camo", error: "too many")
            }
            line()
            log.accessFields = [.outcome]
            line()
            log.accessFields = [.client, .agent]
            line()
            log.accessFields = []
            line()
        }
        #expect(lines.count == 4)
        #expect(
            lines.first?.hasSuffix("outcome=error_image cache=none client=192.0.2.1 agent=camo error=\"too many\"")
                == true)
        #expect(lines.dropFirst().first?.hasSuffix("duration_us=2 outcome=error_image cache=none") == true)
        #expect(lines.dropFirst(2).first?.hasSuffix("duration_us=2 cache=none client=192.0.2.1 agent=camo") == true)
        #expect(lines.last?.hasSuffix("duration_us=2 cache=none") == true)
    }

    /// Every field of an access line, in both formats, written exactly as the log format says: names, order,
    /// quoting, numbers as numbers in JSON, an IPv6 client's text.
    @Test func everyFieldOfAnAccessLineIsWrittenExactlyInBothFormats() throws {
        let client = try #require(
            ClientAddress(bytes: [0x20, 0x01, 0x0d, 0xb8] + Array(repeating: 0, count: 11) + [1]))
        func line(_ log: ServiceLog) {
            log.access(
                method: "GET", path: "/ring.svg", status: 200, bytes: 1234, microseconds: 56, outcome: "image",
                cache: "hit", source: "fresh", client: client, agent: "Mozilla/5.0 (X11)", error: "no \"x\"")
        }
        let logfmt = try #require(Self.lines(format: .logfmt, line).first)
        #expect(
            logfmt.hasSuffix(
                #"Z level=info msg=request method=GET path=/ring.svg status=200 bytes=1234 duration_us=56 "#
                    + #"outcome=image cache=hit source=fresh client=2001:db8::1 agent="Mozilla/5.0 (X11)" "#
                    + #"error="no \"x\"""#))
        let json = try #require(Self.lines(format: .json, line).first)
        #expect(
            json.hasSuffix(
                #"Z","level":"info","msg":"request","method":"GET","path":"/ring.svg","status":200,"bytes":1234,"#
                    + #""duration_us":56,"outcome":"image","cache":"hit","source":"fresh","client":"2001:db8::1","#
                    + #""agent":"Mozilla/5.0 (X11)","error":"no \"x\""}"#))
    }

    /// An agent keeps its first 256 characters, not bytes: 300 ASCII letters are cut to 256, while 200 two-byte
    /// letters (400 bytes) are kept whole.
    @Test func theAgentKeepsItsFirst256Characters() throws {
        let long = String(repeating: "a", count: 300)
        let accented = String(repeating: "é", count: 200)
        let lines = Self.lines(format: .logfmt) { log in
            for agent in [long, accented] {
                log.access(
                    method: "GET", path: "/", status: 200, bytes: 0, microseconds: 0, cache: "none", agent: agent)
            }
        }
        #expect(lines.count == 2)
        #expect(lines.first?.hasSuffix(" agent=" + String(repeating: "a", count: 256)) == true)
        #expect(lines.last?.hasSuffix(#" agent=""# + String(repeating: #"\xc3\xa9"#, count: 200) + #"""#) == true)
    }
}
