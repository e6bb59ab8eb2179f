import Foundation
import LiveValues
import TestSupport
import Testing

@testable import RingService

/// A reload (what SIGHUP does) of the live settings: the next request reads the new named query from the new
/// server with the new credentials, a reading made under the old definition is not served for the new one, and a
/// secret that cannot be read keeps every running setting.
@Suite(.serialized)
final class LiveSettingsReloadTests {
    let fixture: FixtureServer
    let folder = NSTemporaryDirectory() + "/live-reload-\(UUID().uuidString)"
    var file: String { folder + "/rings.json" }
    var secret: String { folder + "/api-key" }

    init() throws {
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        fixture = try FixtureServer()
        for (query, value) in [("done_before", "3"), ("done_after", "9")] {
            try fixture.write(
                query,
                #"{"status":"success","data":{"resultType":"vector","result":[{"metric":{},"value":[1700000000,"\#(value)"]}]}}"#
            )
        }
        try Data("key-one\n".utf8).write(to: URL(fileURLWithPath: secret))
    }

    deinit {
        fixture.stop()
        try? FileManager.default.removeItem(atPath: folder)
    }

    /// Settings whose named query `done` is `query` on the fixture, asked as tenant `tenant` with the API key read
    /// from `keyFile`.
    func write(query: String, tenant: String, keyFile: String? = nil, more: [String: Any] = [:]) throws {
        let server: [String: Any] = [
            "url": "http://127.0.0.1:\(fixture.port)",
            "headers": ["X-Scope-OrgID": tenant, "X-Api-Key": ["file": keyFile ?? secret]],
        ]
        let settings: [String: Any] = [
            "logFormat": "off", "livePrivateAddresses": true, "prometheusServers": ["main": server],
            "prometheusQueries": ["done": query],
        ].merging(more) { _, new in new }
        try JSONSerialization.data(withJSONObject: settings, options: [.sortedKeys]).write(
            to: URL(fileURLWithPath: file))
    }

    func startService() throws -> RingService {
        let options = try ServiceConfiguration.load(arguments: ["--config", file], environment: [:])
        return try RingService(configuration: options.configuration, log: ServiceLog(format: .off, level: .info))
    }

    func reload(_ service: RingService) -> RingService.Reload? {
        service.reload(arguments: ["--config", file], environment: [:])
    }

    /// The last query the fixture was asked and the tenant and key it was asked with.
    var lastAsked: (path: String, tenant: String?, key: String?)? {
        fixture.headers.last.map { ($0.path, $0.headers["X-Scope-OrgID"], $0.headers["X-Api-Key"]) }
    }

    /// A named query's new text and the server's new tenant header reach the upstream on the next request, and the
    /// ring shows the new query's number, though the old reading is still fresh.
    @Test func aReloadedNamedQueryAndHeaderReachTheUpstream() throws {
        try write(query: "done_before", tenant: "team-a")
        let service = try startService()
        let before = service.get("/ring.svg?prometheus=done&max=12")
        #expect(before.body == service.get("/ring.svg?value=3&max=12").body, "\(before.header("X-Error") ?? "")")
        #expect(lastAsked?.path.contains("query=done_before") == true && lastAsked?.tenant == "team-a")

        try write(query: "done_after", tenant: "team-b")
        let outcome = try #require(reload(service))
        #expect(outcome.applied.sorted() == ["prometheusQueries", "prometheusServers"])
        let after = service.get("/ring.svg?prometheus=done&max=12")
        #expect(after.body == service.get("/ring.svg?value=9&max=12").body, "\(after.header("X-Error") ?? "")")
        let asked = try #require(lastAsked)
        #expect(asked.path.contains("query=done_after") && asked.tenant == "team-b" && asked.key == "key-one")
    }

    /// Only the tenant header changes: the reading fetched as the old tenant is not served as the new one's (the
    /// server's credentials are part of a reading's key), and a secret file rewritten is read again.
    @Test func aReadingOfTheOldCredentialsIsNotServedForTheNew() throws {
        try write(query: "done_before", tenant: "team-a")
        let service = try startService()
        #expect(service.get("/ring.svg?prometheus=done").status == .ok)
        #expect(service.get("/ring.svg?prometheus=done").header("X-Source") == "cached")
        let asked = fixture.headers.count

        try Data("key-two\n".utf8).write(to: URL(fileURLWithPath: secret))
        try write(query: "done_before", tenant: "team-c")
        #expect(reload(service)?.applied == ["prometheusServers"])
        #expect(service.get("/ring.svg?prometheus=done").header("X-Source") == "fresh")
        #expect(fixture.headers.count == asked + 1)
        #expect(lastAsked?.tenant == "team-c" && lastAsked?.key == "key-two")
    }

