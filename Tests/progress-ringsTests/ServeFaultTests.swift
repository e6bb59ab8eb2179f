import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// Faults only a whole process meets: descriptors that run out, and a kill without warning.
@Suite(.serialized)
struct ServeFaultTests {
    @Test func runningOutOfDescriptorsPausesAcceptingAndRecovers() async throws {
        let server = try await ServerProcess.start(shellPrefix: "ulimit -n 64;")
        defer { server.kill(SIGKILL) }
        let port = server.port
        let baseline = server.openDescriptors
        // More connections than the process has descriptors: the kernel queues the rest in the backlog.
        let (opened, served, connections, running) = try await onOwnThread { () -> (Int, Int, Int, Bool) in
            let held = (0..<100).compactMap { _ in try? TestClient(port: port) }
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
        let afterwards = try await onOwnThread { () -> Int in
            Thread.sleep(forTimeInterval: 0.5)
            return (try? TestClient(port: port).request("GET", "/healthz").status) ?? 0
        }
        #expect(afterwards == 200)
        #expect(server.process.isRunning)
        #expect(await eventually { server.openDescriptors <= baseline + 1 })
    }

    /// A server killed without warning and started again answers the same URLs with the same images: each a 200
    /// of its format, with the same ETag and the same bytes as before the kill.
    @Test func afterSIGKILLARestartServesTheSameBytesAndETags() async throws {
        let targets = [
            ("/ring.svg?value=72&color=green", "image/svg+xml; charset=utf-8"),
            ("/ring.png?value=72&size=96", "image/png"),
            ("/ring/33.svg?label=%7Bvalue%7D", "image/svg+xml; charset=utf-8"),
        ]
        @Sendable func fetchAll(_ port: Int) throws -> [ReceivedResponse] {
            let client = try TestClient(port: port)
            return try targets.map { try client.request("GET", $0.0) }
        }
        let first = try await ServerProcess.start()
        let before = try await onOwnThread { try fetchAll(first.port) }
        first.kill(SIGKILL)
        #expect(first.process.terminationReason == .uncaughtSignal)
        let second = try await ServerProcess.start()
        defer { second.kill(SIGTERM) }
        let after = try await onOwnThread { try fetchAll(second.port) }
        for ((target, type), (a, b)) in zip(targets, zip(before, after)) {
            #expect(a.status == 200 && b.status == 200, "\(target)")
            #expect(a.header("Content-Type") == type && b.header("Content-Type") == type, "\(target)")
            #expect(!a.body.isEmpty)
            #expect(a.header("ETag") != nil)
            #expect(a.header("ETag") == b.header("ETag"), "\(target)")
            #expect(a.body == b.body, "\(target)")
        }
        // The PNG is a whole image, not bytes that merely repeat.
        #expect(DecodedPNG(after[1].body)?.width == 96)
    }
}
