import Foundation

/// A real Prometheus (Debian's `prometheus`, installed by `make test`) on a free loopback port, scraping a
/// `FixtureServer`'s `/metrics` (fixture_done 7, fixture_total 12, three fixture_series) every second. Stopped,
/// with its exporter, by `stop()`; it also dies with the test process.
public final class PrometheusProcess {
    public let exporter: FixtureServer
    public let port: Int
    private let process: ChildProcess

    public init() throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/prometheus") else {
            throw TestFailure("/usr/bin/prometheus is missing: run .ci/lib/deps.sh prometheus (make test installs it)")
        }
        exporter = try FixtureServer()
        port = try TestListener.closedPort()
        let config = exporter.directory.appendingPathComponent("prometheus.yml")
        try Data(
            """
            global: {scrape_interval: 1s, evaluation_interval: 1s}
            scrape_configs:
              - job_name: fixture
                static_configs: [{targets: ["127.0.0.1:\(exporter.port)"]}]
            """.utf8
        ).write(to: config)
        // The shell kills Prometheus when its standard input closes: when the test is done, or if it dies.
        process = try ChildProcess(
            executable: "/bin/sh",
            arguments: [
                "-c",
                "/usr/bin/prometheus \"$@\" >/dev/null 2>&1 & pid=$!; cat >/dev/null; kill -9 $pid; wait $pid 2>/dev/null",
                "sh",
                "--config.file=\(config.path)", "--storage.tsdb.path=\(exporter.directory.path)/data",
                "--web.listen-address=127.0.0.1:\(port)",
            ],
            input: .pipe)
    }

    /// The base URL a configuration names the server by.
    public var url: String { "http://127.0.0.1:\(port)" }

    public func stop() {
        try? process.input?.close()
        process.waitUntilExit()
        exporter.stop()
    }
}
