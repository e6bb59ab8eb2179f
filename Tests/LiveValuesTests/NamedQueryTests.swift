import Foundation
import TestSupport
import Testing

@testable import LiveValues

/// `livePromQL`: by default `prometheus=` names a configured query, whose parameters' values are string content and
/// never query text; nothing here fetches.
struct NamedQueryTests {
    static let disk = LiveSettings.PrometheusQuery(
        query: #"node_filesystem_avail_bytes{instance="$instance", mountpoint="$mountpoint"}"#,
        maxQuery: #"node_filesystem_size_bytes{instance="$instance", mountpoint='${mountpoint}'}"#,
        parameters: [
            "instance": .init(pattern: #"[a-z0-9.-]+(:[0-9]+)?"#),
            "mountpoint": .init(pattern: "/.*", defaultValue: "/"),
        ])

    static func live(_ change: (inout LiveSettings) -> Void = { _ in }) throws -> LiveValues {
        try makeLive {
            $0.prometheusServers = [.init(name: "main", url: "http://prom.internal:9090")]
            $0.prometheusQueries = [
                "disk": disk, "up": .init(query: "sum(up)"),
                "any_label": .init(query: #"sum(up{job=~"$job"})"#, parameters: ["job": .init(pattern: ".*")]),
            ]
            change(&$0)
        }
    }

    /// The PromQL a source sends: its URL's `query`, decoded.
    static func sent(_ document: LiveSource.Document?) throws -> String {
        let url = try #require(document?.url.description)
        let encoded = try #require(url.split(separator: "query=", maxSplits: 1).last)
        return try #require(String(encoded).removingPercentEncoding)
    }

    /// With the default policy, PromQL that no query of the settings holds is refused by name before anything is
    /// fetched; the refusal lists neither the configured names nor their text, only a near miss of what was typed.
    @Test func theDefaultSendsOnlyConfiguredQueries() throws {
        let live = try Self.live()
        #expect(live.settings.promQL == .named)
        for text in ["sum(up)", #"count(node_uname_info{nodename=~"[a-m].*"})"#, "node_load1", "disk or up"] {
            #expect(
                throws: LiveError.bad(
                    "prometheus", LiveText.quoted(text),
                    "is not a query configured on this server (accepted: the name of a query configured on this "
                        + "server; it sends Prometheus no other PromQL)")
            ) { try live.source(url: nil, query: nil, maxQuery: nil, prometheus: text, server: nil) }
        }
        #expect(throws: LiveError.self) {
            try live.source(url: nil, query: nil, maxQuery: "sum(up)", prometheus: "up", server: nil)
        }
        do {
            _ = try live.source(url: nil, query: nil, maxQuery: nil, prometheus: "dsik", server: nil)
            Issue.record("a near miss was accepted")
        } catch {
            #expect(error.message.contains("did you mean disk?"), "\(error.message)")
            #expect(!error.message.contains("node_filesystem") && !error.message.contains("prom.internal"))
        }
        #expect(live.counters.totalFetches == 0)
        let any = try Self.live { $0.promQL = .any }
        let raw = try #require(try any.source(url: nil, query: nil, maxQuery: nil, prometheus: "sum(up)", server: nil))
        #expect(try Self.sent(raw.document) == "sum(up)")
    }