    /// A secret file that cannot be read refuses the whole reload: the old query and tenant stay, and so does a
    /// reloadable setting beside them.
    @Test func anUnreadableSecretFileKeepsTheRunningSettings() throws {
        try write(query: "done_before", tenant: "team-a", more: ["clientQueue": 7])
        let service = try startService()
        try write(query: "done_after", tenant: "team-b", keyFile: folder + "/missing", more: ["clientQueue": 3])
        #expect(reload(service) == nil)
        #expect(service.clientShares.bound == 7)
        #expect(service.get("/ring.svg?prometheus=done&max=12").body == service.get("/ring.svg?value=3&max=12").body)
        #expect(lastAsked?.path.contains("query=done_before") == true && lastAsked?.tenant == "team-a")
    }

    /// The fetcher's own settings (its size bound, its fetch bounds) wait for a restart and are named; the live
    /// settings beside them apply.
    @Test func theFetchersOwnSettingsWaitForARestart() throws {
        try write(query: "done_before", tenant: "team-a")
        let service = try startService()
        try write(
            query: "done_after", tenant: "team-a",
            more: [
                "liveMaxBytes": 4096, "liveMaxFetches": 2, "liveMaxFetchesPerQuery": 1, "liveBreakerTimeouts": 3,
            ])
        let outcome = try #require(reload(service))
        #expect(outcome.applied == ["prometheusQueries"])
        #expect(
            outcome.needRestart.sorted() == [
                "liveBreakerTimeouts", "liveMaxBytes", "liveMaxFetches", "liveMaxFetchesPerQuery",
            ])
        #expect(service.live?.settings.maxBytes == LiveSettings().maxBytes)
        #expect(service.live?.settings.maxFetchesPerQuery == LiveSettings().maxFetchesPerQuery)
        // The same file again, or one changing only what waits for a restart: the live targets are not worked out
        // again (their generation stays).
        let generation = service.live?.generation
        try write(query: "done_after", tenant: "team-a", more: ["liveMaxBytes": 8192, "liveMaxFetchesPerQuery": 3])
        #expect(reload(service)?.needRestart.sorted() == ["liveMaxBytes", "liveMaxFetchesPerQuery"])
        #expect(service.live?.generation == generation)
        #expect(service.get("/ring.svg?prometheus=done&max=12").body == service.get("/ring.svg?value=9&max=12").body)
    }

    /// A reload takes the reloadable live settings from the file through the settings table (each one's `get`,
    /// then its `set`): for live settings as rich as a file holds them (servers with headers, basic auth and a token,
    /// named queries with a server, a max query and parameters, named sources), that copy is the file's own.
    @Test func theSettingsTableCopiesEveryLiveSettingAsTheFileHoldsIt() throws {
        let servers: [String: Any] = [
            "main": [
                "url": "http://127.0.0.1:\(fixture.port)",
                "headers": ["X-Scope-OrgID": "team-a", "X-Api-Key": ["file": secret]],
            ],
            "other": [
                "url": "https://prometheus.example.com/base",
                "basicAuth": ["username": "reader", "password": ["file": secret]],
            ],
            "third": ["url": "https://prometheus.example.com:9090", "bearerToken": ["file": secret]],
        ]
        let queries: [String: Any] = [
            "done": "done_before",
            "disk": [
                "server": "other", "query": #"avail{instance="$instance", mountpoint="$mountpoint"}"#,
                "maxQuery": #"size{instance="$instance", mountpoint="$mountpoint"}"#,
                "parameters": [
                    "instance": "[a-z0-9.-]+:[0-9]+", "mountpoint": ["pattern": "/[a-z0-9/_-]*", "default": "/"],
                ],
            ],
        ]
        try write(
            query: "done_before", tenant: "team-a",
            more: [
                "prometheusServers": servers, "prometheusQueries": queries, "liveHosts": ["*.example.com", "a.test"],
                "liveSources": [
                    "coverage": "https://a.test/coverage.json",
                    "sprint": ["url": "https://a.test/sprint.json", "query": "$.done", "maxQuery": "$.total"],
                ],
                "livePromQL": "any", "liveTimeout": 1.5, "liveTTL": 60, "liveStaleSeconds": 600,
                "liveRetrySeconds": 7, "liveMaxSeries": 9, "liveMaxBytes": 4096, "liveMaxFetchesPerQuery": 3,
            ])
        let loaded = try ServiceConfiguration.load(
            arguments: ["--config", file], environment: [:]
        ).configuration
        #expect(loaded.live.prometheusServers.count == 3 && loaded.live.prometheusQueries.count == 2)
        var copy = ServiceConfiguration()
        for setting in ServiceConfiguration.liveSettings { setting.set(&copy, setting.get(loaded)) }
        #expect(copy.live == loaded.live)
    }
}
