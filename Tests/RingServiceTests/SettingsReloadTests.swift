import Foundation
import HTTPServer
import Testing

@testable import RingService

/// A reload (what SIGHUP does) reads the settings file again: the reloadable settings take effect for the next
/// request, the others wait for a restart and are named, and a bad file leaves every running setting as it was.
@Suite(.serialized)
final class SettingsReloadTests {
    static let oldToken = "pr_test-token-before-the-reload"
    static let newToken = "pr_test-token-after-the-reload"
    let folder = NSTemporaryDirectory() + "/settings-reload-\(UUID().uuidString)"
    var file: String { folder + "/rings.json" }

    init() throws {
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(atPath: folder) }

    func write(_ settings: [String: Any]) throws {
        try JSONSerialization.data(withJSONObject: settings).write(to: URL(fileURLWithPath: file))
    }

    func settings(token: String, _ more: [String: Any] = [:]) -> [String: Any] {
        [
            "logFormat": "off", "valueStore": folder + "/values.db",
            "valueTokens": ["*": RingService.valueTokenDigest(Array(token.utf8))],
        ].merging(more) { _, new in new }
    }

    func startService() throws -> RingService {
        let options = try ServiceConfiguration.load(arguments: ["--config", file], environment: [:])
        return try RingService(configuration: options.configuration, log: ServiceLog(format: .off, level: .info))
    }

    /// A push token replaced in the file: after the reload the new token writes and the old one is refused.
    @Test func aReloadReplacesThePushTokens() throws {
        try write(settings(token: Self.oldToken))
        let service = try startService()
        #expect(service.push("coverage", "80", token: Self.oldToken).status == .ok)
        try write(settings(token: Self.newToken))
        let outcome = service.reload(arguments: ["--config", file], environment: [:])
        #expect(outcome == RingService.Reload(applied: ["valueTokens"], needRestart: []))
        #expect(service.push("coverage", "81", token: Self.oldToken).status == .unauthorized)
        #expect(service.push("coverage", "82", token: Self.newToken).status == .ok)
    }

    /// A file that does not parse, or a setting out of its range, is refused whole: the old token still writes,
    /// and a good setting beside the bad one is not applied either.
    @Test(arguments: [
        "{\"valueTokens\": {", "{\"clientQueue\": 0}", "{\"clientQueu\": 3}", "{\"logFields\": [\"client\", \"ip\"]}",
    ])
    func aBadFileKeepsTheRunningSettings(_ bad: String) throws {
        try write(settings(token: Self.oldToken, ["clientQueue": 7]))
        let service = try startService()
        try Data(bad.utf8).write(to: URL(fileURLWithPath: file))
        #expect(service.reload(arguments: ["--config", file], environment: [:]) == nil)
        #expect(service.push("coverage", "80", token: Self.oldToken).status == .ok)
        #expect(service.clientShares.bound == 7)
    }

    /// Settings that bind, size or fill something (the port, the cache) are named and keep their running values,
    /// and are named again at the next reload until a restart applies them; reloadable ones beside them apply.
    @Test func settingsThatNeedARestartAreNamedAndKept() throws {
        try write(settings(token: Self.oldToken))
        let service = try startService()
        try write(settings(token: Self.oldToken, ["port": 9999, "maxAge": 60, "clientQueue": 3]))
        let first = service.reload(arguments: ["--config", file], environment: [:])
        #expect(first == RingService.Reload(applied: ["clientQueue"], needRestart: ["port", "maxAge"]))
        #expect(service.clientShares.bound == 3)
        #expect(service.get("/ring.svg?value=5").header("Cache-Control")?.contains("max-age=86400") == true)
        let second = service.reload(arguments: ["--config", file], environment: [:])
        #expect(second == RingService.Reload(applied: [], needRestart: ["port", "maxAge"]))
    }

    /// A value made private by a reload is refused unsigned, its image already cached included; trusted proxies
    /// and the log level follow the file too.
    @Test func privateValuesTrustedProxiesAndTheLogLevelReload() throws {
        try write(settings(token: Self.oldToken))
        let service = try startService()
        #expect(service.push("internal.sla", "99", token: Self.oldToken).status == .ok)
        #expect(service.get("/ring.svg?value=@internal.sla").status == .ok)
        let key = folder + "/key"
        try Data(String(repeating: "k", count: 40).utf8).write(to: URL(fileURLWithPath: key))
        try write(
            settings(
                token: Self.oldToken,
                [
                    "urlKeys": ["web": "file:" + key], "privateValues": ["internal.*"],
                    "trustedProxies": ["10.0.0.0/8"], "logLevel": "warn",
                ]))
        let outcome = try #require(service.reload(arguments: ["--config", file], environment: [:]))
        #expect(outcome.applied.sorted() == ["logLevel", "privateValues", "trustedProxies", "urlKeys"])
        #expect(service.get("/ring.svg?value=@internal.sla").status == .forbidden)
        #expect(service.log.level == .warn)
        var request = HTTPRequest(method: .get, target: "/healthz", headers: ["X-Forwarded-For": "192.0.2.7"])
        request.client = ClientAddress(bytes: [10, 1, 2, 3])
        #expect(service.clients.client(of: request)?.description == "192.0.2.7")
    }

    /// Every setting named reloadable is one of the table's, so a renamed setting cannot silently stop reloading.
    @Test func everyReloadableSettingIsASetting() {
        let names = Set(ServiceConfiguration.settings.map(\.name))
        #expect(ServiceConfiguration.reloadable.subtracting(names).isEmpty)
    }
}