    /// A named query's parameters fill its placeholders, each checked against its whole pattern; a default stands
    /// in for a value not given; the max's query takes the same values.
    @Test func parametersFillTheirPlaceholders() throws {
        let live = try Self.live()
        #expect(live.parameterNames(prometheus: "disk", maxQuery: nil) == ["instance", "mountpoint"])
        #expect(live.parameterNames(prometheus: "up", maxQuery: "disk") == ["instance", "mountpoint"])
        #expect(live.parameterNames(prometheus: "sum(up)", maxQuery: nil) == [])
        let source = try #require(
            try live.source(
                url: nil, query: nil, maxQuery: nil, prometheus: "disk", server: nil,
                arguments: ["instance": "web1:9100", "mountpoint": "/home"]))
        #expect(
            try Self.sent(source.document)
                == #"node_filesystem_avail_bytes{instance="web1:9100", mountpoint="/home"}"#)
        #expect(
            try Self.sent(source.maxDocument)
                == #"node_filesystem_size_bytes{instance="web1:9100", mountpoint='/home'}"#)
        #expect(source.description == "prometheus=disk&server=main&maxQuery=disk's maxQuery")
        let defaulted = try #require(
            try live.source(
                url: nil, query: nil, maxQuery: nil, prometheus: "disk", server: nil, arguments: ["instance": "db"]))
        #expect(try Self.sent(defaulted.document) == #"node_filesystem_avail_bytes{instance="db", mountpoint="/"}"#)
        #expect(defaulted != source)
    }

    struct Refused: CustomTestStringConvertible, Sendable {
        let arguments: [String: String]
        let message: String
        var testDescription: String { message }
    }

    static let refused: [Refused] = [
        .init(
            arguments: [:],
            message: #"instance: is needed by this query (accepted: a value matching "[a-z0-9.-]+(:[0-9]+)?")"#),
        .init(
            arguments: ["instance": ""],
            message: #"instance: is empty (accepted: a value matching "[a-z0-9.-]+(:[0-9]+)?")"#),
        .init(
            arguments: ["instance": #"web1"} or vector(1) or up{a=""#],
            message: #"instance: "web1\"} or vector(1) or up{a=\"" does not match the pattern "[a-z0-9.-]+(:[0-9]+)?""#),
        .init(
            arguments: ["instance": "WEB1"],
            message: #"instance: "WEB1" does not match the pattern "[a-z0-9.-]+(:[0-9]+)?""#),
        .init(
            arguments: ["instance": "web1\nX"],
            message: #"instance: "web1\u{a}X" contains the control character \u{a}"#),
        .init(
            arguments: ["instance": String(repeating: "a", count: 257)],
            message: "instance: \"" + String(repeating: "a", count: 40) + "…\" is longer than 256 bytes"),
        .init(
            arguments: ["instance": "web1", "mountpoint": "home"],
            message: #"mountpoint: "home" does not match the pattern "/.*""#),
    ]

    @Test(arguments: refused)
    func aParameterOutsideItsPatternIsRefusedByName(_ c: Refused) throws {
        let live = try Self.live()
        #expect(throws: LiveError.self) {
            try live.source(
                url: nil, query: nil, maxQuery: nil, prometheus: "disk", server: nil, arguments: c.arguments)
        }
        do {
            _ = try live.source(
                url: nil, query: nil, maxQuery: nil, prometheus: "disk", server: nil, arguments: c.arguments)
        } catch {
            #expect(error.message == c.message)
            #expect(error.isBadRequest)
            #expect(!error.message.contains("node_filesystem") && !error.message.contains("prom.internal"))
        }
        #expect(live.counters.totalFetches == 0)
    }

    /// Injection forms, given to a parameter whose pattern takes anything: the query sent is the configured one,
    /// token for token, with the value as the content of its string (read back as PromQL's lexer reads strings).
    @Test(arguments: [
        #"a"} or vector(1) or up{b=""#, #"a\"} or vector(1)"#, #"\"#, #"\\"#, "}", "'", "`", " or on() vector(1)",
        ".*", "(a|b)+$", "[[:alpha:]]", "a\"\n}", "{a=\"b\"}", "$job", "${job}", "#", "é😀", "\u{2028}",
        String(repeating: "\"}", count: 128),
    ])
    func noValueChangesTheShapeOfTheQuery(value: String) throws {
        let live = try Self.live()
        let source: LiveSource?
        do {
            source = try live.source(
                url: nil, query: nil, maxQuery: nil, prometheus: "any_label", server: nil, arguments: ["job": value])
        } catch {
            // A control character, or a value the pattern refuses (`.` matches no line separator), is refused by
            // name; nothing is sent.
            #expect(error.parameter == "job" && ["a\"\n}", "\u{2028}"].contains(value), "\(error.message)")
            return
        }
        let sent = try Self.sent(try #require(source).document)
        let lexed = try #require(PromQLLexed(sent))
        #expect(lexed.code == ["sum(up{job=~", "})"], "\(sent)")
        #expect(lexed.strings == [value], "\(sent)")
    }

    struct BadSetting: CustomTestStringConvertible, Sendable {
        let query: LiveSettings.PrometheusQuery
        let message: String
        var testDescription: String { message }
    }

    static let badSettings: [BadSetting] = [
        .init(
            query: .init(query: "up{job=$job}", parameters: ["job": .init(pattern: ".+")]),
            message: "$job sits outside a quoted string"),
        .init(query: .init(query: #"up{job="$job"}"#), message: "$job names no declared parameter"),
        .init(
            query: .init(query: "up{job=`$job`}", parameters: ["job": .init(pattern: ".+")]),
            message: "$job sits in a backquoted string"),
        .init(
            query: .init(query: #"up{job="$job"}"#, parameters: ["job": .init(pattern: "a(")]),
            message: #"parameter job: pattern "a(" is not a regular expression"#),
        .init(
            query: .init(query: #"up{job="$job"}"#, parameters: ["job": .init(pattern: "[a-z]+", defaultValue: "A")]),
            message: #"parameter job: default "A" does not match its pattern"#),
        .init(
            query: .init(query: "sum(up)", parameters: ["job": .init(pattern: ".+")]),
            message: "parameter job is declared but neither query nor maxQuery holds $job"),
        .init(
            query: .init(query: #"up{job="$1job"}"#, parameters: ["1job": .init(pattern: ".+")]),
            message: #"parameter "1job" is not a name"#),
        .init(
            query: .init(query: #"up{job="$job}"#, parameters: ["job": .init(pattern: ".+")]),
            message: "query: a quoted string is not closed"),
        .init(
            query: .init(query: "sum(up)", maxQuery: "count(up{job=$job})", parameters: ["job": .init(pattern: ".+")]),
            message: "maxQuery: $job sits outside a quoted string"),
    ]

    /// A named query that could send a value as query text, or that cannot be filled, stops start-up, naming the
    /// query and what is wrong.
    @Test(arguments: badSettings)
    func aQueryThatCouldBeInjectedStopsStartUp(_ c: BadSetting) throws {
        do {
            _ = try Self.live { $0.prometheusQueries = ["q": c.query] }
            Issue.record("accepted")
        } catch let error as LiveSettingsError {
            #expect(error.setting == "prometheusQueries")
            #expect(error.reason.hasPrefix("\"q\": "), "\(error.message)")
            #expect(error.reason.contains(c.message), "\(error.message)")
        }
    }

    /// `$` that starts no placeholder (a regular expression's end anchor) and comments are kept as written.
    @Test func aDollarThatNamesNothingAndCommentsStayAsWritten() throws {
        let live = try Self.live {
            $0.prometheusQueries = [
                "q": .init(
                    query: "sum(up{job=~\"api$\", instance=~\"$instance\"}) # the $instance's jobs\n",
                    parameters: ["instance": .init(pattern: "[a-z]+")])
            ]
        }
        let source = try #require(
            try live.source(
                url: nil, query: nil, maxQuery: nil, prometheus: "q", server: nil, arguments: ["instance": "web"]))
        #expect(try Self.sent(source.document) == "sum(up{job=~\"api$\", instance=~\"web\"}) # the $instance's jobs\n")
    }
}
