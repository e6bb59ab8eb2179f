import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// `Fixtures/live_fixture.py` (an upstream for live values: documents, Prometheus text, misbehaviour) running on 127.0.0.1 on a port of its own, serving files from a fresh directory
/// the test writes into. Stopped (killed) by `stop()`.
// Its stored properties are set once in `init`; what it reports is read from the fixture's files.
public final class FixtureServer: @unchecked Sendable {
    let process: ChildProcess
    public let directory: URL
    public let port: Int

    static let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Fixtures/live_fixture.py")

    /// Starts the server; with `tls`, it speaks HTTPS with that certificate chain and key (PEM files), and with
    /// `clientCA` too, it requires a client certificate signed by that CA.
    public init(tls: (certificate: String, key: String)? = nil, clientCA: String? = nil) throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("live-fixture-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        // The server exits when its standard input closes: when `stop()` closes it, or when the test process dies.
        process = try ChildProcess(
            executable: "/usr/bin/env",
            arguments: ["python3", Self.script.path, directory.path]
                + (tls.map { ["--tls", $0.certificate, $0.key] } ?? []) + (clientCA.map { ["--client-ca", $0] } ?? []),
            input: .pipe, output: .pipe)
        var line = Data()
        while !line.contains(UInt8(ascii: "\n")) {
            let chunk = process.output!.availableData
            guard !chunk.isEmpty else {
                process.waitUntilExit()
                throw TestFailure("the fixture server exited before printing its port")
            }
            line += chunk
        }
        guard let port = Int(String(decoding: line, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines))
        else {
            process.signal(SIGKILL)
            process.waitUntilExit()
            throw TestFailure("the fixture server printed no port")
        }
        self.port = port
    }

    /// `http://NAME:PORT/PATH` (or https): a URL on this server under a host name the test resolves to 127.0.0.1.
    public func url(_ path: String, host: String = "127.0.0.1", scheme: String = "http") -> String {
        "\(scheme)://\(host):\(port)/\(path)"
    }

    /// The CURLOPT_RESOLVE entry that points `host` at this server.
    public func resolve(_ host: String) -> String { "\(host):\(port):127.0.0.1" }

    public func write(_ name: String, _ text: String) throws {
        try Data(text.utf8).write(to: directory.appendingPathComponent(name))
    }

    public func remove(_ name: String) throws {
        try FileManager.default.removeItem(at: directory.appendingPathComponent(name))
    }

    /// The paths requested so far, in order.
    public var requests: [String] { log.map { $0[0] } }

    /// Each request's path, User-Agent and Accept-Encoding.
    public var log: [[String]] {
        let text = Self.read(directory.appendingPathComponent("requests.log").path)
        return text.split(separator: "\n").map {
            $0.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
        }
    }

    /// Each request's path and headers (names as sent), in order.
    public var headers: [(path: String, headers: [String: String])] {
        Self.read(directory.appendingPathComponent("headers.log").path).split(separator: "\n").compactMap { line in
            guard let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any],
                let path = object["path"] as? String, let headers = object["headers"] as? [String: String]
            else { return nil }
            return (path, headers)
        }
    }

    /// The whole file as it is now, read with `read(2)`. `String(contentsOf:)` here leaked a 4 KiB buffer inside
    /// FoundationEssentials under LeakSanitizer (CI, polled while the fixture appended to its log).
    static func read(_ path: String) -> String {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return "" }
        defer { close(fd) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65_536)
        while true {
            let n = chunk.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else { break }
            bytes += chunk[0..<n]
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    public func stop() {
        process.signal(SIGKILL)
        process.waitUntilExit()
        try? process.input?.close()
        try? FileManager.default.removeItem(at: directory)
    }
}

extension FixtureServer {
    /// How many requests so far asked the query API for a query starting with `query` (`query=NAME` in the target).
    public func requests(asking query: String) -> Int {
        requests.filter { $0.contains("query=\(query)") }.count
    }

    /// What Prometheus' query API answers for one scalar: `value` as Prometheus writes it (`42`, `NaN`, `+Inf`), at
    /// `time` (seconds since 1970, as Prometheus writes them). Written as a query's file, the fixture answers it.
    public static func scalar(_ value: String, at time: String = "1700000000") -> String {
        #"{"status":"success","data":{"resultType":"scalar","result":[\#(time),"\#(value)"]}}"#
    }
}
