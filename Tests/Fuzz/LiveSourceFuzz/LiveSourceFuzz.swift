import Foundation
import LiveValues
import RingKit
import TestSupport

/// libFuzzer entry: reads the input as a query string and asks for the live source it names, as a request does,
/// against a server that allows `*.example.com` and `status.test`, names one source and one Prometheus server, and
/// refuses private addresses. Traps when a promise breaks: a refusal names a live parameter in a short message
/// without control characters; an accepted URL's host is one the allow-list allows (never an address, in any
/// spelling); a source's description (what the log writes) holds no control character. Then draws the numbers a
/// source could read (`checkReadNumbers`), and reads the answer that follows the query's line, if any, as that
/// source would (`checkAnswer`).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    guard let data, size > 0 else { return 0 }
    let bytes = UnsafeBufferPointer(start: data, count: size)
    let text = String(decoding: bytes, as: UTF8.self)
    check(query: text)
    checkReadNumbers(query: text, bytes: bytes)
    checkAnswer(input: Array(bytes))
    return 0
}

let live: LiveValues = {
    var settings = LiveSettings()
    settings.hosts = ["*.example.com", "status.test"]
    settings.sources = ["cov": .init(url: "http://10.0.0.7/cov.json", query: "$.total")]
    settings.prometheusServers = [.init(name: "main", url: "http://prometheus.internal:9090")]
    settings.prometheusQueries = [
        "done": .init(query: "sum(done)"),
        // Patterns that take nearly anything, so the fuzzer reaches the escaping of every byte.
        "disk": .init(
            query: #"avail{instance="$instance", mountpoint='${mountpoint}'}"#,
            maxQuery: #"size{instance="$instance"}"#,
            parameters: [
                "instance": .init(pattern: "(?s).{1,300}"), "mountpoint": .init(pattern: "(?s)/.*", defaultValue: "/"),
            ]),
    ]
    return try! LiveValues(settings: settings, version: "fuzz")
}()

/// The same server where a URL may carry any PromQL.
let liveAny: LiveValues = {
    var settings = live.settings
    settings.promQL = .any
    return try! LiveValues(settings: settings, version: "fuzz")
}()

let liveParameters: Set<String> = [
    "url", "query", "maxQuery", "prometheus", "server", "timeQuery", "instance", "mountpoint",
]

/// The code between the strings of each configured query, as Prometheus' lexer reads it: what a request may change
/// is the strings' content only.
let configuredShapes: Set<[String]> = [
    ["sum(done)"], ["avail{instance=", ", mountpoint=", "}"], ["size{instance=", "}"],
]

func check(query: String) {
    let given = QueryParameters(query: query)
    let values: [String?]
    var arguments: [String: String] = [:]
    do {
        values = try ["url", "query", "maxQuery", "prometheus", "server", "timeQuery"].map { try given.value($0) }
        for name in live.parameterNames(prometheus: values[3], maxQuery: values[2]) {
            arguments[name] = try given.value(name)
        }
    } catch {
        return  // the service refuses a malformed or repeated parameter before asking for a source
    }
    check(query, values, arguments, on: live)
    check(query, values, arguments, on: liveAny)
}

func check(_ query: String, _ values: [String?], _ arguments: [String: String], on live: LiveValues) {
    do {
        guard
            let source = try live.source(
                url: values[0], query: values[1], maxQuery: values[2], prometheus: values[3], server: values[4],
                arguments: arguments, timeQuery: values[5])
        else { return }
        if live.settings.promQL == .named && source.parameter == "prometheus" {
            for url in source.fetchedURLs {
                let sent = url.split(separator: "query=", maxSplits: 1).last.flatMap {
                    String($0).removingPercentEncoding
                }
                guard let sent, let lexed = PromQLLexed(sent), configuredShapes.contains(lexed.code) else {
                    fatalError("\(query) sent PromQL that is not a configured query's: \(url)")
                }
            }
        }
        let host = source.host
        let allowed =
            host == "status.test" || (host.hasSuffix(".example.com") && host.utf8.count > ".example.com".utf8.count)
            || host == "10.0.0.7" || host == "prometheus.internal"
        if !allowed { fatalError("\(query) was accepted with host \(host)") }
        if host.unicodeScalars.contains(where: {
            !$0.isASCII || $0.value < 0x21 || "/?#@[]\\".unicodeScalars.contains($0)
        }) {
            fatalError("the host \(host) of \(query) is not canonical")
        }
        if source.description.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) {
            fatalError("a control character in the description of \(query)")
        }
    } catch {
        let message = error.message
        guard let colon = message.firstIndex(of: ":"), liveParameters.contains(String(message[..<colon])) else {
            fatalError("the message \(message) of \(query) names no live parameter")
        }
        if message.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) {
            fatalError("a control character in the message of \(query)")
        }
        if message.unicodeScalars.count > 600 {
            fatalError("a message of \(message.unicodeScalars.count) characters")
        }
    }
}
