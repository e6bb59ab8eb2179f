import Dispatch
import Foundation
import HTTPServer
import RingKit
import Synchronization
import Testing

@testable import RingService

#if canImport(Glibc)
    import Glibc
#endif

/// Faults from outside: a renderer that fails, clients that reset mid-response, descriptors that run out, and a
/// process killed without warning. Each must cost only what it touches.
@Suite(.serialized)
struct FaultInjectionTests {
    /// The built binary, started with `serve` on a kernel-chosen port; stopped by `stop()`.
    final class ServerProcess: @unchecked Sendable {
        let process = Process()
        let port: Int
        private let output = Pipe()

        /// `shellPrefix` runs before the server in the same shell, e.g. `ulimit -n 64`.
        init(shellPrefix: String = "", extra: [String] = []) throws {
            let binary = ServeCommandTests.binary
            let arguments = (["serve", "--port", "0", "--log-format", "logfmt"] + extra).joined(separator: " ")
            process.executableURL = URL(fileURLWithPath: "/bin/bash")
            // Sockets other tests hold open at this moment would be inherited and count against the server's
            // descriptors: the shell closes every descriptor but the standard three before it runs the server.
            let closeInherited = "for fd in $(ls /proc/$$/fd); do [ \"$fd\" -gt 2 ] && eval \"exec $fd>&-\"; done;"
            process.arguments = ["-c", "\(closeInherited) \(shellPrefix) exec \(binary) \(arguments)"]
            process.standardOutput = output
            try process.run()
            var pending = Data()
            var found = 0
            while found == 0 {
                let chunk = output.fileHandleForReading.availableData
                guard !chunk.isEmpty else { break }
                pending += chunk
                let text = String(decoding: pending, as: UTF8.self)
                if let range = text.range(of: "address=127.0.0.1:") {
                    let digits = text[range.upperBound...].prefix { $0.isNumber }
                    if text[range.upperBound...].dropFirst(digits.count).first != nil { found = Int(digits) ?? 0 }
                }
            }
            port = found
            // Keep draining the log so the server never blocks on a full pipe.
            let handle = output.fileHandleForReading
            Thread { while !handle.availableData.isEmpty {} }.start()
        }

        func kill(_ signal: Int32) {
            Glibc.kill(process.processIdentifier, signal)
            process.waitUntilExit()
        }

        var openDescriptors: Int {
            (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(process.processIdentifier)/fd").count) ?? -1
        }
    }

    /// Fails the PNG of every ring whose value is 13.
    static let failingThirteen = CountingRenderer { drawing, format in
        guard case .ring(let spec) = drawing else { return false }
        return format == .png && spec.value == 13
    }

    @Test func aFailingRenderIsA500ForThatRequestOnlyAndIsNotCached() throws {
        let renderer = CountingRenderer(fails: Self.failingThirteen.fails)
        let service = makeService(renderer: renderer)
        let failed = service.get("/ring.png?value=13")
        #expect(failed.status == .internalServerError)
        #expect(failed.header("Cache-Control") == "no-store")
        #expect(service.get("/ring.png?value=14").status == .ok)
        #expect(service.get("/ring.svg?value=13").status == .ok)
        // Not cached: the next request for it tries again (and fails again).
        #expect(service.get("/ring.png?value=13").status == .internalServerError)
        #expect(renderer.renderCount == 4)
        #expect(service.cacheCounters.entries == 2)
    }

    @Test func onlyUncachedLargePNGsAreLeftToAWorkerThread() {
        let service = makeService()
        func quick(_ target: String, _ headers: HTTPHeaders = [:]) -> Bool {
            if case .now = service.answer(HTTPRequest(method: .get, target: target, headers: headers)) { return true }
            return false
        }
        #expect(!quick("/ring.png?value=5&size=1024"))
        #expect(!quick("/ring.png?value=5&size=200&scale=2"))
        #expect(!quick("/ring/5.png?size=512"))
        #expect(!quick("/ring?value=5&size=512", ["Accept": "image/png"]))
        #expect(quick("/ring?value=5&size=512"))
        #expect(!quick("/ring.png?value=5&size=65"))
        #expect(!quick("/ring.png?value=5&size=128"))
        #expect(!quick("/ring.png?value=5&size=32&scale=3"))
        #expect(quick("/ring.png?value=5&size=64"))
        #expect(quick("/ring.png?value=5&size=32&scale=2"))
        #expect(quick("/ring.svg?value=5&size=1024"))
        #expect(quick("/ring.png?value=5&size=5000"))
        #expect(quick("/healthz"))
        // Once drawn, the same image is a cache hit, answered on the loop.
        #expect(service.get("/ring.png?value=5&size=1024").status == .ok)
        #expect(quick("/ring.png?value=5&size=1024"))
        #expect(quick("/ring.png?size=1024&value=5.0"))
    }

    @Test func aFailingRenderLeavesTheConnectionServing() throws {
        let live = try LiveService()
        defer { live.stop() }
        let failing = RingService(
            configuration: live.service.configuration, log: ServiceLog(format: .off, level: .info),
            renderer: Self.failingThirteen)
        let server = HTTPServer(configuration: live.service.configuration.httpConfiguration, handler: failing)
        try server.start()
        defer {
            server.stop()
            server.waitUntilStopped()
        }
        let client = try TestHTTPClient(port: server.localPort)
        #expect(try client.request("GET", "/ring.png?value=13").status == 500)
        #expect(try client.request("GET", "/ring.png?value=12").status == 200)
        #expect(try client.request("GET", "/ring.png?value=13").status == 500)
        #expect(try client.request("GET", "/healthz").status == 200)
    }

