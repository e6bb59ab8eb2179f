import Foundation
import LiveValues
import RingKit
import TestSupport
import Testing

@testable import RingService

/// A server's credentials never reach a log line or an image's message: not when Prometheus refuses, not when
/// the answer is an error status, not when the secret cannot be read any more.
@Suite(.serialized)
final class PrometheusAuthLogTests {
    let fixture: FixtureServer
    let directory: URL

    init() throws {
        fixture = try FixtureServer()
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("auth-log-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        try fixture.write("refused", #"{"status":"error","errorType":"bad_data","error":"parse error"}"#)
    }

    deinit {
        fixture.stop()
        try? FileManager.default.removeItem(at: directory)
    }

    @Test func noLogLineOrMessageHoldsASecret() throws {
        let token = "tok-\(UUID().uuidString)"
        let password = "pw-\(UUID().uuidString)"
        let tokenFile = directory.appendingPathComponent("token")
        let passwordFile = directory.appendingPathComponent("password")
        try Data(token.utf8).write(to: tokenFile)
        try Data(password.utf8).write(to: passwordFile)
        let fixture = fixture
        let clock = TestClock()
        var errors: [String] = []
        let lines = ServiceLogTests.lines(format: .logfmt) { log in
            guard
                let service = try? makeLiveService(
                    fixture, clock: clock, log: log,
                    change: {
                        $0.live.retrySeconds = 1
                        $0.live.prometheusServers = [
                            .init(
                                name: "bearer", url: fixture.url("prom"),
                                auth: .init(bearerToken: .file(tokenFile.path))),
                            .init(
                                name: "basic", url: fixture.url("prom"),
                                auth: .init(basicAuth: .init(username: "rings", password: .file(passwordFile.path)))),
                        ]
                        $0.live.prometheusQueries = [
                            "refused": .init(server: "bearer", query: "refused"),
                            "missing": .init(server: "basic", query: "missing"),
                            "gone": .init(server: "bearer", query: "gone"),
                        ]
                    })
            else { return }
            for target in ["/ring.svg?prometheus=refused", "/badge.svg?prometheus=missing"] {
                errors.append(service.get(target).header("X-Error") ?? "")
            }
            try? FileManager.default.removeItem(at: tokenFile)
            errors.append(service.get("/ring.svg?prometheus=gone").header("X-Error") ?? "")
        }
        #expect(
            errors == [
                "prometheus: server bearer refused the query (bad_data)", "prometheus: server basic answered 404",
                "prometheus: server bearer could not be fetched (its credentials could not be read)",
            ])
        #expect(lines.contains { $0.contains("live source failing") }, "\(lines)")
        // The fixture saw both secrets: they were sent, and only there.
        #expect(fixture.headers.contains { $0.headers["Authorization"] == "Bearer \(token)" })
        let basic = Data("rings:\(password)".utf8).base64EncodedString()
        for text in lines + errors {
            #expect(!text.contains(token) && !text.contains(password) && !text.contains(basic), "\(text)")
        }
    }
}
