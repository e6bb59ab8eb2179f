import Dispatch
import Foundation
import Locking
import Synchronization
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// SIGHUP reloads the live settings and the OIDC issuers while the server serves (docs/operations.md, "Reloading
/// the settings"): each reload's named query and tenant header reach the upstream, an issuer added is trusted for
/// pushes, a bad issuer block keeps the running ones, and no request of the load fails.
@Suite(.serialized)
final class ServeLiveReloadTests {
    static let token = "pr_test-token-beside-the-issuer"
    let issuer: TestIssuer
    let prometheus: FixtureServer
    let folder = NSTemporaryDirectory() + "/serve-live-reload-\(UUID().uuidString)"
    var file: String { folder + "/rings.json" }

    init() throws {
        issuer = try TestIssuer()
        prometheus = try FixtureServer()
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        for round in 0..<6 {
            try prometheus.write(
                "done_\(round)",
                #"{"status":"success","data":{"resultType":"vector","result":[{"metric":{},"value":[1700000000,"\#(round + 1)"]}]}}"#
            )
        }
    }

    deinit {
        issuer.stop()
        prometheus.stop()
        try? FileManager.default.removeItem(atPath: folder)
    }

    /// Settings whose query `done` is `done_ROUND`, asked as `tenant-ROUND`; `issuers` is the valueIssuers block.
    func write(round: Int, issuers: String = "{}") throws {
        let digest = try ExternalCommand.run("sha256sum", [], input: Array(Self.token.utf8)).text.prefix(64)
        let text = """
            {"valueStore": "\(folder)/values.db", "valueTokens": {"*": "sha256:\(digest)"},
             "livePrivateAddresses": true, "liveTTL": 1,
             "prometheusServers": {"main": {"url": "http://127.0.0.1:\(prometheus.port)",
                                            "headers": {"X-Scope-OrgID": "tenant-\(round)"}}},
             "prometheusQueries": {"done": "done_\(round)"},
             "valueIssuers": \(issuers)}
            """
        try Data(text.utf8).write(to: URL(fileURLWithPath: file))
    }

    /// The test issuer trusted for coverage pushes of acme/widgets.
    var issuerBlock: String {
        """
        {"\(issuer.url)": {"audience": "https://rings.test", "caFile": "\(issuer.caFile)",
         "names": {"coverage": {"repository": "acme/widgets"}}}}
        """
    }

    func push(_ port: Int, _ bearer: String) throws -> Int? {
        try TestClient(port: port).request(
            "PUT", "/values/coverage", headers: [("Authorization", "Bearer \(bearer)")], body: Array("87".utf8)
        ).status
    }

    /// Whether the upstream was asked `done_ROUND` as `tenant-ROUND`.
    func asked(round: Int) -> Bool {
        prometheus.headers.contains {
            $0.path.contains("query=done_\(round)") && $0.headers["X-Scope-OrgID"] == "tenant-\(round)"
        }
    }

    @Test func sighupUnderLoadSwapsQueriesHeadersAndIssuersWithoutAFailedRequest() async throws {
        try write(round: 0)
        let server = try await ServerProcess.start(["--config", file, "--drain-delay", "0"], logFormat: "json")
        let port = server.port
        let oidc = try issuer.token(issuer.claims(audience: "https://rings.test"), key: issuer.ec)
        #expect(try push(port, oidc) != 200)

        // Four connections that always have a request in flight: live rings (read again each second, as the TTL
        // is 1 s) and rings of a value in the URL, through every reload.
        let loads = KeepAliveLoads(
            (0..<4).map { worker in
                KeepAliveLoad(port: port) { n in
                    worker < 2 ? "/ring.svg?prometheus=done&max=\(10 + n % 40)" : "/ring.png?size=120&value=\(n % 100)"
                }
            })
        #expect(await loads.allRunning(within: 60))
        #expect(await eventually(within: 10) { self.asked(round: 0) })

        // Each reload names another query and tenant; the last adds the issuer.
        for round in 1...4 {
            try write(round: round, issuers: round == 4 ? issuerBlock : "{}")
            server.signal(SIGHUP)
            let reloaded = await eventually(within: 10) {
                server.log.components(separatedBy: #""msg":"settings reloaded""#).count - 1 == round
            }
            #expect(reloaded, "reload \(round) not logged: \(server.log.suffix(2000))")
            #expect(await eventually(within: 10) { self.asked(round: round) }, "round \(round)")
        }
        #expect(try push(port, oidc) == 200)

        // An issuer block that does not parse: refused at error level, the running issuer and query stay.
        try write(round: 5, issuers: #"{"http://not-https.test": {"audience": "x"}}"#)
        server.signal(SIGHUP)
        #expect(
            await eventually(within: 10) { server.log.contains("settings not reloaded") }, "\(server.log.suffix(2000))")
        #expect(try push(port, oidc) == 200)
        try await Task.sleep(for: .milliseconds(1500))
        #expect(!asked(round: 5))

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
        #expect(refused.contains(#""level":"error""#) && refused.contains("valueIssuers"), "\(refused)")
        let added = try #require(lines.last { $0.contains(#""msg":"settings reloaded""#) })
        #expect(added.contains("valueIssuers") && added.contains("prometheusQueries"), "\(added)")
    }
}
