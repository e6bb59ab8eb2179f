import Dispatch
import Foundation
import Locking
import Synchronization
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// SIGHUP reloads the settings file while the server serves (docs/operations.md, "Reloading the settings"): no
/// connection is dropped and no request fails, the new push token writes, and a bad file is refused with an error
/// line while the running settings stay.
@Suite(.serialized)
struct ServeReloadTests {
    static let oldToken = "pr_test-token-before-sighup"
    static let newToken = "pr_test-token-after-sighup"

    /// SHA-256 of the token as the setting writes it, from coreutils' sha256sum (not the server's own code).
    static func digest(_ token: String) throws -> String {
        let run = try ExternalCommand.run("sha256sum", [], input: Array(token.utf8))
        return "sha256:" + String(run.text.prefix(64))
    }

    static func push(_ port: Int, token: String) throws -> Int? {
        try TestClient(port: port).request(
            "PUT", "/values/coverage", headers: [("Authorization", "Bearer \(token)")], body: Array("87".utf8)
        ).status
    }

    @Test func sighupUnderLoadReloadsWithoutAFailedRequestAndABadFileKeepsTheSettings() async throws {
        let folder = NSTemporaryDirectory() + "/serve-reload-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let file = folder + "/rings.json"
        func write(token: String, clientQueue: Int) throws {
            let text = """
                {"valueStore": "\(folder)/values.db", "clientQueue": \(clientQueue),
                 "valueTokens": {"*": "\(try Self.digest(token))"}}
                """
            try Data(text.utf8).write(to: URL(fileURLWithPath: file))
        }
        try write(token: Self.oldToken, clientQueue: 64)
        let server = try await ServerProcess.start(["--config", file, "--drain-delay", "0"], logFormat: "json")
        let port = server.port
        #expect(try Self.push(port, token: Self.oldToken) == 200)

        // Four connections that always have a request in flight: SVG hits and misses on the loops, PNG misses on
        // the workers, through every reload.
        let loads = KeepAliveLoads(
            (0..<4).map { worker in
                KeepAliveLoad(port: port) { n in
                    worker < 2
                        ? "/ring.svg?value=\((worker * 7 + n) % 50)"
                        : "/ring.png?size=200&value=\(worker * 100_000 + n)"
                }
            })
        #expect(await loads.allRunning(within: 60))

        // Five reloads under load, the token and the client bound changing each time.
        for round in 0..<5 {
            try write(token: round % 2 == 0 ? Self.newToken : Self.oldToken, clientQueue: 32 + round)
            server.signal(SIGHUP)
            let reloaded = await eventually(within: 10) {
                server.log.components(separatedBy: #""msg":"settings reloaded""#).count - 1 == round + 1
            }
            #expect(reloaded, "reload \(round + 1) not logged: \(server.log.suffix(2000))")
            try await Task.sleep(for: .milliseconds(150))
        }
        // The last file named the new token: it writes, the old one is refused.
        #expect(try Self.push(port, token: Self.newToken) == 200)
        #expect(try Self.push(port, token: Self.oldToken) == 401)

        // A file that does not parse: refused at error level, the running settings stay.
        try Data("{\"valueTokens\": {".utf8).write(to: URL(fileURLWithPath: file))
        server.signal(SIGHUP)
        #expect(
            await eventually(within: 10) { server.log.contains("settings not reloaded") }, "\(server.log.suffix(2000))")
        #expect(try Self.push(port, token: Self.newToken) == 200)

        server.signal(SIGTERM)
        let all = await loads.outcomes()
        await server.exit()
        await server.logClosed()
        #expect(all.count == loads.count)
        #expect(all.flatMap(\.failures) == [])
        #expect(all.allSatisfy { $0.answers.count > 10 })
        #expect(server.process.terminationStatus == 0)
        let lines = server.log.split(separator: "\n")
        let refused = try #require(lines.first { $0.contains("settings not reloaded") })
        #expect(refused.contains(#""level":"error""#) && refused.contains("rings.json:1"))
        let reloaded = try #require(lines.first { $0.contains(#""msg":"settings reloaded""#) })
        #expect(reloaded.contains(#""level":"info""#) && reloaded.contains("valueTokens"))
    }
}
