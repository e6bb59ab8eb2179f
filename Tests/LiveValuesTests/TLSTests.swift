import Foundation
import TestSupport
import Testing

@testable import LiveValues

/// HTTPS against the fixture with a certificate authority made by `openssl` for this test: trusted only through
/// `caFile`, and only for the name the certificate holds.
@Suite(.serialized)
final class TLSTests {
    let directory: URL
    let fixture: FixtureServer

    init() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("live-tls-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        try Self.makeCertificates(in: directory)
        fixture = try FixtureServer(
            tls: (directory.appendingPathComponent("leaf.pem").path, directory.appendingPathComponent("leaf.key").path))
        try fixture.write("number.json", #"{"value": 42}"#)
    }

    deinit {
        fixture.stop()
        try? FileManager.default.removeItem(at: directory)
    }

    /// A CA (`ca.pem`) and a server certificate for `secure.test` signed by it (`leaf.pem`, `leaf.key`).
    static func makeCertificates(in directory: URL) throws {
        try Data("subjectAltName=DNS:secure.test\nbasicConstraints=CA:FALSE\nextendedKeyUsage=serverAuth\n".utf8)
            .write(to: directory.appendingPathComponent("leaf.ext"))
        let ec = ["-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes"]
        let steps: [[String]] = [
            ["req", "-x509"] + ec + [
                "-keyout", "ca.key", "-out", "ca.pem", "-days", "2", "-subj", "/CN=progress-rings test CA",
                "-addext", "basicConstraints=critical,CA:TRUE", "-addext", "keyUsage=critical,keyCertSign",
            ],
            ["req"] + ec + ["-keyout", "leaf.key", "-out", "leaf.csr", "-subj", "/CN=secure.test"],
            [
                "x509", "-req", "-in", "leaf.csr", "-CA", "ca.pem", "-CAkey", "ca.key", "-CAcreateserial", "-out",
                "leaf.pem", "-days", "2", "-extfile", "leaf.ext",
            ],
        ]
        for arguments in steps {
            let run = try ExternalCommand.run("openssl", arguments, directory: directory)
            guard run.status == 0 else {
                throw TestFailure("openssl \(arguments.prefix(2).joined(separator: " ")) failed")
            }
        }
    }

    private func read(host: String, caFile: Bool) async throws -> LiveAnswer {
        let ca = caFile ? directory.appendingPathComponent("ca.pem").path : nil
        let live = try makeLive(resolve: [fixture.resolve(host)]) {
            $0.hosts = [host]
            $0.caFile = ca
        }
        let url = fixture.url("number.json", host: host, scheme: "https")
        return try await onOwnThread { try live.read(url: url, query: "$.value") }
    }

    @Test func aServerSignedByTheConfiguredCAIsTrusted() async throws {
        #expect(try await read(host: "secure.test", caFile: true).value == 42)
        #expect(fixture.requests == ["/number.json"])
    }

    @Test func withoutTheCAFileTheSameServerIsRefused() async throws {
        let answer = try await read(host: "secure.test", caFile: false)
        #expect(
            answer.error?.message
                == "url: https://secure.test:\(fixture.port)/number.json failed TLS verification"
                + " (SSL certificate problem: unable to get local issuer certificate)")
        #expect(fixture.requests.isEmpty)
    }

    @Test func aCertificateForAnotherNameIsRefused() async throws {
        let answer = try await read(host: "wrong.test", caFile: true)
        #expect(
            answer.error?.message
                == "url: https://wrong.test:\(fixture.port)/number.json failed TLS verification"
                + " (SSL: no alternative certificate subject name matches target host name 'wrong.test')")
        #expect(answer.error?.kind == .tls)
        #expect(fixture.requests.isEmpty)
    }

    @Test func anUnreadableCAFileStopsStartUpNamingTheSetting() {
        #expect(throws: LiveSettingsError(setting: "liveCAFile", reason: "\"/nonexistent/ca.pem\" cannot be read")) {
            try makeLive { $0.caFile = "/nonexistent/ca.pem" }
        }
    }
}
