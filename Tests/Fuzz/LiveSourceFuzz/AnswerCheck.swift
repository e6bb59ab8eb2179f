import Foundation
import LiveValues
import RingKit
import TestSupport

/// Reads an answer as the source the input's first line names would (`query\nbody\nmaxBody\npreviousBody`): a
/// Prometheus answer of any result type (vectors of many series, matrices, scalars, strings, NaN and infinite samples,
/// any labels) or a JSON document, read for one number or, with `reduce`, as a list; with `window` as a sparkline's
/// range query, and with `trend` beside the same query's answer `trend` ago. Traps when a promise breaks: a reading
/// holds only finite numbers, a list only where the image rolls one up, and points only for a range, ending in the
/// value; a refusal names a live parameter (or `trend`) in a short message without control characters; and what was
/// read draws as a ring (a sparkline for a range) with the input's own parameters, or is refused naming neither
/// `value`, `max`, `points` nor `previous` where nobody typed them.
func checkAnswer(input: [UInt8]) {
    let lines = input.split(separator: UInt8(ascii: "\n"), maxSplits: 3, omittingEmptySubsequences: false)
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
    if let window = seconds(given, "window") {
        guard let ranged = liveAny.rangeSource(source, window: window, points: 100) else { return }
        source = ranged
    } else if let trend = seconds(given, "trend") {
        guard let trending = liveAny.trendSource(source, secondsAgo: trend) else { return }
        source = trending
    }
    let body = Array(lines[1])
    let maxBody = lines.count > 2 ? Array(lines[2]) : body
    let previousBody = lines.count > 3 ? Array(lines[3]) : maxBody
    for status in [200, 422, 503] {
        let read = liveAny.read(source, status: status, body: body, maxBody: maxBody, previousBody: previousBody)
        check(read, of: source, query: query)
    }
}

/// A duration parameter as the service reads one for `window` and `trend` (a whole number and `s`, `m`, `h` or `d`),
/// in seconds; nil where it is absent or not that grammar (the service refuses it before any source is asked).
private func seconds(_ given: QueryParameters, _ name: String) -> Int? {
    guard let text = (try? given.value(name)) ?? nil, let unit = text.last else { return nil }
    let scale = ["s": 1, "m": 60, "h": 3600, "d": 86400][String(unit)]
    guard let scale, let count = Int(text.dropLast()), (1...400 * 86400).contains(count * scale) else { return nil }
    return count * scale
}

/// A number as the service writes one into a query it draws (`points`, `previous`).
private func written(_ value: Double) -> String {
    QueryParameters.encode(value == value.rounded() && abs(value) < 1e15 ? String(Int64(value)) : "\(value)")
}

private func check(_ read: Result<LiveReading, LiveError>, of source: LiveSource, query: String) {
    switch read {
    case .failure(let error):
        let message = error.message
        // An answer of the query `trend` ago is refused naming `trend`.
        let named = liveParameters.union(["trend"])
        guard let colon = message.firstIndex(of: ":"), named.contains(String(message[..<colon])) else {
            fatalError("the answer's message \(message) for \(query) names no live parameter")
        }
        if message.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) {
            fatalError("a control character in the answer's message for \(query)")
        }
        if message.unicodeScalars.count > 600 {
            fatalError("an answer's message of \(message.unicodeScalars.count) characters")
        }
    case .success(let reading):
        let numbers =
            [reading.value] + reading.more + (reading.max.map { [$0] } ?? []) + (reading.previous.map { [$0] } ?? [])
            + (reading.points ?? [])
        if let bad = numbers.first(where: { !$0.isFinite }) {
            fatalError("the answer for \(query) was read as \(bad)")
        }
        if !source.takesList && !reading.more.isEmpty {
            fatalError("\(query) read \(1 + reading.more.count) values without reduce")
        }
        if (source.range != nil) != (reading.points != nil) {
            fatalError("\(query) read points \(reading.points == nil ? "nowhere" : "without a range")")
        }
        if let points = reading.points {
            guard let last = points.last, last == reading.value else {
                fatalError("the range read for \(query) does not end in its value \(reading.value)")
            }
            // As the service draws it: at most a sparkline's bound of points, the last kept.
            let step = max(1, points.count / SparkSpec.Limits.points + 1)
            let drawn = stride(from: points.count - 1, through: 0, by: -step).reversed().map { written(points[$0]) }
            draws(.spark, "points=" + drawn.joined(separator: ",") + "&" + query, [], query: query, typed: ["points"])
            return
        }
        var read = [ReadNumber("value", reading.value, from: source.parameter, more: reading.more)]
        if let max = reading.max { read.append(ReadNumber("max", max, from: "maxQuery")) }
        let previous = reading.previous.map { "previous=\(written($0))&" } ?? ""
        draws(.ring, previous + query, read, query: query, typed: ["value", "max", "previous"])
    }
}

/// Draws `drawn` (the input's query with what was read) as a `kind`, and traps where it is refused naming one of
/// `typed` that the input's own query does not hold: a name only the reading could have given.
private func draws(_ kind: Drawing.Kind, _ drawn: String, _ read: [ReadNumber], query: String, typed: Set<String>) {
    let given = QueryParameters(query: query)
    let request = Drawing.Request(kind: kind, query: Substring(drawn), read: read)
    do {
        let drawing = try Drawing.parse(request)
        _ = try? drawing.render(.svg)
    } catch {
        if typed.contains(error.parameter) && !typed.contains(where: given.contains) {
            fatalError("the read answer of \(query) is refused naming \(error.parameter): \(error.message)")
        }
    }
}
