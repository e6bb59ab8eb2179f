import Foundation
import LiveValues
import Testing

@testable import RingService

/// A Prometheus server's credentials in the settings: named by where they live, written back so by
/// `--print-config`, and a secret's text in the settings refused without being repeated.
struct PrometheusAuthSettingsTests {
    static let file = #"""
        {
          "prometheusServers": {
            "plain": "http://127.0.0.1:9090",
            "mimir": {
              "url": "http://127.0.0.1:9091",
              "bearerToken": {"env": "PROGRESS_RINGS_TEST_UNUSED_TOKEN"},
              "headers": {"X-Scope-OrgID": "team-a", "X-Api-Key": {"file": "/run/secrets/key"}},
              "clientCertificate": {"certificate": "/etc/rings/client.pem", "key": "/etc/rings/client.key"}
            },
            "cloud": {"url": "https://p.example.com", "basicAuth": {"username": "123", "password": {"file": "/run/p"}}}
          }
        }
        """#

    @Test func serversWithCredentialsAreReadAndPrintedBackByWhereTheSecretsLive() throws {
        var config = ServiceConfiguration()
        try config.apply(fileData: Data(Self.file.utf8), path: "rings.json")
        let servers = config.live.prometheusServers
        #expect(servers.map(\.name) == ["plain", "mimir", "cloud"])
        #expect(servers[0].auth.isEmpty)
        #expect(
            servers[1].auth
                == PrometheusAuth(
                    bearerToken: .environment("PROGRESS_RINGS_TEST_UNUSED_TOKEN"),
                    headers: [
                        .init(name: "X-Scope-OrgID", value: .text("team-a")),
                        .init(name: "X-Api-Key", value: .secret(.file("/run/secrets/key"))),
                    ],
                    clientCertificate: .init(certificateFile: "/etc/rings/client.pem", keyFile: "/etc/rings/client.key")
                ))
        #expect(servers[2].auth.basicAuth == .init(username: "123", password: .file("/run/p")))
        // What --print-config writes reads back as the same servers.
        let printed = LiveSettingsJSON.json(servers: servers)
        #expect(try LiveSettingsJSON.servers(printed).get() == servers)
    }

    /// A secret written into the settings is refused, and the refusal does not repeat it.
    @Test(arguments: [
        (#"{"m": {"url": "http://p", "bearerToken": "tok-SECRET"}}"#, #"{"file": …} or {"env": …}"#),
        (
            #"{"m": {"url": "http://p", "basicAuth": {"username": "u", "password": "pw-SECRET"}}}"#,
            #""m"'s basicAuth password is a string"#
        ),
        (#"{"m": {"url": "http://p", "headers": {"X-Key": 5}, "bearerToken": "tok-SECRET"}}"#, #"header "X-Key""#),
        (#"{"m": {"url": 5, "bearerToken": "tok-SECRET"}}"#, #""m"'s url is a number"#),
    ])
    func aSecretsTextIsRefusedWithoutBeingRepeated(servers: String, reason: String) throws {
        var config = ServiceConfiguration()
        let refusal = #expect(throws: ConfigurationError.self) {
            try config.apply(fileData: Data(#"{"prometheusServers": \#(servers)}"#.utf8), path: "rings.json")
        }
        let message = refusal?.message ?? ""
        #expect(message.hasPrefix("prometheusServers: not accepted (from rings.json): "), "\(message)")
        #expect(message.contains(reason), "\(message)")
        #expect(!message.contains("SECRET"), "\(message)")
    }
}
