import HTTPServer
import RingKit

/// A value the clock drives (`from` and `to`, `until`, `since`): the period, read once per target, and how each
/// request writes the value it has now into the query, so the image is byte for byte the one of that value in the
/// URL. The value is counted in the steps a reader can see (the share in `decimals` digits; days to the hour, or to
/// the minute under a day), so requests within a step share one image, fresh until the next.
struct ClockTarget: Sendable {
    enum Period: Sendable, Hashable {
        /// The share gone of `from…to`, 0–100.
        case share(from: Int64, to: Int64)
        /// The days left until `end`.
        case until(Int64)
        /// The days gone since `start`.
        case since(Int64)
    }

    let period: Period
    /// The request as given; its query without the clock's parameters, where the value goes.
    let request: Drawing.Request
    let baseQuery: String
    /// The share's digits after the point (`decimals`, 0…3).
    let decimals: Int
    /// Whether a label writes `{elapsed}` or `{remaining}`, whose words change by the hour (a share's value does not).
    let writesSpans: Bool

    static let parameters = ["from", "to", "until", "since"]
    /// The days a countdown's or a count's full ring stands for where the URL gives no `max`.
    static let defaultMax = 30

    /// Whether `target` may name a clock-driven value: a parameter name ending in `from`, `to`, `until` or `since`
    /// before its `=`, or an escaped name (one scan of its bytes, as the common request names none).
    static func mayName(_ target: String) -> Bool {
        var name: [UInt8] = []
        var inQuery = false
        for byte in target.utf8 {
            switch byte {
            case UInt8(ascii: "?"), UInt8(ascii: "&"):
                inQuery = true
                name.removeAll(keepingCapacity: true)
            case UInt8(ascii: "=") where inQuery:
                if name.contains(UInt8(ascii: "%")) { return true }
                if name.count <= 5, parameters.contains(String(decoding: name, as: UTF8.self)) { return true }
                inQuery = false
            default:
                if inQuery, name.count < 8 { name.append(byte) }
            }
        }
        return false
    }

    /// The request's clock-driven value: nil when it names none, a refusal naming the parameter when it is wrong.
    static func make(_ request: Drawing.Request) -> Result<ClockTarget, ParameterError>? {
        let given = QueryParameters(query: request.query)
        guard parameters.contains(where: given.contains) else { return nil }
        do throws(ParameterError) {
            let texts = try parameters.map { name throws(ParameterError) in try given.value(name) }
            let zone: String?
            if let tz = try given.value("tz") {
                guard let read = TimeTexts.zone(tz) else { return nil }  // the parser refuses it, naming tz
                zone = read
            } else {
                zone = nil
            }
            func instant(_ index: Int) throws(ParameterError) -> Int64? {
                guard let text = texts[index] else { return nil }
                guard let instant = TimeInstant.parse(text, zone: zone) else {
                    throw ParameterError(
                        parameter: parameters[index], value: ParameterError.quoted(text),
                        reason: "is not a date or time that exists (accepted: \(TimeInstant.accepted))")
                }
                return instant
            }
            let (from, to, until, since) = (try instant(0), try instant(1), try instant(2), try instant(3))
            let named = parameters.enumerated().filter { texts[$0.offset] != nil }.map(\.element)
            let period: Period
            switch (from, to, until, since) {
            case (let from?, let to?, nil, nil):
                guard to > from else {
                    throw ParameterError(
                        parameter: "to", value: ParameterError.quoted(texts[1]!),
                        reason: "is not after from \(ParameterError.quoted(texts[0]!)) (accepted: a later date or time)"
                    )
                }
                period = .share(from: from, to: to)
            case (nil, nil, let end?, nil): period = .until(end)
            case (nil, nil, nil, let start?): period = .since(start)
            case (_?, nil, nil, nil):
                throw ParameterError(
                    parameter: "from", value: ParameterError.quoted(texts[0]!),
                    reason: "needs to (the end of the period)")
            case (nil, _?, nil, nil):
                throw ParameterError(
                    parameter: "to", value: ParameterError.quoted(texts[1]!),
                    reason: "needs from (the start of the period)")
            default:
                throw ParameterError(
                    parameter: named.last!,
                    value: ParameterError.quoted(texts[parameters.firstIndex(of: named.last!)!]!),
                    reason:
                        "cannot be given with \(named.dropLast().joined(separator: " and ")) (accepted: from and to, "
                        + "or until, or since: one period)")
            }
            // One value source: the clock's, not one in the URL, pushed or read live too.
            let others = ["value", "url", "prometheus"] + (period.isShare ? ["min", "max"] : [])
            if let other = others.first(where: given.contains) ?? (request.pathValue != nil ? "value" : nil) {
                let text = ((try? given.value(other)) ?? nil) ?? request.pathValue ?? ""
                throw ParameterError(
                    parameter: other, value: ParameterError.quoted(text),
                    reason: "cannot be given with \(named.joined(separator: " and ")): the value is the clock's "
                        + (period.isShare ? "(the share of the period gone, 0–100)" : "(in days)"))
            }
            if request.kind == .spark {
                throw ParameterError(
                    parameter: named[0], value: ParameterError.quoted(texts[parameters.firstIndex(of: named[0])!]!),
                    reason: "draws one value, and a sparkline draws a series (accepted on rings, bars and badges)")
            }
            let decimals = min(max(((try? given.value("decimals")) ?? nil).flatMap { Int($0) } ?? 0, 0), 3)
            var base = QueryParameters.removing(parameters, from: request.query)
            // A countdown and a count show their time unless the URL says what to show: a ring's or a bar's label
            // the span (`18d 4h`), a badge's value the days (`18.2 d`).
            if !period.isShare, !given.contains("label"), request.kind != .badge {
                if case .until = period { base += "&label=%7Bremaining%7D" } else { base += "&label=%7Belapsed%7D" }
            }
            if !period.isShare, request.kind == .badge, !given.contains("unit") {
                base += "&unit=suffix%3A%20d" + (given.contains("decimals") ? "" : "&decimals=1")
            }
            let writesSpans =
                !period.isShare
                || given.templates(of: request.kind).contains {
                    $0.text.contains("{elapsed}") || $0.text.contains("{remaining}")
                }
            if !period.isShare, !given.contains("max") { base += "&max=\(defaultMax)" }
            return .success(
                ClockTarget(
                    period: period, request: request, baseQuery: base, decimals: decimals, writesSpans: writesSpans))
        } catch {
            return .failure(error)
        }
    }

