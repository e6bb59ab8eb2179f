import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// What `serve` says and does as it starts: its JSON log lines type their fields as JSON.
@Suite(.serialized)
struct ServeStartupTests {
    /// Each line of `log` whose `msg` is `message`: its text and its JSON object.
    static func lines(_ message: String, in log: String) -> [(text: String, object: [String: Any])] {
        log.split(separator: "\n").compactMap { line in
            let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
            guard let object, object["msg"] as? String == message else { return nil }
            return (String(line), object)
        }
    }

    /// Whether `field` of the JSON line `text` is written as a JSON number: a digit or a minus after its colon.
    static func isNumber(_ field: String, in text: String) -> Bool {
        guard let range = text.range(of: "\"\(field)\":") else { return false }
        return text[range.upperBound...].first.map { $0.isNumber || $0 == "-" } ?? false
    }

    @Test func theJSONStartUpLinesWriteNumbersAsJSONNumbers() async throws {
        let server = try await ServerProcess.start(["--log-level", "debug"], logFormat: "json")
        defer { server.kill(SIGTERM) }
        let listening = try #require(Self.lines("listening", in: server.log).first, "\(server.log)")
        for field in ["port", "event_loops", "cache_bytes", "cache_entries", "pid"] {
            #expect(Self.isNumber(field, in: listening.text), "\(field): \(listening.text)")
        }
        #expect(listening.object["port"] as? Int == server.port)
        #expect(listening.object["address"] as? String == "127.0.0.1:\(server.port)")
        let logos = try #require(Self.lines("logos", in: server.log).first, "\(server.log)")
        #expect(Self.isNumber("slugs", in: logos.text) && Self.isNumber("ms", in: logos.text), "\(logos.text)")
        server.kill(SIGTERM)
        await server.logClosed()
        let draining = try #require(Self.lines("draining", in: server.log).first, "\(server.log)")
        #expect(
            Self.isNumber("drain_delay_s", in: draining.text) && Self.isNumber("drain_deadline_s", in: draining.text),
            "\(draining.text)")
    }
}
