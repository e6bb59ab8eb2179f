import Foundation
import TestSupport
import Testing

@testable import RingService

struct ConfigurationTests {
    @Test func defaultFileDocumentsEverySettingWithTheEmbeddedDefault() throws {
        let url = packageRoot.appendingPathComponent("config/default.json")
        let data = try Data(contentsOf: url)
        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: [String: Any]])
        #expect(Set(object.keys) == Set(ServiceConfiguration.settings.map(\.name)))
        for (name, entry) in object {
            let doc = entry["doc"] as? String ?? ""
            #expect(doc.count > 10, "\(name) needs a doc")
            #expect(entry["value"] != nil, "\(name) needs a value")
        }
        var fromFile = ServiceConfiguration()
        fromFile.maxAge = 1
        try fromFile.apply(fileData: data, path: "default.json")
        #expect(fromFile == ServiceConfiguration())
        #expect(String(decoding: data, as: UTF8.self) == ServiceConfiguration().documentedJSON)
    }

    @Test func namesFollowTheSettingInEveryPlace() throws {
        let setting = try #require(ServiceConfiguration.setting(named: "maxRequestsPerConnection"))
        #expect(setting.environmentName == "PROGRESS_RINGS_MAX_REQUESTS_PER_CONNECTION")
        #expect(setting.flagName == "--max-requests-per-connection")
    }

    @Test func flagsOverrideEnvironmentWhichOverridesTheFile() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("rings-\(UUID().uuidString).json")
        try Data(#"{"port": 1111, "maxAge": {"value": 60, "doc": "x"}, "cacheEntries": 5, "logFormat": "json"}"#.utf8)
            .write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let options = try ServiceConfiguration.load(
            arguments: ["--config", file.path, "--port=3333", "--idle-timeout", "2.5"],
            environment: ["PROGRESS_RINGS_PORT": "2222", "PROGRESS_RINGS_MAX_AGE": "120", "HOME": "/root"])
        let config = options.configuration
        #expect(config.port == 3333)
        #expect(config.maxAge == 120)
        #expect(config.cacheEntries == 5)
        #expect(config.logFormat == .json)
        #expect(config.idleTimeout == 2.5)
        #expect(config.host == "127.0.0.1")
    }

    @Test(
        arguments: [
            (["--port", "70000"], [:], "port"),
            (["--port", "eighty"], [:], "port"),
            (["--log-format", "xml"], [:], "logFormat"),
            (["--error-status", "404"], [:], "errorStatus"),
            (["--header-timeout", "nan"], [:], "headerTimeout"),
            (["--host", "a b"], [:], "host"),
            (["--no-such-flag", "1"], [:], "--no-such-flag"),
            (["--port"], [:], "--port"),
            ([], ["PROGRESS_RINGS_CACHE_BYTES": "-1"], "cacheBytes"),
            ([], ["PROGRESS_RINGS_CACHE_BYTE": "1"], "PROGRESS_RINGS_CACHE_BYTE"),
            (["--max-head-bytes", "1024", "--max-request-line-bytes", "4096"], [:], "maxHeadBytes"),
            (["--config", "/nonexistent/rings.json"], [:], "--config"),
        ] as [([String], [String: String], String)])
    func badSettingsAreRefusedByName(arguments: [String], environment: [String: String], name: String) {
        #expect {
            _ = try ServiceConfiguration.load(arguments: arguments, environment: environment)
        } throws: { error in
            (error as? ConfigurationError)?.message.contains(name) == true
        }
    }

    @Test(arguments: [
        (#"{"prot": 8080}"#, "prot"),
        (#"{"port": "8080"}"#, "port"),
        (#"{"port": 80.5}"#, "port"),
        (#"{"port": {"valeu": 1}}"#, "valeu"),
        (#"{"port": {"doc": "no value"}}"#, "port"),
        (#"{"logLevel": true}"#, "logLevel"),
        (#"[1, 2]"#, "not a JSON object"),
        (#"{"port": 80"#, "test.json:1: expected , or } after the value"),
    ])
    func badFilesAreRefusedByName(json: String, name: String) {
        var config = ServiceConfiguration()
        #expect {
            try config.apply(fileData: Data(json.utf8), path: "test.json")
        } throws: { error in
            (error as? ConfigurationError)?.message.contains(name) == true
        }
    }

    @Test func fileAcceptsBareValuesAndDocumentedObjects() throws {
        var config = ServiceConfiguration()
        try config.apply(
            fileData: Data(#"{"port": 9000, "drainDelay": {"value": 0.5}, "host": "0.0.0.0"}"#.utf8), path: "t.json")
        #expect(config.port == 9000 && config.drainDelay == 0.5 && config.host == "0.0.0.0")
    }

    /// Windows editors save UTF-8 with a byte-order mark; it is not a value, so the file reads as without it.
    @Test func aByteOrderMarkAtTheStartOfTheFileIsNotText() throws {
        var config = ServiceConfiguration()
        try config.apply(fileData: Data([0xEF, 0xBB, 0xBF] + Array(#"{"port": 9001}"#.utf8)), path: "bom.json")
        #expect(config.port == 9001)
        // Only at the start: inside the document it is still a character JSON does not allow there.
        #expect(throws: ConfigurationError.self) {
            try config.apply(fileData: Data(Array(#"{"port": 9001}"#.utf8) + [0xEF, 0xBB, 0xBF]), path: "bom.json")
        }
    }

    @Test func httpSettingsReachTheTransport() {
        var config = ServiceConfiguration()
        config.eventLoops = 3
        config.headerTimeout = 1.5
        config.maxHeaderFields = 7
        let http = config.httpConfiguration
        #expect(http.eventLoops == 3)
        #expect(http.headerTimeout == .milliseconds(1500))
        #expect(http.limits.maxHeaderFields == 7)
        config.eventLoops = 0
        #expect(config.httpConfiguration.eventLoops == ProcessInfo.processInfo.activeProcessorCount)
    }
}

/// A configuration file is strict JSON: what Foundation would quietly accept or drop stops start-up, naming the file,
/// the line and the key.
struct StrictConfigurationFileTests {
    @Test(arguments: [
        (#"{"port": 1, "port": 2}"#, #"rings.json:1: key "port" given twice in one object"#),
        (
            "{\n  \"port\": 9000,\n}",
            #"rings.json:3: a comma after the value of "port" before } (trailing commas are not JSON)"#
        ),
        (#"{"port": 08080}"#, #"rings.json:1: a number may not start with 0 (write 8080, not 08080), at key "port""#),
        (
            "{\"maxAge\": {\"value\": 60, \"value\": 70}}",
            #"rings.json:1: key "value" given twice in one object, at key "maxAge""#
        ),
        ("{'port': 1}", "rings.json:1: expected a key in double quotes"),
        ("{\"port\": 1} x", "rings.json:1: text after the end of the document"),
        (
            "{\"port\": NaN}",
            #"rings.json:1: expected a value (a string in double quotes, a number, an object, an array, true, false or null), at key "port""#
        ),
        (
            "{\"host\": \"a\tb\"}",
            #"rings.json:1: a control character inside a string (write it as \n, \t or \u00XX), at key "host""#
        ),
        ("{\"port\": 1 // comment\n}", #"rings.json:1: expected , or } after the value, at key "port""#),
        ("[1, 2,]", "rings.json:1: a comma before ] (trailing commas are not JSON)"),
        ("[1, 2]", "rings.json: not a JSON object of settings (the file holds an array, not an object)"),
        (#"{"port": 1, "\u0070ort": 2}"#, #"rings.json:1: key "port" given twice in one object"#),
    ])
    func notStrictJSONStopsStartUpNamingTheFileLineAndKey(text: String, message: String) {
        var config = ServiceConfiguration()
        #expect(throws: ConfigurationError(message)) { try config.apply(fileData: Data(text.utf8), path: "rings.json") }
    }

    /// A number beyond a double's range is refused as written, naming the setting.
    @Test func aNumberBeyondADoubleIsRefusedAsWritten() {
        var config = ServiceConfiguration()
        do {
            try config.apply(fileData: Data(#"{"port": 1e999}"#.utf8), path: "rings.json")
            Issue.record("accepted")
        } catch {
            #expect(error.message.hasPrefix(#"port: "1e999" is not accepted (from rings.json)"#))
        }
    }

    @Test func strictJSONWithEscapesAndNestingIsAccepted() throws {
        var config = ServiceConfiguration()
        let text =
            #"{"host": {"value": "127.0.0.1", "doc": "a \"quoted\" \u00e9 doc\n"}, "port": 9000, "maxAge": 1.5e3}"#
        try config.apply(fileData: Data(text.utf8), path: "rings.json")
        #expect(config.port == 9000 && config.maxAge == 1500)
    }
}