    /// The request at `now` (milliseconds since 1970) with its value and clock, the text that tells it from the
    /// request at another step, and its max-age: `maxAge`, or the whole seconds until the step ends where sooner.
    func resolved(now: Int64, maxAge: Int) -> (request: Drawing.Request, shown: String, maxAge: Int) {
        let (request, shown, next) = resolved(now: now)
        return (request, shown, Int(min(Int64(maxAge), next.map { max(($0 - now) / 1000, 0) } ?? .max)))
    }

    /// The request at `now` with its value and clock, the text that tells it from the request at another step, and
    /// when (milliseconds since 1970) the step ends; nil: never (a period over).
    private func resolved(now: Int64) -> (request: Drawing.Request, shown: String, nextChange: Int64?) {
        var value: Double
        var next: Int64?
        var clock = ValueClock(valueTime: now, now: now)
        switch period {
        case .share(let from, let to):
            clock.start = from
            clock.end = to
            let steps: Int64 = [100, 1000, 10_000, 100_000][decimals]
            let span = Double(to - from)
            let gone = Int64((Double(min(max(now - from, 0), to - from)) / span * Double(steps)).rounded(.down))
            value = Double(gone) / Double(steps) * 100
            next = gone >= steps ? nil : from + Int64((Double(gone + 1) * span / Double(steps)).rounded(.up))
            // A label's spans change every hour (a minute under a day) as well.
            if writesSpans, now >= from, now < to {
                next = min(
                    next ?? .max, Self.nextSpanChange(now - from, now), Self.nextSpanChange(to - now, now, down: true))
            } else if now < from {
                next = from
            }
        case .until(let end):
            clock.end = end
            let left = max(end - now, 0)
            let quantum = TimeInstant.spanQuantum(left)
            value = Double(left / quantum * quantum) / 86_400_000
            next = left == 0 ? nil : Self.nextSpanChange(left, now, down: true)
        case .since(let start):
            clock.start = start
            let gone = max(now - start, 0)
            let quantum = TimeInstant.spanQuantum(gone)
            value = Double(gone / quantum * quantum) / 86_400_000
            next = now < start ? start : Self.nextSpanChange(gone, now)
        }
        value = value + 0
        let text = "value=" + StoredTarget.queryNumber(value)
        var resolved = request
        resolved.pathValue = nil
        resolved.query = Substring(baseQuery + "&" + text)
        resolved.clock = clock
        // The spans' steps, for a label's words: the hour (or minute) each is in.
        var shown = text
        if writesSpans {
            let steps = [clock.start.map { now - $0 }, clock.end.map { $0 - now }].map { span in
                span.map { String(max($0, 0) / TimeInstant.spanQuantum($0)) } ?? ""
            }
            shown += "&steps=" + steps.joined(separator: ",")
        }
        return (resolved, shown, next)
    }

    /// When a span counted from `now` next shows another number: a growing one at its next whole step, a shrinking
    /// one (`down`) when it drops below its current step.
    static func nextSpanChange(_ span: Int64, _ now: Int64, down: Bool = false) -> Int64 {
        let span = max(span, 0)
        let quantum = TimeInstant.spanQuantum(span)
        if down { return now + span % quantum + 1 }
        return now + quantum - span % quantum
    }
}

extension ClockTarget.Period {
    var isShare: Bool { if case .share = self { true } else { false } }
}

/// A request target's clock-driven value, worked out once: kept in `RingService.clockTargets`.
struct ClockTargetEntry: TargetMemoEntry {
    let target: ClockTarget

    func cost(for target: String) -> Int { 2 * target.utf8.count + 256 }
}
