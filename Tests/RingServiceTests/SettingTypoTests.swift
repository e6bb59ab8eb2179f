import Foundation
import MessageText
import Testing

@testable import RingService

/// A misspelt key anywhere in the settings is refused by its full path from the setting down, with the accepted key
/// nearest to it, never as the name of its parent or of another entry.
struct SettingTypoTests {
    @Test(arguments: [
        (
            #"{"liveSources": {"build": {"urll": "https://x.example.com/b.json"}}}"#,
            "liveSources.build.urll: unknown field (from rings.json); did you mean url? accepted: url, query, maxQuery"
        ),
        (
            #"{"liveSources": {"build": {"url": "https://x.example.com/b.json", "qurey": "$.a"}}}"#,
            "liveSources.build.qurey: unknown field (from rings.json); did you mean query? accepted: url, query, "
                + "maxQuery"
        ),
        (
            #"{"liveSources": {"ci.coverage": {"url": "https://x.example.com/c.json", "maxquery": "$.t"}}}"#,
            #"liveSources["ci.coverage"].maxquery: unknown field (from rings.json); did you mean maxQuery? "#
                + "accepted: url, query, maxQuery"
        ),
        (
            #"{"liveSources": {"a": {"url": "https://x.example.com/a.json", "path": "$"}}}"#,
            "liveSources.a.path: unknown field (from rings.json); accepted: url, query, maxQuery"
        ),
        (
            #"{"prometheusQueries": {"q": {"qeury": "up"}}}"#,
            "prometheusQueries.q.qeury: unknown field (from rings.json); did you mean query? accepted: server, query, "
                + "maxQuery, parameters"
        ),
        (
            #"{"prometheusQueries": {"q": {"query": "up", "paramters": {"job": "[a-z]+"}}}}"#,
            "prometheusQueries.q.paramters: unknown field (from rings.json); did you mean parameters? accepted: "
                + "server, query, maxQuery, parameters"
        ),
        (
            #"{"prometheusQueries": {"q": {"query": "up", "parameters": {"job": {"pattern": ".", "defualt": "a"}}}}}"#,
            "prometheusQueries.q.parameters.job.defualt: unknown field (from rings.json); did you mean default? "
                + "accepted: pattern, default"
        ),
        (
            #"{"liveSources": {"value": {"build": "https://x.example.com/b.json"}, "dco": "the build"}}"#,
            "liveSources.dco: unknown field (from rings.json); did you mean doc? accepted: value, doc"
        ),
        (
            #"{"liveSources": {"vlaue": {"build": "https://x.example.com/b.json"}, "doc": "the build"}}"#,
            "liveSources.vlaue: unknown field (from rings.json); did you mean value? accepted: value, doc"
        ),
        (
            #"{"liveTTL": {"valeu": 60}}"#,
            "liveTTL.valeu: unknown field (from rings.json); did you mean value? accepted: value, doc"
        ),
    ])
    func aMisspeltKeyInAFileIsNamedByItsPathWithTheNearestAcceptedKey(text: String, message: String) {
        var config = ServiceConfiguration()
        let refusal = #expect(throws: ConfigurationError.self) {
            try config.apply(fileData: Data(text.utf8), path: "rings.json")
        }
        #expect(refusal?.message == message)
    }

    @Test func aMisspeltKeyInJSONTextFromTheEnvironmentNamesTheVariable() {
        let refusal = #expect(throws: ConfigurationError.self) {
            try ServiceConfiguration.load(
                arguments: [], environment: ["PROGRESS_RINGS_LIVE_SOURCES": #"{"b": {"urll": "https://x.test/b"}}"#])
        }
        #expect(
            refusal?.message
                == "liveSources.b.urll: unknown field (from PROGRESS_RINGS_LIVE_SOURCES); did you mean url? accepted: "
                + "url, query, maxQuery")
    }

    @Test func aMisspeltSettingNameSuggestsTheNearestInAFileTheEnvironmentAndFlags() {
        var config = ServiceConfiguration()
        let inFile = #expect(throws: ConfigurationError.self) {
            try config.apply(fileData: Data(#"{"liveSource": {}}"#.utf8), path: "rings.json")
        }
        #expect(
            inFile?.message.hasPrefix(#""liveSource": unknown setting in rings.json; did you mean liveSources? "#)
                == true, "\(inFile?.message ?? "")")
        let inEnvironment = #expect(throws: ConfigurationError.self) {
            try ServiceConfiguration.load(arguments: [], environment: ["PROGRESS_RINGS_LIVE_SOURCE": "{}"])
        }
        #expect(
            inEnvironment?.message
                == "PROGRESS_RINGS_LIVE_SOURCE: unknown setting in the environment; did you mean "
                + "PROGRESS_RINGS_LIVE_SOURCES?")
        let asFlag = #expect(throws: ConfigurationError.self) {
            try ServiceConfiguration.load(arguments: ["--live-source", "{}"], environment: [:])
        }
        #expect(
            asFlag?.message
                == #""--live-source" is not an option of serve; did you mean --live-sources? see progress-rings serve "#
                + "--help")
    }

    @Test func theNearestNameIsATypoAwayOrNone() {
        #expect(ConfigurationSetting.nearest(to: "urll", among: ["url", "query", "maxQuery"]) == "url")
        #expect(ConfigurationSetting.nearest(to: "srever", among: ["server", "query"]) == "server")
        #expect(ConfigurationSetting.nearest(to: "path", among: ["url", "query", "maxQuery"]) == nil)
        #expect(MessageText.edits(from: "qurey", to: "query", limit: 2) == 1)
        #expect(MessageText.edits(from: "Srevr", to: "server", limit: 2) == 2)
        #expect(MessageText.edits(from: "colour", to: "color", limit: 2) == 1)
        #expect(MessageText.edits(from: "thickness", to: "size", limit: 2) == nil)
        // A long name from a request is not compared with short known ones.
        #expect(MessageText.edits(from: String(repeating: "a", count: 8000), to: "label", limit: 2) == nil)
        #expect(MessageText.isOneEditApart("Value", "value") && MessageText.isOneEditApart("thicknes", "thickness"))
        #expect(!MessageText.isOneEditApart("value", "value") && !MessageText.isOneEditApart("vlaeu", "value"))
    }
}
