import Foundation
import LiveValues
import Testing

@testable import RingService

/// The live-value settings in a file, the environment and flags: lists, objects kept in the order written, and
/// refusals that name the setting and the entry.
struct LiveConfigurationTests {
    static let file = #"""
        {
          "liveHosts": ["raw.githubusercontent.com", "*.example.com"],
          "livePrivateAddresses": true,
          "prometheusServers": {"zeta": "http://127.0.0.1:9090", "alpha": "http://127.0.0.1:9091"},
          "liveSources": {
            "coverage": "https://x.example.com/c.json",
            "tasks": {"url": "https://x.example.com/t.json", "query": "$.done", "maxQuery": "$.total"}
          },
          "prometheusQueries": {
            "budget": "1 - x", "up": {"server": "alpha", "query": "up"},
            "disk": {
              "query": "avail{instance=\"$instance\", mountpoint=\"$mountpoint\"}",
              "parameters": {"instance": "[a-z0-9.:-]+", "mountpoint": {"pattern": "/.*", "default": "/"}}
            }
          },
          "livePromQL": "any",
          "liveTTL": {"value": 60, "doc": "shorter"},
          "liveCAFile": ""
        }
        """#

    @Test func aFileSetsEveryKindOfLiveSettingAndKeepsTheServersInTheOrderWritten() throws {
        var config = ServiceConfiguration()
        try config.apply(fileData: Data(Self.file.utf8), path: "rings.json")
        var expected = LiveSettings()
        expected.hosts = ["raw.githubusercontent.com", "*.example.com"]
        expected.allowPrivateAddresses = true
        // zeta before alpha, as written: the first server is the default one.
        expected.prometheusServers = [
            .init(name: "zeta", url: "http://127.0.0.1:9090"), .init(name: "alpha", url: "http://127.0.0.1:9091"),
        ]
        expected.sources = [
            "coverage": .init(url: "https://x.example.com/c.json"),
            "tasks": .init(url: "https://x.example.com/t.json", query: "$.done", maxQuery: "$.total"),
        ]
        expected.prometheusQueries = [
            "budget": .init(query: "1 - x"), "up": .init(server: "alpha", query: "up"),
            "disk": .init(
                query: #"avail{instance="$instance", mountpoint="$mountpoint"}"#,
                parameters: [
                    "instance": .init(pattern: "[a-z0-9.:-]+"), "mountpoint": .init(pattern: "/.*", defaultValue: "/"),
                ]),
        ]
        expected.promQL = .any
        expected.ttl = 60
        #expect(config.live == expected)
        // What --print-config writes reads back as the same settings.
        var again = ServiceConfiguration()
        try again.apply(fileData: Data(config.documentedJSON.utf8), path: "printed.json")
        #expect(again == config)
    }

    @Test func theEnvironmentAndFlagsTakeCommaListsAndJSONText() throws {
        let options = try ServiceConfiguration.load(
            arguments: ["--live-hosts", " a.example.com, *.b.example.com ,", "--live-ttl", "30"],
            environment: [
                "PROGRESS_RINGS_PROMETHEUS_SERVERS": #"{"b": "http://p:9090", "a": "http://q:9090"}"#,
                "PROGRESS_RINGS_LIVE_SOURCES": #"{"c": {"url": "https://a.example.com/c.json", "query": "$.x"}}"#,
                "PROGRESS_RINGS_LIVE_PRIVATE_ADDRESSES": "true",
            ])
        let live = options.configuration.live
        #expect(live.hosts == ["a.example.com", "*.b.example.com"])
        #expect(live.prometheusServers.map(\.name) == ["b", "a"])
        #expect(live.sources["c"]?.query == "$.x")
        #expect(live.allowPrivateAddresses && live.ttl == 30)
        let names = try #require(ServiceConfiguration.setting(named: "liveCAFile"))
        #expect(names.environmentName == "PROGRESS_RINGS_LIVE_CA_FILE" && names.flagName == "--live-ca-file")
        #expect(try #require(ServiceConfiguration.setting(named: "liveTTL")).flagName == "--live-ttl")
    }

    @Test(arguments: [
        (
            #"{"liveSources": {"a": {"url": 5}}}"#,
            #"liveSources: "{\"a\": {\"url\": 5}}" is not accepted (from rings.json): "a"'s url is a number, not a string; "#
        ),
        (#"{"liveSources": {"a": {"query": "$.x"}}}"#, #"(from rings.json): "a" has no "url"; "#),
        (#"{"liveSources": {"a": {"url": "https://x", "path": "$"}}}"#, "liveSources.a.path: unknown field"),
        (#"{"prometheusServers": {"m": ["http://p"]}}"#, #""m" is an array, not a base URL"#),
        (#"{"prometheusQueries": {"q": {"server": "m"}}}"#, #""q" has no "query""#),
        (#"{"liveHosts": "a.example.com"}"#, ""),
        (#"{"liveHosts": ["a.example.com", 7]}"#, "7 is not a non-empty string"),
        (#"{"livePrivateAddresses": "yes"}"#, #"livePrivateAddresses: "yes" is not accepted"#),
        (#"{"liveHosts": ["*"]}"#, #"liveHosts: "*" has a host with characters a host name cannot hold"#),
        (#"{"liveSources": {"x": "ftp://a"}}"#, #"liveSources: "x": url "ftp://a" has scheme ftp"#),
        (#"{"prometheusQueries": {"q": "up"}}"#, #"prometheusQueries: "q": no prometheusServers are set"#),
        (#"{"livePromQL": "all"}"#, #"livePromQL: "all" is not accepted"#),
        (
            #"{"prometheusQueries": {"q": {"query": "up", "parameters": ["job"]}}}"#,
            #""q"'s parameters is an array, not an object"#
        ),
        (
            #"{"prometheusQueries": {"q": {"query": "up", "parameters": {"job": {"default": "a"}}}}}"#,
            #""q"'s parameter "job" has no "pattern""#
        ),
        (
            #"{"prometheusQueries": {"q": {"query": "up", "parameters": {"job": {"pattern": ".", "dflt": "a"}}}}}"#,
            "prometheusQueries.q.parameters.job.dflt: unknown field (from rings.json); accepted: pattern, default"
        ),
        (
            #"{"prometheusServers": {"m": "http://p"}, "prometheusQueries": {"q": {"query": "up{a=\"$max\"}", "parameters": {"max": "[0-9]+"}}}}"#,
            #"prometheusQueries: "q": parameter max is an image parameter's name"#
        ),
        (
            #"{"prometheusServers": {"m": "http://p"}, "prometheusQueries": {"q": {"query": "up{a=\"$colour\"}", "parameters": {"colour": "[a-z]+"}}}}"#,
            #"prometheusQueries: "q": parameter colour is a near miss of the image parameter color"#
        ),
        (
            #"{"prometheusServers": {"m": "http://p"}, "prometheusQueries": {"q": {"query": "up{a=$job}", "parameters": {"job": "[a-z]+"}}}}"#,
            #"prometheusQueries: "q": query: $job sits outside a quoted string"#
        ),
    ])
    func aBadLiveSettingStopsStartUpNamingItAndTheEntry(text: String, message: String) throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("rings-\(UUID().uuidString).json")
        try Data(text.utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        if message.isEmpty {
            // A single word is a one-word list, as in the environment.
            let options = try ServiceConfiguration.load(arguments: ["--config", file.path], environment: [:])
            #expect(options.configuration.live.hosts == ["a.example.com"])
            return
        }
        var config = ServiceConfiguration()
        let refusal = #expect(throws: ConfigurationError.self) {
            try config.apply(fileData: Data(text.utf8), path: "rings.json")
            try config.validateTogether()
        }
        #expect(refusal?.message.contains(message) == true, "\(refusal?.message ?? "")")
    }

    @Test func notJSONInTheEnvironmentNamesTheVariable() {
        let refusal = #expect(throws: ConfigurationError.self) {
            try ServiceConfiguration.load(
                arguments: [], environment: ["PROGRESS_RINGS_PROMETHEUS_SERVERS": #"{"m": "http://p:9090",}"#])
        }
        #expect(
            refusal?.message
                == "prometheusServers: not JSON (from PROGRESS_RINGS_PROMETHEUS_SERVERS): a comma after the value of "
                + #""m" before } (trailing commas are not JSON)"#)
    }
}
