import Foundation
import TestSupport
import Testing

@testable import LiveValues

#if canImport(Glibc)
    import Glibc
#endif

/// A real Prometheus (Debian's `prometheus`, installed by `make test`) on a free loopback port, scraping the
/// fixture's `/metrics` every second, asked through the configured-server path.
@Suite(.serialized)
struct PrometheusTests {
    @Test func prometheusAnswersGiveTheirNumberOrNameTheirShape() async throws {
        try await onOwnThread { try Self.withPrometheus(Self.check) }
    }

    static func check(live: LiveValues) throws {
        func read(_ query: String, server: String? = nil) throws -> LiveAnswer {
            try live.read(prometheus: query, server: server)
        }
        #expect(try read("fixture_done").value == 7)
        #expect(try read("scalar(fixture_done) * 2").value == 14)
        #expect(try read("done").value == 7)
        #expect(try read("fixture_total", server: "main").value == 12)
        #expect(try read("fixture_series").error?.message == "prometheus: the query returned 3 series; one is needed")
        #expect(try read("fixture_missing").error?.message == "prometheus: the query returned no data")
        #expect(
            try read("fixture_done[1m]").error?.message
                == "prometheus: the query returned a range vector; an instant query giving one number is needed")
        let syntax = try read("fixture_done{").error
        #expect(
            syntax?.message.hasPrefix("prometheus: server main refused the query (bad_data: ") == true,
            "\(String(describing: syntax))")
        #expect(
            try read("up", server: "down").error?.message
                == "prometheus: server down could not be reached (Couldn't connect to server)")
        #expect(live.counters.fetches[.init(host: "127.0.0.1", outcome: "ok")] ?? 0 >= 6)
    }

    /// Starts the exporter and Prometheus, waits for the first sample, runs `body`, and stops both.
    static func withPrometheus(_ body: (LiveValues) throws -> Void) throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/prometheus") else {
            throw TestFailure("/usr/bin/prometheus is missing: run .ci/deps.sh prometheus (make test installs it)")
        }
        let exporter = try FixtureServer()
        defer { exporter.stop() }
        let port = try freeLoopbackPort()
        let config = exporter.directory.appendingPathComponent("prometheus.yml")
        try Data(
            """
            global: {scrape_interval: 1s, evaluation_interval: 1s}
            scrape_configs:
              - job_name: fixture
                static_configs: [{targets: ["127.0.0.1:\(exporter.port)"]}]
            """.utf8
        ).write(to: config)
        let prometheus = Process()
        prometheus.executableURL = URL(fileURLWithPath: "/bin/sh")
        // The shell kills Prometheus when its standard input closes: when the test is done, or if it dies.
        prometheus.arguments = [
            "-c",
            "/usr/bin/prometheus \"$@\" >/dev/null 2>&1 & pid=$!; cat >/dev/null; kill -9 $pid; wait $pid", "sh",
            "--config.file=\(config.path)", "--storage.tsdb.path=\(exporter.directory.path)/data",
            "--web.listen-address=127.0.0.1:\(port)",
        ]
        let input = Pipe()
        prometheus.standardInput = input
        try prometheus.run()
        defer {
            try? input.fileHandleForWriting.close()
            prometheus.waitUntilExit()
        }
        let live = try makeLive {
            $0.hosts = []
            $0.allowPrivateAddresses = false
            $0.retrySeconds = 0.001
            $0.prometheusServers = [
                .init(name: "main", url: "http://127.0.0.1:\(port)"), .init(name: "down", url: "http://127.0.0.1:9"),
            ]
            $0.prometheusQueries = ["done": .init(query: "fixture_done")]
        }
        let probe = try #require(
            try live.source(url: nil, query: nil, maxQuery: nil, prometheus: "fixture_done", server: nil))
        let deadline = Date().addingTimeInterval(90)
        while live.fetch(probe).value == nil {
            guard Date() < deadline else { throw TestFailure("Prometheus had no sample of fixture_done after 90 s") }
            usleep(500_000)
        }
        try body(live)
    }

    /// A port nothing listens on now, found by binding port 0 on 127.0.0.1.
    static func freeLoopbackPort() throws -> Int {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw TestFailure("socket failed") }
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(fd, $0, length) == 0 && getsockname(fd, $0, &length) == 0
            }
        }
        guard bound else { throw TestFailure("bind failed") }
        return Int(UInt16(bigEndian: address.sin_port))
    }
}
