import Foundation
import TestSupport
import Testing

@testable import LiveValues

/// A Prometheus server behind TLS that requires a client certificate (the fixture with `--client-ca`): the
/// configured certificate and key are presented, and without them the server refuses the handshake.
@Suite(.serialized)
final class ClientCertificateTests {
    let directory: URL
    let fixture: FixtureServer

    init() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("client-cert-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        try TLSTests.makeCertificates(in: directory)
        try Data("basicConstraints=CA:FALSE\nextendedKeyUsage=clientAuth\n".utf8)
            .write(to: directory.appendingPathComponent("client.ext"))
        let steps: [[String]] = [
            [
                "req", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes", "-keyout", "client.key",
                "-out", "client.csr", "-subj", "/CN=progress-rings",
            ],
            [
                "x509", "-req", "-in", "client.csr", "-CA", "ca.pem", "-CAkey", "ca.key", "-CAcreateserial", "-out",
                "client.pem", "-days", "2", "-extfile", "client.ext",
            ],
        ]
        for arguments in steps {
            guard try ExternalCommand.run("openssl", arguments, directory: directory).status == 0 else {
                throw TestFailure("openssl \(arguments[0]) failed")
            }
        }
        fixture = try FixtureServer(
            tls: (directory.appendingPathComponent("leaf.pem").path, directory.appendingPathComponent("leaf.key").path),
            clientCA: directory.appendingPathComponent("ca.pem").path)
        try fixture.write(
            "up", FixtureServer.scalar("42"))
    }

    deinit {
        fixture.stop()
        try? FileManager.default.removeItem(at: directory)
    }

    private func read(certificate: Bool) async throws -> LiveAnswer {
        let auth =
            certificate
            ? PrometheusAuth(
                clientCertificate: .init(
                    certificateFile: directory.appendingPathComponent("client.pem").path,
                    keyFile: directory.appendingPathComponent("client.key").path))
            : PrometheusAuth()
        let live = try makeLive(resolve: [fixture.resolve("secure.test")]) {
            $0.promQL = .any
            $0.caFile = directory.appendingPathComponent("ca.pem").path
            $0.prometheusServers = [
                .init(name: "main", url: fixture.url("prom", host: "secure.test", scheme: "https"), auth: auth)
            ]
        }
        return try await onOwnThread { try live.read(prometheus: "up") }
    }

    @Test func theConfiguredClientCertificateIsPresented() async throws {
        #expect(try await read(certificate: true).value == 42)
        #expect(fixture.requests == ["/prom/api/v1/query?query=up"])
    }

    @Test func withoutAClientCertificateTheServerRefuses() async throws {
        let answer = try await read(certificate: false)
        #expect(answer.value == nil)
        #expect(fixture.requests.isEmpty)
    }
}
