import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// What `serve` says and does as it starts: its JSON log lines type their fields as JSON, and an empty
/// `logoDirectory` (flag or file alike) turns named logos off cleanly.
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

    @Test(arguments: [false, true])
    func anEmptyLogoDirectoryTurnsNamedLogosOffWithoutAWarning(fromFile: Bool) async throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("logos-\(UUID().uuidString).json")
        try Data(#"{"logoDirectory": ""}"#.utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let server = try await ServerProcess.start(
            fromFile ? ["--config", file.path] : ["--logo-directory", ""], logFormat: "json")
        defer { server.kill(SIGTERM) }
        let badge = try TestClient(port: server.port).request("GET", "/badge.svg?value=1&logo=github")
        #expect(badge.status == 400)
        #expect(
            badge.header("X-Error")
                == #"logo: "github" cannot be drawn: named logos are off (logoDirectory is empty); "#
                + "a data:image/svg+xml;base64 logo still works")
        let custom =
            "data:image/svg+xml;base64,"
            + Data(#"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"><path d="M0 0h24v24H0z"/></svg>"#.utf8)
            .base64EncodedString()
        let withData = try TestClient(port: server.port).request(
            "GET", "/badge.svg?value=1&logo=" + custom.addingPercentEncoding(withAllowedCharacters: .alphanumerics)!)
        #expect(withData.status == 200)
        server.kill(SIGTERM)
        await server.logClosed()
        #expect(
            Self.lines("logos", in: server.log).allSatisfy { $0.object["level"] as? String != "warn" }, "\(server.log)")
    }

    /// The command line reads `logoDirectory` from `--config` as the server does: empty is no named logos there too,
    /// not a fall-back to the default directory.
    @Test func renderWithAnEmptyLogoDirectoryRefusesASlugAsTheServerDoes() async throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("logos-\(UUID().uuidString).json")
        try Data(#"{"logoDirectory": ""}"#.utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let result = try await BuiltBinary.run([
            "render", "--badge", "value=1&logo=github", "--config", file.path, "--format", "svg", "-o", "-",
        ])
        #expect(result.status == 2)
        #expect(result.errors.contains("named logos are off (logoDirectory is empty)"), "\(result.errors)")
    }
}
