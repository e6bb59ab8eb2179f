import Foundation
import LiveValues
import RingKit
import TestSupport

/// Reads an answer as the source the input's first line names would (`query\nbody\nmaxBody`): a Prometheus answer of
/// any result type (vectors of many series, matrices, scalars, strings, NaN and infinite samples, any labels) or a
/// JSON document, read for one number or, with `reduce`, as a list. Traps when a promise breaks: a reading holds only
/// finite numbers, and a list only where the image rolls one up; a refusal names a live parameter in a short message
/// without control characters; and what was read draws as a ring with the input's own parameters, or is refused
/// naming neither `value` nor `max`, which nobody typed.
func checkAnswer(input: [UInt8]) {
    let lines = input.split(separator: UInt8(ascii: "\n"), maxSplits: 2, omittingEmptySubsequences: false)
    guard lines.count >= 2 else { return }
    let query = String(decoding: lines[0], as: UTF8.self)
    let given = QueryParameters(query: query)
    let values: [String?]
    var arguments: [String: String] = [:]
    do {
        values = try ["url", "query", "maxQuery", "prometheus", "server", "timeQuery"].map { try given.value($0) }
        for name in live.parameterNames(prometheus: values[3], maxQuery: values[2]) {
            arguments[name] = try given.value(name)
        }
    } catch {
        return
    }
    guard
        var source = try? liveAny.source(
            url: values[0], query: values[1], maxQuery: values[2], prometheus: values[3], server: values[4],
            arguments: arguments, timeQuery: values[5])
    else { return }
    if given.contains("reduce") { source = liveAny.listSource(source) }
    let body = Array(lines[1])
    let maxBody = lines.count > 2 ? Array(lines[2]) : body
    for status in [200, 422, 503] {
        check(liveAny.read(source, status: status, body: body, maxBody: maxBody), of: source, query: query)
    }
}

private func check(_ read: Result<LiveReading, LiveError>, of source: LiveSource, query: String) {
    switch read {
    case .failure(let error):
        let message = error.message
        guard let colon = message.firstIndex(of: ":"), liveParameters.contains(String(message[..<colon])) else {
            fatalError("the answer's message \(message) for \(query) names no live parameter")
        }
        if message.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) {
            fatalError("a control character in the answer's message for \(query)")
        }
        if message.unicodeScalars.count > 600 {
            fatalError("an answer's message of \(message.unicodeScalars.count) characters")
        }
    case .success(let reading):
        let numbers = [reading.value] + reading.more + (reading.max.map { [$0] } ?? [])
        if let bad = numbers.first(where: { !$0.isFinite }) {
            fatalError("the answer for \(query) was read as \(bad)")
        }
        if !source.takesList && !reading.more.isEmpty {
            fatalError("\(query) read \(1 + reading.more.count) values without reduce")
        }
        var read = [ReadNumber("value", reading.value, from: source.parameter, more: reading.more)]
        if let max = reading.max { read.append(ReadNumber("max", max, from: "maxQuery")) }
        let given = QueryParameters(query: query)
        let request = Drawing.Request(kind: .ring, query: Substring(query), read: read)
        do {
            let drawing = try Drawing.parse(request)
            _ = try? drawing.render(.svg)
        } catch {
            if (error.parameter == "value" || error.parameter == "max") && !given.contains("value")
                && !given.contains("max")
            {
                fatalError("the read answer of \(query) is refused naming \(error.parameter): \(error.message)")
            }
        }
    }
}
