import CICU

/// When a value was read, and the clock at the request: what a label's `{age}`, `{time}` and `{date}` write. The
/// service sets it on an image of a stored or live value (`Drawing.Request.clock`); a value in the URL has none.
public struct ValueClock: Sendable, Hashable {
    /// The value's time and the request's, in milliseconds since 1970.
    public var valueTime: Int64
    public var now: Int64
    /// A clock-driven image's period (`from` or `since`, `to` or `until`): what `{elapsed}` and `{remaining}` count.
    public var start: Int64? = nil
    public var end: Int64? = nil

    public init(valueTime: Int64, now: Int64, start: Int64? = nil, end: Int64? = nil) {
        self.valueTime = valueTime
        self.now = now
        self.start = start
        self.end = end
    }
}

/// A value's time as a label writes it: `{age}` (`3 days ago`, in the locale's words, by ICU's relative formatter),
/// `{time}` (`Aug 9, 2026, 10:00 AM`) and `{date}` (`Aug 9, 2026`), in the locale and the zone (`tz`, default UTC).
public struct TimeTexts: Sendable, Hashable {
    public var age: String
    public var time: String
    public var date: String
    /// A clock-driven image's time since its start and until its end (`18d 4h`); nil without them.
    public var elapsed: String? = nil
    public var remaining: String? = nil

    /// The placeholders, and whether `template` writes any of them.
    public static let placeholders = ["age", "time", "date", "elapsed", "remaining"]
    public static func written(in template: String) -> Bool {
        template.contains("{age}") || template.contains("{time}") || template.contains("{date}")
            || template.contains("{elapsed}") || template.contains("{remaining}")
    }

    /// The texts for `clock` in `locale` (English without one) and `zone` (UTC without one).
    static func of(_ clock: ValueClock, locale: NumberLocale?, zone: String?) -> TimeTexts {
        let tag = locale?.tag ?? "en"
        let zoneID = zone ?? "UTC"
        let step = AgeStep(age: clock.now - clock.valueTime)
        let at = Double(clock.valueTime)
        var texts = TimeTexts(
            age: call { pr_format_relative(tag, -Double(step.count), step.unit.rawValue, $0, $1) }
                ?? "\(step.count) \(step.unit) ago",
            time: call { pr_format_time(tag, zoneID, at, 1, $0, $1) }
                ?? UTCText.minute(milliseconds: clock.valueTime),
            date: call { pr_format_time(tag, zoneID, at, 0, $0, $1) }
                ?? String(UTCText.rfc3339(milliseconds: clock.valueTime).prefix(10)))
        texts.elapsed = clock.start.map { TimeInstant.span(clock.now - $0, locale: locale) }
        texts.remaining = clock.end.map { TimeInstant.span($0 - clock.now, locale: locale) }
        return texts
    }

    /// The text a formatting call writes into its buffer, or nil where it failed.
    private static func call(_ format: (UnsafeMutablePointer<CChar>, Int32) -> Int32) -> String? {
        var buffer = [CChar](repeating: 0, count: 256)
        guard format(&buffer, 256) == 0 else { return nil }
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// What the canonical key adds for these texts.
    var keyText: String {
        PercentDecoding.encode([age, time, date, elapsed ?? "", remaining ?? ""].joined(separator: "|"))
    }

    /// The tz database zone `text` names, in its canonical spelling (`US/Pacific` is `America/Los_Angeles`), or nil
    /// for anything else (a custom offset such as `GMT+5` included).
    public static func zone(_ text: String) -> String? {
        guard !text.isEmpty, text.utf8.count < 100, !text.utf8.contains(0) else { return nil }
        var buffer = [CChar](repeating: 0, count: 128)
        guard pr_time_zone(text, &buffer, 128) == 0 else { return nil }
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}

/// Which words `{age}` writes for an age, and until when they hold: under a minute `now`; then whole minutes, hours,
/// days (under a week), weeks (under 30 days), months of 30 days (under a year) and years of 365 days, each rounded
/// down. The service keys a cached image by the step and gives it a max-age no longer than until the next.
public struct AgeStep: Sendable, Hashable {
    public enum Unit: Int32, Sendable, Hashable {
        case second = 0, minute, hour, day, week, month, year
    }

    public let unit: Unit
    public let count: Int64
    /// The age (milliseconds) at which the words change next.
    public let nextAge: Int64

    /// The step of `age` milliseconds (a value from the future is `now`).
    public init(age given: Int64) {
        let age = max(given, 0)
        let second: Int64 = 1000
        let minute = 60 * second, hour = 60 * minute, day = 24 * hour
        let steps: [(Unit, Int64, Int64)] = [
            (.minute, minute, hour), (.hour, hour, day), (.day, day, 7 * day), (.week, 7 * day, 30 * day),
            (.month, 30 * day, 365 * day), (.year, 365 * day, .max),
        ]
        guard age >= minute else {
            (unit, count, nextAge) = (.second, 0, minute)
            return
        }
        for (unit, size, below) in steps where age < below {
            let count = age / size
            self.unit = unit
            self.count = count
            // The next whole unit, or the next step's start where that comes first (29 days: 4 weeks, then a month).
            nextAge = min((count + 1) * size, below)
            return
        }
        fatalError("an age past every step")
    }

    /// The step in a few characters, for an alias: `d3`.
    public var key: String { "\(unit.rawValue)/\(count)" }
}

extension ValueStyle {
    /// Sets `times` from `clock` where one of `templates` (each with the parameter that gave it) writes the value's
    /// time; a template that does without a clock (a value in the URL has no time) is refused, naming its parameter.
    mutating func readTimes(_ templates: [(parameter: String, text: String)], clock: ValueClock?) throws(ParameterError)
    {
        guard let written = templates.first(where: { TimeTexts.written(in: $0.text) }) else { return }
        guard let clock else {
            throw ParameterError(
                parameter: written.parameter, value: ParameterError.quoted(written.text),
                reason: "writes the value's time ({age}, {time}, {date}), which only a stored (value=@name) or live "
                    + "(url, prometheus) value has, or a period ({elapsed}, {remaining}: from and to, since, until)")
        }
        for (placeholder, given, names) in [
            ("{elapsed}", clock.start, "since, or from and to"), ("{remaining}", clock.end, "until, or from and to"),
        ] where given == nil {
            if let template = templates.first(where: { $0.text.contains(placeholder) }) {
                throw ParameterError(
                    parameter: template.parameter, value: ParameterError.quoted(template.text),
                    reason:
                        "writes \(placeholder), which counts from a period's \(placeholder == "{elapsed}" ? "start" : "end") "
                        + "(accepted with \(names))")
            }
        }
        times = TimeTexts.of(clock, locale: locale, zone: zone)
    }

    /// What the canonical key adds where a template writes the value's time (the texts it writes) or other stored
    /// values (their numbers).
    var timesKey: String { (times.map { "&times=" + $0.keyText } ?? "") + namedKey + seriesLabelsKey }
}

extension RingSpec {
    /// The label's and the stale label's templates, with the parameters that gave them.
    var templates: [(parameter: String, text: String)] {
        var all: [(parameter: String, text: String)] = []
        if case .template(let text) = label { all.append(("label", text)) }
        if let text = stale.label { all.append(("staleLabel", text)) }
        return all
    }
}