    @Test func clientsThatResetMidResponseCostNothingLasting() async throws {
        let live = try LiveService()
        defer { live.stop() }
        let port = live.port
        let errors = try await offPool { () -> [String] in
            var errors: [String] = []
            for n in 0..<200 {
                // A large PNG (~76 KB, more than the socket buffers take at once), then a reset after a few bytes.
                let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
                var size: Int32 = 4096
                setsockopt(fd, SOL_SOCKET, SO_RCVBUF, &size, socklen_t(MemoryLayout<Int32>.size))
                var address = sockaddr_in()
                address.sin_family = sa_family_t(AF_INET)
                address.sin_port = in_port_t(UInt16(port).bigEndian)
                address.sin_addr.s_addr = inet_addr("127.0.0.1")
                let connected = withUnsafePointer(to: &address) {
                    $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                        connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
                    }
                }
                if connected != 0 {
                    errors.append("connect: errno \(errno)")
                    close(fd)
                    continue
                }
                let request = Array("GET /ring.png?value=\(n % 20)&size=1024 HTTP/1.1\r\nHost: x\r\n\r\n".utf8)
                _ = request.withUnsafeBytes { send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
                var few = [UInt8](repeating: 0, count: 64)
                _ = few.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
                var linger = Glibc.linger(l_onoff: 1, l_linger: 0)
                setsockopt(fd, SOL_SOCKET, SO_LINGER, &linger, socklen_t(MemoryLayout<Glibc.linger>.size))
                close(fd)
            }
            return errors
        }
        #expect(errors.isEmpty, "\(errors)")
        #expect(try live.client().request("GET", "/ring.png?value=3&size=1024").status == 200)
        let server = live.server
        #expect(await eventually { server.openConnections == 0 })
    }

    @Test func runningOutOfDescriptorsPausesAcceptingAndRecovers() async throws {
        let server = try ServerProcess(shellPrefix: "ulimit -n 64;")
        defer { server.kill(SIGKILL) }
        try #require(server.port > 0)
        let port = server.port
        let baseline = server.openDescriptors
        // More connections than the process has descriptors: the kernel queues the rest in the backlog.
        let (opened, served, connections, running) = try await offPool { () -> (Int, Int, Int, Bool) in
            let held = (0..<100).compactMap { _ in try? TestHTTPClient(port: port) }
            Thread.sleep(forTimeInterval: 0.3)
            // Requests on the first connections (accepted ones) are answered while the process is at its limit.
            let served = held.prefix(10).filter { (try? $0.request("GET", "/healthz").status) == 200 }.count
            let metrics = (try? held[0].request("GET", "/metrics").text) ?? ""
            let open = metrics.split(separator: "\n").first { $0.hasPrefix("progress_rings_open_connections ") }
            return (held.count, served, Int(open?.split(separator: " ").last ?? "") ?? -1, server.process.isRunning)
        }
        #expect(opened == 100)
        #expect(served == 10)
        // The process could not take all of them: the rest waited in the kernel's backlog.
        #expect(connections > 0 && connections < 64)
        #expect(running)
        // The held connections are closed now; descriptors come free, and a new connection is accepted and served.
        let afterwards = try await offPool { () -> Int in
            Thread.sleep(forTimeInterval: 0.5)
            return (try? TestHTTPClient(port: port).request("GET", "/healthz").status) ?? 0
        }
        #expect(afterwards == 200)
        #expect(server.process.isRunning)
        #expect(await eventually { server.openDescriptors <= baseline + 1 })
    }

    @Test func afterSIGKILLARestartServesTheSameBytesAndETags() async throws {
        let targets = [
            "/ring.svg?value=72&color=green", "/ring.png?value=72&size=96", "/ring/33.svg?label=%7Bvalue%7D",
        ]
        @Sendable func fetchAll(_ port: Int) throws -> [(String, [UInt8])] {
            let client = try TestHTTPClient(port: port)
            return try targets.map { target in
                let response = try client.request("GET", target)
                return (response.header("ETag") ?? "", response.body)
            }
        }
        let first = try ServerProcess()
        let before = try await offPool { try fetchAll(first.port) }
        first.kill(SIGKILL)
        #expect(first.process.terminationReason == .uncaughtSignal)
        let second = try ServerProcess()
        defer { second.kill(SIGTERM) }
        let after = try await offPool { try fetchAll(second.port) }
        #expect(before.count == targets.count)
        for (a, b) in zip(before, after) {
            #expect(!a.0.isEmpty)
            #expect(a.0 == b.0)
            #expect(a.1 == b.1)
        }
    }
}

/// Polls `condition` every 20 ms for up to `seconds`.
private func eventually(within seconds: Double = 10, _ condition: @escaping @Sendable () -> Bool) async -> Bool {
    let end = Date().addingTimeInterval(seconds)
    while Date() < end {
        if condition() { return true }
        try? await Task.sleep(for: .milliseconds(20))
    }
    return condition()
}
